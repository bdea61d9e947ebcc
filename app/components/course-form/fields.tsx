// The event form's own fields: a text field whose id follows its name, and a file field that keeps an attached file.
import { FieldError, Field as SharedField, type FieldProps, fieldAria } from "~/components/Field";
import { PairOptions } from "~/components/form/Options";

/** The event form's fields: ids without the brackets of the formats' names, no browser autofill unless asked. */
export function Field({ value, ...props }: Omit<FieldProps, "defaultValue" | "id"> & { value: string }) {
  return (
    <SharedField
      {...props}
      id={`f-${props.name.replace(/[^a-z0-9]/gi, "-")}`}
      defaultValue={value}
      autoComplete={props.autoComplete ?? "off"}
    />
  );
}

export interface FileFieldProps {
  name: string;
  urlName: string;
  label: string;
  url: string;
  accept: string;
  hint: string;
  error?: string;
  kind: "image" | "file";
}

/** A file input plus, when a file is already attached, a hidden field keeping it and a way to remove it. */
export function FileField({ name, urlName, label, url, accept, hint, error, kind }: FileFieldProps) {
  const id = `f-${name.replace(/[^a-z0-9]/gi, "-")}`;
  return (
    <div className="field file-field">
      <label htmlFor={id}>{label}</label>
      <input type="hidden" name={urlName} value={url} />
      {url ? (
        <div className="file-current">
          {kind === "image" ? <img src={url} alt="" width={160} height={90} loading="lazy" /> : null}
          <p className="small">
            Fichier joint&nbsp;: <a href={url}>{kind === "image" ? "voir l'image" : "télécharger"}</a>
          </p>
          <label className="checkbox small">
            <input type="checkbox" name={`${urlName}_remove`} /> Retirer ce fichier
          </label>
        </div>
      ) : null}
      <input id={id} type="file" name={name} accept={accept} {...fieldAria(id, { hint: true, error })} />
      <p className="hint" id={`${id}-hint`}>
        {url ? `Choisir un fichier le remplace. ${hint}` : hint}
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A text field of the form told by the key its value and error are read under (its name is `name(field)`). */
export type FieldSpec<K extends string> = Omit<FieldProps, "name" | "id" | "defaultValue" | "error"> & { field: K };

/** Text fields in a row, each reading its value from `values` and its error from `errors` under its own key. */
export function FieldList<K extends string>({
  specs,
  values,
  errors,
  name = (field) => field,
}: {
  specs: readonly FieldSpec<K>[];
  values: Record<K, string>;
  errors: Record<string, string>;
  name?: (field: K) => string;
}) {
  return (
    <>
      {specs.map(({ field, ...spec }) => (
        <Field key={field} {...spec} name={name(field)} value={values[field]} error={errors[name(field)]} />
      ))}
    </>
  );
}

/** A list of choices with its label, the first option chosen when the value is empty. */
export function ChoiceField({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        <PairOptions pairs={options} />
      </select>
    </div>
  );
}

/** A list of choices told by the key its value is read under, the stem of its id (`f-{id}-{index}`) and its options. */
export interface ChoiceSpec<K extends string> {
  field: K;
  id: string;
  label: string;
  options: readonly (readonly [value: string, label: string])[];
}

/** Lists of choices in a row, each reading its value from `values` under its own key (its name is `name(field)`). */
export function ChoiceList<K extends string>({
  specs,
  values,
  index,
  name,
}: {
  specs: readonly ChoiceSpec<K>[];
  values: Record<K, string>;
  index: number;
  name: (field: K) => string;
}) {
  return (
    <>
      {specs.map(({ field, id, label, options }) => (
        <ChoiceField
          key={field}
          id={`f-${id}-${index}`}
          name={name(field)}
          label={label}
          value={values[field]}
          options={options}
        />
      ))}
    </>
  );
}
