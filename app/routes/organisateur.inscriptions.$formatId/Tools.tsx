// The tools above the registrants table: the search (a GET form), the bib assignment and the CSV export.
import { SearchField } from "~/components/form/SearchField";
import { Form } from "@remix-run/react";
import { ALL_EXPORT_COLUMNS, EXPORT_COLUMN_LABELS, EXPORT_COLUMNS } from "~/domain/csv";
import { JUSTIFICATIF_ETAT_LABELS, JUSTIFICATIF_ETATS } from "~/domain/justificatif";
import { ORGANISER_STATUT_LABELS, ORGANISER_STATUTS } from "~/domain/registrants";
import { Link } from "~/components/Link";
import * as paths from "~/domain/paths";
import { Options } from "~/components/form/Options";
import { isOneOf } from "~/domain/labels";

/** Search by text, status and (competitions) justificatif state. */
export function SearchForm({
  d,
}: {
  d: { q: string; statut: string | null; justificatif: string | null; competition: boolean };
}) {
  return (
    <Form method="get" className="registrants-search" role="search">
      <SearchField id="q" label="Rechercher" value={d.q} placeholder="Nom, prénom, email, club, dossard" />
      <div className="field">
        <label htmlFor="statut">Statut</label>
        <select id="statut" name="statut" defaultValue={d.statut ?? ""}>
          <option value="">Tous</option>
          <Options values={ORGANISER_STATUTS} labels={ORGANISER_STATUT_LABELS} />
        </select>
      </div>
      {d.competition ? (
        <div className="field">
          <label htmlFor="justificatif">Justificatif</label>
          <select id="justificatif" name="justificatif" defaultValue={d.justificatif ?? ""}>
            <option value="">Tous</option>
            <Options values={JUSTIFICATIF_ETATS.filter((e) => e !== "non_requis")} labels={JUSTIFICATIF_ETAT_LABELS} />
          </select>
        </div>
      ) : null}
      <button type="submit" className="btn btn-ghost">
        Rechercher
      </button>
      {d.q || d.statut || d.justificatif ? (
        <Link to="." className="btn btn-ghost">
          Réinitialiser
        </Link>
      ) : null}
    </Form>
  );
}

/** 'Attribuer les dossards': numbers from the first one, in registration order (open again after a refused form). */
export function BibsPanel({
  withoutBib,
  bibsResult,
  busy,
}: {
  withoutBib: number;
  bibsResult: { error: string; debut: string } | null;
  busy: boolean;
}) {
  const defaultStart = 1;
  return (
    <details className="registrants-panel" open={bibsResult ? true : undefined}>
      <summary className="btn btn-ghost">Attribuer les dossards</summary>
      <Form method="post" className="panel-body">
        <input type="hidden" name="intent" value="bibs" />
        <p className="hint">
          {withoutBib} coureur{withoutBib > 1 ? "s" : ""} validé{withoutBib > 1 ? "s" : ""} sans dossard. Les numéros
          sont donnés dans l'ordre d'inscription, à partir du premier numéro, en sautant ceux déjà attribués.
        </p>
        <div className="field">
          <label htmlFor="debut">Premier numéro</label>
          <input
            id="debut"
            name="debut"
            type="number"
            inputMode="numeric"
            min={1}
            defaultValue={bibsResult?.debut || defaultStart}
            aria-invalid={bibsResult?.error ? true : undefined}
            aria-describedby={bibsResult?.error ? "debut-err" : undefined}
          />
          {bibsResult?.error ? (
            <p className="field-error" id="debut-err" role="alert">
              {bibsResult.error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Attribuer
        </button>
      </Form>
    </details>
  );
}

/** 'Exporter CSV': the columns to download, a plain GET form (the browser downloads the file). */
export function ExportPanel({ formatId }: { formatId: string }) {
  return (
    <details className="registrants-panel">
      <summary className="btn btn-ghost">Exporter CSV</summary>
      {/* A plain form: the browser downloads the file (no client-side routing to a resource route). */}
      <form method="get" action={paths.formatRegistrantsExport(formatId)} className="panel-body export-form">
        <fieldset>
          <legend>Colonnes du fichier</legend>
          <div className="export-columns">
            {ALL_EXPORT_COLUMNS.map((c) => (
              <label key={c} className="checkbox">
                <input type="checkbox" name="col" value={c} defaultChecked={isOneOf(EXPORT_COLUMNS, c)} />
                {EXPORT_COLUMN_LABELS[c]}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="hint">Fichier CSV (séparateur point-virgule, UTF-8), toutes les inscriptions du format.</p>
        <button type="submit" className="btn btn-primary">
          Télécharger le CSV
        </button>
      </form>
    </details>
  );
}
