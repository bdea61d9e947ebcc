// A labelled text field with its hint and its error next to it: the one rule for how a field is labelled, marked
// invalid and described (hint, then error) across the app's forms (accounts, event form, registration).
import type { ReactNode } from "react";

export interface FieldProps {
  name: string;
  label: ReactNode;
  /** The input's id; `f-{name}` unless the name holds characters an id should not (the event form's formats[0][x]). */
  id?: string;
  type?: string;
  error?: string;
  defaultValue?: string | null;
  autoComplete?: string;
  hint?: ReactNode;
  required?: boolean;
  placeholder?: string;
  inputMode?: "text" | "email" | "tel" | "numeric" | "decimal" | "url";
  maxLength?: number;
  min?: string;
  max?: string;
  /** A multi-line text instead of an input, of `rows` lines (4 unless told). */
  textarea?: boolean;
  rows?: number;
  className?: string;
}

/** aria-invalid and aria-describedby of a control whose hint and error carry the ids `{id}-hint` and `{id}-error`. */
export function fieldAria(id: string, { hint, error }: { hint?: unknown; error?: unknown }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined } as const;
}

/**
 * The name, the value typed before and the error of a form's fields, to spread into a Field or a SelectField:
 * `const bind = fieldBinder(values, errors)` then `<Field {...bind("nom")} label="Nom" />`. A value that is not text
 * (absent, a checkbox's boolean) shows as empty.
 */
export function fieldBinder(values: object, errors: Readonly<Record<string, string | undefined>>) {
  return (name: string) => {
    const value = (values as Readonly<Record<string, unknown>>)[name];
    return { name, defaultValue: typeof value === "string" ? value : "", error: errors[name] };
  };
}
export type FieldBinder = ReturnType<typeof fieldBinder>;

/** A field's error, under it (none without one), with the id its control's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error: ReactNode }) {
  return error ? (
    <p id={id} className="field-error">
      {error}
    </p>
  ) : null;
}

/**
 * The frame of a field whose control is the caller's own (a controlled select, an input with a ref): its label
 * (`htmlFor` = `id`), the control, then the hint and the error with the ids fieldAria points the control at.
 */
export function FieldShell({
  id,
  label,
  hint,
  error,
  required,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={["field", className, error ? "has-error" : null].filter(Boolean).join(" ")}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="req" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function Field({
  name,
  label,
  id = `f-${name}`,
  type = "text",
  error,
  defaultValue,
  autoComplete,
  hint,
  required,
  placeholder,
  inputMode,
  maxLength,
  min,
  max,
  textarea,
  rows = 4,
  className,
}: FieldProps) {
  const common = { id, name, defaultValue: defaultValue ?? "", ...fieldAria(id, { hint, error }) };
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required} className={className}>
      {textarea ? (
        <textarea {...common} rows={rows} required={required} placeholder={placeholder} maxLength={maxLength} />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={autoComplete}
          required={required}
          placeholder={placeholder}
          inputMode={inputMode}
          maxLength={maxLength}
          min={min}
          max={max}
        />
      )}
    </FieldShell>
  );
}

/** A checkbox with its label beside it and its error below it (a confirmation the form requires). */
export function CheckboxField({
  name,
  label,
  id = `f-${name}`,
  error,
  defaultChecked,
  required,
}: {
  name: string;
  label: ReactNode;
  id?: string;
  error?: string;
  defaultChecked?: boolean;
  /** The browser asks for it before sending (the label says why, or marks it). */
  required?: boolean;
}) {
  return (
    <div className={["field", error ? "has-error" : null].filter(Boolean).join(" ")}>
      <label className="checkbox">
        <input
          type="checkbox"
          id={id}
          name={name}
          defaultChecked={defaultChecked}
          required={required}
          {...fieldAria(id, { error })}
        />
        <span>{label}</span>
      </label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A labelled list of choices with its error next to it; an empty first option says nothing is chosen yet. */
export interface SelectFieldProps {
  name: string;
  label: ReactNode;
  options: readonly (string | { value: string; label: string })[];
  error?: string;
  defaultValue?: string | null;
  required?: boolean;
  emptyLabel?: string;
}

export function SelectField({
  name,
  label,
  options,
  error,
  defaultValue,
  required,
  emptyLabel = "— Choisir —",
}: SelectFieldProps) {
  const id = `f-${name}`;
  return (
    <FieldShell id={id} label={label} error={error} required={required}>
      <select id={id} name={name} defaultValue={defaultValue ?? ""} required={required} {...fieldAria(id, { error })}>
        <option value="">{emptyLabel}</option>
        {options.map((o) => {
          const v = typeof o === "string" ? o : o.value;
          const l = typeof o === "string" ? o : o.label;
          return (
            <option key={v} value={v}>
              {l}
            </option>
          );
        })}
      </select>
    </FieldShell>
  );
}
