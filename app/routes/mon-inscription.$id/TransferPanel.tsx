// 'Transférer mon dossard' (issue 22): the rules, the offer form or the running offer with 'Retirer l'offre'.
import { Form, useNavigation } from "@remix-run/react";
import { Field, fieldAria } from "~/components/Field";
import { TRANSFER_FORM_MSG } from "~/domain/transfer";
import { formatDateTime, formatEuros } from "~/domain/format";
import type { TransferResult } from "./actions.server";
import type { PageData } from "./page-data.server";
import { Notice } from "~/components/form/Notice";

type Transfer = NonNullable<PageData["transfer"]>;

export function TransferPanel({
  transfer: t,
  notice,
  result,
}: {
  transfer: Transfer;
  notice: string | null;
  result: TransferResult | null;
}) {
  const nav = useNavigation();
  const busy = nav.state === "submitting" && nav.formData?.get("intent")?.toString().startsWith("cession-");
  return (
    <section className="card form-card transfer-card" id="cession" aria-labelledby="transfer-title">
      <h2 id="transfer-title">Transférer mon dossard</h2>
      <p>{t.rules ?? "L'organisateur n'autorise pas le transfert de dossard sur ce format."}</p>
      {(notice === "proposee" || notice === "proposee-liste") && t.open ? (
        <p className="alert alert-success" role="status">
          {t.open.toWaitlist ? TRANSFER_FORM_MSG.offeredToList : TRANSFER_FORM_MSG.offered}
        </p>
      ) : null}
      {notice === "retiree" && !t.open ? (
        <p className="alert alert-success" role="status">
          {TRANSFER_FORM_MSG.withdrawn}
        </p>
      ) : null}
      <Notice kind="error">{result?.formError}</Notice>
      {t.last?.statut === "payee" ? (
        <p data-testid="transfer-done">
          Dossard transféré à {t.last.email ?? "un coureur de la liste d'attente"}. Remboursement&nbsp;:{" "}
          {formatEuros(t.last.remboursementCents ?? 0)}.
        </p>
      ) : null}
      {t.open ? (
        <OpenOffer open={t.open} busy={busy} />
      ) : t.last?.statut === "payee" ? null : t.refusal ? (
        t.rules ? (
          <p className="muted">{t.refusal}</p>
        ) : null
      ) : (
        <OfferForm t={t} result={result} busy={busy} />
      )}
    </section>
  );
}

/** The running offer: to whom, until when, and the form that withdraws it. */
function OpenOffer({ open, busy }: { open: NonNullable<Transfer["open"]>; busy: boolean | undefined }) {
  return (
    <>
      <p data-testid="transfer-open">
        {open.email ? (
          <>
            Offre envoyée à <strong>{open.email}</strong>
          </>
        ) : (
          <>
            Offre envoyée au <strong>premier coureur de la liste d'attente</strong> (puis au suivant s'il ne la prend
            pas)
          </>
        )}
        , valable jusqu'au {formatDateTime(open.expiresAt)}. Tant qu'elle n'est pas payée, vous pouvez la retirer&nbsp;:
        votre inscription reste valide.
      </p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="cession-retirer" />
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          Retirer l'offre de transfert
        </button>
      </Form>
    </>
  );
}

/** What the seller gets back, then the offer form: to whom (a person or the waiting list), the confirmation. */
function OfferForm({ t, result, busy }: { t: Transfer; result: TransferResult | null; busy: boolean | undefined }) {
  const confirmationError = result?.errors.cession_confirmation;
  return (
    <>
      <p>
        Si la personne accepte et paie {formatEuros(t.split.buyerPriceCents)} (prix de l'inscription, hors repas), votre
        inscription passe à son nom et vous êtes remboursé de <strong>{formatEuros(t.split.sellerRefundCents)}</strong>
        &nbsp;: le prix payé moins les frais de transfert ({formatEuros(t.split.organiserFeeCents)}) et les frais du
        prestataire de paiement ({formatEuros(t.split.providerFeeCents)}).
      </p>
      <Form method="post" preventScrollReset noValidate className="transfer-form">
        <input type="hidden" name="intent" value="cession-proposer" />
        {t.waiting > 0 ? (
          <fieldset className="field">
            <legend>À qui&nbsp;?</legend>
            <label className="checkbox">
              <input
                type="radio"
                name="cession_destinataire"
                value="personne"
                defaultChecked={result?.recipient !== "liste"}
              />
              <span>À une personne de mon choix (son adresse e-mail ci-dessous)</span>
            </label>
            <label className="checkbox">
              <input
                type="radio"
                name="cession_destinataire"
                value="liste"
                defaultChecked={result?.recipient === "liste"}
              />
              <span>
                {t.waiting === 1
                  ? "Au coureur qui attend sur la liste d'attente de ce format"
                  : `Au premier des ${t.waiting} coureurs de la liste d'attente (au suivant s'il ne la prend pas à temps)`}
              </span>
            </label>
          </fieldset>
        ) : null}
        <Field
          name="cession_email"
          label={
            t.waiting > 0
              ? "Adresse e-mail de la personne qui reprend votre dossard (si vous la choisissez)"
              : "Adresse e-mail de la personne qui reprend votre dossard"
          }
          type="email"
          autoComplete="off"
          inputMode="email"
          required={t.waiting === 0}
          defaultValue={result?.email ?? ""}
          error={result?.errors.cession_email}
        />
        <div className="field">
          <label className="checkbox">
            <input
              type="checkbox"
              name="cession_confirmation"
              id="f-cession_confirmation"
              defaultChecked={result?.confirmed === true}
              {...fieldAria("f-cession_confirmation", { error: confirmationError })}
            />
            <span>Je cède mon dossard, aux conditions ci-dessus.</span>
          </label>
          {confirmationError ? (
            <p className="field-error" id="f-cession_confirmation-error">
              {confirmationError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Proposer mon dossard
        </button>
      </Form>
    </>
  );
}
