import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useEffect, useRef, useState } from "react";
import { Badges } from "~/components/catalogue/Badges";
import { discussionLinks, LazyDiscussion } from "~/components/chat/LazyDiscussion";
import { useHydrated } from "~/components/useHydrated";
import { ElevationProfile } from "~/components/catalogue/ElevationProfile";
import { LazyMap } from "~/components/catalogue/LazyMap";
import { type EventTab, loadEventPage } from "~/services/event-page.server";
import { EVENT_TYPES, rangeText, splitSupplies } from "~/domain/catalogue";
import { positionSentence } from "~/domain/waitlist";
import { useRootData } from "~/components/root-data";
import catalogueCss from "~/styles/catalogue.css?url";
import {
  formatDate,
  formatDateLong,
  formatEuros,
  formatFromPrice,
  formatKm,
  formatMeters,
  formatPrice,
  formatTime,
} from "~/utils/format";
import { getSessionUser } from "~/utils/session.server";
import * as paths from "~/utils/paths";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueCss }, ...discussionLinks()];

const TABS: readonly { id: EventTab; label: string }[] = [
  { id: "apercu", label: "Aperçu" },
  { id: "formats", label: "Formats & tarifs" },
  { id: "parcours", label: "Parcours" },
  { id: "infos", label: "Infos pratiques" },
];
type Tab = EventTab;

const NOT_FOUND = "Épreuve introuvable";
const OFFLINE = "Cette épreuve est hors-ligne.";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await getSessionUser(request, context);
  const result = await loadEventPage(context, {
    idOrSlug: params.id ?? "",
    user,
    wantedTab: url.searchParams.get("onglet"),
    wantedFormat: url.searchParams.get("format"),
  });
  if (!result.ok)
    throw result.code === "hors_ligne"
      ? new Response(OFFLINE, { status: 403 })
      : new Response(NOT_FOUND, { status: 404 });
  return result.page;
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!data) {
    const offline = isRouteErrorResponse(error) && error.status === 403;
    return [
      { title: `${offline ? "Épreuve hors-ligne" : NOT_FOUND} — Balise` },
      { name: "robots", content: "noindex" },
    ];
  }
  const c = data.course;
  const when = data.next ? ` le ${formatDateLong(data.next)}` : "";
  const description = `${c.nom} à ${c.lieu} (${c.departement})${when}. ${data.formats.length} format${data.formats.length > 1 ? "s" : ""}${
    data.minPrice != null ? `, ${formatFromPrice(data.minPrice, data.minPaidPrice)}` : ""
  }. Inscription en ligne sur Balise.`;
  const tags = [
    { title: `${c.nom} — ${c.lieu} | Balise` },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: c.nom },
    { property: "og:description", content: description },
    { property: "og:url", content: data.shareUrl },
    { property: "og:locale", content: "fr_FR" },
    { tagName: "link", rel: "canonical", href: data.shareUrl },
  ];
  if (data.ogImage) tags.push({ property: "og:image", content: data.ogImage });
  if (!c.en_ligne) tags.push({ name: "robots", content: "noindex" });
  return tags;
};

function mapsSearch(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

/** Copies `url` to the clipboard ('Lien copié' for 1.5 s, spec section 9); without the clipboard API, selects the field. */
function useCopy(url: string) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      const input = document.getElementById("share-url") as HTMLInputElement | null;
      input?.select();
      document.execCommand?.("copy");
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 1500);
  }
  return { copied, copy };
}

function ShareButton({ url, className }: { url: string; className: string }) {
  const hydrated = useHydrated();
  const { copied, copy } = useCopy(url);
  if (!hydrated)
    return (
      <a href="#partage" className={className}>
        Partager
      </a>
    );
  return (
    <>
      <button type="button" className={className} onClick={copy}>
        {copied ? "Lien copié" : "Partager"}
      </button>
      <span role="status" className="visually-hidden">
        {copied ? "Lien copié" : ""}
      </span>
    </>
  );
}

