// One runner as the desk shows them (the list and the scan's result): name, bib, justificatif, meals, and either the
// pick-up time or why there is no bib to hand over. The actions are the caller's (a form, or a button with JS).
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  CHECK_IN_REFUSALS,
  checkInRefusal,
  type DeskRunner,
  JUSTIFICATIF_DESK_LABELS,
  pickupClock,
  undoneText,
} from "~/domain/check-in";
import { personName } from "~/domain/format";

export function RunnerFacts({ r, children }: { r: DeskRunner; children?: ReactNode }) {
  const refusal = checkInRefusal(r.statut);
  const name = personName(r, "Coureur");
  return (
    <div className="desk-runner">
      <p className="desk-runner-name">
        <strong>{name}</strong> <span className="desk-bib">{r.dossard ? `Dossard ${r.dossard}` : "Sans dossard"}</span>
      </p>
      <p className="desk-runner-facts">
        Justificatif&nbsp;:{" "}
        <span className={`desk-justif desk-justif-${r.justificatif}`}>{JUSTIFICATIF_DESK_LABELS[r.justificatif]}</span>
        {" · "}
        {r.nombre_repas > 0 ? `${r.nombre_repas} repas` : "Pas de repas"}
      </p>
      {refusal ? (
        <p className="desk-refusal">{CHECK_IN_REFUSALS[refusal]}</p>
      ) : r.retire_le ? (
        <p className="desk-done">
          Retiré à {pickupClock(r.retire_le)}
          {r.retire_par ? ` par ${r.retire_par}` : ""}
        </p>
      ) : r.annule_le ? (
        <p className="desk-undone">{undoneText(r.annule_le, r.annule_par)}</p>
      ) : null}
      {children}
    </div>
  );
}

/** May the justificatif be validated from the desk (something to check, or refused before)? */
export function mayValidate(r: DeskRunner): boolean {
  return r.justificatif === "a_verifier" || r.justificatif === "refuse";
}

/** The one-tap 'Valider' of the justificatif (a real form: the justificatif use case decides, online only). */
export function ValidateButton({ r, q }: { r: DeskRunner; q?: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="valider" />
      <input type="hidden" name="id" value={r.id} />
      <input type="hidden" name="version" value={r.justificatif_version} />
      {q !== undefined ? <input type="hidden" name="q" value={q} /> : null}
      <button
        type="submit"
        className="btn btn-ghost"
        aria-label={`Valider le justificatif de ${personName(r, "Coureur")}`}
      >
        Valider
      </button>
    </Form>
  );
}

/** « Annuler le retrait » (a real form, online only: the server stamps the undo, which wins over older scans). */
export function UndoButton({ r, q }: { r: DeskRunner; q?: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="annuler" />
      <input type="hidden" name="id" value={r.id} />
      {q !== undefined ? <input type="hidden" name="q" value={q} /> : null}
      <button
        type="submit"
        className="btn btn-ghost"
        aria-label={`Annuler le retrait du dossard de ${personName(r, "Coureur")}`}
      >
        Annuler le retrait
      </button>
    </Form>
  );
}

/** The desk's list: each runner's facts (their item's id `r-{id}`, for the scan's jump) and the caller's actions. */
export function DeskRunnerList({
  runners,
  actions,
}: {
  runners: readonly DeskRunner[];
  actions: (r: DeskRunner) => ReactNode;
}) {
  return (
    <ul className="desk-list">
      {runners.map((r) => (
        <li key={r.id} id={`r-${r.id}`}>
          <RunnerFacts r={r}>
            <div className="desk-actions">{actions(r)}</div>
          </RunnerFacts>
        </li>
      ))}
    </ul>
  );
}
