// One repeatable format block of the event form: its facts, transfer rules, meals, texts, files and actions.
import { useLocation } from "@remix-run/react";
import { type FieldErrors, type FormatField, type FormatValues, formatFieldName } from "~/domain/course-form";
import { FieldList, type FieldSpec, FileField, type FileFieldProps } from "./fields";
import { FormatFacts, TransferFields } from "./FormatFields";
import { MealFields } from "./MealFields";

/** The format's texts for the runners, after its meals. */
const TEXTS: readonly FieldSpec<FormatField>[] = [
  {
    field: "ravitaillements",
    label: "Ravitaillements",
    textarea: true,
    hint: "Un par ligne, ou séparés par des virgules ou des points-virgules.",
  },
  { field: "remise_dossards", label: "Remise des dossards" },
  { field: "dotation", label: "Dotation" },
  { field: "hebergements", label: "Hébergements", textarea: true },
  { field: "presentation_parcours", label: "Présentation du parcours", textarea: true },
];

/** One format of the event: its hidden keys, its fields, and its duplicate and delete buttons. */
export function FormatBlock({
  f,
  i,
  errors,
  registered,
  count,
}: {
  f: FormatValues;
  i: number;
  errors: FieldErrors;
  registered?: number;
  count: number;
}) {
  const n = (field: string) => formatFieldName(i, field);
  return (
    <fieldset className="card format-block" id={`format-${i + 1}`}>
      <legend>
        Format {i + 1}
        {f.nom ? ` — ${f.nom}` : ""}
      </legend>
      <input type="hidden" name={n("key")} value={f.key} />
      <input type="hidden" name={n("id")} value={f.id} />
      {registered != null ? <p className="muted small">Inscrits&nbsp;: {registered}</p> : null}
      <FormatFacts f={f} i={i} errors={errors} />
      <TransferFields f={f} i={i} errors={errors} />
      <MealFields f={f} i={i} errors={errors} />
      <FieldList specs={TEXTS} values={f} errors={errors} name={n} />
      <FormatFiles f={f} i={i} errors={errors} />
      <FormatActions f={f} i={i} registered={registered} count={count} />
    </fieldset>
  );
}

/** The format's image, GPX track and rules (PDF): the file input's field, the field keeping the one attached. */
const FILES: readonly (Omit<FileFieldProps, "name" | "urlName" | "url" | "error"> & {
  field: string;
  urlField: FormatField;
})[] = [
  {
    field: "image_file",
    urlField: "image_url",
    label: "Image du format",
    accept: "image/jpeg,image/png,image/webp",
    hint: "JPEG, PNG ou WebP, 5 Mo au plus.",
    kind: "image",
  },
  {
    field: "gpx_file",
    urlField: "gpx_url",
    label: "Trace GPX",
    accept: ".gpx,application/gpx+xml",
    hint: "Fichier GPX avec une trace ou un itinéraire, 10 Mo au plus.",
    kind: "file",
  },
  {
    field: "reglement_file",
    urlField: "reglement_pdf_url",
    label: "Règlement (PDF)",
    accept: "application/pdf",
    hint: "PDF, 10 Mo au plus.",
    kind: "file",
  },
];

function FormatFiles({ f, i, errors }: { f: FormatValues; i: number; errors: FieldErrors }) {
  const n = (field: string) => formatFieldName(i, field);
  return (
    <div className="grid-3">
      {FILES.map(({ field, urlField, ...file }) => (
        <FileField
          key={field}
          {...file}
          name={n(field)}
          urlName={n(urlField)}
          url={f[urlField]}
          error={errors[n(field)]}
        />
      ))}
    </div>
  );
}

/** Duplicate or delete the format (a confirmation first, refused on save while it has registrants). */
function FormatActions({
  f,
  i,
  registered,
  count,
}: {
  f: FormatValues;
  i: number;
  registered?: number;
  count: number;
}) {
  // Without JavaScript the question comes back on a new page: its address ends with the question's anchor, so the
  // browser shows it rather than the top of a long form (issue 42).
  const location = useLocation();
  const anchor = `format-${i}-suppression`;
  return f.confirmDelete ? (
    <div className="alert alert-error format-confirm" role="alert" id={anchor}>
      <p>Supprimer ce format ? Cette action est irréversible.</p>
      {registered ? (
        <p className="small">
          Ce format compte {registered} inscription{registered > 1 ? "s" : ""}&nbsp;: l'enregistrement sera refusé.
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" name="intent" value={`delete-format:${i}`} className="btn btn-danger">
          Oui, supprimer ce format
        </button>
        <button type="submit" name="intent" value={`cancel-delete-format:${i}`} className="btn btn-ghost">
          Annuler
        </button>
      </div>
    </div>
  ) : (
    <div className="actions format-actions">
      <button type="submit" name="intent" value={`duplicate-format:${i}`} className="btn btn-ghost" formNoValidate>
        Dupliquer ce format
      </button>
      <button
        type="submit"
        name="intent"
        value={`ask-delete-format:${i}`}
        formAction={`${location.pathname}${location.search}#${anchor}`}
        className="btn btn-ghost btn-danger-ghost"
        formNoValidate
        disabled={count <= 1}
        title={count <= 1 ? "Une épreuve a au moins un format." : undefined}
      >
        Supprimer ce format
      </button>
    </div>
  );
}
