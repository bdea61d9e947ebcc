// /admin/payouts: the ledger check (payments whose books do not balance) and the automatic J+1 payouts' list.
import { AdminTableHead, type AdminColumn, PayoutStatus } from "~/components/AdminFields";
import type { AdminPaymentsPage } from "~/services/admin.server";
import { formatDateTime, formatEuros } from "~/domain/format";

/** The unbalanced payments' table columns. */
const UNBALANCED_COLUMNS: readonly AdminColumn[] = [
  "Paiement",
  "Date",
  { label: "Brut", num: true },
  { label: "Somme des parts", num: true },
  { label: "Écart", num: true },
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

export function AutoPayouts({ payouts }: { payouts: AdminPaymentsPage["autoPayouts"] }) {
  return (
    <section className="admin-section" aria-labelledby="auto-title">
      <h2 id="auto-title">Versements automatiques (J+1)</h2>
      <p className="muted small">
        Le lendemain de chaque format, le net restant de ses paiements est versé à l'organisateur (tâche planifiée).
      </p>
      {payouts.length === 0 ? (
        <p className="empty">Aucun versement automatique pour le moment.</p>
      ) : (
        <div className="table-wrap">
          <table className="table admin-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Organisateur</th>
                <th scope="col">Course</th>
                <th scope="col" className="num">
                  Montant
                </th>
                <th scope="col" className="num">
                  Repris
                </th>
                <th scope="col">Résultat</th>
              </tr>
            </thead>
            <tbody>
              {payouts.map((t) => (
                <tr key={t.id}>
                  <td data-label="Date">{formatDateTime(t.created_at)}</td>
                  <td data-label="Organisateur">{t.organisateur ?? "—"}</td>
                  <td data-label="Course">{t.course_nom}</td>
                  <td data-label="Montant" className="num">
                    {formatEuros(t.amount_cents)}
                  </td>
                  <td data-label="Repris" className="num">
                    {formatEuros(t.line.takenBackCents)}
                  </td>
                  <td data-label="Résultat">
                    <PayoutStatus line={t.line} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
