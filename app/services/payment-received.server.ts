// What a payment means for its registration (issue 17): the one use case above the payments ledger and the
// registration lifecycle. A paid checkout validates the registration when it still holds its place and meals (or
// can take them again), the event is still open and the amount is the registration's total; otherwise the payment
// is refunded in full and the runner told why. A checkout that ends unpaid releases the hold. Webhooks, /merci and
// the cron all come here. Decisions 0061 (late payment) and 0130 (lifecycle).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { placeFreeForSql } from "~/db/registration-store/capacity.server";
import { collectedPayment } from "~/db/payments.server";
import { courses, inscriptions, paiements, remboursements } from "~/db/schema";
import {
  REFUSED_PAYMENT_REASONS,
  SETTLED_PAYMENT_REASONS,
  statusAfterRefund,
  type LifecycleEvent,
} from "~/domain/registration-rules";
import type { RefusedPaymentReason, StrayPaymentReason } from "~/emails/registration";
import { logEvent } from "~/utils/log.server";
import { applyTransition } from "./registration-changes.server";
import { expireSession, recordEndedSession, recordPaidSession, type RecordedSession } from "./payments.server";
import { refundInscription, syncChargeRefunded } from "./refunds.server";
import { PaymentError } from "./payment-errors.server";
import { sendConfirmationEmail, sendRefusedPaymentEmail, sendStrayPaymentEmail } from "./registration-emails.server";
import { claimTransfer, finishTransfer } from "./transfer-settle.server";
import { isOneOf } from "~/domain/labels";

type Ctx = AppLoadContext;

export type PaymentOutcome =
  | { state: "validated"; inscriptionId: string; newlyValidated: boolean }
  | { state: "refunded"; inscriptionId: string; reason: RefusedPaymentReason }
  | { state: "stray_refunded"; inscriptionId: string; reason: StrayPaymentReason }
  | { state: "pending" | "open" | "expired" | "unknown" | "failed"; inscriptionId: string | null };

/** The place (and the meals) are the registration's: its hold is running, or a place and its meals are free again. */
function placeStillFree(nowIso: string) {
  return sql`((i.statut = 'en_attente' AND (i.hold_expires_at IS NULL OR i.hold_expires_at > ${nowIso}))
    OR ${placeFreeForSql("i", nowIso)})`;
}

/**
 * `checkout.session.completed` (and its asynchronous success), the success page and a retried checkout found paid:
 * records the payment, then validates the registration or refunds the payment. Safe to call any number of times.
 */
export async function onCheckoutCompleted(context: Ctx, sessionId: string): Promise<PaymentOutcome> {
  const recorded = await recordPaidSession(context, sessionId);
  return settle(context, recorded, sessionId);
}

async function settle(context: Ctx, recorded: RecordedSession, sessionId: string): Promise<PaymentOutcome> {
  if (recorded.state !== "paid") return { state: recorded.state, inscriptionId: recorded.inscriptionId };
  const { inscriptionId, paiementId, amountCents, feeCents } = recorded;
  const [row] = await context.db
    .select({ i: inscriptions, enLigne: courses.en_ligne })
    .from(inscriptions)
    .innerJoin(courses, eq(courses.id, inscriptions.course_id))
    .where(eq(inscriptions.id, inscriptionId))
    .limit(1);
  if (!row) return { state: "unknown", inscriptionId };
  if (row.i.statut === "validee") return alreadyValidated(context, row.i, sessionId);

  // Why the payment could not be kept, if so: the event was withdrawn, or what was paid is not the total.
  let refusal: RefusedPaymentReason | null = null;
  if (!row.enLigne) refusal = "event_unavailable";
  else if (amountCents !== row.i.prix_total_coureur_cents) refusal = "amount_mismatch";

  const logFulfilled = () =>
    logEvent("payment.fulfilled", {
      inscription_id: inscriptionId,
      paiement_id: paiementId,
      checkout_session_id: sessionId,
      amount_cents: amountCents,
      fee_cents: feeCents,
      newly_validated: true,
    });

  // A buyer's payment of a bib transfer (issue 22) takes the seller's place, if it claims the offer first.
  if (!refusal && row.i.cession_id) {
    const cessionId = row.i.cession_id;
    if (await claimTransfer(context, { buyerId: inscriptionId, cessionId, sessionId, amountCents })) {
      logFulfilled();
      await finishTransfer(context, cessionId);
      return { state: "validated", inscriptionId, newlyValidated: true };
    }
    refusal = "late_payment";
  }
  if (!refusal) {
    const nowIso = context.clock.now().toISOString();
    const validated = await applyTransition(context, {
      inscriptionId,
      event: "paid",
      actor: { type: "payment" },
      set: { checkout_session_id: sessionId, hold_expires_at: null },
      when: sql`${placeStillFree(nowIso)} AND i.prix_total_coureur_cents = ${amountCents}`,
      amountCents,
    });
    if (validated) {
      logFulfilled();
      await sendConfirmationEmail(context, inscriptionId);
      return { state: "validated", inscriptionId, newlyValidated: true };
    }
    refusal = "late_payment";
  }
  return refuseAndRefund(context, { inscriptionId, sessionId, reason: refusal });
}

