// 'Payer maintenant' for a registration the runner may still pay (runnerMayPay in the registration rules, issue 42):
// a real form that posts to the payment retry (a new checkout while the hold runs, or the place taken again if it is
// still free), on /mon-inscription/{id} and /mesinscriptions.
import { Form, useNavigation } from "@remix-run/react";
import * as paths from "~/domain/paths";

export function PayNowForm({ inscriptionId, small = false }: { inscriptionId: string; small?: boolean }) {
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("inscription_id") === inscriptionId;
  return (
    <Form method="post" action={paths.retryPaymentAction(inscriptionId)} className="inline-form pay-now">
      <input type="hidden" name="inscription_id" value={inscriptionId} />
      <button
        type="submit"
        name="intent"
        value="reessayer"
        className={`btn btn-primary${small ? " btn-small" : ""}`}
        disabled={busy}
      >
        {busy ? "Redirection vers le paiement…" : "Payer maintenant"}
      </button>
    </Form>
  );
}
