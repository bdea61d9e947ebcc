// The 'Code promo' field (ADR 0214): typed, then 'Appliquer' (with or without JavaScript) asks the server, which
// answers with the code's discount (shown in the summary) or a French message beside the field; what was typed stays.
import type { Errors } from "./ErrorSummary";
import { FieldError } from "~/components/Field";

export function PromoField({
  defaultValue,
  applied,
  errors,
}: {
  defaultValue: string;
  /** The code the server applied (its discount is in the summary). */
  applied: string | null;
  errors: Errors;
}) {
  const error = errors.code_promo;
  return (
    <fieldset className="card reg-block">
      <legend>Code promo</legend>
      <div className="field">
        <label htmlFor="f-code_promo">Code promo (facultatif)</label>
        <div className="inline-field">
          <input
            id="f-code_promo"
            name="code_promo"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={40}
            defaultValue={defaultValue}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "f-code_promo-error" : "f-code_promo-hint"}
          />
          <button type="submit" name="intent" value="appliquer_code" className="btn btn-ghost" formNoValidate>
            Appliquer
          </button>
        </div>
        <p id="f-code_promo-hint" className="hint">
          {applied
            ? `Code ${applied} appliqué : la remise est dans le récapitulatif.`
            : "Un code de l'organisateur ou de votre club\u00a0: « Appliquer » montre la remise avant de payer."}
        </p>
        <FieldError id="f-code_promo-error" error={error} />
      </div>
    </fieldset>
  );
}
