// The public results' table: rank, bib, name, club, category, time, status. A runner who chose not to appear is
// 'Coureur anonyme' (rank and time kept; no bib, name or club).
import {
  ANONYMOUS_RUNNER,
  categoryWithRank,
  formatRaceTime,
  type PublicResultRow as ResultRow,
  RESULT_STATUS_SHORT,
  type ResultStatus,
} from "~/domain/results";
import { DataTable } from "~/components/table/DataTable";

function rankCell(r: ResultRow): string {
  if (r.classement !== null) return String(r.classement);
  return RESULT_STATUS_SHORT[r.statut as ResultStatus] ?? "";
}

/** `region`: the id of the page's title, which names the table's scroll area (focusable, for keyboard scrolling). */
export function ResultsTable({ rows, region }: { rows: readonly ResultRow[]; region: string }) {
  return (
    <DataTable
      rows={rows}
      region={region}
      columns={["Rang", "Dossard", "Coureur", "Club", "Catégorie (rang)", "Temps"]}
      className="table results-table"
    >
      {(r, i) => {
        const name = r.anonyme ? ANONYMOUS_RUNNER : [r.prenom, r.nom].filter(Boolean).join(" ") || "—";
        return (
          <tr key={r.dossard ?? `anonyme-${i}`} className={r.anonyme ? "results-anonymous" : undefined}>
            <td data-label="Rang">{rankCell(r)}</td>
            <td data-label="Dossard">{r.dossard ?? ""}</td>
            <th scope="row" data-label="Coureur">
              {name}
            </th>
            <td data-label="Club">{r.club ?? ""}</td>
            <td data-label="Catégorie">{categoryWithRank(r)}</td>
            <td data-label="Temps">{formatRaceTime(r.temps_secondes)}</td>
          </tr>
        );
      }}
    </DataTable>
  );
}
