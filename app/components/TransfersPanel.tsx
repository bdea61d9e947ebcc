// The registrants page's bib transfers (issue 22): every offer of the format, who offered it to whom, its status,
// the fee kept and the refund, with links to both registrations' details (and their status history).
import { Link } from "~/components/Link";
import { cessionStatutLabel, type OrganiserTransfer } from "~/domain/transfer";
import { formatDateTime, formatEuros, personName } from "~/domain/format";
import * as paths from "~/domain/paths";
import { TableHead } from "~/components/table/DataTable";

const name = (p: { nom: string | null; prenom: string | null }) => personName(p, "Sans nom");

export function TransfersPanel({ list }: { list: OrganiserTransfer[] }) {
  return (
    <section className="card transfers-panel" aria-labelledby="transfers-title" data-testid="transfers">
      <h2 id="transfers-title">Transferts de dossard</h2>
      {list.length === 0 ? (
        <p className="muted">Aucun transfert de dossard sur ce format.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Transferts de dossard, du plus récent au plus ancien</caption>
            <TableHead
              columns={[
                "Proposé le",
                "Coureur qui cède",
                "Proposé à",
                "Statut",
                "Nouveau coureur",
                "Dossard",
                "Frais gardés",
                "Remboursé au cédant",
              ]}
            />
            <tbody>
              {list.map((t) => (
                <tr key={t.id}>
                  <td>{formatDateTime(t.createdAt)}</td>
                  <td>
                    <Link to={paths.runnerDetails(t.vendeur.id)}>{name(t.vendeur)}</Link>
                  </td>
                  <td>{t.email}</td>
                  <td>
                    {cessionStatutLabel(t.statut)}
                    {t.endedAt ? ` (${formatDateTime(t.endedAt)})` : ""}
                  </td>
                  <td>{t.acheteur ? <Link to={paths.runnerDetails(t.acheteur.id)}>{name(t.acheteur)}</Link> : "—"}</td>
                  <td>{t.dossard ?? "—"}</td>
                  <td>{t.statut === "payee" ? formatEuros(t.fraisCents) : "—"}</td>
                  <td>{t.remboursementCents != null ? formatEuros(t.remboursementCents) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
