// /organisateur/resultats/{formatId}: a format's results (issue 44, docs/decisions/0217), for the event's owner and
// co-organisers with the Inscriptions right (404 for anyone else). Import a CSV → preview with the errors by line →
// correct or re-import → publish (replaces what was published); correct one published line. Without JavaScript:
// plain forms, redirect after each success.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/Link";
import { Notice } from "~/components/form/Notice";
import * as paths from "~/domain/paths";
import { publishedLine, resultsAdminPage } from "~/services/results.server";
import organiserCss from "~/styles/organiser.css?url";
import { requireOrganiser } from "~/utils/auth.server";
import { notFoundOrRethrow } from "~/utils/domain-errors";
import { resultsAction } from "./actions.server";
import { ImportForm } from "./ImportForm";
import { Preview } from "./Preview";
import { PublishedPanel } from "./PublishedPanel";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: organiserCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  noindexMeta(data ? `Résultats – ${data.format.nom} – ${data.format.course_nom} — Balise` : "Résultats — Balise");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const formatId = params.formatId ?? "";
  const page = await resultsAdminPage(context, user, formatId).catch(notFoundOrRethrow);
  const bib = new URL(request.url).searchParams.get("dossard")?.trim() ?? "";
  const line =
    /^\d{1,7}$/.test(bib) && page.published ? await publishedLine(context, user, formatId, Number(bib)) : null;
  return { ...page, searchedBib: bib, line };
}

export async function action(args: ActionFunctionArgs) {
  return resultsAction(args);
}

function notice(search: URLSearchParams): string | null {
  switch (search.get("notice")) {
    case "publie":
      return `Résultats publiés (${search.get("lignes") ?? "0"} lignes)\u00a0: la page publique les montre.`;
    case "corrige":
      return `Résultat du dossard ${search.get("dossard") ?? ""} corrigé.`;
    case "abandonne":
      return "Import abandonné\u00a0: les résultats déjà publiés (s'il y en a) ne changent pas.";
    default:
      return null;
  }
}

export default function ResultsAdminPage() {
  const { format, draft, published, line, searchedBib } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [search] = useSearchParams();
  const importError = result?.intent === "importer" ? result.errors.fichier : undefined;
  const formError =
    result && result.ligne === undefined && result.intent !== "corriger-resultat" ? result.errors.form : undefined;
  return (
    <main className="container page">
      <p>
        <Link to={paths.formatRegistrants(format.id)}>← Inscrits du format</Link>
      </p>
      <h1>
        Résultats – {format.nom} <span className="muted">({format.course_nom})</span>
      </h1>
      <Notice kind="success">{result ? null : notice(search)}</Notice>
      <Notice kind="error">{formError ?? (result?.intent === "importer" ? result.errors.form : undefined)}</Notice>
      {draft ? <Preview draft={draft} result={result} /> : null}
      <ImportForm error={importError} replaces={!!published} />
      {published ? (
        <PublishedPanel
          formatId={format.id}
          published={published}
          line={line}
          searchedBib={searchedBib}
          result={result}
        />
      ) : (
        <p className="muted">Aucun résultat publié pour ce format.</p>
      )}
    </main>
  );
}
