// The pace comparator's GET form: one target time, and a second one to compare (two runners, two plans).
import { Form } from "@remix-run/react";
import { Field } from "~/components/Field";
import type { FieldErrors } from "~/domain/form-errors";
import type { PaceFormValues } from "~/domain/race-tools-forms";

export function PaceForm({ values, errors }: { values: PaceFormValues; errors: FieldErrors | null }) {
  return (
    <Form method="get" className="race-form no-print" aria-labelledby="cibles">
      <h2 id="cibles">Temps visé</h2>
      <Field
        name="cible"
        label="Temps visé (heures:minutes)"
        defaultValue={values.cible}
        error={errors?.cible}
        hint="Par exemple 5:30."
      />
      <Field
        name="cible2"
        label="Second temps à comparer (facultatif)"
        defaultValue={values.cible2}
        error={errors?.cible2}
        hint="Le temps d'un second coureur, ou un second objectif."
      />
      <button type="submit" className="btn btn-primary">
        Calculer les allures
      </button>
    </Form>
  );
}
