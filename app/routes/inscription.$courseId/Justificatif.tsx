// The justificatif (a timed race only, decision 0151): licence or PPS, only the chosen one's field in the form (so
// the other is never sent), and the attached document.
import { Field, fieldBinder } from "~/components/Field";
import { type DocumentRef, JustificatifDocumentField } from "~/components/JustificatifDocumentField";
import type { RegistrationValues } from "~/domain/registration";
import type { Errors } from "./ErrorSummary";
import { RadioFieldset } from "./RadioFieldset";

export function JustificatifFields({
  justificatif,
  values,
  errors,
  document,
  documentError,
}: {
  justificatif: string;
  values: RegistrationValues;
  errors: Errors;
  document: DocumentRef | null;
  documentError: string | null | undefined;
}) {
  const bind = fieldBinder(values, errors);
  return (
    <RadioFieldset
      legend="Justificatif"
      groupId="f-justificatif"
      groupClassName="justificatif-choice"
      radios={
        <>
          <label className="checkbox">
            <input type="radio" name="justificatif_type" value="licence" defaultChecked={justificatif !== "pps"} />{" "}
            Licence FFA
          </label>
          <label className="checkbox">
            <input type="radio" name="justificatif_type" value="pps" defaultChecked={justificatif === "pps"} /> PPS
            (Pass Prévention Santé)
          </label>
        </>
      }
    >
      {errors.justificatif_type ? <p className="field-error">{errors.justificatif_type}</p> : null}
      {/* Only the chosen justificatif's field is in the form, so the other one is never sent. */}
      {justificatif === "pps" ? (
        <>
          <Field
            key="pps"
            {...bind("pps_identifier")}
            label="Identifiant PPS"
            hint="Le numéro figurant sur votre attestation PPS (par exemple P9F28C586EB)."
          />
          <Field
            key="pps-exp"
            {...bind("pps_expiration")}
            label="Fin de validité du PPS"
            type="date"
            hint="Le PPS doit être valable le jour de la course."
          />
        </>
      ) : (
        <Field
          key="licence"
          {...bind("numero_licence")}
          label="Numéro de licence"
          hint="Licence FFA Athlé Compétition, Entreprise, Running ou Pass' J'aime Courir."
        />
      )}
      <JustificatifDocumentField doc={document} error={documentError} />
    </RadioFieldset>
  );
}
