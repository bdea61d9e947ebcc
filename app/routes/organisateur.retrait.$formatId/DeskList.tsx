// The desk without JavaScript: a search by name or bib (a GET form) and the list, each runner with a real form to
// tick (and to validate a justificatif). The counter is the server's.
import { Form } from "@remix-run/react";
import { type DeskRunner, matchesSearch, mayCheckIn, mayUndo, pickupCounter } from "~/domain/check-in";
import { personName } from "~/domain/format";
import { DeskRunnerList, mayValidate, UndoButton, ValidateButton } from "./RunnerFacts";

export function DeskList({ d }: { d: { runners: DeskRunner[]; q: string } }) {
  const counter = pickupCounter(d.runners);
  const shown = d.runners.filter((r) => matchesSearch(r, d.q));
  return (
    <>
      <p className="desk-counter" aria-live="polite">
        <strong>{counter.retires}</strong> retirés / <strong>{counter.attendus}</strong> attendus
      </p>
      <Form method="get" className="desk-search" role="search">
        <label htmlFor="desk-q">Nom ou dossard</label>
        <input id="desk-q" name="q" type="search" defaultValue={d.q} autoComplete="off" />
        <button type="submit" className="btn btn-ghost">
          Chercher
        </button>
      </Form>
      {shown.length === 0 ? <p className="muted">Aucun coureur ne correspond.</p> : null}
      <DeskRunnerList
        runners={shown}
        actions={(r) => (
          <>
            {mayCheckIn(r) ? (
              <Form method="post">
                <input type="hidden" name="intent" value="retirer" />
                <input type="hidden" name="id" value={r.id} />
                <input type="hidden" name="q" value={d.q} />
                <button type="submit" className="btn btn-primary" aria-label={`Retirer le dossard de ${personName(r)}`}>
                  Retirer
                </button>
              </Form>
            ) : null}
            {mayValidate(r) ? <ValidateButton r={r} q={d.q} /> : null}
            {mayUndo(r) ? <UndoButton r={r} q={d.q} /> : null}
          </>
        )}
      />
    </>
  );
}
