// The waiting list of a format on its registrants page (issue 20): on/off, counts, the list in order (status,
// offers sent, deadline) with 'Retirer', and the CSV export. Plain forms posting to ./liste-attente (works without
// JavaScript; redirect back here after each POST).
import { Form } from "@remix-run/react";
import { Link } from "~/components/Link";
import { waitlistStatutLabel } from "~/domain/waitlist";
import type { OrganiserWaitlist } from "~/services/waitlist.server";
import { formatDateTime, personName } from "~/domain/format";
import * as paths from "~/domain/paths";
import { DataTable } from "~/components/table/DataTable";

export function WaitlistPanel({ formatId, list }: { formatId: string; list: OrganiserWaitlist }) {
  const action = paths.formatWaitlist(formatId);
  const { counts } = list;
  return (
    <section id="liste-attente" className="card waitlist-panel" aria-labelledby="waitlist-panel-title">
      <div className="page-head">
        <h2 id="waitlist-panel-title">Liste d'attente</h2>
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value={list.enabled ? "desactiver" : "activer"} />
          <button type="submit" className="btn btn-ghost btn-small">
            {list.enabled ? "Désactiver la liste d'attente" : "Activer la liste d'attente"}
          </button>
        </Form>
      </div>
      <p className="muted">
        {list.enabled
          ? "Activée : quand le format est complet, les coureurs peuvent s'inscrire sur la liste ; chaque place libérée est proposée au suivant, par e-mail, avec un délai pour payer."
          : "Désactivée : un format complet n'accepte plus de noms, et une place libérée revient au premier qui s'inscrit."}
      </p>
      <ul className="registrants-totals" aria-label="Liste d'attente en chiffres">
        <li>
          <strong>{counts.en_liste}</strong> en attente
        </li>
        <li>
          <strong>{counts.offre}</strong> offre{counts.offre > 1 ? "s" : ""} en cours
        </li>
        <li>
          <strong>{counts.acceptee}</strong> acceptée{counts.acceptee > 1 ? "s" : ""}
        </li>
        <li>
          <strong>{counts.offre_expiree}</strong> expirée{counts.offre_expiree > 1 ? "s" : ""}
        </li>
        <li>
          <strong>{counts.sorties}</strong> sortie{counts.sorties > 1 ? "s" : ""} de la liste
        </li>
      </ul>
      {list.entries.length === 0 ? (
        <p className="empty">Personne sur la liste d'attente.</p>
      ) : (
        <>
          <p>
            <a href={`${action}.csv`} className="btn btn-ghost btn-small" download>
              Exporter la liste (CSV)
            </a>
          </p>
          <DataTable
            rows={list.entries}
            columns={[
              "Rang",
              "Coureur",
              "Email",
              "Inscrit le",
              "Statut",
              "Offres",
              "Offre jusqu'au",
              { label: "Actions", hidden: true },
            ]}
            className="registrants-table waitlist-table"
            region="waitlist-panel-title"
          >
            {(e) => (
              <tr key={e.id}>
                <td>{e.ordre}</td>
                <td>{personName(e, "—")}</td>
                <td>{e.email}</td>
                <td>{formatDateTime(e.created_at)}</td>
                <td>{waitlistStatutLabel(e.statut)}</td>
                <td>{e.offres_envoyees}</td>
                <td>{e.statut === "offre" ? formatDateTime(e.offre_expires_at) : "—"}</td>
                <td>
                  {e.statut === "en_liste" || e.statut === "offre" ? (
                    <Form method="post" action={action}>
                      <input type="hidden" name="intent" value="retirer" />
                      <input type="hidden" name="entry_id" value={e.id} />
                      <button type="submit" className="btn btn-ghost btn-small">
                        Retirer
                        <span className="visually-hidden"> {personName(e)} de la liste</span>
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            )}
          </DataTable>
        </>
      )}
      <p className="hint">
        <Link to={paths.refundPolicy()}>Règles d'annulation</Link> : une place libérée par une annulation, une
        réservation expirée ou une hausse de la capacité est proposée automatiquement, dans l'ordre.
      </p>
    </section>
  );
}
