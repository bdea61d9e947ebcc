// The pace comparator's GET form: one target time, and a second one to compare (two runners, two plans).
import { Form } from "@remix-run/react";
import { Field, fieldBinder } from "~/components/Field";
import type { FieldErrors } from "~/domain/form-errors";
import type { PaceFormValues } from "~/domain/race-tools-forms";

export function PaceForm({ values, errors }: { values: PaceFormValues; errors: FieldErrors | null }) {
  const bind = fieldBinder(values, errors ?? {});
  return (
    <Form method="get" className="race-form no-print" aria-labelledby="cibles">
      <h2 id="cibles">Temps visé</h2>
      <Field {...bind("cible")} label="Temps visé (heures:minutes)" hint="Par exemple 5:30." />
      <Field
        {...bind("cible2")}
        label="Second temps à comparer (facultatif)"
        hint="Le temps d'un second coureur, ou un second objectif."
      />
      <button type="submit" className="btn btn-primary">
        Calculer les allures
      </button>
    </Form>
  );
}
