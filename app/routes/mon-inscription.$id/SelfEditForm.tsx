// 'Mes informations': the self-edit fields of spec section 5, the justificatif's check and document, the choice to
// appear in the published results. Read-only (disabled) once the registration is cancelled or refunded.
import { Form, useNavigation } from "@remix-run/react";
import { Field, type FieldBinder, fieldBinder, SelectField } from "~/components/Field";
import { EmergencyContactFields, RunnerIdentityFields } from "~/components/form/RunnerIdentityFields";
import { type DocumentRef, JustificatifDocumentField } from "~/components/JustificatifDocumentField";
import { JUSTIFICATIFS } from "~/domain/profile";
import * as paths from "~/domain/paths";
import type { PageData } from "./page-data.server";

export type Values = Record<string, string | boolean | null | undefined>;
type Errors = Record<string, string>;

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
        <RunnerFields bind={fieldBinder(values, errors)} today={d.today} competition={d.justificatif.competition} />
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
function RunnerFields({ bind, today, competition }: { bind: FieldBinder; today: string; competition: boolean }) {
  return (
    <div className="field-columns">
      <RunnerIdentityFields bind={bind} today={today} />
      {competition ? (
        <>
          <SelectField {...bind("justificatif_type")} label="Justificatif" options={JUSTIFICATIFS} />
          <Field
            {...bind("numero_licence")}
            label="Numéro de licence FFA"
            hint="Conservé seulement si le justificatif est une licence."
          />
          <Field
            {...bind("pps_identifier")}
            label="Identifiant PPS"
            hint="Conservé seulement si le justificatif est un PPS."
          />
          <Field
            {...bind("pps_expiration")}
            label="Fin de validité du PPS"
            type="date"
            hint="Le PPS doit être valable le jour de la course."
          />
        </>
      ) : null}
      <EmergencyContactFields bind={bind} />
    </div>
  );
}
