// The error summary at the top of the registration form: each field to correct, a link to it, in the form's order.
import { useEffect, useRef } from "react";
import { REGISTRATION_FIELD_LABELS, type RegistrationField } from "~/domain/registration";
import { RUNNER_PERSONAL_FIELDS } from "~/domain/runner-fields";

export type Errors = Partial<Record<RegistrationField | "code_promo", string>>;

/** The summary's fields: the registration's, and the attached document's (its error comes apart from theirs). */
type SummaryField = RegistrationField | "justificatif_document" | "code_promo";

/** The fields in the order the form shows them (the summary lists the errors in that order). */
const SUMMARY_ORDER: readonly SummaryField[] = [
  "format_id",
  // Who the runner is and where they live: nom … club, in the runner fields' own order.
  ...RUNNER_PERSONAL_FIELDS.slice(0, RUNNER_PERSONAL_FIELDS.indexOf("club") + 1),
  "contact_urgence_nom",
  "contact_urgence_telephone",
  "justificatif_type",
  "pps_identifier",
  "pps_expiration",
  "numero_licence",
  "justificatif_document",
  "nombre_repas",
  "code_promo",
];

const SUMMARY_LABELS: Record<SummaryField, string> = {
  ...REGISTRATION_FIELD_LABELS,
  justificatif_document: "Attestation PPS ou licence",
  code_promo: "Code promo",
};

/** Where a field's link points: the input itself (the first radio of a group). */
function fieldAnchor(f: SummaryField): string {
  return f === "format_id" ? "format-choices" : f === "justificatif_type" ? "f-justificatif" : `f-${f}`;
}

/**
 * The error summary at the top of the form (WCAG 3.3.1, GOV.UK pattern): how many fields to correct, each a link
 * to its field. Focused when it appears, with JavaScript by the effect, without JavaScript by `autofocus` on the
 * reloaded page, so the runner who pressed 'Payer' at the bottom is taken to it and hears it.
 */
export function ErrorSummary({
  errors,
  documentError,
  stamp,
}: {
  errors: Errors;
  /** The attached document's error (too big, wrong type): listed where the document's field is, after the licence. */
  documentError?: string | null;
  stamp: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const all: Partial<Record<SummaryField, string | null>> = { ...errors, justificatif_document: documentError };
  const list = SUMMARY_ORDER.filter((f) => all[f]);
  // A new answer from the action (stamp) moves the focus again, even with the same errors.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the answer (stamp), not on the list it reads
  useEffect(() => {
    if (list.length > 0) ref.current?.focus();
  }, [stamp]);
  if (list.length === 0) return null;
  return (
    // biome-ignore lint/a11y/noAutofocus: the error summary takes the focus without JavaScript too (GOV.UK pattern)
    <div ref={ref} className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} autoFocus>
      <h2 id="error-summary-title">
        {list.length === 1 ? "Un champ est à corriger" : `${list.length} champs sont à corriger`}
      </h2>
      <ul>
        {list.map((f) => (
          <li key={f}>
            <a
              href={`#${fieldAnchor(f)}`}
              onClick={(e) => {
                // With JavaScript, the link also puts the focus in the field (a fragment link only scrolls to it).
                const el = document.getElementById(fieldAnchor(f));
                const target = el?.matches("input, select, textarea")
                  ? el
                  : (el?.querySelector<HTMLElement>("input:not([disabled])") ?? el);
                if (!target) return;
                e.preventDefault();
                target.focus();
                target.scrollIntoView({ block: "center" });
              }}
            >
              {SUMMARY_LABELS[f]}&nbsp;: {all[f]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