/**
 * A payment that cannot be kept: the registration is marked first (so that nothing validates it meanwhile), then
 * the payment is refunded in full, then the registration records the refund; the runner gets one e-mail. A replay
 * (or a retry after a refund that failed) picks up where it stopped: the refund's key makes it happen once.
 */
async function refuseAndRefund(
  context: Ctx,
  input: { inscriptionId: string; sessionId: string; reason: RefusedPaymentReason },
): Promise<PaymentOutcome> {
  const { inscriptionId, sessionId } = input;
  let [row] = await context.db.select().from(inscriptions).where(eq(inscriptions.id, inscriptionId)).limit(1);
  if (!row) return { state: "unknown", inscriptionId };
  const refused = isOneOf(REFUSED_PAYMENT_REASONS, row.cancel_reason);
  if (!refused) {
    const marked = await applyTransition(context, {
      inscriptionId,
      event: input.reason as LifecycleEvent,
      actor: { type: "payment" },
    });
    if (!marked) {
      [row] = await context.db.select().from(inscriptions).where(eq(inscriptions.id, inscriptionId)).limit(1);
      if (!row) return { state: "unknown", inscriptionId };
      if (row.statut === "validee") return alreadyValidated(context, row, sessionId);
      if (!isOneOf(REFUSED_PAYMENT_REASONS, row.cancel_reason)) {
        // This session's payment validated the registration, then a cancellation, a refund or a bib transfer
        // settled it: a replay has nothing to do.
        if (row.checkout_session_id === sessionId && isOneOf(SETTLED_PAYMENT_REASONS, row.cancel_reason))
          return { state: "unknown", inscriptionId };
        // Any other end (refused or cancelled by the organiser, an offer withdrawn, while the runner was paying):
        // the payment belongs to no place.
        return refundStrayPayment(context, { inscriptionId, sessionId, reason: "registration_closed" });
      }
    }
  }
  const reason = ((refused ? row.cancel_reason : input.reason) ?? input.reason) as RefusedPaymentReason;
  const p = await refundSessionPayment(context, { inscriptionId, sessionId, reason });
  await applyTransition(context, {
    inscriptionId,
    event: "payment_refunded",
    actor: { type: "payment" },
    amountCents: p?.amount_total_cents ?? null,
  });
  await sendRefusedPaymentEmail(context, inscriptionId, p?.amount_total_cents ?? row.prix_total_coureur_cents, reason);
  return { state: "refunded", inscriptionId, reason };
}

/**
 * The whole payment of a session back to the runner (a refused or a stray payment), by its own id, once, under the
 * session's key; logged as a late payment with its reason. A try that stopped half-way (its refund pending, already
 * counted in the ledger) is finished under that key, for the amount it asked; a refund that failed is asked again
 * for what is left. Returns the payment (null when the session has none).
 */
async function refundSessionPayment(
  context: Ctx,
  input: { inscriptionId: string; sessionId: string; reason: string },
): Promise<typeof paiements.$inferSelect | null> {
  const [payment] = await context.db
    .select()
    .from(paiements)
    .where(eq(paiements.checkout_session_id, input.sessionId))
    .limit(1);
  logEvent("payment.late", {
    inscription_id: input.inscriptionId,
    paiement_id: payment?.id,
    checkout_session_id: input.sessionId,
    amount_cents: payment?.amount_total_cents,
    refunded_total_cents: payment?.refunded_cents,
    reason: input.reason,
  });
  if (!payment) return null;
  const key = `refused-payment:${input.sessionId}`;
  const [earlier] = await context.db
    .select({ amount: remboursements.amount_cents, status: remboursements.status })
    .from(remboursements)
    .where(eq(remboursements.idempotency_key, key))
    .limit(1);
  const asked = earlier && earlier.status !== "failed" ? earlier.amount : null;
  const rest = payment.amount_total_cents - payment.refunded_cents;
  if (asked === null && rest <= 0) return payment;
  await refundInscription(context, {
    inscriptionId: input.inscriptionId,
    paiementId: payment.id,
    amountCents: asked ?? rest,
    percent: 100,
    reason: input.reason,
    idempotencyKey: key,
  });
  return payment;
}

/**
 * A paid session of a registration already validated: its own payment (a replay), or a second one (an earlier
 * session paid late, after a new checkout was paid), which is refunded in full while the registration stays valid.
 */
async function alreadyValidated(
  context: Ctx,
  row: { id: string; checkout_session_id: string | null },
  sessionId: string,
): Promise<PaymentOutcome> {
  if (row.checkout_session_id === sessionId)
    return { state: "validated", inscriptionId: row.id, newlyValidated: false };
  await refundStrayPayment(context, { inscriptionId: row.id, sessionId, reason: "already_paid" });
  return { state: "validated", inscriptionId: row.id, newlyValidated: false };
}

/**
 * A payment that belongs to no place (decision 0180): refunded in full, by its own id (never the registration's own
 * payment), the registration left as it is; the runner gets one e-mail. Safe to replay: the refund's key and the
 * e-mail's are the session's.
 */
