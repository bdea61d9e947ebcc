// /dev/onboarding/{link}: the local provider's onboarding page. Its form enables the organiser's account
// (details submitted, charges and payouts enabled) and sends account.updated to our webhook.
import { redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { LocalProviderPage } from "~/components/LocalProviderPage";
import {
  LOCAL_ONBOARDING_REQUIREMENTS,
  localReturnUrl,
  readLocal,
  requireLocalPayments,
} from "~/providers/payments-local.server";
import { requirementLabels } from "~/domain/payment-requirements";
import styles from "~/styles/payments.css?url";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => noindexMeta("Compte de paiement (simulation locale) — Balise");

function readLink(context: LoaderFunctionArgs["context"], id: string | undefined) {
  return readLocal(context, (p) => p.getAccountLink(id ?? ""), "Lien d'onboarding introuvable");
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const link = await readLink(context, params.id);
  const expired = link.used || link.expires_at * 1000 < context.clock.now().getTime();
  const appUrl = context.env.APP_URL;
  return {
    expired,
    refreshUrl: localReturnUrl(link.refresh_url, appUrl),
    returnUrl: localReturnUrl(link.return_url, appUrl),
    requirements: requirementLabels(LOCAL_ONBOARDING_REQUIREMENTS),
  };
}

export async function action({ params, context }: ActionFunctionArgs) {
  const link = await readLink(context, params.id);
  // Account links are single-use and short-lived, as on Stripe: an old one sends to the refresh URL.
  if (link.used || link.expires_at * 1000 < context.clock.now().getTime())
    return redirect(localReturnUrl(link.refresh_url, context.env.APP_URL));
  const done = await requireLocalPayments(context).completeOnboarding(link.id);
  return redirect(localReturnUrl(done!.returnUrl, context.env.APP_URL));
}

export default function LocalOnboarding() {
  const d = useLoaderData<typeof loader>();
  return (
    <LocalProviderPage page="onboarding">
      {d.expired ? (
        <>
          <p className="alert alert-error" role="alert">
            Ce lien a expiré ou a déjà servi.
          </p>
          <a className="btn btn-primary" href={d.refreshUrl}>
            Obtenir un nouveau lien
          </a>
        </>
      ) : (
        <>
          <p>Le prestataire de paiement demande&nbsp;:</p>
          <ul>
            {d.requirements.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          <p className="muted small">En mode local, ces informations sont réputées fournies et vérifiées.</p>
          <div className="paydev-buttons">
            <Form method="post">
              <button type="submit" className="btn btn-primary">
                Activer le compte
              </button>
            </Form>
            <a className="btn btn-ghost" href={d.returnUrl}>
              Terminer plus tard
            </a>
          </div>
        </>
      )}
    </LocalProviderPage>
  );
}
