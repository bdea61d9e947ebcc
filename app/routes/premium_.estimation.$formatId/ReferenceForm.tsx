// The estimate's GET form: the runner's reference (an index, or a recent race). Works without JavaScript: every
// field is shown and the choice says which ones are read; the page shows back what was typed, and each error
// beside its field.
import { Form } from "@remix-run/react";
import { Field, fieldBinder, SelectField } from "~/components/Field";
import type { FieldErrors } from "~/domain/form-errors";
import type { EstimateFormValues } from "~/domain/race-tools-forms";

export function ReferenceForm({ values, errors }: { values: EstimateFormValues; errors: FieldErrors | null }) {
  const bind = fieldBinder(values, errors ?? {});
  return (
    <Form method="get" className="race-form no-print" aria-labelledby="reference">
      <h2 id="reference">Votre référence</h2>
      <SelectField
        name="ref"
        label="Je donne"
        defaultValue={values.ref}
        emptyLabel="— Choisir —"
        options={[
          { value: "itra", label: "Mon indice de performance ITRA" },
          { value: "utmb", label: "Mon UTMB Index" },
          { value: "course", label: "Le temps d'une course récente" },
        ]}
      />
      <Field
        {...bind("indice")}
        label="Indice (ITRA ou UTMB)"
        inputMode="numeric"
        hint="De 100 à 1000, tel que l'affiche votre page ITRA ou UTMB (par exemple 550)."
      />
      <fieldset className="race-fieldset">
        <legend>Ou une course récente</legend>
        <Field {...bind("distance")} label="Distance (km)" inputMode="decimal" />
        <Field {...bind("dplus")} label="D+ (m)" inputMode="numeric" />
        <Field {...bind("temps")} label="Temps (heures:minutes)" hint="Par exemple 4:35." />
      </fieldset>
      <button type="submit" className="btn btn-primary">
        Estimer mon temps
      </button>
    </Form>
  );
}
