// /mon-inscription/{id}/annuler: 'Annuler mon inscription' (owner only). The quote is computed on the server from
// the paiements row; the action cancels with the tiered refund and redirects to the registration page.
// Without JavaScript this is a page; with it, the parent route shows it in RefundModal.
import { data, redirect } from "@remix-run/cloudflare";
import { CheckboxField, SelectField } from "~/components/Field";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import {
  CANCEL_ERROR_MESSAGES,
  CANCEL_MSG,
  CANCEL_REASONS,
  CancelError,
  cancelFormSchema,
  readOnlyMessage,
} from "~/domain/cancellation";
import { cancelInscription } from "~/services/cancel.server";
import { loadRunnerRegistrationDetails } from "~/services/runner-registration.server";
import { requireUser } from "~/utils/auth.server";
import { domainErrorResponse, errorToShow } from "~/utils/domain-errors";
import { formatDateLong, formatEuros } from "~/domain/format";
import { fieldErrors } from "~/domain/form-errors";
import * as paths from "~/domain/paths";
import { Notice } from "~/components/form/Notice";
import { noindexMeta } from "~/utils/meta";

export const meta: MetaFunction = () => noindexMeta("Annuler mon inscription — Balise");

/** Someone else's registration reads like a missing one: the French 404. */
const notFound = () => domainErrorResponse(new CancelError("inscription_introuvable"));

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const reg = await loadRunnerRegistrationDetails(context, user.id, params.id ?? "");
  if (!reg) throw notFound();
  return {
    id: reg.inscription.id,
    courseNom: reg.course.nom,
    formatNom: reg.format.nom,
    date: reg.format.date,
    quote: reg.quote,
    can: reg.can,
    readOnlyMessage: readOnlyMessage(reg.inscription.statut),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const id = params.id ?? "";
  const form = await request.formData();
  const values = { reason: String(form.get("reason") ?? ""), accept_policy: form.get("accept_policy") === "on" };
  const parsed = cancelFormSchema.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) {
    // Still check who asks before answering anything about the registration.
    if (!(await loadRunnerRegistrationDetails(context, user.id, id))) throw notFound();
    const errors = fieldErrors(parsed.error) as Record<string, string>;
    return data({ errors, formError: null as string | null, values }, { status: 400 });
  }
  try {
    const out = await cancelInscription(context, {
      inscriptionId: id,
      actor: { role: "coureur", userId: user.id },
      reason: parsed.data.reason,
    });
    return redirect(paths.myRegistration(id, { annulation: out.state === "annulee" && "ok" }));
  } catch (e) {
    const err = errorToShow(e);
    // A replayed or concurrent request: the registration page shows where things stand.
    if (err.code === "deja_annulee") return redirect(paths.myRegistration(id));
    if (err.code === "annulation_en_cours") return redirect(paths.myRegistration(id, { annulation: "en-cours" }));
    return data({ errors: {} as Record<string, string>, formError: err.message, values }, { status: err.status });
  }
}

export default function CancelRegistration() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formAction === paths.cancelMyRegistration(d.id);
  const errors: Record<string, string> = result?.errors ?? {};
  const q = d.quote;
  const blocked = !d.can.ok;
  const noRefund = q.refund_cents <= 0;
  const back = paths.myRegistration(d.id);
  return (
    <div className="cancel-screen">
      <h1 id="cancel-title" className="cancel-title">
        Annuler mon inscription
      </h1>
      <p className="muted">
        {d.courseNom} — {d.formatNom}
        {d.date ? `, ${formatDateLong(d.date)}` : ""}
      </p>
      {d.readOnlyMessage ? (
        <p className="alert alert-info">{d.readOnlyMessage}</p>
      ) : (
        <dl className="quote" aria-label="Estimation du remboursement">
          <div>
            <dt>Montant payé</dt>
            <dd>{formatEuros(q.amount_total_cents)}</dd>
          </div>
          <div>
            <dt>Frais non remboursables</dt>
            <dd>− {formatEuros(q.non_refundable_cents)}</dd>
          </div>
          <div>
            <dt>Base remboursable</dt>
            <dd>{formatEuros(q.base_cents)}</dd>
          </div>
          <div>
            <dt>Jours avant l'épreuve</dt>
            <dd>{q.days_before >= 0 ? q.days_before : "Épreuve passée"}</dd>
          </div>
          <div>
            <dt>Barème appliqué</dt>
            <dd>{q.percent}&nbsp;%</dd>
          </div>
          <div className="quote-total">
            <dt>Remboursement estimé</dt>
            <dd data-testid="remboursement-estime">{formatEuros(q.refund_cents)}</dd>
          </div>
        </dl>
      )}
      {!d.readOnlyMessage && !d.can.ok ? <p className="alert alert-info">{CANCEL_ERROR_MESSAGES[d.can.code]}</p> : null}
      {d.can.ok && noRefund ? (
        <p className="alert alert-info" data-testid="sans-remboursement">
          {CANCEL_MSG.zeroRefund} {CANCEL_MSG.zeroRefundChoice}
        </p>
      ) : null}
      <Notice kind="error">{result?.formError}</Notice>
      <Form
        method="post"
        action={paths.cancelMyRegistration(d.id)}
        className="cancel-form"
        noValidate
        preventScrollReset
      >
        <fieldset disabled={blocked} className="plain-fieldset">
          <legend className="visually-hidden">Motif et politique de remboursement</legend>
          <SelectField
            name="reason"
            label="Motif (facultatif)"
            options={CANCEL_REASONS}
            emptyLabel="— Sans motif —"
            defaultValue={result?.values.reason}
            error={errors.reason}
          />
          <CheckboxField
            name="accept_policy"
            id="f-policy"
            required
            defaultChecked={result?.values.accept_policy ?? false}
            error={errors.accept_policy}
            label={
              <>
                J'accepte la{" "}
                <a href={paths.refundPolicy()} target="_blank" rel="noopener">
                  politique de remboursement
                </a>{" "}
                (nouvel onglet) et je comprends que l'annulation est définitive.
              </>
            }
          />
        </fieldset>
        <div className="cancel-actions">
          <Link to={back} preventScrollReset className="btn btn-ghost">
            Retour
          </Link>
          <button type="submit" className="btn btn-danger" disabled={blocked || busy}>
            {busy
              ? "Annulation en cours…"
              : noRefund
                ? "Confirmer l'annulation sans remboursement"
                : "Confirmer l'annulation"}
          </button>
        </div>
      </Form>
    </div>
  );
}
