// /admin/payouts: the payments' table, one row per payment with its selection box, its ledger and its payout line
// (app/domain/payout-line.ts: what was sent, taken back, still due, and the state).
import {
  type AdminColumn,
  AdminTableHead,
  EventFormatCell,
  MoneyCell,
  PayoutAmounts,
  PayoutStatus,
  RunnerCell,
} from "~/components/AdminFields";
import { PAYMENT_STATUS_LABELS } from "~/domain/admin";
import { labelOf } from "~/domain/labels";
import type { AdminPaymentLine } from "~/services/admin.server";
import { formatDate, formatDateTime, formatEuros, personName } from "~/domain/format";
import { numColumns } from "~/components/table/DataTable";

/** The payments table's columns after the selection box. */
const PAYMENT_COLUMNS: readonly AdminColumn[] = [
  "Date",
  "Course/Format",
  "Coureur",
  "Statut",
  ...numColumns("Brut", "Frais", "Commission", "Transféré", "Remboursé", "Net restant"),
  "Versement",
];

export function PaymentsTable({
  rows,
  checked,
  onToggle,
  onToggleAll,
}: {
  rows: AdminPaymentLine[];
  checked: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  /** 'Tout sélectionner', once the page is interactive (without JavaScript, each row's box is ticked by hand). */
  onToggleAll: ((on: boolean) => void) | null;
}) {
  const allOn = rows.length > 0 && rows.every((r) => checked.has(r.id));
  return (
    <div className="table-wrap">
      <table className="table admin-table">
        <AdminTableHead
          columns={PAYMENT_COLUMNS}
          first={
            <th scope="col">
              {onToggleAll ? (
                <input
                  type="checkbox"
                  aria-label="Tout sélectionner"
                  checked={allOn}
                  onChange={(e) => onToggleAll(e.currentTarget.checked)}
                />
              ) : (
                <span className="visually-hidden">Sélection</span>
              )}
            </th>
          }
        />
        <tbody>
          {rows.map((r) => {
            const who = personName({ prenom: r.coureur_prenom, nom: r.coureur_nom }, r.coureur_email || "—");
            return (
              <tr key={r.id} className={checked.has(r.id) ? "is-selected" : undefined}>
                <td data-label="Sélection">
                  <input
                    type="checkbox"
                    name="ids"
                    value={r.id}
                    checked={checked.has(r.id)}
                    onChange={(e) => onToggle(r.id, e.currentTarget.checked)}
                    aria-label={`Sélectionner le paiement de ${who} (${formatEuros(r.amount_total_cents)})`}
                  />
                </td>
                <td data-label="Date">{formatDateTime(r.created_at)}</td>
                <EventFormatCell
                  course={r.course_nom}
                  format={`${r.format_nom}${r.format_date ? ` — ${formatDate(r.format_date)}` : ""}`}
                />
                <RunnerCell name={who} email={r.coureur_email} />
                <td data-label="Statut">{labelOf(PAYMENT_STATUS_LABELS, r.status)}</td>
                <td data-label="Brut" className="num">
                  {formatEuros(r.amount_total_cents)}
                  {r.code_promo ? (
                    <span className="small muted" data-testid="remise">
                      {" "}
                      (code {r.code_promo}, remise {formatEuros(r.remise_cents ?? 0)})
                    </span>
                  ) : null}
                </td>
                <MoneyCell label="Frais" cents={r.fee_total_cents} />
                <MoneyCell label="Commission" cents={r.platform_fee_cents} />
                <MoneyCell label="Transféré" cents={r.transferred_total_cents} />
                <MoneyCell label="Remboursé" cents={r.refunded_cents} />
                <MoneyCell label="Net restant" cents={r.net_remaining_cents} />
                <td data-label="Versement">
                  <span>
                    <PayoutStatus line={r.payout} />
                    <PayoutAmounts line={r.payout} />
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
