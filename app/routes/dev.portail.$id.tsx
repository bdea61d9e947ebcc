// /dev/portail/{id}: the local provider's customer portal (decision 0224): cancel at period end, take the
// cancellation back, change the card; and, for development, a renewal paid or failed now. Every button is a POST
// form; each change emits Stripe's events to our webhook. Exists only with the local provider, in development/test.
import { redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { LocalProviderPage } from "~/components/LocalProviderPage";
import { z } from "zod";
import { formatDateLong, formatEuros } from "~/domain/format";
import * as paths from "~/domain/paths";
import { localReturnUrl, readLocal, requireLocalPayments } from "~/providers/payments-local.server";
import styles from "~/styles/payments.css?url";
import { noindexMeta } from "~/utils/meta";
import { postedFormOr400 } from "~/utils/http";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => noindexMeta("Portail d'abonnement (simulation locale) — Balise");

const PortalActionSchema = z.object({
  intent: z.enum(["resilier", "reprendre", "changer_carte", "renouveler", "echec_paiement", "retour"]),
});

const STATUS_LABELS: Record<string, string> = { active: "Actif", past_due: "Paiement en retard", canceled: "Résilié" };

function readPortal(context: LoaderFunctionArgs["context"], id: string | undefined) {
  return readLocal(context, (p) => p.getPortalSession(id ?? ""), "Portail introuvable");
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const found = await readPortal(context, params.id);
  const { portal, customer, subscription: s } = found;
  return {
    email: customer.email,
    card: customer.card_last4,
    returnUrl: localReturnUrl(portal.return_url, context.env.APP_URL),
    subscription: s
      ? {
          status: STATUS_LABELS[s.status] ?? s.status,
          live: s.status !== "canceled",
          amount: s.amount,
          periodEnd: new Date(s.current_period_end * 1000).toISOString(),
          cancelAtPeriodEnd: s.cancel_at_period_end,
        }
      : null,
  };
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const provider = requireLocalPayments(context);
  const posted = await postedFormOr400(request, PortalActionSchema);
  const found = await readPortal(context, params.id);
  if (posted.intent === "retour") return redirect(localReturnUrl(found.portal.return_url, context.env.APP_URL));
  await provider.portalAction(found.portal.id, posted.intent);
  return redirect(paths.devPortal(found.portal.id));
}

function PortalButton({ intent, label, primary }: { intent: string; label: string; primary?: boolean }) {
  return (
    <Form method="post">
      <button type="submit" name="intent" value={intent} className={`btn ${primary ? "btn-primary" : "btn-ghost"}`}>
        {label}
      </button>
    </Form>
  );
}

export default function LocalPortal() {
  const p = useLoaderData<typeof loader>();
  const s = p.subscription;
  return (
    <LocalProviderPage page="portal">
      <dl className="paydev-rows">
        <dt>E-mail</dt>
        <dd>{p.email}</dd>
        <dt>Carte</dt>
        <dd>•••• {p.card}</dd>
        {s ? (
          <>
            <dt>Abonnement</dt>
            <dd>
              Balise Premium, {formatEuros(s.amount)} par an&nbsp;: {s.status}
            </dd>
            <dt>{s.cancelAtPeriodEnd ? "Se termine le" : "Prochaine échéance"}</dt>
            <dd>{formatDateLong(s.periodEnd)}</dd>
          </>
        ) : null}
      </dl>
      <div className="paydev-buttons">
        {s?.live && !s.cancelAtPeriodEnd ? (
          <PortalButton intent="resilier" label="Résilier à la fin de la période" primary />
        ) : null}
        {s?.live && s.cancelAtPeriodEnd ? <PortalButton intent="reprendre" label="Reprendre l'abonnement" /> : null}
        <PortalButton intent="changer_carte" label="Changer de carte" />
        <PortalButton intent="retour" label="Retour sur Balise" />
      </div>
      {s?.live ? (
        <>
          <h2 className="small">Simulation (développement)</h2>
          <div className="paydev-buttons">
            <PortalButton intent="renouveler" label="Simuler le renouvellement" />
            <PortalButton intent="echec_paiement" label="Simuler un échec de paiement" />
          </div>
        </>
      ) : null}
    </LocalProviderPage>
  );
}
