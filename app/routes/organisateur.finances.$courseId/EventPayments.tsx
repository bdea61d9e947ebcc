// The event's books (every collected payment's columns added up) and its most recent payments, one row each.
import { DataTable, numColumns } from "~/components/table/DataTable";
import type { EventPaymentRow } from "~/services/advances.server";
import { formatDateTime, formatEuros } from "~/domain/format";
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from "~/domain/admin";
import { type LedgerColumn, LedgerList } from "~/components/MoneyList";

/** The event's books: how many payments, and each ledger column added up over them. */
type Totals = Record<LedgerColumn, number> & { count: number };

export function BooksSummary({ totals }: { totals: Totals }) {
  // Money taken back from other payments shows only when there is some.
  const compensation = totals.compensation !== 0 ? (["compensation"] as const) : [];
  return (
    <section className="card tool-card" aria-labelledby="books-title">
      <h2 id="books-title">{`Comptes de l'épreuve (${totals.count} paiement${totals.count > 1 ? "s" : ""})`}</h2>
      <LedgerList
        className="books"
        reader="organiser"
        totals={totals}
        columns={["gross", "refunded", "fees", "commission", "transferred", ...compensation, "netRemaining"]}
      />
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
