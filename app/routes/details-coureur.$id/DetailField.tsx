// One field of the registrant's details page: its own form (an 'Enregistrer' button without JavaScript; with
// JavaScript it saves itself on change, through a fetcher posting to the page's action).
import { useFetcher } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { FIELD_LABELS, ORGANISER_STATUTS, statutLabel, type EditableField } from "~/domain/registrants";
import { GENRES_SIMPLE, NATIONALITES, PAYS } from "~/domain/runner-fields";
import { normaliseStatut } from "~/domain/registration-rules";
import { PairOptions } from "~/components/form/Options";

/** The choices of a field shown as a select; an older stored value stays shown. */
function selectOptions(field: EditableField, value: string): [string, string][] {
  if (field === "statut") {
    const cur = normaliseStatut(value) ?? value;
    const list: string[] = [...ORGANISER_STATUTS];
    if (cur && !list.includes(cur)) list.push(cur);
    return list.map((s) => [s, statutLabel(s)]);
  }
  if (field === "justificatif_type") {
    return [
      ["", "—"],
      ["licence", "Licence"],
      ["pps", "PPS"],
    ];
  }
  // The runner fields' choices (app/domain/runner-fields.ts).
  const list: readonly string[] = field === "genre" ? GENRES_SIMPLE : field === "nationalite" ? NATIONALITES : PAYS;
  return [
    ["", "—"],
    ...list.map((o): [string, string] => [o, o]),
    ...(value && !list.includes(value) ? [[value, value] as [string, string]] : []),
  ];
}

/** A paid registration's status or meals: shown, with how they change instead. */
function LockedField({ field, initial }: { field: EditableField; initial: string }) {
  return (
    <tr>
      <th scope="row">{FIELD_LABELS[field]}</th>
      <td>
        <strong>{field === "statut" ? statutLabel(initial) : initial}</strong>
        <p className="hint">
          {field === "statut"
            ? "Inscription payée : son statut change par une annulation avec remboursement (ci-dessous), pas à la main."
            : "Inscription payée : ajoutez des repas réglés sur place avec « Repas payés sur place » (ci-dessous)."}
        </p>
      </td>
    </tr>
  );
}

/** What the page's action answers a field's save. */
type FieldAnswer = { ok: boolean; field: EditableField | null; value: string; error: string | null };

export function DetailField({
  field,
  initial,
  stock,
  hydrated,
  serverError,
  justSaved,
  locked,
}: {
  field: EditableField;
  initial: string;
  stock: number;
  hydrated: boolean;
  serverError?: { error: string; value: string } | null;
  justSaved: boolean;
  /** A paid registration's status: shown, not chosen (it changes through a cancellation with its refund). */
  locked?: boolean;
}) {
  const fetcher = useFetcher<FieldAnswer>();
  const [value, setValue] = useState(serverError ? serverError.value : initial);
  const [error, setError] = useState<string | null>(serverError?.error ?? null);
  const [saved, setSaved] = useState(justSaved);
  const last = useRef(initial);
  const waiting = useRef(false);

  useEffect(() => {
    if (fetcher.state !== "idle" || !waiting.current || !fetcher.data) return;
    waiting.current = false;
    const d = fetcher.data;
    if (!("ok" in d)) return;
    if (d.ok) {
      last.current = d.value;
      setValue(d.value);
      setError(null);
      setSaved(true);
    } else {
      setValue(last.current);
      setError(d.error);
      setSaved(false);
    }
  }, [fetcher.state, fetcher.data]);

  function save(next: string) {
    if (!hydrated || next === last.current) return;
    waiting.current = true;
    setSaved(false);
    setError(null);
    fetcher.submit({ field, value: next, js: "1" }, { method: "post" });
  }

  const id = `f-${field}`;
  const aria = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-err` : undefined,
  } as const;
  let control: ReactNode;
  if (field === "apparaitre_resultats") {
    control = (
      <label className="checkbox">
        <input type="hidden" name="value" value="false" />
        <input
          id={id}
          type="checkbox"
          name="value"
          value="true"
          checked={value === "true"}
          onChange={(e) => {
            const next = e.target.checked ? "true" : "false";
            setValue(next);
            save(next);
          }}
        />
        {FIELD_LABELS.apparaitre_resultats}
      </label>
    );
  } else if (
    field === "statut" ||
    field === "justificatif_type" ||
    field === "genre" ||
    field === "nationalite" ||
    field === "pays"
  ) {
    const options = selectOptions(field, value);
    control = (
      <select
        id={id}
        name="value"
        value={field === "statut" ? (normaliseStatut(value) ?? value) : value}
        {...aria}
        onChange={(e) => {
          setValue(e.target.value);
          save(e.target.value);
        }}
      >
        <PairOptions pairs={options} />
      </select>
    );
  } else {
    const type =
      field === "email"
        ? "email"
        : field === "date_naissance" || field === "pps_expiration"
          ? "date"
          : field.startsWith("telephone") || field === "contact_urgence_telephone"
            ? "tel"
            : "text";
    const numeric = field === "dossard" || field === "nombre_repas";
    control = (
      <input
        id={id}
        name="value"
        type={type}
        value={value}
        inputMode={numeric ? "numeric" : undefined}
        maxLength={200}
        {...aria}
        max={field === "nombre_repas" ? stock : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          if (type === "date") save(e.target.value);
        }}
        onBlur={(e) => save(e.target.value)}
      />
    );
  }
  if (locked) return <LockedField field={field} initial={initial} />;
  return (
    <tr>
      <th scope="row">
        {field === "apparaitre_resultats" ? "Résultats publics" : <label htmlFor={id}>{FIELD_LABELS[field]}</label>}
      </th>
      <td>
        <fetcher.Form
          method="post"
          className="detail-form"
          onSubmit={(e) => {
            if (hydrated) {
              e.preventDefault();
              save(value);
            }
          }}
        >
          <input type="hidden" name="field" value={field} />
          {control}
          {hydrated ? null : (
            <button type="submit" className="btn btn-ghost btn-small">
              Enregistrer
            </button>
          )}
          <span className="cell-status" aria-live="polite">
            {fetcher.state !== "idle" ? "Enregistrement…" : saved && !error ? "Enregistré ✓" : ""}
          </span>
        </fetcher.Form>
        {error ? (
          <p className="field-error" id={`${id}-err`} role="alert">
            {error}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
