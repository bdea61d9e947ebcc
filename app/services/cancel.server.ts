// The cancellation of a registration, by its runner (tiered refund) or its organiser (full refund, with a reason): the
// refund quote computed from the `paiements` row, the claim, the refund and the e-mail. The runner's page itself is
// runner-registration.server.ts. The money moves through refunds.server.ts (refundInscription); this module decides
// when and how much, and
// guarantees one cancellation per registration (docs/decisions/0070-cancellation-claim.md).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { courses, inscriptions, type paiements } from "~/db/schema";
import { collectedPayment } from "~/db/payments.server";
import { CancelError, runnerCanCancel, type CancelReason } from "~/domain/cancellation";
import { statusAfterRefund } from "~/domain/registration-rules";
import { quoteFullRefund, quoteRefund, type RefundQuote } from "~/domain/refund";
import { planRefund } from "~/domain/money";
import { ledgerOf } from "./ledger.server";
import {
  askedRefund,
  type Claim,
  claimOf,
  failClaim,
  finishClaim,
  quoteOfClaim,
  takeClaim,
} from "./cancel-claim.server";
import { isReadOnlyForRunner } from "~/domain/registration-rules";
import { cancellationEmail } from "~/emails/cancellation";
import { applyTransition } from "./registration-changes.server";
import { refundInscription } from "./refunds.server";
import { PaymentError, paymentErrorMessage } from "./payment-errors.server";
import { logEvent } from "~/utils/log.server";
import { raceFormatColumns, withEvent } from "~/db/registrations.server";
import { hasOpenTransfer } from "~/db/transfers.server";
import * as paths from "~/domain/paths";
import { holdsRight } from "./event-access.server";

type Ctx = AppLoadContext;
type Row = NonNullable<Awaited<ReturnType<typeof loadRow>>>;

export { STALE_CLAIM_MINUTES } from "./cancel-claim.server";

export async function loadRow(context: Ctx, inscriptionId: string) {
  const rows = await withEvent(
    context.db
      .select({
        i: inscriptions,
        course: { id: courses.id, nom: courses.nom, lieu: courses.lieu, organisateur_id: courses.organisateur_id },
        format: raceFormatColumns,
      })
      .from(inscriptions)
      .$dynamic(),
  )
    .where(eq(inscriptions.id, inscriptionId))
    .limit(1);
  return rows[0] ?? null;
}

export function paidPaiement(context: Ctx, inscriptionId: string) {
  return collectedPayment(context.db, inscriptionId);
}

/**
 * The refund quote of spec section 3, from what was actually paid and the fees known when the runner paid: a
 * commission the admin changes afterwards does not move the runner's refund (decision 0182).
 */
export function quoteFromPaiement(
  p: typeof paiements.$inferSelect | null,
  eventDate: string | null,
  now: Date,
): RefundQuote {
  return quoteRefund({
    amountTotalCents: p?.amount_total_cents ?? 0,
    providerFeeCents: p?.fee_total_cents ?? 0,
    platformFeeCents: p?.platform_fee_at_payment_cents ?? 0,
    alreadyRefundedCents: p?.refunded_cents ?? 0,
    eventDate,
    now,
  });
}

// ---------------------------------------------------------------- the organiser's view

/**
 * The organiser's cancellation of a paid registration (issue 40): the full refund the runner gets, and what it costs
 * the organiser beyond their share of the payment (its fees, taken from their next payouts, decision 0184); null when
 * it has no payment to settle.
 */
export async function organiserCancelOptions(
  context: Ctx,
  inscriptionId: string,
): Promise<{ full: RefundQuote; costCents: number } | null> {
  const row = await loadRow(context, inscriptionId);
  if (row?.i.statut !== "validee") return null;
  const p = await paidPaiement(context, inscriptionId);
  if (!p) return null;
  const full = fullQuote(p, row.format.date, context.clock.now());
  const after = full.refund_cents > 0 ? planRefund(ledgerOf(p), full.refund_cents, 0).ledger : ledgerOf(p);
  return { full, costCents: Math.max(0, -after.net_remaining_cents) };
}

/** Everything paid and not yet refunded goes back (the organiser's decision, whatever the date). */
function fullQuote(p: typeof paiements.$inferSelect | null, eventDate: string | null, now: Date): RefundQuote {
  return quoteFullRefund({
    amountTotalCents: p?.amount_total_cents ?? 0,
    alreadyRefundedCents: p?.refunded_cents ?? 0,
    eventDate,
    now,
  });
}

// ---------------------------------------------------------------- cancellation

