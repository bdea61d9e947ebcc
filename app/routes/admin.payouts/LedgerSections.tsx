// /admin/payouts: the ledger check (payments whose books do not balance) and the automatic J+1 payouts' list.
import { AdminTableHead, type AdminColumn, MoneyCell, PayoutStatus } from "~/components/AdminFields";
import { type Column, DataTable, numColumns } from "~/components/table/DataTable";
import type { AdminPaymentsPage } from "~/services/admin.server";
import { formatDateTime, formatEuros } from "~/domain/format";

/** The unbalanced payments' table columns. */
const UNBALANCED_COLUMNS: readonly AdminColumn[] = [
  "Paiement",
  "Date",
  ...numColumns("Brut", "Somme des parts", "Écart"),
];

export function LedgerCheck({ unbalanced }: { unbalanced: AdminPaymentsPage["unbalanced"] }) {
  return (
    <section className="admin-section" aria-labelledby="ledger-title">
      <h2 id="ledger-title">Contrôle des comptes</h2>
      {unbalanced.length === 0 ? (
        <p className="alert alert-success">
          Aucun écart : chaque paiement est équilibré au centime (brut = remboursé + frais + commission + transféré +
          net restant).
        </p>
      ) : (
        <>
          <p
            className="alert alert-error"
            role="alert"
          >{`${unbalanced.length} paiement(s) déséquilibré(s) : brut ≠ remboursé + frais + commission + transféré + net restant.`}</p>
          <div className="table-wrap">
            <table className="table admin-table">
              <AdminTableHead columns={UNBALANCED_COLUMNS} />
              <tbody>
                {unbalanced.map((p) => {
                  const parts =
                    p.refunded_cents +
                    p.fee_total_cents +
                    p.platform_fee_cents +
                    p.transferred_total_cents +
                    p.net_remaining_cents +
                    p.compensation_cents;
                  return (
                    <tr key={p.id}>
                      <td>{p.id}</td>
                      <td>{formatDateTime(p.created_at)}</td>
                      <td className="num">{formatEuros(p.amount_total_cents)}</td>
                      <td className="num">{formatEuros(parts)}</td>
                      <td className="num">{formatEuros(p.amount_total_cents - parts)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

const AUTO_COLUMNS: readonly Column[] = [
  "Date",
  "Organisateur",
  "Course",
  ...numColumns("Montant", "Repris"),
  "Résultat",
];

export function AutoPayouts({ payouts }: { payouts: AdminPaymentsPage["autoPayouts"] }) {
  return (
    <section className="admin-section" aria-labelledby="auto-title">
      <h2 id="auto-title">Versements automatiques (J+1)</h2>
      <p className="muted small">
        Le lendemain de chaque format, le net restant de ses paiements est versé à l'organisateur (tâche planifiée).
      </p>
      <DataTable
        rows={payouts}
        empty={<p className="empty">Aucun versement automatique pour le moment.</p>}
        columns={AUTO_COLUMNS}
        className="table admin-table"
      >
        {(t) => (
          <tr key={t.id}>
            <td data-label="Date">{formatDateTime(t.created_at)}</td>
            <td data-label="Organisateur">{t.organisateur ?? "—"}</td>
            <td data-label="Course">{t.course_nom}</td>
            <MoneyCell label="Montant" cents={t.amount_cents} />
            <MoneyCell label="Repris" cents={t.line.takenBackCents} />
            <td data-label="Résultat">
              <PayoutStatus line={t.line} />
            </td>
          </tr>
        )}
      </DataTable>
    </section>
  );
}
