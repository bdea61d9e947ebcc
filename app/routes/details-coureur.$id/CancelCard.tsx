// The organiser's cancellation of a paid registration (issue 40): a full refund, a reason sent to the runner, and what
// it costs the organiser beyond their share (the payment's fees, taken from their next payouts). A plain form.
import { Form } from "@remix-run/react";
import { CheckboxField, Field } from "~/components/Field";
import { ORGANISER_CANCEL_MSG } from "~/domain/cancellation";
import type { RefundQuote } from "~/domain/refund";
import { formatEuros } from "~/domain/format";
import { Notice } from "~/components/form/Notice";

export type CancelErrors = Partial<Record<"reason" | "confirm" | "form", string>>;
export interface CancelValues {
  reason: string;
  confirm: string;
}

export function CancelCard({
  cancel,
  errors,
  values,
}: {
  cancel: { full: RefundQuote; costCents: number };
  errors: CancelErrors | null;
  values: CancelValues | null;
}) {
  return (
    <section className="card tool-card" id="annulation" aria-labelledby="annulation-titre">
      <h2 id="annulation-titre">Annuler l'inscription</h2>
      <p>
        Le coureur est remboursé intégralement, frais compris : <strong>{formatEuros(cancel.full.refund_cents)}</strong>
        . Il est prévenu par e-mail avec votre motif ; la part déjà versée à l'organisateur est reprise.
      </p>
      {cancel.costCents > 0 ? (
        <p className="hint">
          Les frais de ce paiement ({formatEuros(cancel.costCents)} : frais bancaires et commission de la plateforme)
          restent à votre charge : ils sont déduits de vos prochains versements, comme le prévoient les conditions
          générales des organisateurs.
        </p>
      ) : null}
      <Notice kind="error">{errors?.form}</Notice>
      <Form method="post" className="cancel-form">
        <input type="hidden" name="intent" value="annuler" />
        <Field
          id="cancel-reason"
          name="reason"
          label="Motif de l'annulation (envoyé au coureur)"
          textarea
          rows={3}
          maxLength={500}
          required
          defaultValue={values?.reason}
          error={errors?.reason}
        />
        <CheckboxField
          name="confirm"
          id="cancel-confirm"
          label="Je confirme l'annulation de cette inscription et son remboursement intégral."
          error={errors?.confirm}
          defaultChecked={values?.confirm === "on"}
        />
        <button type="submit" className="btn btn-danger">
          Annuler l'inscription
        </button>
      </Form>
      <p className="hint small">{ORGANISER_CANCEL_MSG.reason}</p>
    </section>
  );
}
