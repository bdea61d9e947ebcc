// /dev/receipt/{charge}: the local provider's payment receipt (what Stripe's receipt_url shows).
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import styles from "~/styles/payments.css?url";
import { formatDateTime, formatEuros } from "~/domain/format";
import { requireLocalPayments } from "~/providers/payments-local.server";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => noindexMeta("Reçu de paiement — Balise");

export async function loader({ params, context }: LoaderFunctionArgs) {
  const p = requireLocalPayments(context);
  const c = await p.getCharge(params.id ?? "");
  if (!c) throw new Response("Reçu introuvable", { status: 404 });
  return {
    number: c.id.slice(-8).toUpperCase(),
    amount: c.amount,
    refunded: c.amount_refunded,
    date: new Date(c.created * 1000).toISOString(),
    description: c.description,
    email: c.billing_email,
  };
}

export default function LocalReceipt() {
  const r = useLoaderData<typeof loader>();
  return (
    <section className="paydev">
      <p className="paydev-banner">Reçu du prestataire de paiement local (simulation).</p>
      <div className="card paydev-card">
        <h1>Reçu de paiement</h1>
        <p className="muted">Reçu n° {r.number}</p>
        <p className="paydev-amount">{formatEuros(r.amount)}</p>
        <dl className="paydev-rows">
          <dt>Date</dt>
          <dd>{formatDateTime(r.date)}</dd>
          <dt>Objet</dt>
          <dd>{r.description}</dd>
          {r.email ? (
            <>
              <dt>E-mail</dt>
              <dd>{r.email}</dd>
            </>
          ) : null}
          <dt>Moyen de paiement</dt>
          <dd>Carte •••• 4242</dd>
          {r.refunded > 0 ? (
            <>
              <dt>Remboursé</dt>
              <dd>{formatEuros(r.refunded)}</dd>
            </>
          ) : null}
        </dl>
        <p className="small muted">Payé à Balise, plateforme d'inscription. Conservez ce reçu.</p>
      </div>
    </section>
  );
}