async function refundStrayPayment(
  context: Ctx,
  input: { inscriptionId: string; sessionId: string; reason: StrayPaymentReason },
): Promise<PaymentOutcome> {
  const { inscriptionId, sessionId, reason } = input;
  const p = await refundSessionPayment(context, { inscriptionId, sessionId, reason });
  if (!p) return { state: "unknown", inscriptionId };
  await sendStrayPaymentEmail(context, { inscriptionId, sessionId, amountCents: p.amount_total_cents, reason });
  return { state: "stray_refunded", inscriptionId, reason };
}

/**
 * `checkout.session.expired` and `async_payment_failed`: the hold is released (only if that session is still the
 * registration's: a registration that moved on to a new session keeps its place). Re-reads the session first: if
 * it was paid after all (events out of order), settles the payment instead.
 */
export async function onCheckoutEnded(context: Ctx, sessionId: string): Promise<PaymentOutcome> {
  const recorded = await recordEndedSession(context, sessionId);
  if (recorded.state === "paid") return settle(context, recorded, sessionId);
  if ((recorded.state === "expired" || recorded.state === "failed") && recorded.inscriptionId) {
    const nowIso = context.clock.now().toISOString();
    const [i] = await context.db
      .select({ offer: inscriptions.liste_attente_id, cession: inscriptions.cession_id })
      .from(inscriptions)
      .where(eq(inscriptions.id, recorded.inscriptionId))
      .limit(1);
    // An offer of the waiting list (or of a bib transfer) stays the runner's until its deadline: another checkout
    // may still be opened.
    await applyTransition(context, {
      inscriptionId: recorded.inscriptionId,
      event: i?.cession
        ? "transfer_ended"
        : i?.offer
          ? "offer_expired"
          : recorded.state === "failed"
            ? "payment_failed"
            : "hold_expired",
      actor: { type: "payment" },
      from: ["en_attente"],
      when:
        i?.offer || i?.cession
          ? sql`i.checkout_session_id = ${sessionId} AND (i.hold_expires_at IS NULL OR i.hold_expires_at <= ${nowIso})`
          : sql`i.checkout_session_id = ${sessionId}`,
    });
  }
  return { state: recorded.state, inscriptionId: recorded.inscriptionId };
}

/**
 * Ends a registration's open checkout at the provider, then releases its hold (the cron for expired holds, an event
 * deleted or taken offline). Returns 'paid' when the session turned out paid (the payment is then settled).
 */
export async function expireCheckoutForInscription(
  context: Ctx,
  inscriptionId: string,
): Promise<"released" | "paid" | "none"> {
  const [i] = await context.db.select().from(inscriptions).where(eq(inscriptions.id, inscriptionId)).limit(1);
  if (i?.statut !== "en_attente") return "none";
  if (!i.checkout_session_id) {
    const released = await applyTransition(context, {
      inscriptionId,
      event: i.cession_id ? "transfer_ended" : i.liste_attente_id ? "offer_expired" : "hold_expired",
      actor: { type: "system" },
      from: ["en_attente"],
      when: sql`i.checkout_session_id IS NULL`,
    });
    return released ? "released" : "none";
  }
  const ended = await expireSession(context, i.checkout_session_id);
  const outcome =
    ended === "paid"
      ? await onCheckoutCompleted(context, i.checkout_session_id)
      : await onCheckoutEnded(context, i.checkout_session_id);
  return outcome.state === "validated" || outcome.state === "refunded" || outcome.state === "stray_refunded"
    ? "paid"
    : "released";
}

/** /merci's button, and a retried checkout: re-reads the session and settles it when paid (the webhook may be late). */
export async function verifyCheckoutSession(
  context: Ctx,
  sessionId: string,
  inscriptionId: string,
): Promise<PaymentOutcome> {
  const info = await context.payments.retrieveCheckoutSession(sessionId);
  if (info.metadata.inscription_id !== inscriptionId) throw new PaymentError("paiement_introuvable");
  if (info.status === "complete") return onCheckoutCompleted(context, sessionId);
  return { state: info.status, inscriptionId };
}

/** `charge.refunded`: a refund made at the provider (its dashboard) is recorded, and the registration follows. */
export async function onChargeRefunded(context: Ctx, chargeId: string, amountRefundedCents: number): Promise<void> {
  const synced = await syncChargeRefunded(context, chargeId, amountRefundedCents);
  if (!synced) return;
  // A stray payment (decision 0180) refunded at the provider: the registration keeps its own payment and status.
  const own = await collectedPayment(context.db, synced.inscriptionId);
  if (own && own.id !== synced.paiementId) return;
  await applyTransition(context, {
    inscriptionId: synced.inscriptionId,
    event: "refunded_outside",
    actor: { type: "payment" },
    to:
      statusAfterRefund(synced.ledger.amount_total_cents, synced.ledger.refunded_cents) === "remboursee_totalement"
        ? "remboursee_totalement"
        : "remboursee_partiellement",
    amountCents: synced.amountCents,
  });
}
