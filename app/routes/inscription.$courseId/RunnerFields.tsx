// 'Vos informations': the runner's fields, pre-filled from the runner profile, and the choice to appear in the
// published results.
import { Link } from "~/components/Link";
import { Field as SharedField, type FieldProps, SelectField } from "~/components/Field";
import { GENRES_SIMPLE, NATIONALITES, PAYS } from "~/domain/profile";
import type { RegistrationField, RegistrationValues } from "~/domain/registration";
import * as paths from "~/domain/paths";
import type { Errors } from "./ErrorSummary";

/** A runner field of this form, filled from its values and errors. */
export function Field({
  values,
  errors,
  ...props
}: Omit<FieldProps, "name" | "defaultValue" | "error"> & {
  name: RegistrationField;
  values: RegistrationValues;
  errors: Errors;
}) {
  return <SharedField {...props} defaultValue={values[props.name]} error={errors[props.name]} />;
}

function Select({
  values,
  errors,
  empty,
  ...props
}: {
  name: RegistrationField;
  label: string;
  values: RegistrationValues;
  errors: Errors;
  options: readonly string[];
  empty?: string;
}) {
  return <SelectField {...props} defaultValue={values[props.name]} error={errors[props.name]} emptyLabel={empty} />;
}

export function RunnerFields({ values, errors, today }: { values: RegistrationValues; errors: Errors; today: string }) {
  return (
    <fieldset className="card reg-block">
      <legend>Vos informations</legend>
      <p className="hint">
        Pré-remplies depuis votre <Link to={paths.runnerProfile()}>profil coureur</Link>.
      </p>
      <div className="reg-grid">
        <Field name="nom" label="Nom" required autoComplete="family-name" values={values} errors={errors} />
        <Field name="prenom" label="Prénom" required autoComplete="given-name" values={values} errors={errors} />
        <Select name="genre" label="Genre" options={GENRES_SIMPLE} values={values} errors={errors} />
        <Field
          name="date_naissance"
          label="Date de naissance"
          type="date"
          autoComplete="bday"
          max={today}
          values={values}
          errors={errors}
        />
        <Select name="nationalite" label="Nationalité" options={NATIONALITES} values={values} errors={errors} />
        <Field
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          values={values}
          errors={errors}
        />
        <Field
          name="telephone"
          label="Téléphone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          values={values}
          errors={errors}
        />
        <Field name="adresse" label="Adresse" autoComplete="address-line1" values={values} errors={errors} />
        <Field
          name="adresse_complement"
          label="Complément d'adresse"
          autoComplete="address-line2"
          values={values}
          errors={errors}
        />
        <Field
          name="code_postal"
          label="Code postal"
          autoComplete="postal-code"
          inputMode="numeric"
          values={values}
          errors={errors}
        />
        <Field name="ville" label="Ville" autoComplete="address-level2" values={values} errors={errors} />
        <Select name="pays" label="Pays" options={PAYS} values={values} errors={errors} />
        <Field name="club" label="Club" values={values} errors={errors} />
        <Field name="contact_urgence_nom" label="Contact d'urgence (nom)" values={values} errors={errors} />
        <Field
          name="contact_urgence_telephone"
          label="Contact d'urgence (téléphone)"
          type="tel"
          inputMode="tel"
          values={values}
          errors={errors}
        />
      </div>
      <label className="checkbox">
        <input type="checkbox" name="apparaitre_resultats" defaultChecked={values.apparaitre_resultats} />
        <span>Apparaître dans les résultats officiels publiés</span>
      </label>
    </fieldset>
  );
}
