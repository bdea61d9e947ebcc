// /resultats/{formatId}: a format's public results (issue 44, docs/decisions/0217). Server-rendered; a GET form
// searches names, clubs and categories and sorts; 50 a page, paged in SQL. A runner who chose not to appear is
// 'Coureur anonyme' and never found by a search; their choice is read at each render, and a cookie-less visitor's
// page is kept by the page cache for PAGE_CACHE_SECONDS at most (app/utils/page-cache.ts).
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { STATIC_PAGE } from "~/components/islands";
import { Link } from "~/components/Link";
import { Pager } from "~/components/table/Pager";
import { formatDateLong, formatNumber } from "~/domain/format";
import * as paths from "~/domain/paths";
import {
  parseResultsQuery,
  RESULT_SORT_LABELS,
  RESULT_SORTS,
  RESULTS_PAGE_SIZE,
  resultsQueryParams,
} from "~/domain/results";
import { publicResults } from "~/services/results.server";
import registrantsCss from "~/styles/registrants.css?url";
import { notFoundOrRethrow } from "~/utils/domain-errors";
import { readBesideSession } from "~/utils/session.server";
import { ResultsTable } from "./ResultsTable";
import { noindexMeta } from "~/utils/meta";
import { Options } from "~/components/form/Options";

/** Served without React: HTML and CSS (docs/decisions/0237, as the catalogue's pages: 0222). */
export const handle = STATIC_PAGE;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: registrantsCss }];

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return noindexMeta("Résultats introuvables — Balise");
  const f = data.format;
  const when = f.date ? ` du ${formatDateLong(f.date)}` : "";
  const description = `Résultats et classement ${f.format_nom} — ${f.course_nom}${when} à ${f.lieu}\u00a0: ${formatNumber(f.lignes_publiees)} coureurs, temps et catégories.`;
  const tags: ReturnType<MetaFunction> = [
    { title: `Résultats ${f.format_nom} — ${f.course_nom} | Balise` },
    { name: "description", content: description },
    { property: "og:title", content: `Résultats ${f.format_nom} — ${f.course_nom}` },
    { property: "og:description", content: description },
    { tagName: "link", rel: "canonical", href: data.canonical },
  ];
  if (data.query.q) tags.push({ name: "robots", content: "noindex" });
  return tags;
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const formatId = params.formatId ?? "";
  const query = parseResultsQuery(new URL(request.url).searchParams);
  // The results ride with the session look-up (the root loader's): one D1 round trip for a signed-in visitor too.
  const page = await publicResults(context, formatId, query, (queries) =>
    readBesideSession(request, context, queries),
  ).catch(notFoundOrRethrow);
  const canonical = paths.absoluteUrl(
    context.env.APP_URL,
    paths.results(formatId, query.page > 1 ? { page: query.page } : undefined),
  );
  return { ...page, query, canonical };
}

export default function ResultsPage() {
  const { format, rows, total, query } = useLoaderData<typeof loader>();
  const pages = Math.max(1, Math.ceil(total / RESULTS_PAGE_SIZE));
  const pageLink = (page: number) => paths.results(format.format_id, resultsQueryParams({ ...query, page }));
  return (
    <main className="container page">
      <p>
        <Link to={paths.eventPage(format.course_slug)}>← {format.course_nom}</Link>
      </p>
      <h1 id="resultats-titre">Résultats – {format.format_nom}</h1>
      <p className="muted">
        {format.course_nom}, {format.lieu}
        {format.date ? `, ${formatDateLong(format.date)}` : ""}. {formatNumber(format.lignes_publiees)} coureurs.
      </p>
      <Form method="get" className="inline-form results-search" role="search">
        <div className="field">
          <label htmlFor="f-q">Rechercher un nom, un club ou une catégorie</label>
          <input id="f-q" name="q" type="search" defaultValue={query.q} maxLength={80} />
        </div>
        <div className="field">
          <label htmlFor="f-tri">Trier par</label>
          <select id="f-tri" name="tri" defaultValue={query.tri}>
            <Options values={RESULT_SORTS} labels={RESULT_SORT_LABELS} />
          </select>
        </div>
        <button type="submit" className="btn btn-secondary">
          Afficher
        </button>
      </Form>
      <p role="status" data-testid="results-count">
        {total === 0
          ? "Aucun coureur ne correspond à cette recherche."
          : `${formatNumber(total)} coureur${total > 1 ? "s" : ""}${query.q ? ` pour «\u00a0${query.q}\u00a0»` : ""}.`}
      </p>
      {rows.length > 0 ? <ResultsTable rows={rows} region="resultats-titre" /> : null}
      {pages > 1 ? (
        <Pager
          label="Pages des résultats"
          prev={query.page > 1 ? pageLink(query.page - 1) : null}
          next={query.page < pages ? pageLink(query.page + 1) : null}
          status={`Page ${query.page} / ${pages}`}
        />
      ) : null}
    </main>
  );
}
