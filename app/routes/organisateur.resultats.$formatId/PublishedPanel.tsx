// What is published: the date, the number of lines, the public page's link, and the correction of one line (a GET
// form finds the bib, a POST form corrects it).
import { Form } from "@remix-run/react";
import { Field } from "~/components/Field";
import { Link } from "~/components/Link";
import { formatDateTime } from "~/domain/format";
import * as paths from "~/domain/paths";
import { formatRaceTime, RESULT_STATUSES } from "~/domain/results";
import type { PublishedResult } from "~/services/results.server";
import type { ActionResult } from "./actions.server";

export function PublishedPanel({
  formatId,
  published,
  line,
  searchedBib,
  result,
}: {
  formatId: string;
  published: { at: string; lignes: number };
  line: PublishedResult | null;
  searchedBib: string;
  result: ActionResult | undefined;
}) {
  const errors = result?.intent === "corriger-resultat" ? result.errors : {};
  const values = result?.intent === "corriger-resultat" ? result.values : undefined;
  return (
    <section className="card tool-card" aria-labelledby="published-title">
      <h2 id="published-title">Résultats publiés</h2>
      <p>
        Publiés le {formatDateTime(published.at)}&nbsp;: {published.lignes} lignes.{" "}
        <Link to={paths.results(formatId)}>Voir la page publique des résultats</Link>
      </p>
      <h3>Corriger une ligne publiée</h3>
      <Form method="get" className="inline-form">
        <Field name="dossard" id="f-chercher-dossard" label="Dossard" inputMode="numeric" defaultValue={searchedBib} />
        <button type="submit" className="btn btn-secondary">
          Chercher
        </button>
      </Form>
      {searchedBib && !line ? (
        <p className="alert alert-info">Aucun résultat publié pour le dossard {searchedBib}.</p>
      ) : null}
      {line ? (
        <Form method="post" className="results-line-form" aria-label={`Dossard ${line.dossard}`}>
          {errors.form ? (
            <p className="alert alert-error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <input type="hidden" name="dossard" value={line.dossard} />
          <div className="results-line-cells">
            <Field
              name="temps"
              label="Temps"
              defaultValue={values?.temps ?? formatRaceTime(line.temps_secondes)}
              error={errors.temps}
            />
            <Field
              name="classement"
              label="Classement"
              inputMode="numeric"
              defaultValue={values?.classement ?? (line.classement === null ? "" : String(line.classement))}
              error={errors.classement}
            />
            <Field
              name="categorie"
              label="Catégorie"
              defaultValue={values?.categorie ?? line.categorie}
              error={errors.categorie}
            />
            <Field
              name="statut"
              label="Statut"
              hint="Classé, DNF, DNS ou DSQ."
              defaultValue={values?.statut ?? RESULT_STATUSES[line.statut]}
              error={errors.statut}
            />
          </div>
          <button type="submit" name="intent" value="corriger-resultat" className="btn btn-primary">
            Enregistrer la correction du dossard {line.dossard}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
