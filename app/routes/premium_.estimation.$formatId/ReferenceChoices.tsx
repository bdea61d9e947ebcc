// What Balise already knows of the runner, offered as references (decision 0234): their published results and their
// recent runs. One GET form; each line's button sends its id (`resultat=…` or `activite=…`), which the server reads
// again for the signed-in account. Works without JavaScript.
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Link } from "~/components/Link";
import { DataTable } from "~/components/table/DataTable";
import { ACTIVITY_MAX_AGE_DAYS, ACTIVITY_MIN_KM, RESULT_MAX_AGE_YEARS } from "~/domain/estimate-references";
import { formatDate, formatKm, formatMeters } from "~/domain/format";
import { formatDuration } from "~/domain/format-duration";
import * as paths from "~/domain/paths";
import type { EstimateReferenceChoices, ReferenceChoiceView } from "~/services/estimate-references.server";

/** About six months, as the page says it. */
const MONTHS = Math.round(ACTIVITY_MAX_AGE_DAYS / 30.5);

/** What each kind of reference is called: the list's caption, its name and time columns, a line's own word. */
const SOURCES = {
  resultat: { caption: "Vos résultats sur Balise", name: "Course", time: "Temps", what: "mon résultat" },
  activite: { caption: "Vos sorties récentes", name: "Sortie", time: "Temps en mouvement", what: "ma sortie" },
} as const;

/** One list (nothing when empty), its buttons sending `source=<id>`, and a note under it. */
function ChoiceTable({
  source,
  choices,
  children,
}: {
  source: keyof typeof SOURCES;
  choices: ReferenceChoiceView[];
  children?: ReactNode;
}) {
  if (choices.length === 0) return null;
  const { caption, name: nameLabel, time, what } = SOURCES[source];
  return (
    <>
      <DataTable
        rows={choices}
        className="table race-choices stack-table"
        testId={`race-choices-${source}`}
        caption={<caption>{caption}</caption>}
        columns={[nameLabel, "Date", "Distance", "D+", time, "Indice équivalent", { label: "Choisir", hidden: true }]}
      >
        {(c) => {
          const name = c.detail ? `${c.title} — ${c.detail}` : c.title;
          return (
            <tr key={c.id}>
              <th scope="row">{name}</th>
              <td data-label="Date">{formatDate(c.date)}</td>
              <td data-label="Distance">{formatKm(c.reference.distanceKm)}</td>
              <td data-label="D+">{formatMeters(c.reference.dplus)}</td>
              <td data-label={time}>{formatDuration(c.reference.seconds)}</td>
              <td data-label="Indice équivalent">{c.index}</td>
              <td>
                <button
                  type="submit"
                  name={source}
                  value={c.id}
                  className="btn btn-outline btn-small"
                  aria-label={`Utiliser ${what} ${name} du ${formatDate(c.date)}`}
                >
                  Utiliser
                </button>
              </td>
            </tr>
          );
        }}
      </DataTable>
      {children ? <p className="muted small">{children}</p> : null}
    </>
  );
}

export function ReferenceChoices({ choices }: { choices: EstimateReferenceChoices }) {
  const none = choices.results.length === 0 && choices.activities.length === 0;
  return (
    <section className="race-references no-print" aria-labelledby="references-balise">
      <h2 id="references-balise">Vos références sur Balise</h2>
      {none ? (
        <p className="muted">
          Vos résultats publiés sur Balise (course terminée, {RESULT_MAX_AGE_YEARS} dernières années) apparaîtront ici,
          et vos sorties de course à pied d'au moins {ACTIVITY_MIN_KM}&nbsp;km des {MONTHS} derniers mois importées
          depuis <Link to={paths.premiumActivities()}>Mes activités</Link>.
        </p>
      ) : (
        <Form method="get">
          <ChoiceTable source="resultat" choices={choices.results} />
          <ChoiceTable source="activite" choices={choices.activities}>
            Sorties de course à pied ou de trail d'au moins {ACTIVITY_MIN_KM}&nbsp;km des {MONTHS} derniers mois, au
            temps en mouvement. Une sortie d'entraînement est rarement courue à fond&nbsp;: choisissez la plus proche
            d'un effort de course.
          </ChoiceTable>
        </Form>
      )}
    </section>
  );
}
