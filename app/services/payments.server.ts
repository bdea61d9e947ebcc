// Payments: the record of a paid (or ended) session and receipts (the checkout is checkout.server.ts, refunds
// refunds.server.ts, transfers to organisers payouts.server.ts). The ledger (`paiements`, `transferts`,
// `remboursements`) is written by these modules only. This module never changes
// a registration's status and knows nothing of registrations' rules: what a payment means for the registration is
// decided above it (app/services/payment-received.server.ts, with the lifecycle).
// Order of writes for money that leaves: reserve in D1 first (conditional update on the previous amounts),
// then call the provider with an idempotency key, then confirm or undo (docs/decisions/0030 and 0032).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray } from "drizzle-orm";
import { courses, inscriptions, paiements } from "~/db/schema";
import { collectedPayment } from "~/db/payments.server";
import { DEFAULT_COMMISSION_PERCENT, openLedger } from "~/domain/money";
import { isPaymentProviderError, type CheckoutSessionInfo } from "~/providers/payments";
import { logEvent } from "~/utils/log.server";

import { PaymentError } from "./payment-errors.server";

type Ctx = AppLoadContext;

// ---------------------------------------------------------------- the record of a session

export type RecordedSession =
  | { state: "paid"; inscriptionId: string; paiementId: string; amountCents: number; feeCents: number }
  | { state: "pending"; inscriptionId: string }
  | { state: "failed"; inscriptionId: string | null }
  | { state: "open" | "expired" | "unknown"; inscriptionId: string | null };

async function providerFee(context: Ctx, info: CheckoutSessionInfo): Promise<number> {
  if (info.feeCents != null) return info.feeCents;
  if (!info.chargeId) return 0;
  const charge = await context.payments.retrieveCharge(info.chargeId);
  return charge.feeCents ?? 0;
}

/**
 * Records a completed checkout session in the ledger: one `paiements` row per session (unique), written from the
 * session re-read at the provider, so any number of webhook replays and the success page agree. A row first written
 * while an asynchronous payment was pending becomes succeeded with the real fee.
 */
export async function recordPaidSession(context: Ctx, sessionId: string): Promise<RecordedSession> {
  const info = await context.payments.retrieveCheckoutSession(sessionId);
  const inscriptionId = info.metadata.inscription_id ?? null;
  if (!inscriptionId) return { state: "unknown", inscriptionId: null };
  if (info.status !== "complete") return { state: info.status, inscriptionId };
  const found = await context.db
    .select({ i: inscriptions, organisateurId: courses.organisateur_id })
    .from(inscriptions)
    .innerJoin(courses, eq(courses.id, inscriptions.course_id))
    .where(eq(inscriptions.id, inscriptionId))
    .limit(1);
  const row = found[0];
  if (!row) return { state: "unknown", inscriptionId };

  const paid = info.paymentStatus === "paid" || info.paymentStatus === "no_payment_required";
  const now = context.clock.now().toISOString();
  const fee = paid ? await providerFee(context, info) : 0;
  const ledger = openLedger({
    amountTotalCents: info.amountTotalCents,
    providerFeeCents: fee,
    commissionPercent: DEFAULT_COMMISSION_PERCENT,
  });
  const status = paid ? "succeeded" : "pending";

  await context.db
    .insert(paiements)
    .values({
      id: crypto.randomUUID(),
      inscription_id: inscriptionId,
      course_id: row.i.course_id,
      format_id: row.i.format_id,
      organisateur_id: row.organisateurId,
      destination_account_id: info.metadata.destination_account_id ?? null,
      checkout_session_id: info.id,
      payment_intent_id: info.paymentIntentId,
      charge_id: info.chargeId,
      status,
      currency: info.currency,
      ...ledger,
      platform_fee_at_payment_cents: ledger.platform_fee_cents,
      receipt_url: info.receiptUrl,
      created_at: now,
      updated_at: now,
    })
    .onConflictDoNothing({ target: paiements.checkout_session_id });
  const [p] = await context.db.select().from(paiements).where(eq(paiements.checkout_session_id, info.id)).limit(1);

  if (!paid) {
    logEvent("payment.pending", {
      inscription_id: inscriptionId,
      paiement_id: p.id,
      checkout_session_id: info.id,
      amount_cents: info.amountTotalCents,
    });
    return { state: "pending", inscriptionId };
  }
  if (p.status === "pending" || p.status === "failed") {
    await context.db
      .update(paiements)
      .set({
        status: "succeeded",
        charge_id: info.chargeId,
        payment_intent_id: info.paymentIntentId,
        receipt_url: info.receiptUrl,
        ...ledger,
        platform_fee_at_payment_cents: ledger.platform_fee_cents,
        updated_at: now,
      })
      .where(
        and(
          eq(paiements.id, p.id),
          inArray(paiements.status, ["pending", "failed"]),
          eq(paiements.transferred_total_cents, 0),
          eq(paiements.refunded_cents, 0),
        ),
      );
  }
  return {
    state: "paid",
    inscriptionId,
    paiementId: p.id,
    amountCents: p.amount_total_cents,
    feeCents: p.fee_total_cents,
  };
}