export interface CancelRequest {
  inscriptionId: string;
  /** A runner cancels their own registration; an organiser (or an admin) one of their event's registrations. */
  actor: { role: "coureur" | "organisateur"; userId: string; isAdmin?: boolean };
  /** The runner's optional reason, or the organiser's reason (required by their form, sent to the runner). */
  reason?: CancelReason | string | null;
}

export interface CancelOutcome {
  /** 'annulee' the first time; 'deja_annulee' when a replayed request finds the cancellation done. */
  state: "annulee" | "deja_annulee";
  statut: string;
  refundCents: number;
  quote: RefundQuote;
}

/**
 * The refund of this cancellation, checked: an earlier attempt's own (it stopped after asking its refund, still pending
 * under the claim's key: finished, not a new one computed from a ledger that already counts that refund), else the
 * organiser's (everything still unrefunded, whatever the date) or the runner's (the scale).
 */
async function cancelQuote(
  context: Ctx,
  row: Row,
  req: CancelRequest,
  done: Claim | undefined,
  now: Date,
): Promise<RefundQuote> {
  const p = await paidPaiement(context, row.i.id);
  if (done?.status === "en_cours" && (await askedRefund(context, done.id))) {
    // A resumed attempt's checks were made when it was asked.
    return quoteOfClaim(done);
  }
  if (req.actor.role === "organisateur") {
    // Without a payment there is no money to settle: the organiser changes the status in the registrants table.
    if (row.i.statut !== "validee" || !p) throw new CancelError("non_payee");
    return fullQuote(p, row.format.date, now);
  }
  const quote = quoteFromPaiement(p, row.format.date, now);
  const can = runnerCanCancel(row.i.statut, p != null, quote);
  if (!can.ok) throw new CancelError(can.code);
  return quote;
}

/** The money of a cancellation under its claim, and the status it leaves ('annulee' when nothing is refunded). */
async function refundUnderClaim(
  context: Ctx,
  {
    row,
    quote,
    reason,
    claimId,
    byOrganiser,
  }: { row: Row; quote: RefundQuote; reason: string | null; claimId: string; byOrganiser: boolean },
): Promise<{ statut: ReturnType<typeof statusAfterRefund>; remboursementId: string | null }> {
  if (quote.refund_cents <= 0) return { statut: "annulee", remboursementId: null };
  try {
    const r = await refundInscription(context, {
      inscriptionId: row.i.id,
      amountCents: quote.refund_cents,
      percent: quote.percent,
      reason,
      idempotencyKey: `annulation:${claimId}`,
      // The organiser's decision is paid by the organiser (decision 0184); the runner's by the organiser's share.
      payer: byOrganiser ? "organiser" : "runner_scale",
    });
    return {
      statut: statusAfterRefund(r.ledger.amount_total_cents, r.ledger.refunded_cents),
      remboursementId: r.remboursementId,
    };
  } catch (e) {
    // A refund of this payment is under way, or stopped half-way: the claim stays as it is, so that a try after
    // STALE_CLAIM_MINUTES takes it again under the same id, so the same refund key, which finishes that refund.
    if (e instanceof PaymentError && e.code === "conflit" && (await askedRefund(context, claimId)))
      throw new CancelError("annulation_en_cours");
    await failClaim(context, claimId, paymentErrorMessage(e));
    console.error("cancel: refund failed", row.i.id, e);
    throw new CancelError("remboursement_impossible", paymentErrorMessage(e));
  }
}

/** Who the lifecycle records: the runner, the event's organiser, or an admin cancelling someone else's registration. */
function transitionActor(req: CancelRequest, row: Row): "runner" | "organiser" | "admin" {
  if (req.actor.role === "coureur") return "runner";
  return req.actor.isAdmin && row.course.organisateur_id !== req.actor.userId ? "admin" : "organiser";
}

/**
 * Cancels a registration with the tiered refund of spec section 9.
 * 1. Checks who asks (owner runner, the event's organiser or a co-organiser with the Inscriptions right) and the
 *    status.
 * 2. Claims the registration: one `annulations` row per inscription (unique index), taken by an upsert that only
 *    succeeds when there is no row yet, the previous attempt failed, or it was abandoned. A second click or a
 *    replayed request finds the claim and refunds nothing.
 * 3. Refunds through refundInscription (ledger, transfer reversal, provider refund with an idempotency key);
 *    with nothing to refund (organiser side) the registration simply becomes 'annulee'. Either way the place is
 *    freed (the status no longer holds a place).
 * 4. Records the outcome and e-mails the runner.
 */
