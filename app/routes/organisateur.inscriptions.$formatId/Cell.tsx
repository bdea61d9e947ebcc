// One editable cell of the registrants table. Without JS it is a plain input of the row's form; with JS it saves
// itself through a fetcher posting `intent=cell` to the page's action (optimistic, rollback + message on failure).
import { useFetcher } from "@remix-run/react";
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "~/components/Link";
import { FIELD_LABELS, ORGANISER_STATUTS, statutLabel, type TableField } from "~/domain/registrants";
import { normaliseStatut } from "~/domain/registration-rules";
import type { Row } from "./page-data";
import * as paths from "~/domain/paths";
import { Options } from "~/components/form/Options";
import { isOneOf } from "~/domain/labels";

/** What the page's action answers a cell's save. */
type CellAnswer = { intent?: string; ok?: boolean; value?: string; error?: string };

/**
 * One editable cell. Without JS it is a plain input of the row's form (attribute `form`). With JS it saves
 * itself when left (a select when changed): the new value shows at once; if the server refuses, the last
 * saved value comes back and the message shows under the cell.
 */
export function Cell({
  row,
  field,
  initial,
  error: serverError,
  hydrated,
  stock,
  rowSaves,
  onSaved,
}: {
  row: Row;
  field: TableField;
  initial: string;
  error?: string;
  hydrated: boolean;
  stock: number;
  /** How many saves of this row's cells succeeded so far: a later save of the row clears this cell's message. */
  rowSaves: number;
  onSaved: () => void;
}) {
  const fetcher = useFetcher<CellAnswer>();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(serverError ?? null);
  const saved = useRef(initial);
  const waiting = useRef(false);
  const input = useRef<HTMLInputElement & HTMLSelectElement>(null);

  // Fresh data from the server (another cell saved, revalidation): follow it unless the user is typing here.
  useEffect(() => {
    if (!waiting.current && document.activeElement !== input.current) {
      saved.current = initial;
      setValue(initial);
    }
  }, [initial]);

  // Another cell of the row saved: this cell shows its saved value, and a message about a refused value is old news.
  const seenSaves = useRef(rowSaves);
  useEffect(() => {
    if (rowSaves === seenSaves.current) return;
    seenSaves.current = rowSaves;
    setError(null);
  }, [rowSaves]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !waiting.current || !fetcher.data) return;
    waiting.current = false;
    const d = fetcher.data as { intent?: string; ok?: boolean; value?: string; error?: string };
    if (d.ok) {
      saved.current = d.value ?? "";
      setValue(d.value ?? "");
      setError(null);
      onSaved();
    } else {
      setValue(saved.current); // rollback
      setError(d.error ?? "Erreur lors de l'enregistrement.");
    }
  }, [fetcher.state, fetcher.data, onSaved]);

  function save(next: string) {
    if (!hydrated || next === saved.current) return;
    waiting.current = true;
    setError(null);
    fetcher.submit({ intent: "cell", id: row.id, field, value: next }, { method: "post" });
  }
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (hydrated && e.key === "Enter") {
      e.preventDefault();
      e.currentTarget.blur();
    }
  }

  const id = `c-${row.id}-${field}`;
  const errId = `${id}-err`;
  const label = `${FIELD_LABELS[field]} de ${row.prenom ?? ""} ${row.nom ?? ""}`.trim();
  const common = {
    id,
    ref: input,
    name: field,
    form: hydrated ? undefined : `row-${row.id}`,
    "aria-label": label,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errId : undefined,
    "aria-busy": fetcher.state !== "idle" ? true : undefined,
  } as const;
  let control: ReactNode;
  if (field === "statut" && row.paid) {
    // A paid registration's status is not a free choice: it ends through a cancellation with its refund.
    const current = normaliseStatut(value) ?? value;
    control = (
      <>
        <input type="hidden" name={field} form={common.form} value={current} />
        <span id={id}>{statutLabel(current)}</span>
        {current === "validee" ? (
          <Link
            to={paths.runnerDetails(row.id, undefined, "annulation")}
            className="btn btn-ghost btn-small"
            aria-label={`Annuler l'inscription de ${row.prenom ?? ""} ${row.nom ?? ""}`.trim()}
          >
            Annuler…
          </Link>
        ) : null}
      </>
    );
  } else if (field === "statut") {
    const current = normaliseStatut(value) ?? value;
    const extra = !isOneOf(ORGANISER_STATUTS, current) && current ? [current] : [];
    control = (
      <select
        {...common}
        value={current}
        onChange={(e) => {
          setValue(e.target.value);
          save(e.target.value);
        }}
      >
        <Options values={[...ORGANISER_STATUTS, ...extra]} labels={statutLabel} />
      </select>
    );
  } else {
    const numeric = field === "dossard" || field === "nombre_repas";
    control = (
      <input
        {...common}
        type={field === "email" ? "email" : "text"}
        inputMode={numeric ? "numeric" : undefined}
        className={numeric ? "cell-num" : undefined}
        value={value}
        max={field === "nombre_repas" ? stock : undefined}
        onChange={(e) => setValue(e.target.value)}
        onBlur={(e) => save(e.target.value)}
        onKeyDown={onKeyDown}
      />
    );
  }
  return (
    <td data-label={FIELD_LABELS[field]} className={error ? "cell has-error" : "cell"}>
      {control}
      {fetcher.state !== "idle" ? (
        <span className="cell-status" aria-live="polite">
          Enregistrement…
        </span>
      ) : null}
      {error ? (
        <p className="field-error" id={errId} role="alert">
          {error}
        </p>
      ) : null}
    </td>
  );
}
