// The event page's side panel: the formats with their places and registration links, the key facts, the share panel.
import { formatDate, formatFromPrice, formatKm, formatMeters, formatPrice } from "~/domain/format";
import { rangeText } from "~/domain/catalogue";
import { Link } from "~/components/Link";
import * as paths from "~/domain/paths";
import { Places, RegisterLink } from "./FormatsTable";
import type { Data } from "./page-data";
import { CopyLinkButton } from "./Share";

export function SidePanel({ d }: { d: Data }) {
  const c = d.course;
  return (
    <aside className="course-side">
      <section className="card side-card">
        <h2>Formats</h2>
        {d.formats.length === 0 ? (
          <p className="muted">Aucun format pour le moment.</p>
        ) : (
          <ul className="side-formats">
            {d.formats.map((f) => (
              <li key={f.id}>
                <div>
                  <strong>{f.nom}</strong>
                  <span className="muted small"> · {formatPrice(f.prix_cents)}</span>
                  <div className="small">
                    Places&nbsp;: <Places f={f} />
                  </div>
                </div>
                <RegisterLink courseId={c.id} f={f} open={d.paymentsOpen} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {d.results.length > 0 ? (
        <section className="card side-card" aria-labelledby="side-results">
          <h2 id="side-results">Résultats</h2>
          <ul className="side-formats">
            {d.results.map((r) => (
              <li key={r.id}>
                <Link to={paths.results(r.id)}>Résultats – {r.nom}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="card side-card">
        <h2>En bref</h2>
        <ul className="quick-facts">
          <li>
            {c.lieu}, {c.departement} ({c.code_postal})
          </li>
          <li>{d.next ? formatDate(d.next) : "Date à venir"}</li>
          {rangeText(d.distance, formatKm) ? <li>{rangeText(d.distance, formatKm)}</li> : null}
          {rangeText(d.dplus, formatMeters) ? <li>{rangeText(d.dplus, formatMeters)}&nbsp;D+</li> : null}
          {d.minPrice != null ? <li>{formatFromPrice(d.minPrice, d.minPaidPrice)}</li> : null}
          {c.organisation_nom ? <li>Organisé par {c.organisation_nom}</li> : null}
        </ul>
      </section>
      <section className="card side-card share-card" id="partage">
        <h2>Partager</h2>
        <label htmlFor="share-url">Lien de l'épreuve</label>
        <div className="share-row">
          <input id="share-url" type="text" readOnly value={d.shareUrl} className="share-input" />
          <CopyLinkButton url={d.shareUrl} />
        </div>
        <p className="share-url-text">
          <a href={d.shareUrl}>{d.shareUrl}</a>
        </p>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the server drew from the page's URL (app/utils/qr.server.ts) */}
        <div className="qr" style={{ width: 120, height: 120 }} dangerouslySetInnerHTML={{ __html: d.qr }} />
        <p className="small muted">QR code de la page, à scanner avec un téléphone.</p>
      </section>
    </aside>
  );
}
