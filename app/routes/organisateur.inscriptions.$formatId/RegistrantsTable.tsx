// The registrants table: one row per registration, its editable cells, its justificatif and its actions (a row's
// own form without JavaScript, the details page).
import { Form } from "@remix-run/react";
import { useCallback, useState } from "react";
import { JustificatifCell, type JustificatifCellError } from "~/components/JustificatifCell";
import { Link } from "~/components/Link";
import { TABLE_FIELDS, type TableField } from "~/domain/registrants";
import type { RowErrors } from "~/services/registrants.server";
import { Cell } from "./Cell";
import { formatEuros } from "~/domain/format";
import { type Row, rowValue } from "./page-data";
import * as paths from "~/domain/paths";
import { DataTable } from "~/components/table/DataTable";

/** A row's form refused (no JavaScript): its errors and what was typed, shown again in that row. */
export interface RowResult {
  id: string | null;
  errors: RowErrors;
  values: Record<TableField, string> | null;
}

export function RegistrantsTable({
  rows,
  competition,
  stock,
  hydrated,
  busy,
  rowResult,
  justifError,
}: {
  rows: Row[];
  competition: boolean;
  stock: number;
  hydrated: boolean;
  busy: boolean;
  rowResult: RowResult | null;
  justifError: JustificatifCellError | null;
}) {
  if (rows.length === 0) return <p className="empty">Aucune inscription trouvée pour ce format.</p>;
  return (
    <DataTable
      rows={rows}
      columns={[
        "Nom",
        "Prénom",
        "Dossard",
        "Email",
        "Club",
        "Repas",
        "Statut",
        "Code promo",
        competition && "Justificatif",
        "Actions",
      ]}
      className="table registrants-table"
      wrapClassName="registrants-wrap"
    >
      {(row) => (
        <RegistrantRow
          key={row.id}
          row={row}
          competition={competition}
          stock={stock}
          hydrated={hydrated}
          busy={busy}
          mine={rowResult && rowResult.id === row.id ? rowResult : null}
          justifError={justifError?.id === row.id ? justifError : null}
        />
      )}
    </DataTable>
  );
}

/** One registration's row: its cells share how many of their saves succeeded (a later save clears older messages). */
function RegistrantRow({
  row,
  competition,
  stock,
  hydrated,
  busy,
  mine,
  justifError,
}: {
  row: Row;
  competition: boolean;
  stock: number;
  hydrated: boolean;
  busy: boolean;
  mine: RowResult | null;
  justifError: JustificatifCellError | null;
}) {
  const [saves, setSaves] = useState(0);
  const onSaved = useCallback(() => setSaves((n) => n + 1), []);
  return (
    <tr id={`r-${row.id}`}>
      {TABLE_FIELDS.map((f) => (
        <Cell
          key={`${f}-${mine ? "err" : "ok"}`}
          row={row}
          field={f}
          initial={mine?.values ? mine.values[f] : rowValue(row, f)}
          error={mine?.errors[f]}
          hydrated={hydrated}
          stock={stock}
          rowSaves={saves}
          onSaved={onSaved}
        />
      ))}
      <td data-label="Code promo" data-testid="code-promo">
        {row.code_promo ? `${row.code_promo} (−${formatEuros(row.remise_cents)})` : "—"}
      </td>
      {competition ? <JustificatifCell row={row} error={justifError} busy={busy} /> : null}
      <td data-label="Actions" className="row-actions">
        {hydrated ? null : (
          <Form method="post" id={`row-${row.id}`} className="inline-form">
            <input type="hidden" name="intent" value="row" />
            <input type="hidden" name="id" value={row.id} />
            <button
              type="submit"
              className="btn btn-ghost btn-small"
              aria-label={`Enregistrer la ligne de ${row.prenom ?? ""} ${row.nom ?? ""}`}
            >
              Enregistrer
            </button>
          </Form>
        )}
        <Link to={paths.runnerDetails(row.id)} className="btn btn-ghost btn-small">
          Détails
        </Link>
      </td>
    </tr>
  );
}
