// /admin/payouts: the organisers' pending advance requests, oldest first (decision 0215); each opens its page, where
// the admin releases or refuses it.
import { Link } from "~/components/Link";
import { DataTable } from "~/components/table/DataTable";
import type { AdvanceRow } from "~/services/advances.server";
import { formatDateTime, formatEuros } from "~/domain/format";
import * as paths from "~/domain/paths";

const COLUMNS = [
  "Demandée le",
  "Épreuve",
  "Organisateur",
  "Message",
  { label: "Net restant", num: true },
  "Action",
] as const;

export function AdvanceRequests({ rows }: { rows: (AdvanceRow & { net_actuel_cents: number })[] }) {
  return (
    <section className="admin-section" aria-labelledby="advances-title">
      <h2 id="advances-title">{`Demandes d'acompte en attente (${rows.length})`}</h2>
      <DataTable
        rows={rows}
        columns={COLUMNS}
        className="table admin-table"
        empty={<p className="empty">Aucune demande d'acompte en attente.</p>}
      >
        {(r) => (
          <tr key={r.id}>
            <td>{formatDateTime(r.created_at)}</td>
            <td>{r.course_nom}</td>
            <td>{r.organisateur ?? r.demandeur ?? "—"}</td>
            <td>{r.message ?? "—"}</td>
            <td className="num">{formatEuros(Number(r.net_actuel_cents))}</td>
            <td>
              <Link to={paths.adminAdvance(r.id)}>{`Traiter la demande (${r.course_nom})`}</Link>
            </td>
          </tr>
        )}
      </DataTable>
    </section>
  );
}
