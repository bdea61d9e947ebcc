// The event page's tabs: their links, the format picker, the overview and the route (track and elevation profile).
import { ElevationProfile } from "~/components/catalogue/ElevationProfile";
import { LazyMap } from "~/components/catalogue/LazyMap";
import { TabLink } from "~/components/TabLink";
import { rangeText } from "~/domain/catalogue";
import type { EventTab } from "~/services/event-page.server";
import { formatDateLong, formatKm, formatMeters } from "~/domain/format";
import { type Data, TABS, tabHref } from "./page-data";

export function FormatPicker({ d, tab }: { d: Data; tab: EventTab }) {
  if (d.formats.length < 2) return null;
  return (
    <nav className="format-picker" aria-label="Choisir un format">
      {d.formats.map((f) => (
        <TabLink key={f.id} to={tabHref(tab, f.id)} className="chip" active={f.id === d.selectedId} current="true">
          {f.nom}
        </TabLink>
      ))}
    </nav>
  );
}

export function Apercu({ d }: { d: Data }) {
  return (
    <div className="tab-panel">
      {d.course.presentation ? (
        <p className="presentation">{d.course.presentation}</p>
      ) : (
        <p className="muted">La présentation de l'épreuve arrive bientôt.</p>
      )}
      <dl className="facts">
        <div>
          <dt>Distance</dt>
          <dd>{rangeText(d.distance, formatKm) ?? "—"}</dd>
        </div>
        <div>
          <dt>Dénivelé positif</dt>
          <dd>{rangeText(d.dplus, formatMeters) ?? "—"}</dd>
        </div>
        <div>
          <dt>Prochaine date</dt>
          <dd>{d.next ? formatDateLong(d.next) : "À venir"}</dd>
        </div>
        <div>
          <dt>Repas</dt>
          <dd>{d.meals ? "Repas disponible" : "Pas de repas"}</dd>
        </div>
      </dl>
    </div>
  );
}

export function Parcours({ d, tileUrl }: { d: Data; tileUrl: string }) {
  const f = d.formats.find((x) => x.id === d.selectedId);
  const p = d.parcours;
  return (
    <div className="tab-panel">
      <FormatPicker d={d} tab="parcours" />
      {!f?.gpx_url ? (
        <p className="empty">Le GPX n'est pas disponible pour ce format.</p>
      ) : p && "error" in p ? (
        <p className="alert alert-error">{p.error}</p>
      ) : p ? (
        <>
          {p.profile.hasElevation && p.profile.minEle != null && p.profile.maxEle != null ? (
            <ElevationProfile
              points={p.profile.points}
              distanceKm={p.profile.distanceKm}
              dplus={p.profile.dplus}
              dmoins={p.profile.dmoins}
              minEle={p.profile.minEle}
              maxEle={p.profile.maxEle}
            />
          ) : (
            <p className="muted">
              Ce fichier GPX ne contient pas d'altitudes&nbsp;: pas de profil, distance {formatKm(p.profile.distanceKm)}
              .
            </p>
          )}
          <p>
            <a href={f.gpx_url} className="btn btn-ghost" download>
              Télécharger le GPX
            </a>
          </p>
          <LazyMap tileUrl={tileUrl} track={p.track} label={`Tracé du parcours ${f.nom}`} />
        </>
      ) : null}
      {f?.presentation_parcours ? <p className="presentation">{f.presentation_parcours}</p> : null}
    </div>
  );
}

/** The tabs' links (the route tab is disabled without any track); the selected format follows, unless it is the first. */
export function TabsNav({ d }: { d: Data }) {
  return (
    <nav className="tabs course-tabs" aria-label="Sections de l'épreuve">
      {TABS.map((t) =>
        t.id === "parcours" && !d.hasGpx ? (
          <span key={t.id} className="tab" aria-disabled="true" title="Aucun GPX pour cette épreuve">
            {t.label}
          </span>
        ) : (
          <TabLink
            key={t.id}
            to={tabHref(t.id, d.selectedId && d.selectedId !== d.formats[0]?.id ? d.selectedId : null)}
            className="tab"
            active={d.tab === t.id}
          >
            {t.label}
          </TabLink>
        ),
      )}
    </nav>
  );
}
