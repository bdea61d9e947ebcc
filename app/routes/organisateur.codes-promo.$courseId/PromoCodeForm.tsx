// The create form of a promo code: every field of the issue, French errors beside each, what was typed kept.
import { Form, useNavigation } from "@remix-run/react";
import { Field, type FieldProps, fieldBinder, SelectField } from "~/components/Field";
import type { FieldErrors } from "~/domain/form-errors";

export type PromoFormValues = Record<
  | "code"
  | "type_remise"
  | "valeur"
  | "utilisations_max"
  | "utilisations_max_par_coureur"
  | "valide_du"
  | "valide_au"
  | "emails"
  | "club",
  string
> & { format_ids: string[] };

type TextFieldName = Exclude<keyof PromoFormValues, "format_ids">;

/** The code's limits, in the form's order: each one empty means no limit. */
const LIMIT_FIELDS: readonly (Omit<FieldProps, "name"> & { name: TextFieldName })[] = [
  {
    name: "utilisations_max",
    label: "Nombre d'utilisations au total",
    hint: "Vide : sans limite.",
    inputMode: "numeric",
  },
  {
    name: "utilisations_max_par_coureur",
    label: "Nombre d'utilisations par coureur",
    hint: "Vide : sans limite.",
    inputMode: "numeric",
  },
  { name: "valide_du", label: "Valable à partir du", type: "date", hint: "Vide : dès maintenant." },
  { name: "valide_au", label: "Valable jusqu'au (inclus)", type: "date", hint: "Vide : sans fin." },
  {
    name: "emails",
    label: "Réservé à ces adresses e-mail",
    textarea: true,
    hint: "Une adresse par ligne (ou séparées par des virgules). Vide : tout le monde.",
  },
  {
    name: "club",
    label: "Code club : réservé aux membres du club",
    hint: "Le nom du club tel que les coureurs le saisissent (majuscules et accents ignorés). Vide : tous.",
    maxLength: 120,
  },
];

export function PromoCodeForm({
  formats,
  values,
  errors,
}: {
  formats: readonly { id: string; nom: string }[];
  values: PromoFormValues | null;
  errors: FieldErrors;
}) {
  const busy = useNavigation().state !== "idle";
  const v = values;
  const bind = fieldBinder(v ?? {}, errors);
  return (
    <section className="card tool-card" aria-labelledby="new-code-title">
      <h2 id="new-code-title">Nouveau code</h2>
      <Form method="post" noValidate className="stack">
        <Field
          {...bind("code")}
          label="Code"
          hint="Lettres, chiffres, - et _ ; écrit en majuscules (noel24 devient NOEL24)."
          required
          maxLength={40}
        />
        <SelectField
          name="type_remise"
          label="Type de remise"
          options={[
            { value: "pourcentage", label: "Pourcentage du total" },
            { value: "montant", label: "Montant fixe en euros" },
          ]}
          defaultValue={v?.type_remise ?? "pourcentage"}
          error={errors.type_remise}
          required
        />
        <Field
          {...bind("valeur")}
          label="Valeur"
          hint="Un pourcentage entier (10 pour 10 %) ou un montant en euros (5 ou 7,50)."
          inputMode="decimal"
          required
        />
        <fieldset className="field">
          <legend>Formats concernés</legend>
          <p className="hint" id="f-format_ids-hint">
            Aucun coché : tous les formats.
          </p>
          {formats.map((f) => (
            <label key={f.id} className="checkbox">
              <input
                type="checkbox"
                name="format_ids"
                value={f.id}
                defaultChecked={v?.format_ids.includes(f.id)}
                aria-describedby="f-format_ids-hint"
              />
              <span>{f.nom}</span>
            </label>
          ))}
        </fieldset>
        {LIMIT_FIELDS.map((f) => (
          <Field key={f.name} {...f} {...bind(f.name)} />
        ))}
        <button type="submit" name="intent" value="creer" className="btn btn-primary" disabled={busy}>
          Créer le code
        </button>
      </Form>
    </section>
  );
}
