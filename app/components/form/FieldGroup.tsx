// A form's fields told as a list (name, label, options for a choice) and drawn with their values and errors, and
// the save button that says when it is saving: the account and profile forms share them.
import { Field, type FieldProps, SelectField, type SelectFieldProps } from "~/components/Field";

/** A text field, or a list of choices when it has options; its value and error are read under its name. */
export type FieldSpec = Omit<FieldProps, "defaultValue" | "error"> | Omit<SelectFieldProps, "defaultValue" | "error">;

const text = (v: unknown) => (typeof v === "string" ? v : "");

/** The fields of `specs` in order, each showing `values[name]` and `errors[name]`. */
export function FieldGroup({
  specs,
  values,
  errors,
}: {
  specs: readonly FieldSpec[];
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
}) {
  return (
    <>
      {specs.map((spec) =>
        "options" in spec ? (
          <SelectField key={spec.name} {...spec} defaultValue={text(values[spec.name])} error={errors[spec.name]} />
        ) : (
          <Field key={spec.name} {...spec} defaultValue={text(values[spec.name])} error={errors[spec.name]} />
        ),
      )}
    </>
  );
}

/** The form's submit button: disabled and saying `busyLabel` ("Enregistrement…") while the form is being sent. */
export function SaveButton({
  busy,
  busyLabel = "Enregistrement…",
  children,
}: {
  busy: boolean;
  busyLabel?: string;
  children: string;
}) {
  return (
    <button type="submit" className="btn btn-primary" disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
