// /dev/receipt/{charge}: the local provider's payment receipt (what Stripe's receipt_url shows).
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DetailRow, LocalProviderPage } from "~/components/LocalProviderPage";
import styles from "~/styles/payments.css?url";
import { formatDateTime, formatEuros } from "~/domain/format";
import { readLocal } from "~/providers/payments-local.server";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => noindexMeta("Reçu de paiement — Balise");

export async function loader({ params, context }: LoaderFunctionArgs) {
  const c = await readLocal(context, (p) => p.getCharge(params.id ?? ""), "Reçu introuvable");
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
    <LocalProviderPage page="receipt">
      <p className="muted">Reçu n° {r.number}</p>
      <p className="paydev-amount">{formatEuros(r.amount)}</p>
      <dl className="paydev-rows">
        <dt>Date</dt>
        <dd>{formatDateTime(r.date)}</dd>
        <dt>Objet</dt>
        <dd>{r.description}</dd>
        <DetailRow label="E-mail">{r.email}</DetailRow>
        <dt>Moyen de paiement</dt>
        <dd>Carte •••• 4242</dd>
        <DetailRow label="Remboursé">{r.refunded > 0 ? formatEuros(r.refunded) : null}</DetailRow>
      </dl>
      <p className="small muted">Payé à Balise, plateforme d'inscription. Conservez ce reçu.</p>
    </LocalProviderPage>
  );
}
