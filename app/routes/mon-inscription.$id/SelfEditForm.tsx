// 'Mes informations': the self-edit fields of spec section 5, the justificatif's check and document, the choice to
// appear in the published results. Read-only (disabled) once the registration is cancelled or refunded.
import { Form, useNavigation } from "@remix-run/react";
import { Field, type FieldProps, SelectField as SharedSelectField, type SelectFieldProps } from "~/components/Field";
import { type DocumentRef, JustificatifDocumentField } from "~/components/JustificatifDocumentField";
import { GENRES_SIMPLE, JUSTIFICATIFS, NATIONALITES, PAYS } from "~/domain/profile";
import * as paths from "~/domain/paths";
import type { PageData } from "./page-data.server";

export type Values = Record<string, string | boolean | null | undefined>;
type Errors = Record<string, string>;

const text = (v: Values[string]) => (typeof v === "string" ? v : "");

/** A field of the self-edit form, filled from its values and errors. */
function TextField({
  values,
  errors,
  ...p
}: Omit<FieldProps, "defaultValue" | "error"> & { values: Values; errors: Errors }) {
  return <Field {...p} defaultValue={text(values[p.name])} error={errors[p.name]} />;
}

function SelectField({
  values,
  errors,
  ...p
}: Omit<SelectFieldProps, "defaultValue" | "error" | "emptyLabel"> & { values: Values; errors: Errors }) {
  return (
    <SharedSelectField {...p} defaultValue={text(values[p.name])} error={errors[p.name]} emptyLabel="— Choisir —" />
  );
}

export function SelfEditForm({
  d,
  values,
  errors,
  document,
}: {
  d: PageData;
  values: Values;
  errors: Errors;
  document: DocumentRef | null;
}) {
  const nav = useNavigation();
  const saving = nav.state === "submitting" && nav.formAction === paths.myRegistration(d.id);
  return (
    <Form method="post" encType="multipart/form-data" className="card form-card my-reg-form" noValidate>
      <fieldset disabled={d.readOnly}>
        <legend>
          <h2>Mes informations</h2>
        </legend>
        <RunnerFields values={values} errors={errors} today={d.today} competition={d.justificatif.competition} />
        {d.justificatif.competition ? (
          <div className="justificatif-check">
            <p data-testid="justificatif-etat">
              Vérification du justificatif par l'organisateur&nbsp;: <strong>{d.justificatif.label}</strong>
              {d.justificatif.reason ? <> — {d.justificatif.reason}. Corrigez-le ci-dessous puis enregistrez.</> : null}
            </p>
            <JustificatifDocumentField doc={document} error={errors.justificatif_document} disabled={d.readOnly} />
          </div>
        ) : (
          <p className="hint">Randonnée non chronométrée&nbsp;: aucun justificatif n'est demandé.</p>
        )}
        <div className="field results-choice">
          <label className="checkbox">
            <input
              type="checkbox"
              name="apparaitre_resultats"
              defaultChecked={values.apparaitre_resultats === true}
              aria-describedby="ffa-note"
            />
            <span>Apparaître dans les résultats officiels</span>
          </label>
          <p id="ffa-note" className="hint">
            Les résultats des courses hors stade sont publiés selon les règles de la Fédération française d'athlétisme
            (nom, prénom, club, catégorie, temps). Si vous décochez cette case, l'organisateur vous classe quand même
            mais votre nom n'apparaît pas dans les résultats publiés en ligne.
          </p>
        </div>
        <button type="submit" className="btn btn-primary" disabled={d.readOnly || saving}>
          {saving ? "Enregistrement…" : "Enregistrer les modifications"}
        </button>
      </fieldset>
    </Form>
  );
}

/** The runner's fields, in the registration form's order (the justificatif's only for a timed race). */
function RunnerFields({
  values: v,
  errors: e,
  today,
  competition,
}: {
  values: Values;
  errors: Errors;
  today: string;
  competition: boolean;
}) {
  return (
    <div className="field-grid">
      <TextField name="nom" label="Nom" values={v} errors={e} autoComplete="family-name" required />
      <TextField name="prenom" label="Prénom" values={v} errors={e} autoComplete="given-name" required />
      <SelectField name="genre" label="Genre" values={v} errors={e} options={GENRES_SIMPLE} />
      <TextField
        name="date_naissance"
        label="Date de naissance"
        type="date"
        values={v}
        errors={e}
        autoComplete="bday"
        max={today}
      />
      <SelectField name="nationalite" label="Nationalité" values={v} errors={e} options={NATIONALITES} />
      <TextField
        name="email"
        label="Email"
        type="email"
        values={v}
        errors={e}
        autoComplete="email"
        inputMode="email"
        required
      />
      <TextField
        name="telephone"
        label="Téléphone"
        type="tel"
        values={v}
        errors={e}
        autoComplete="tel"
        inputMode="tel"
      />
      <TextField name="adresse" label="Adresse" values={v} errors={e} autoComplete="address-line1" />
      <TextField
        name="adresse_complement"
        label="Complément d'adresse"
        values={v}
        errors={e}
        autoComplete="address-line2"
      />
      <TextField
        name="code_postal"
        label="Code postal"
        values={v}
        errors={e}
        autoComplete="postal-code"
        inputMode="numeric"
      />
      <TextField name="ville" label="Ville" values={v} errors={e} autoComplete="address-level2" />
      <SelectField name="pays" label="Pays" values={v} errors={e} options={PAYS} />
      <TextField name="club" label="Club" values={v} errors={e} />
      {competition ? (
        <>
          <SelectField name="justificatif_type" label="Justificatif" values={v} errors={e} options={JUSTIFICATIFS} />
          <TextField
            name="numero_licence"
            label="Numéro de licence FFA"
            values={v}
            errors={e}
            hint="Conservé seulement si le justificatif est une licence."
          />
          <TextField
            name="pps_identifier"
            label="Identifiant PPS"
            values={v}
            errors={e}
            hint="Conservé seulement si le justificatif est un PPS."
          />
          <TextField
            name="pps_expiration"
            label="Fin de validité du PPS"
            type="date"
            values={v}
            errors={e}
            hint="Le PPS doit être valable le jour de la course."
          />
        </>
      ) : null}
      <TextField name="contact_urgence_nom" label="Contact d'urgence (nom)" values={v} errors={e} />
      <TextField
        name="contact_urgence_telephone"
        label="Contact d'urgence (téléphone)"
        type="tel"
        values={v}
        errors={e}
        inputMode="tel"
      />
    </div>
  );
}