export async function cancelInscription(context: Ctx, req: CancelRequest): Promise<CancelOutcome> {
  const row = await loadRow(context, req.inscriptionId);
  const allowed =
    row != null &&
    (req.actor.role === "coureur"
      ? row.i.coureur_id === req.actor.userId
      : row.course.organisateur_id === req.actor.userId ||
        req.actor.isAdmin === true ||
        (await holdsRight(context.db, row.course.id, req.actor.userId, "inscriptions")));
  if (!row || !allowed) throw new CancelError("inscription_introuvable");

  const done = await claimOf(context, row.i.id);
  if (done?.status === "terminee") return finishedOutcome(context, row.i.id, done);
  if (isReadOnlyForRunner(row.i.statut)) throw new CancelError("deja_annulee");

  const now = context.clock.now();
  const quote = await cancelQuote(context, row, req, done, now);
  const byOrganiser = req.actor.role === "organisateur";
  const reason = req.reason?.trim() || null;

  // 2. The claim.
  const claim = await takeClaim(context, { inscriptionId: row.i.id, actor: req.actor, reason, quote, now });
  if (!claim.ok) {
    if (claim.finished) return finishedOutcome(context, row.i.id, claim.finished);
    throw new CancelError("annulation_en_cours");
  }
  const claimId = claim.id;

  // Someone may have changed the status between our read and the claim (an organiser's edit).
  const [current] = await context.db
    .select({ statut: inscriptions.statut })
    .from(inscriptions)
    .where(eq(inscriptions.id, row.i.id))
    .limit(1);
  if (!current || isReadOnlyForRunner(current.statut)) {
    await failClaim(context, claimId, "statut déjà annulé");
    throw new CancelError("deja_annulee");
  }

  // A bib offered for transfer is not cancelled meanwhile (issue 22): the offer's INSERT checks for this claim, and
  // this check sees an offer made before the claim, so one of the two always gives way.
  if (await hasOpenTransfer(context, row.i.id)) {
    await failClaim(context, claimId, "transfert de dossard en cours");
    throw new CancelError("cession_en_cours");
  }

  // 3. The money, then the status (through the lifecycle, which records the change).
  const { statut, remboursementId } = await refundUnderClaim(context, { row, quote, reason, claimId, byOrganiser });
  const changed = await applyTransition(context, {
    inscriptionId: row.i.id,
    event: req.actor.role === "coureur" ? "runner_cancelled" : "organiser_cancelled",
    actor: { type: transitionActor(req, row), id: req.actor.userId },
    to: statut,
    amountCents: quote.refund_cents,
  });
  if (!changed) console.error("cancel: status not changed after the refund", row.i.id);

  // 4. Done: the claim records it, the runner is told.
  await finishClaim(context, claimId, remboursementId);
  logEvent("registration.cancelled", {
    inscription_id: row.i.id,
    annulation_id: claimId,
    remboursement_id: remboursementId,
    amount_cents: quote.refund_cents,
    status: statut,
    by: req.actor.role,
    reason: byOrganiser ? "integral" : "bareme",
  });
  await sendCancellationEmail(context, row, quote, byOrganiser ? reason : null);
  return { state: "annulee", statut, refundCents: quote.refund_cents, quote };
}

async function finishedOutcome(context: Ctx, inscriptionId: string, a: Claim): Promise<CancelOutcome> {
  const [i] = await context.db
    .select({ statut: inscriptions.statut })
    .from(inscriptions)
    .where(eq(inscriptions.id, inscriptionId))
    .limit(1);
  return {
    state: "deja_annulee",
    statut: i?.statut ?? "annulee",
    refundCents: a.refund_cents,
    quote: quoteOfClaim(a),
  };
}

async function sendCancellationEmail(
  context: Ctx,
  row: Row,
  quote: RefundQuote,
  /** The organiser's reason, when they cancelled. */
  organiserReason: string | null,
) {
  if (!row.i.email) return;
  try {
    const url = paths.absoluteUrl(context.env.APP_URL, paths.myRegistration(row.i.id));
    const mail = cancellationEmail({
      prenom: row.i.prenom,
      courseNom: row.course.nom,
      formatNom: row.format.nom,
      date: row.format.date,
      amountPaidCents: quote.amount_total_cents,
      nonRefundableCents: quote.non_refundable_cents,
      baseCents: quote.base_cents,
      percent: quote.percent,
      refundCents: quote.refund_cents,
      url,
      byOrganiser: organiserReason != null,
      organiserReason,
    });
    await context.mailer.send({
      to: row.i.email,
      ...mail,
      kind: "annulation_inscription",
      dedupeKey: `annulation:${row.i.id}`,
    });
  } catch (e) {
    // The cancellation stands; a lost e-mail must not undo it.
    console.error("cancel: e-mail failed", row.i.id, e);
  }
}
