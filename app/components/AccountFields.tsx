// Form pieces of the account screens: labelled fields with their error next to them, a password field whose
// show/hide toggle appears only once JavaScript runs (without JS the field simply works), and the honeypot.
import { useState, type ReactNode } from "react";
import { HONEYPOT_FIELD } from "~/domain/profile-account";
import { Field, type FieldProps, fieldAria, FieldError } from "~/components/Field";
import { useHydrated } from "~/components/useHydrated";

/** The account e-mail (login, sign-up, forgotten password): same label, keyboard and autofill everywhere. */
export function AccountEmailField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <Field
      name="email"
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      defaultValue={defaultValue}
      error={error}
    />
  );
}

export function PasswordField(props: Omit<FieldProps, "type" | "defaultValue"> & { minLength?: number }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const id = `f-${props.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {props.label}
        {props.required ? (
          <span className="req" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      <div className="password-row">
        <input
          id={id}
          name={props.name}
          type={shown ? "text" : "password"}
          autoComplete={props.autoComplete}
          required={props.required}
          minLength={props.minLength}
          maxLength={props.maxLength}
          {...fieldAria(id, props)}
        />
        {hydrated ? (
          <button
            type="button"
            className="btn btn-ghost password-toggle"
            aria-controls={id}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? "Masquer" : "Afficher"}
          </button>
        ) : null}
      </div>
      {props.hint ? (
        <p id={`${id}-hint`} className="hint">
          {props.hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={props.error} />
    </div>
  );
}

/** Invisible to people (and to screen readers), tempting for bots. A filled honeypot silently drops the request. */
export function Honeypot() {
  return (
    <div className="hp" aria-hidden="true">
      <label htmlFor={`f-${HONEYPOT_FIELD}`}>Ne pas remplir ce champ</label>
      <input
        id={`f-${HONEYPOT_FIELD}`}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

export function FormAlert({ kind, children }: { kind: "error" | "success" | "info"; children: ReactNode }) {
  return (
    <p role={kind === "error" ? "alert" : "status"} className={`alert alert-${kind}`}>
      {children}
    </p>
  );
}
