// The formats with their places and their registration link: the 'Formats & tarifs' tab and the side panel's list.
import { Link } from "~/components/Link";
import { EVENT_TYPES } from "~/domain/catalogue";
import { heldLabel } from "~/domain/registration-rules";
import { formatDate, formatKm, formatMeters, formatPrice, formatTime } from "~/domain/format";
import type { Data, FormatView } from "./page-data";
import * as paths from "~/domain/paths";

export function Places({ f }: { f: FormatView }) {
  if (f.nb_max_coureurs == null)
    return (
      <span>
        {f.taken} inscrit{f.taken > 1 ? "s" : ""}
      </span>
    );
  return (
    <span>
      {`${f.taken} / ${f.nb_max_coureurs}`}
      {f.low ? (
        <strong className="low-places">
          {" "}
          · {f.left} restante{f.left! > 1 ? "s" : ""}
        </strong>
      ) : null}
    </span>
  );
}

export function RegisterLink({ courseId, f, open }: { courseId: string; f: FormatView; open: boolean }) {
  if (f.fenetre) return <span className="muted small registration-window">{f.fenetre}</span>;
  if (f.avail === "waitlist" && open) {
    return (
      <Link to={paths.registrationPage(courseId, f.id)} className="btn btn-outline btn-small">
        Rejoindre la liste d'attente<span className="visually-hidden"> du format {f.nom}</span>
      </Link>
    );
  }
  if (f.full || f.avail !== "open") {
    // Places only held by checkouts in progress may come back: not 'Complet' yet (issues 21, 42).
    if (f.fullness === "en_paiement") return <span className="badge badge-held">{heldLabel(Number(f.held))}</span>;
    return <span className="badge badge-complet">Complet</span>;
  }
  if (!open) return <span className="muted small">Inscriptions bientôt ouvertes</span>;
  return (
    <Link to={paths.registrationPage(courseId, f.id)} className="btn btn-primary btn-small">
      S'inscrire<span className="visually-hidden"> au format {f.nom}</span>
    </Link>
  );
}

export function FormatsTable({ d }: { d: Data }) {
  if (d.formats.length === 0) return <p className="empty">Aucun format pour le moment.</p>;
  return (
    <div className="table-wrap tab-panel">
      <table className="table formats-table">
        <thead>
          <tr>
            <th>Format</th>
            <th>Date et départ</th>
            <th>Distance</th>
            <th>D+ / D-</th>
            <th>Places</th>
            <th>Prix</th>
            <th>
              <span className="visually-hidden">Inscription</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {d.formats.map((f) => (
            <tr key={f.id}>
              <th scope="row">
                <strong>{f.nom}</strong>
                <br />
                <span className="muted small">
                  {EVENT_TYPES[f.type_epreuve as keyof typeof EVENT_TYPES] ?? f.type_epreuve}
                </span>
              </th>
              <td data-label="Date et départ">
                {f.date ? formatDate(f.date) : "À venir"}
                {f.heure_depart ? ` à ${formatTime(f.heure_depart)}` : ""}
              </td>
              <td data-label="Distance">{formatKm(f.distance_km)}</td>
              <td data-label="D+ / D-">
                {formatMeters(f.denivele_dplus)} / {formatMeters(f.denivele_dmoins)}
              </td>
              <td data-label="Places">
                <Places f={f} />
              </td>
              <td data-label="Prix">{formatPrice(f.prix_cents)}</td>
              <td className="formats-action">
                <RegisterLink courseId={d.course.id} f={f} open={d.paymentsOpen} />
                {f.gpx_url ? (
                  <>
                    <br />
                    <Link to={paths.premiumEstimate(f.id)} className="small">
                      Estimer mon temps (Premium)<span className="visually-hidden"> sur le format {f.nom}</span>
                    </Link>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
