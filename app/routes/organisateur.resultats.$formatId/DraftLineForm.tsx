// One line of the draft in error: its cells as typed, each beside its message, corrected or removed by a form.
import { Form } from "@remix-run/react";
import { Field } from "~/components/Field";
import type { DraftLine, LineIssue } from "~/domain/results-import";
import type { ActionResult } from "./actions.server";

const CELLS = [
  ["dossard", "Dossard"],
  ["temps", "Temps"],
  ["classement", "Classement"],
  ["categorie", "Catégorie"],
  ["statut", "Statut"],
] as const;

export function DraftLineForm({
  line,
  version,
  issues,
  result,
}: {
  line: DraftLine;
  version: number;
  issues: LineIssue[];
  result: ActionResult | undefined;
}) {
  const values = result?.values ?? line;
  return (
    <Form method="post" className="results-line-form" aria-label={`Ligne ${line.ligne}`}>
      <h4>Ligne {line.ligne}</h4>
      {result?.errors.form ? (
        <p className="alert alert-error" role="alert">
          {result.errors.form}
        </p>
      ) : null}
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="ligne" value={line.ligne} />
      <div className="results-line-cells">
        {CELLS.map(([name, label]) => (
          <Field
            key={name}
            id={`f-${name}-${line.ligne}`}
            name={name}
            label={label}
            defaultValue={(values as Record<string, string>)[name] ?? ""}
            error={issues.find((i) => i.colonne === name)?.message}
          />
        ))}
      </div>
      <button type="submit" name="intent" value="corriger-ligne" className="btn btn-primary">
        Corriger la ligne {line.ligne}
      </button>{" "}
      <button type="submit" name="intent" value="retirer-ligne" className="btn btn-secondary">
        Retirer la ligne {line.ligne}
      </button>
    </Form>
  );
}
