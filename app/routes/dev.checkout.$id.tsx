// /dev/checkout/{id}: the local provider's hosted checkout page ('Payer', 'Carte refusée', 'Annuler').
// Exists only with the local provider (no STRIPE_SECRET_KEY); every button is a POST form.
import { redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { DetailRow, LocalProviderPage } from "~/components/LocalProviderPage";
import { z } from "zod";
import { localReturnUrl, readLocal, requireLocalPayments } from "~/providers/payments-local.server";
import styles from "~/styles/payments.css?url";
import { formatDateTime, formatEuros } from "~/domain/format";
import * as paths from "~/domain/paths";
import { noindexMeta } from "~/utils/meta";
import { postedFormOr400 } from "~/utils/http";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => noindexMeta("Paiement sécurisé (simulation locale) — Balise");

const CheckoutActionSchema = z.object({ intent: z.enum(["payer", "refuser", "annuler"]) });

function readSession(context: LoaderFunctionArgs["context"], id: string | undefined) {
  return readLocal(context, (p) => p.getSession(id ?? ""), "Session de paiement introuvable");
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const session = await readSession(context, params.id);
  const declined = new URL(request.url).searchParams.get("refus") === "1";
  return {
    id: session.id,
    status: session.status,
    amount: session.amount_total,
    yearly: session.mode === "subscription",
    product: session.product_name,
    email: session.customer_email,
    expiresAt: new Date(session.expires_at * 1000).toISOString(),
    successUrl: localReturnUrl(session.success_url, context.env.APP_URL),
    cancelUrl: localReturnUrl(session.cancel_url, context.env.APP_URL),
    declined,
  };
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const provider = requireLocalPayments(context);
  const posted = await postedFormOr400(request, CheckoutActionSchema);
  const session = await readSession(context, params.id);
  if (posted.intent === "annuler") return redirect(localReturnUrl(session.cancel_url, context.env.APP_URL));
  if (session.status !== "open") return redirect(paths.devCheckout(session.id));
  if (posted.intent === "refuser") {
    await provider.declineSession(session.id);
    return redirect(paths.devCheckout(session.id, { refus: 1 }));
  }
  const paid = await provider.paySession(session.id);
  return redirect(localReturnUrl(paid.success_url, context.env.APP_URL));
}

export default function LocalCheckout() {
  const s = useLoaderData<typeof loader>();
  return (
    <LocalProviderPage page="checkout">
      <p className="muted">{s.product}</p>
      <p className="paydev-amount">
        {formatEuros(s.amount)}
        {s.yearly ? <span className="muted small"> par an TTC, renouvelé chaque année</span> : null}
      </p>
      <dl className="paydev-rows">
        <DetailRow label="E-mail">{s.email}</DetailRow>
        <DetailRow label="Valable jusqu'au">{formatDateTime(s.expiresAt)}</DetailRow>
      </dl>
      {s.status === "complete" ? (
        <>
          <p className="alert alert-success" role="status">
            Ce paiement est déjà effectué.
          </p>
          <a className="btn btn-primary" href={s.successUrl}>
            Continuer
          </a>
        </>
      ) : s.status === "expired" ? (
        <>
          <p className="alert alert-error" role="alert">
            Cette session de paiement a expiré. Aucun montant n'a été débité.
          </p>
          <a className="btn btn-ghost" href={s.cancelUrl}>
            Retour
          </a>
        </>
      ) : (
        <>
          {s.declined ? (
            <p className="alert alert-error" role="alert">
              Carte refusée&nbsp;: votre banque a refusé le paiement. Aucun montant n'a été débité, vous pouvez
              réessayer.
            </p>
          ) : null}
          <p className="paydev-card-number">Carte de test •••• •••• •••• 4242</p>
          <div className="paydev-buttons">
            <Form method="post">
              <input type="hidden" name="intent" value="payer" />
              <button type="submit" className="btn btn-primary">
                {s.yearly ? "S'abonner " : "Payer "}
                {formatEuros(s.amount)}
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="refuser" />
              <button type="submit" className="btn btn-ghost">
                Carte refusée
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="annuler" />
              <button type="submit" className="btn btn-ghost">
                Annuler
              </button>
            </Form>
          </div>
        </>
      )}
    </LocalProviderPage>
  );
}
