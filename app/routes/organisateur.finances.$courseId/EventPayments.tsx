// The event's books (every collected payment's columns added up) and its most recent payments, one row each.
import { DataTable, numColumns } from "~/components/table/DataTable";
import type { EventPaymentRow } from "~/services/advances.server";
import { formatDateTime, formatEuros } from "~/domain/format";
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from "~/domain/admin";
import { MoneyList } from "~/components/MoneyList";

interface Totals {
  count: number;
  gross: number;
  refunded: number;
  fees: number;
  commission: number;
  transferred: number;
  netRemaining: number;
  compensation: number;
}

export function BooksSummary({ totals }: { totals: Totals }) {
  const lines: [string, number][] = [
    ["Encaissé", totals.gross],
    ["Remboursé aux coureurs", totals.refunded],
    ["Frais de paiement", totals.fees],
    ["Commission Balise", totals.commission],
    ["Déjà versé", totals.transferred],
    ["Reste à verser", totals.netRemaining],
  ];
  if (totals.compensation !== 0) lines.splice(5, 0, ["Compensé sur d'autres paiements", totals.compensation]);
  return (
    <section className="card tool-card" aria-labelledby="books-title">
      <h2 id="books-title">{`Comptes de l'épreuve (${totals.count} paiement${totals.count > 1 ? "s" : ""})`}</h2>
      <MoneyList className="books" lines={lines} />
    </section>
  );
}

const COLUMNS = [
  "Date",
  "Coureur",
  "Format",
  "Statut",
  ...numColumns("Payé", "Remboursé", "Frais et commission", "Versé", "Reste à verser"),
] as const;

export function EventPayments({ payments, total }: { payments: EventPaymentRow[]; total: number }) {
  return (
    <section aria-labelledby="payments-title">
      <h2 id="payments-title">Paiements</h2>
      {total > payments.length ? (
        <p className="muted small">{`Les ${payments.length} paiements les plus récents sur ${total}.`}</p>
      ) : null}
      <DataTable
        rows={payments}
        columns={COLUMNS}
        region="payments-title"
        empty={<p className="empty">Aucun paiement encaissé pour cette épreuve.</p>}
      >
        {(p) => (
          <tr key={p.id}>
            <td>{formatDateTime(p.created_at)}</td>
            <td>{p.coureur || "—"}</td>
            <td>{p.format_nom ?? "—"}</td>
            <td>{PAYMENT_STATUS_LABELS[p.status as PaymentStatus] ?? p.status}</td>
            <td className="num">{formatEuros(p.amount_total_cents)}</td>
            <td className="num">{formatEuros(p.refunded_cents)}</td>
            <td className="num">{formatEuros(p.fee_total_cents + p.platform_fee_cents)}</td>
            <td className="num">{formatEuros(p.transferred_total_cents)}</td>
            <td className="num">{formatEuros(p.net_remaining_cents)}</td>
          </tr>
        )}
      </DataTable>
    </section>
  );
}
