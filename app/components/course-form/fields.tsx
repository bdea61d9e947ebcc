// The event form's own fields: a text field whose id follows its name, and a file field that keeps an attached file.
import { Field as SharedField, type FieldProps } from "~/components/Field";

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

interface FileFieldProps {
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
      <input
        id={id}
        type="file"
        name={name}
        accept={accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
      />
      <p className="hint" id={`${id}-hint`}>
        {url ? `Choisir un fichier le remplace. ${hint}` : hint}
      </p>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
