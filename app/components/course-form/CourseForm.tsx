// The create/edit event form: a general block and repeatable format blocks. Without JavaScript every button
// is a submit button with an intent and the server re-renders the form with everything kept; with JavaScript
// the same <Form> submits in the background and the page updates in place.
import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useEffect } from "react";
import { PositionPicker } from "./PositionPicker";
import type { CourseField, CourseFormValues, FieldErrors } from "~/domain/course-form";
import { Field, FieldList, type FieldSpec, FileField } from "./fields";
import { FormatBlock } from "./FormatBlock";

/** The event's name and where it takes place. */
const PLACE: readonly FieldSpec<CourseField>[] = [
  { field: "nom", label: "Nom de l'épreuve", required: true },
  { field: "lieu", label: "Lieu", required: true, hint: "La commune du départ." },
  {
    field: "code_postal",
    label: "Code postal",
    required: true,
    inputMode: "numeric",
    autoComplete: "postal-code",
  },
  { field: "departement", label: "Département", required: true, hint: "Par exemple Haute-Savoie." },
];

/** Its point on the map, found from the postcode when left empty. */
const POSITION: readonly FieldSpec<CourseField>[] = [
  { field: "lat", label: "Latitude", inputMode: "decimal", hint: "Par exemple 45,92" },
  { field: "lng", label: "Longitude", inputMode: "decimal", hint: "Par exemple 6,87" },
];

export interface CourseFormProps {
  values: CourseFormValues;
  errors: FieldErrors;
  formError: string | null;
  rev: string;
  submitLabel: string;
  editing?: boolean;
  registered?: Record<string, number>;
  cancelTo: string;
}

export function CourseForm({
  values,
  errors,
  formError,
  rev,
  submitLabel,
  editing,
  registered,
  cancelTo,
}: CourseFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const hasErrors = Object.keys(errors).length > 0 || !!formError;
  // With JavaScript, after a refused save, move the focus to the first field in error (or the summary).
  useEffect(() => {
    if (!hasErrors || rev === "initial") return;
    const first =
      document.querySelector<HTMLElement>('.course-form [aria-invalid="true"]') ??
      document.querySelector<HTMLElement>('.course-form [role="alert"]');
    first?.focus({ preventScroll: false });
    first?.scrollIntoView({ block: "center" });
  }, [rev, hasErrors]);
  return (
    <Form method="post" encType="multipart/form-data" className="course-form" key={rev} noValidate preventScrollReset>
      {/* Pressing Enter in a field saves: the first submit button of the form is this one. */}
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        {submitLabel}
      </button>
      {formError ? (
        <p className="alert alert-error" role="alert" tabIndex={-1}>
          {formError}
        </p>
      ) : null}
      <fieldset className="card form-card">
        <legend>L'épreuve</legend>
        <input type="hidden" name="geo_origin" value={values.geo_origin} />
        <div className="field-columns">
          <FieldList specs={PLACE} values={values} errors={errors} />
        </div>
        {editing ? (
          <label className="checkbox small">
            <input type="checkbox" name="update_slug" defaultChecked={values.update_slug === "on"} /> Mettre à jour
            l'adresse de la page d'après le nouveau nom
          </label>
        ) : null}
        <Field
          name="presentation"
          label="Présentation"
          textarea
          value={values.presentation}
          error={errors.presentation}
        />
        <FileField
          name="image_file"
          urlName="image_url"
          label="Image de l'épreuve"
          url={values.image_url}
          accept="image/jpeg,image/png,image/webp"
          hint="JPEG, PNG ou WebP, 5 Mo au plus ; idéalement environ 1600 × 900."
          error={errors.image_file}
          kind="image"
        />
        <details className="geo-details" open={!!(errors.lat || errors.lng)}>
          <summary>Position sur la carte</summary>
          <p className="hint">
            Laissez vide pour la calculer à partir du code postal et du lieu. Vous pouvez la corriger ici.
          </p>
          <div className="field-columns">
            <FieldList specs={POSITION} values={values} errors={errors} />
          </div>
          <PositionPicker latId="f-lat" lngId="f-lng" />
        </details>
      </fieldset>

      <h2 className="formats-title">Formats</h2>
      {errors.formats ? <p className="field-error">{errors.formats}</p> : null}
      {values.formats.map((f, i) => (
        <FormatBlock
          key={f.key}
          f={f}
          i={i}
          errors={errors}
          registered={f.id && registered ? (registered[f.id] ?? 0) : undefined}
          count={values.formats.length}
        />
      ))}
      <p>
        <button type="submit" name="intent" value="add-format" className="btn btn-ghost" formNoValidate>
          + Ajouter un format
        </button>
      </p>
      <div className="actions form-submit">
        <button type="submit" name="intent" value="save" className="btn btn-primary" disabled={busy}>
          {busy ? "Enregistrement…" : submitLabel}
        </button>
        <Link to={cancelTo} className="btn btn-ghost">
          Annuler
        </Link>
      </div>
    </Form>
  );
}