/**
 * A session that will never be paid (expired, or its asynchronous payment failed): re-read at the provider (events
 * come in any order): 'paid' if it was paid after all, 'failed' (its pending payment row marked failed), 'open', or
 * 'expired'. Writes nothing about the registration.
 */
export async function recordEndedSession(context: Ctx, sessionId: string): Promise<RecordedSession> {
  const info = await context.payments.retrieveCheckoutSession(sessionId);
  const inscriptionId = info.metadata.inscription_id ?? null;
  if (info.status === "complete" && info.paymentStatus === "paid") return recordPaidSession(context, sessionId);
  if (info.status === "open") return { state: "open", inscriptionId };
  if (info.status === "complete") {
    const now = context.clock.now().toISOString();
    await context.db
      .update(paiements)
      .set({ status: "failed", updated_at: now })
      .where(and(eq(paiements.checkout_session_id, sessionId), eq(paiements.status, "pending")));
    return { state: "failed", inscriptionId };
  }
  return { state: "expired", inscriptionId };
}

/** Ends an open session at the provider (the runner gave up, the hold expired, the event was withdrawn). */
export async function expireSession(context: Ctx, sessionId: string): Promise<"expired" | "paid" | "gone"> {
  try {
    await context.payments.expireCheckoutSession(sessionId);
    return "expired";
  } catch (e) {
    if (!isPaymentProviderError(e)) throw e;
  }
  // The provider refused: either it was paid in the meantime, or it had already ended.
  const info = await context.payments.retrieveCheckoutSession(sessionId);
  return info.status === "complete" && info.paymentStatus === "paid"
    ? "paid"
    : info.status === "open"
      ? "gone"
      : "expired";
}

// ---------------------------------------------------------------- receipts

/**
 * The receipt URL of a registration's payment, for its runner, the event's organiser or an admin.
 * Errors carry the spec's four messages.
 */
export async function getReceiptUrl(
  context: Ctx,
  user: { id: string; isAdmin: boolean },
  traceId: string | null | undefined,
): Promise<string> {
  if (!traceId) throw new PaymentError("recu_sans_trace");
  try {
    const [row] = await context.db
      .select({ i: inscriptions, organisateurId: courses.organisateur_id })
      .from(inscriptions)
      .innerJoin(courses, eq(courses.id, inscriptions.course_id))
      .where(eq(inscriptions.paiement_trace_id, traceId))
      .limit(1);
    // Someone else's registration reads exactly like a missing one.
    if (!row || !(user.isAdmin || row.i.coureur_id === user.id || row.organisateurId === user.id))
      throw new PaymentError("recu_introuvable");
    const p = await collectedPayment(context.db, row.i.id);
    if (!p?.charge_id) throw new PaymentError("recu_introuvable");
    if (p.receipt_url) return p.receipt_url;
    let url: string | null;
    try {
      url = (await context.payments.retrieveCharge(p.charge_id)).receiptUrl;
    } catch (e) {
      if (!isPaymentProviderError(e)) throw e;
      // The provider's words are for the operator: the page says only the spec's message.
      console.error("receipt", e);
      throw new PaymentError("recu_impossible");
    }
    if (!url) throw new PaymentError("recu_introuvable");
    return url;
  } catch (e) {
    if (e instanceof PaymentError) throw e;
    console.error("receipt", e);
    throw new PaymentError("recu_erreur");
  }
}