/** The share panel's copy button (with JavaScript; without it the link is in a field ready to be selected). */
function CopyLinkButton({ url }: { url: string }) {
  const hydrated = useHydrated();
  const { copied, copy } = useCopy(url);
  if (!hydrated) return null;
  return (
    <>
      <button type="button" className="btn btn-ghost btn-small" onClick={copy} aria-describedby="share-url">
        {copied ? "Lien copié" : "Copier le lien"}
      </button>
      <span role="status" className="visually-hidden">
        {copied ? "Lien copié" : ""}
      </span>
    </>
  );
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type FormatView = Data["formats"][number];

function tabHref(tab: Tab, formatId: string | null) {
  const p = new URLSearchParams();
  if (tab !== "apercu") p.set("onglet", tab);
  if (formatId) p.set("format", formatId);
  const s = p.toString();
  return s ? `?${s}` : "?";
}

function Places({ f }: { f: FormatView }) {
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

function RegisterLink({ courseId, f, open }: { courseId: string; f: FormatView; open: boolean }) {
  if (f.fenetre) return <span className="muted small registration-window">{f.fenetre}</span>;
  if (f.avail === "waitlist" && open) {
    return (
      <Link to={paths.registrationPage(courseId, f.id)} className="btn btn-outline btn-small">
        Rejoindre la liste d'attente<span className="visually-hidden"> du format {f.nom}</span>
      </Link>
    );
  }
  if (f.full || f.avail !== "open") {
    // Places only held by checkouts in progress may come back: not 'Complet' yet (issue 21).
    const held = Number(f.held ?? 0);
    if (held > 0)
      return (
        <span className="badge badge-held">
          {held} place{held > 1 ? "s" : ""} en cours de paiement
        </span>
      );
    return <span className="badge badge-complet">Complet</span>;
  }
  if (!open) return <span className="muted small">Inscriptions bientôt ouvertes</span>;
  return (
    <Link to={paths.registrationPage(courseId, f.id)} className="btn btn-primary btn-small">
      S'inscrire<span className="visually-hidden"> au format {f.nom}</span>
    </Link>
  );
}

/** Why there is no 'S'inscrire': the organiser cannot take payments yet. */
const CLOSED_NOTE = "Inscriptions bientôt ouvertes\u00a0: l'organisateur finalise son compte de paiement.";

function FormatPicker({ d, tab }: { d: Data; tab: Tab }) {
  if (d.formats.length < 2) return null;
  return (
    <nav className="format-picker" aria-label="Choisir un format">
      {d.formats.map((f) => (
        <Link
          key={f.id}
          to={tabHref(tab, f.id)}
          className={`chip${f.id === d.selectedId ? " is-active" : ""}`}
          aria-current={f.id === d.selectedId ? "true" : undefined}
          preventScrollReset
        >
          {f.nom}
        </Link>
      ))}
    </nav>
  );
}

function Apercu({ d }: { d: Data }) {
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

function FormatsTable({ d }: { d: Data }) {
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Parcours({ d, tileUrl }: { d: Data; tileUrl: string }) {
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

function Infos({ d }: { d: Data }) {
  const f = d.formats.find((x) => x.id === d.selectedId);
  if (!f) return <p className="empty">Aucun format pour le moment.</p>;
  const supplies = splitSupplies(f.ravitaillements);
  const lodging = (f.hebergements ?? "")
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    <div className="tab-panel">
      <FormatPicker d={d} tab="infos" />
      <div className="info-grid">
        <section className="card info-card">
          <h3>Logistique</h3>
          <p>
            <strong>Date et heure&nbsp;:</strong> {f.date ? formatDateLong(f.date) : "À venir"}
            {f.heure_depart ? `, départ à ${formatTime(f.heure_depart)}` : ""}
          </p>
          <p>
            <strong>Départ&nbsp;:</strong>{" "}
            {f.adresse_depart ? (
              <a href={mapsSearch(f.adresse_depart)} rel="noopener noreferrer" target="_blank">
                {f.adresse_depart}
              </a>
            ) : (
              "—"
            )}
          </p>
          <p>
            <strong>Arrivée&nbsp;:</strong>{" "}
            {f.adresse_arrivee ? (
              <a href={mapsSearch(f.adresse_arrivee)} rel="noopener noreferrer" target="_blank">
                {f.adresse_arrivee}
              </a>
            ) : (
              "—"
            )}
          </p>
          <p>
            <strong>Âge minimum&nbsp;:</strong> {f.age_minimum != null ? `${f.age_minimum} ans` : "—"}
          </p>
        </section>
        <section className="card info-card">
          <h3>Course & tarifs</h3>
          <p>
            <strong>Type&nbsp;:</strong> {EVENT_TYPES[f.type_epreuve as keyof typeof EVENT_TYPES] ?? f.type_epreuve}
          </p>
          <p>
            <strong>Distance&nbsp;:</strong> {formatKm(f.distance_km)} · <strong>D+</strong>&nbsp;
            {formatMeters(f.denivele_dplus)} · <strong>D-</strong>&nbsp;{formatMeters(f.denivele_dmoins)}
          </p>
          <p>
            <strong>Prix&nbsp;:</strong> {formatEuros(f.prix_cents)}
          </p>
          {f.stock_repas > 0 ? (
            <p>
              <strong>Repas&nbsp;:</strong> {formatEuros(f.prix_repas_cents)}
            </p>
          ) : null}
          <p>
            <strong>Dotation&nbsp;:</strong> {f.dotation ?? "—"}
          </p>
          <p data-testid="transfer-rules">
            <strong>Transfert de dossard&nbsp;:</strong> {f.transferRules ?? "non autorisé par l'organisateur."}
          </p>
        </section>
        <section className="card info-card">
          <h3>Ravitaillements</h3>
          {supplies.length ? (
            <ul>
              {supplies.map((s, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines of the organiser's text, in order, may repeat
                <li key={i}>{s}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">Non précisés.</p>
          )}
          <p>
            <strong>Retrait des dossards&nbsp;:</strong> {f.remise_dossards ?? "—"}
          </p>
        </section>
        <section className="card info-card">
          <h3>Règlement</h3>
          {f.reglement_pdf_url ? (
            <p>
              <a href={f.reglement_pdf_url} download>
                Télécharger le règlement (PDF)
              </a>
            </p>
          ) : (
            <p className="muted">Règlement non fourni.</p>
          )}
          <p>
            <strong>Hébergements&nbsp;:</strong>
          </p>
          {lodging.length ? (
            <ul>
              {lodging.map((s, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines of the organiser's text, in order, may repeat
                <li key={i}>{s}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">Aucun hébergement indiqué.</p>
          )}
        </section>
      </div>
      {f.presentation_parcours ? <p className="presentation">{f.presentation_parcours}</p> : null}
    </div>
  );
}

export default function CoursePage() {
  const d = useLoaderData<typeof loader>();
  const root = useRootData();
  const navigation = useNavigation();
  const c = d.course;
  const loadingOther =
    navigation.state === "loading" &&
    navigation.location.pathname.startsWith("/courses/") &&
    navigation.location.pathname !== paths.eventPage(c.slug);
  const tileUrl = root?.tileUrl ?? "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png";
  return (
    <article className="course-page">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD serialised with "<" escaped (the service builds it) */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: d.jsonLd }} />
      {loadingOther ? (
        <p className="loading-bar" role="status">
          Chargement de l'épreuve…
        </p>
      ) : null}
      <header className={`course-hero${c.image_url ? " has-image" : ""}`}>
        {c.image_url ? <img src={c.image_url} alt="" className="course-hero-img" width={1600} height={900} /> : null}
        <div className="container course-hero-inner">
          <Badges codes={d.badges} />
          <h1>{c.nom}</h1>
          <p className="course-hero-meta">
            <span>
              {c.lieu} ({c.departement})
            </span>
            <span>{d.next ? formatDateLong(d.next) : "À venir"}</span>
            {d.minPrice != null ? <span>{formatFromPrice(d.minPrice, d.minPaidPrice)}</span> : null}
          </p>
          <p className="course-hero-actions">
            {d.windowNote ? null : d.full && d.anyWaitlist && d.paymentsOpen ? (
              <Link to={paths.registrationPage(c.id)} className="btn btn-register">
                Rejoindre la liste d'attente
              </Link>
            ) : d.full ? (
              <span className="btn btn-register" aria-disabled="true">
                Complet
              </span>
            ) : d.paymentsOpen ? (
              <Link to={paths.registrationPage(c.id)} className="btn btn-register">
                S'inscrire
              </Link>
            ) : null}
            <ShareButton url={d.shareUrl} className="btn btn-outline-light" />
          </p>
          {d.windowNote ? <p className="course-hero-note">{d.windowNote}</p> : null}
          {!d.windowNote && !d.full && !d.paymentsOpen ? <p className="course-hero-note">{CLOSED_NOTE}</p> : null}
        </div>
      </header>
      {d.waitlist.length > 0 ? (
        <div className="container">
          <section className="waitlist-mine notice" aria-labelledby="waitlist-mine-title">
            <h2 id="waitlist-mine-title" className="visually-hidden">
              Ma liste d'attente
            </h2>
            {d.waitlist.map((e) => (
              <p key={e.id}>
                {e.statut === "offre" ? (
                  <strong>Une place vous est proposée sur le format {e.formatNom}.</strong>
                ) : (
                  <strong>
                    {positionSentence(e.position, e.genre)} du format {e.formatNom}.
                  </strong>
                )}{" "}
                <Link to={paths.waitlistEntry(e.id)}>
                  {e.statut === "offre" ? "Payer ou quitter" : "Voir ou quitter la liste"}
                </Link>
              </p>
            ))}
          </section>
        </div>
      ) : null}

      <div className="container">
        {!c.en_ligne && d.isOwner ? (
          <p className="alert alert-info draft-notice">
            Cette épreuve est un brouillon hors-ligne&nbsp;: vous seul la voyez.{" "}
            <Link to={paths.editEvent(c.id)}>Modifier l'épreuve</Link> pour la compléter et la publier.
          </p>
        ) : null}
        {!c.en_ligne && !d.isOwner ? (
          <p className="alert alert-info draft-notice">
            Épreuve hors-ligne&nbsp;: visible ici parce que vous êtes administrateur.
          </p>
        ) : null}
        <div className="course-layout">
          <div className="course-main">
            <nav className="tabs course-tabs" aria-label="Sections de l'épreuve">
              {TABS.map((t) =>
                t.id === "parcours" && !d.hasGpx ? (
                  <span key={t.id} className="tab" aria-disabled="true" title="Aucun GPX pour cette épreuve">
                    {t.label}
                  </span>
                ) : (
                  <Link
                    key={t.id}
                    to={tabHref(t.id, d.selectedId && d.selectedId !== d.formats[0]?.id ? d.selectedId : null)}
                    className={`tab${d.tab === t.id ? " is-active" : ""}`}
                    aria-current={d.tab === t.id ? "page" : undefined}
                    preventScrollReset
                  >
                    {t.label}
                  </Link>
                ),
              )}
            </nav>
            <h2 className="visually-hidden">{TABS.find((t) => t.id === d.tab)?.label}</h2>
            {d.tab === "apercu" ? <Apercu d={d} /> : null}
            {d.tab === "formats" ? <FormatsTable d={d} /> : null}
            {d.tab === "parcours" ? <Parcours d={d} tileUrl={tileUrl} /> : null}
            {d.tab === "infos" ? <Infos d={d} /> : null}
          </div>

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
        </div>

        <section id="discussion" className="discussion">
          <h2>Discussion</h2>
          <LazyDiscussion key={c.id} data={d.discussion} />
        </section>
      </div>
      {!d.full && d.paymentsOpen && !d.windowNote ? (
        <div className="register-bar" aria-label="Inscription" role="region">
          <p className="register-bar-text">
            <strong>{c.nom}</strong>
            {d.minPrice != null ? <span>{formatFromPrice(d.minPrice, d.minPaidPrice)}</span> : null}
          </p>
          <Link to={paths.registrationPage(c.id)} className="btn btn-register">
            S'inscrire
          </Link>
        </div>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const offline = isRouteErrorResponse(error) && error.status === 403;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (offline) {
    return (
      <section className="container page-narrow error-page">
        <h1>{OFFLINE}</h1>
        <p>Son organisateur ne l'a pas encore publiée, ou l'a retirée.</p>
        <p>
          <Link to={paths.eventsPage()} className="btn btn-primary">
            Revenir à la liste des courses
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="container page-narrow error-page">
      <h1>{NOT_FOUND}</h1>
      <p>Vérifiez le lien ou revenez à la liste.</p>
      {!notFound && error instanceof Error ? <p className="alert alert-error">{error.message}</p> : null}
      <p>
        <Link to={paths.eventsPage()} className="btn btn-primary">
          Voir les courses
        </Link>
      </p>
    </section>
  );
}
