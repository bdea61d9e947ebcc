// 'Effacer les données personnelles' (issue 45, decision 0218): for a finished registration (refused, cancelled,
// refunded, handed on), at the runner's request. A plain form with a confirmation tick.
import { Form } from "@remix-run/react";
import { CheckboxField } from "~/components/Field";
import { Notice } from "~/components/form/Notice";

export type EraseErrors = Partial<Record<"confirm" | "form", string>>;

export function EraseCard({ errors }: { errors: EraseErrors | null }) {
  return (
    <section className="card tool-card" id="effacement" aria-labelledby="effacement-titre">
      <h2 id="effacement-titre">Effacer les données personnelles</h2>
      <p>
        À la demande du coureur, son nom devient « Coureur anonymisé » et ses coordonnées, sa date de naissance, son
        adresse, son club, son justificatif et ses contacts d'urgence sont effacés. Les montants et l'historique de
        l'inscription restent. Cette action est définitive et inscrite au journal.
      </p>
      <Notice kind="error">{errors?.form}</Notice>
      <Form method="post">
        <input type="hidden" name="intent" value="effacer" />
        <CheckboxField
          name="confirm"
          id="erase-confirm"
          label="Je confirme que le coureur a demandé l'effacement de ses données."
          error={errors?.confirm}
        />
        <button type="submit" className="btn btn-danger">
          Effacer les données
        </button>
      </Form>
    </section>
  );
}
