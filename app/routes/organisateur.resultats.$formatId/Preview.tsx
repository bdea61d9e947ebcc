// The draft's preview: the counts, every line in error with its French message and a form to correct it, the
// unknown bibs (warnings), and 'Publier' once no error is left.
import { Form } from "@remix-run/react";
import type { LineIssue } from "~/domain/results-import";
import { DraftLineForm } from "./DraftLineForm";
import type { Draft } from "./types";
import type { ActionResult } from "./actions.server";

function IssueList({ issues, id }: { issues: readonly LineIssue[]; id: string }) {
  return (
    <ul id={id} className="results-issues">
      {issues.map((e) => (
        <li key={`${e.ligne}-${e.colonne}`}>
          <strong>Ligne {e.ligne}</strong>&nbsp;: {e.message}
        </li>
      ))}
    </ul>
  );
}

export function Preview({ draft, result }: { draft: Draft; result: ActionResult | undefined }) {
  const { counts } = draft;
  const errorCount = draft.errors.length;
  return (
    <section className="card tool-card" aria-labelledby="preview-title">
      <h2 id="preview-title">Aperçu{draft.fichier ? ` de ${draft.fichier}` : ""}</h2>
      <p data-testid="preview-counts">
        {counts.lignes} lignes lues&nbsp;: {counts.classes} classés, {counts.dnf} abandons, {counts.dns} non-partants,{" "}
        {counts.dsq} disqualifiés.{" "}
        <strong data-testid="preview-errors">
          {errorCount === 0 ? "Aucune erreur." : `${errorCount} erreur${errorCount > 1 ? "s" : ""}.`}
        </strong>{" "}
        {draft.warningCount > 0
          ? `${draft.warningCount} dossard${draft.warningCount > 1 ? "s" : ""} inconnu${draft.warningCount > 1 ? "s" : ""}.`
          : ""}
      </p>
      {errorCount > 0 ? (
        <>
          <h3>Lignes en erreur</h3>
          <IssueList issues={draft.errors} id="preview-error-list" />
          <p className="muted">
            Corrigez chaque ligne ci-dessous (ou retirez-la), ou importez un fichier corrigé&nbsp;: rien n'est publié
            tant qu'il reste une erreur.
          </p>
          {draft.lines.map((line) => (
            <DraftLineForm
              key={`${line.ligne}-${draft.version}`}
              line={line}
              version={draft.version}
              issues={draft.errors.filter((e) => e.ligne === line.ligne)}
              result={result?.ligne === line.ligne ? result : undefined}
            />
          ))}
        </>
      ) : (
        <Form method="post" className="inline-form">
          <input type="hidden" name="version" value={draft.version} />
          <button type="submit" name="intent" value="publier" className="btn btn-primary">
            Publier les résultats
          </button>
        </Form>
      )}
      <Form method="post" className="inline-form">
        <input type="hidden" name="version" value={draft.version} />
        <button type="submit" name="intent" value="abandonner" className="btn btn-secondary">
          Abandonner cet import
        </button>
      </Form>
      {draft.warningCount > 0 ? (
        <details>
          <summary>Dossards inconnus ({draft.warningCount})</summary>
          <p className="muted">
            Aucun inscrit de ce format ne porte ces dossards&nbsp;: les lignes seront publiées avec le nom, le prénom et
            le club du fichier.
          </p>
          <IssueList issues={draft.warnings} id="preview-warning-list" />
        </details>
      ) : null}
    </section>
  );
}
