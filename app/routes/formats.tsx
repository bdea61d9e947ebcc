import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FastLink, Link } from "~/components/Link";
import { upcomingFormats } from "~/services/catalogue.server";
import { EVENT_TYPES, LIST_MAX_ROWS } from "~/domain/catalogue";
import { MAX_PAGE } from "~/domain/filters";
import catalogueCss from "~/styles/catalogue.css?url";
import { formatDate, formatEuros, formatKm, formatMeters, formatNumber, formatTime } from "~/domain/format";
import * as paths from "~/domain/paths";
import { Pager } from "~/components/table/Pager";
import { STATIC_PAGE } from "~/components/islands";

/** Served without React: HTML and CSS (docs/decisions/0222). */
export const handle = STATIC_PAGE;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueCss }];

export const meta: MetaFunction = () => [
  { title: "Tous les formats de course à venir — Balise" },
  {
    name: "description",
    content: "Tous les formats des épreuves en ligne, par date et heure de départ\u00a0: distance, dénivelé, prix.",
  },
  { property: "og:title", content: "Tous les formats de course à venir — Balise" },
  { property: "og:type", content: "website" },
];

const FORMATS_PAGE_SIZE = 50;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("page") ?? "1";
  const page = /^\d{1,5}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_PAGE ? Number(raw) : 1;
  const { rows, hasNext, tooDeep } = await upcomingFormats(context, page, FORMATS_PAGE_SIZE);
  return { rows, page, hasNext, tooDeep };
}

export default function FormatsPage() {
  const { rows, page, hasNext, tooDeep } = useLoaderData<typeof loader>();
  return (
    <section className="container page catalogue">
      <h1>Tous les formats</h1>
      <p className="muted">Les formats des épreuves en ligne, à partir d'aujourd'hui, par date et heure de départ.</p>
      {rows.length === 0 ? (
        tooDeep ? (
          <p className="empty">
            La liste s'arrête aux {formatNumber(LIST_MAX_ROWS)} prochains formats.{" "}
            <Link to={paths.formatsPage()}>Revenir à la première page</Link> ou{" "}
            <Link to={paths.eventsPage()}>chercher une épreuve par date, lieu ou type</Link>.
          </p>
        ) : page > 1 ? (
          <p className="empty">
            Cette page est au-delà de la dernière. <Link to={paths.formatsPage()}>Revenir à la première page</Link>
          </p>
        ) : (
          <p className="empty">Aucun format disponible.</p>
        )
      ) : (
        <div className="table-wrap">
          <table className="table formats-table">
            <thead>
              <tr>
                <th>Format</th>
                <th>Épreuve</th>
                <th>Départ</th>
                <th>Distance</th>
                <th>D+</th>
                <th>D-</th>
                <th>Prix</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((f) => (
                <tr key={f.id}>
                  <td>
                    {f.nom}
                    <br />
                    <span className="muted small">
                      {EVENT_TYPES[f.type_epreuve as keyof typeof EVENT_TYPES] ?? f.type_epreuve}
                    </span>
                  </td>
                  <td>
                    <FastLink to={paths.eventFormat(f.course_slug, f.id)}>{f.course_nom}</FastLink>
                    <br />
                    <span className="muted small">{f.lieu}</span>
                  </td>
                  <td>
                    {formatDate(f.date)}
                    {f.heure_depart ? ` à ${formatTime(f.heure_depart)}` : ""}
                  </td>
                  <td>{formatKm(f.distance_km)}</td>
                  <td>{formatMeters(f.denivele_dplus)}</td>
                  <td>{formatMeters(f.denivele_dmoins)}</td>
                  <td>{formatEuros(f.prix_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager prev={page > 1 ? paths.formatsPage(page - 1) : null} next={hasNext ? paths.formatsPage(page + 1) : null} />
    </section>
  );
}
