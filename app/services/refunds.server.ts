// Refunds (decisions 0030, 0070, 0184): a registration's refund asked of the provider under a key from our own row
// (never twice), its ledger written only over the amounts read, a refund stopped half-way resumed by the cron, and a
// refund made outside Balise (in the provider's dashboard) brought into the books.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { paiements, remboursements, transferts } from "~/db/schema";
import { collectedPayment, collectedPaymentById } from "~/db/payments.server";
import { applyTransferReversal, planRefund, runnerRefundPlatformShare, type Ledger } from "~/domain/money";
import { isPaymentProviderError, outcomeUnknown, PaymentProviderError } from "~/providers/payments";
import { EVENT_LABELS } from "~/domain/registration-rules";
import { errorCode, errorDetail, logEvent } from "~/utils/log.server";
import { batchAll } from "~/db/batch.server";

import { PaymentError } from "./payment-errors.server";
import { ledgerOf, loadPaiement, sameLedger, swapLedger } from "./ledger.server";

type Ctx = AppLoadContext;

// ---------------------------------------------------------------- refunds

export interface RefundRequest {
  inscriptionId: string;
  amountCents: number;
  percent?: number | null;
  reason?: string | null;
  /** Same key, same refund: a double submit refunds once. */
  idempotencyKey: string;
  /** This payment of the registration rather than its own (a stray second payment, refunded in full). */
  paiementId?: string;
  /**
   * Who pays what the refund takes beyond the organiser's share of the payment (decision 0184): the platform for the
   * refunds it decides (a late or stray payment: the default), the organiser for their own cancellation (their next
   * payouts), and for a runner's refund on the scale the platform only up to the commission it raised after the
   * payment (decision 0182).
   */
  payer?: "platform" | "organiser" | "runner_scale";
}

/**
 * The earlier try of the same refund (same key): its result when it succeeded, finished when it stopped half-way;
 * a failed one keeps its row (and its provider key, whose stored failure would come back) and frees the key.
 */
async function earlierTry(context: Ctx, key: string): Promise<{ remboursementId: string; ledger: Ledger } | null> {
  const [earlier] = await context.db
    .select()
    .from(remboursements)
    .where(eq(remboursements.idempotency_key, key))
    .limit(1);
  if (earlier?.status === "succeeded") {
    const p = await loadPaiement(context, earlier.paiement_id);
    return { remboursementId: earlier.id, ledger: ledgerOf(p) };
  }
  // Another try of the same refund is still running: do not start a second one. One that stopped half-way (its
  // request ended after the ledger was reserved) is finished under its own provider key.
  // (Awaited here: workerd reports a rejection handed on unawaited as unhandled.)
  if (earlier?.status === "pending") return await resumeRefund(context, earlier);
  if (earlier?.status === "failed") {
    await context.db
      .update(remboursements)
      .set({ idempotency_key: `${earlier.idempotency_key}:echec:${earlier.id}` })
      .where(eq(remboursements.id, earlier.id));
  }
  return null;
}

/** What the platform pays of a refund beyond the organiser's share (RefundRequest.payer). */
function platformShareOf(req: RefundRequest, from: Ledger, platformFeeAtPaymentCents: number): number {
  if (req.payer === "organiser") return 0;
  if (req.payer === "runner_scale") return runnerRefundPlatformShare(from, platformFeeAtPaymentCents);
  return Number.POSITIVE_INFINITY;
}

/**
 * Money already sent to the organiser comes back first (newest transfers first). `progress.ledger` follows the
 * reversals made, so that a failure half-way keeps those in the ledger.
 */
async function reverseTransfers(
  context: Ctx,
  { id, paiementId, cents }: { id: string; paiementId: string; cents: number },
  progress: { ledger: Ledger },
): Promise<void> {
  let toReverse = cents;
  if (toReverse <= 0) return;
  const ts = await context.db
    .select()
    .from(transferts)
    .where(and(eq(transferts.paiement_id, paiementId), inArray(transferts.status, ["paid"])))
    .orderBy(desc(transferts.created_at));
  for (const t of ts) {
    if (toReverse <= 0) break;
    const part = Math.min(toReverse, t.amount_cents - t.reversed_cents);
    if (part <= 0 || !t.provider_transfer_id) continue;
    await context.db
      .update(transferts)
      .set({ reversed_cents: t.reversed_cents + part })
      .where(eq(transferts.id, t.id));
    try {
      await context.payments.createTransferReversal({
        transferId: t.provider_transfer_id,
        amountCents: part,
        metadata: { remboursement_id: id, paiement_id: paiementId },
        idempotencyKey: `reversal:${id}:${t.id}`,
      });
    } catch (e) {
      await context.db.update(transferts).set({ reversed_cents: t.reversed_cents }).where(eq(transferts.id, t.id));
      throw e;
    }
    if (t.reversed_cents + part >= t.amount_cents)
      await context.db.update(transferts).set({ status: "reversed" }).where(eq(transferts.id, t.id));
    progress.ledger = applyTransferReversal(progress.ledger, part);
    toReverse -= part;
  }
  if (toReverse > 0) throw new PaymentProviderError("Transferts introuvables pour l'annulation.");
}

/**
 * Refunds part of a registration's payment to the runner. The organiser's share pays it; money already
 * transferred comes back first by a transfer reversal. The registration's status is the caller's to change
 * (through the lifecycle), from the ledger returned.
 */
export async function refundInscription(
  context: Ctx,
  req: RefundRequest,
): Promise<{ remboursementId: string; ledger: Ledger }> {
  const earlier = await earlierTry(context, req.idempotencyKey);
  if (earlier) return earlier;
  const find = () =>
    req.paiementId
      ? collectedPaymentById(context.db, req.inscriptionId, req.paiementId)
      : collectedPayment(context.db, req.inscriptionId);
  let p = await find();
  if (!p?.charge_id) throw new PaymentError("paiement_introuvable");
  // Another refund of this payment still pending: running (conflit), or stopped half-way, then finished first, so
  // that this one starts from the ledger as it really is.
  const [unresolved] = await context.db
    .select()
    .from(remboursements)
    .where(and(eq(remboursements.paiement_id, p.id), eq(remboursements.status, "pending")))
    .limit(1);
  if (unresolved) {
    await resumeRefund(context, unresolved);
    p = await find();
    if (!p?.charge_id) throw new PaymentError("paiement_introuvable");
  }
  const from = ledgerOf(p);
  const platformShare = platformShareOf(req, from, p.platform_fee_at_payment_cents);
  const plan = planRefund(from, req.amountCents, platformShare);
  const id = crypto.randomUUID();
  const now = context.clock.now().toISOString();

  // 1. Reserve: the ledger shows the refund before the provider's charge.refunded event can arrive.
  await context.db.insert(remboursements).values({
    id,
    paiement_id: p.id,
    inscription_id: req.inscriptionId,
    amount_cents: req.amountCents,
    transfer_reversal_cents: plan.reversalCents,
    percent: req.percent ?? null,
    reason: req.reason ?? null,
    idempotency_key: req.idempotencyKey,
    status: "pending",
    created_at: now,
  });
  if (!(await swapLedger(context, p.id, from, plan.ledger, { status: "refunded" }))) {
    await context.db.update(remboursements).set({ status: "failed" }).where(eq(remboursements.id, id));
    throw new PaymentError("conflit");
  }

  // 2. Money already sent to the organiser comes back first.
  const reversed = { ledger: from };
  let providerRefundId = "";
  let refundAsked = false;
  try {
    await reverseTransfers(context, { id, paiementId: p.id, cents: plan.reversalCents }, reversed);
    // 3. The refund itself.
    refundAsked = true;
    const r = await askProviderRefund(context, {
      id,
      chargeId: p.charge_id,
      amountCents: req.amountCents,
      inscriptionId: req.inscriptionId,
    });
    if (r.status === "failed") throw new PaymentProviderError("Remboursement refusé par le prestataire.");
    providerRefundId = r.id;
  } catch (e) {
    // The refund was asked and its outcome is unknown (the connection broke, the provider's own error): it may have
    // been made. Nothing is undone; the row stays pending, and the next try asks again under the same key.
    const unknown = refundAsked && outcomeUnknown(e);
    logEvent("refund.failed", {
      inscription_id: req.inscriptionId,
      paiement_id: p.id,
      remboursement_id: id,
      charge_id: p.charge_id,
      amount_cents: req.amountCents,
      origin: req.idempotencyKey.split(":")[0],
      error: errorCode(e),
      detail: unknown ? `issue inconnue, reprise sous la même clé : ${errorDetail(e)}` : errorDetail(e),
    });
    if (unknown) throw new PaymentError("conflit");
    // Undo the refund part; reversals that did happen stay in the ledger (the money is back with us).
    await swapLedger(context, p.id, plan.ledger, reversed.ledger, {
      status: from.refunded_cents > 0 ? "refunded" : p.status,
    });
    await context.db.update(remboursements).set({ status: "failed" }).where(eq(remboursements.id, id));
    if (isPaymentProviderError(e)) throw new PaymentError("remboursement_impossible", e.message);
    throw e;
  }
  // 4. The money moved: nothing is undone from here. If this write fails, the row stays pending and the next try of
  // the same refund finishes it (resumeRefund), under the same provider key.
  try {
    await context.db
      .update(remboursements)
      .set({ status: "succeeded", provider_refund_id: providerRefundId })
      .where(eq(remboursements.id, id));
  } catch (e) {
    console.error("refund: made, not yet recorded (finished by the next try)", id, e);
  }
  logEvent("refund.succeeded", {
    inscription_id: req.inscriptionId,
    paiement_id: p.id,
    remboursement_id: id,
    charge_id: p.charge_id,
    amount_cents: req.amountCents,
    reversal_cents: plan.reversalCents,
    refunded_total_cents: plan.ledger.refunded_cents,
    origin: req.idempotencyKey.split(":")[0],
  });
  return { remboursementId: id, ledger: plan.ledger };
}

/**
 * The provider's refund of our refund row `id`, under a key derived from the row alone: asking again for the same
 * row (a try that stopped half-way) can never refund twice.
 */
function askProviderRefund(
  context: Ctx,
  r: { id: string; chargeId: string; amountCents: number; inscriptionId: string },
) {
  return context.payments.createRefund({
    chargeId: r.chargeId,
    amountCents: r.amountCents,
    metadata: { remboursement_id: r.id, inscription_id: r.inscriptionId },
    idempotencyKey: `refund:${r.id}`,
  });
}

/** A refund pending for longer than this stopped half-way (a request lasts seconds): the next try finishes it. */
export const REFUND_RESUME_MINUTES = 5;
/**
 * The provider keeps a request's key about a day (Stripe: at least 24 hours): past this, asking again under it
 * could refund twice. Such a refund is left to the operator (`refund.stuck`).
 */
export const REFUND_RESUME_MAX_HOURS = 23;

type RemboursementRow = typeof remboursements.$inferSelect;

/**
 * A try of the same refund found its row pending. Younger than REFUND_RESUME_MINUTES: it is still running (conflit).
 * Older: its request stopped after the ledger was reserved, before or after the provider's refund. The refund is
 * asked again under its own key, so the provider makes it once: it answers the first request's refund if that one
 * went through, and makes it now if it did not; the ledger already counts it. A refund that had transfers to reverse
 * is not finished here (which reversals went through is not recorded): it is logged (`refund.stuck`) for the
 * operator, and stays pending, so that no other refund of the payment starts meanwhile.
 */
async function resumeRefund(
  context: Ctx,
  earlier: RemboursementRow,
): Promise<{ remboursementId: string; ledger: Ledger }> {
  const now = context.clock.now().getTime();
  if (now - Date.parse(earlier.created_at) < REFUND_RESUME_MINUTES * 60_000) throw new PaymentError("conflit");
  const p = await loadPaiement(context, earlier.paiement_id);
  const stuck = (error: string) => {
    logEvent("refund.stuck", {
      inscription_id: earlier.inscription_id,
      paiement_id: p.id,
      remboursement_id: earlier.id,
      amount_cents: earlier.amount_cents,
      reversal_cents: earlier.transfer_reversal_cents,
      error,
    });
    return new PaymentError("conflit");
  };
  if (earlier.transfer_reversal_cents > 0 || !p.charge_id) throw stuck("reversals_unknown");
  if (now - Date.parse(earlier.created_at) > REFUND_RESUME_MAX_HOURS * 3_600_000) throw stuck("provider_key_expired");
  let r: Awaited<ReturnType<typeof askProviderRefund>>;
  try {
    r = await askProviderRefund(context, {
      id: earlier.id,
      chargeId: p.charge_id,
      amountCents: earlier.amount_cents,
      inscriptionId: earlier.inscription_id,
    });
  } catch (e) {
    if (isPaymentProviderError(e)) throw stuck(errorCode(e));
    throw e;
  }
  if (r.status === "failed") throw stuck("refused");
  await context.db
    .update(remboursements)
    .set({ status: "succeeded", provider_refund_id: r.id })
    .where(and(eq(remboursements.id, earlier.id), eq(remboursements.status, "pending")));
  logEvent("refund.succeeded", {
    inscription_id: earlier.inscription_id,
    paiement_id: p.id,
    remboursement_id: earlier.id,
    charge_id: p.charge_id,
    amount_cents: earlier.amount_cents,
    reversal_cents: 0,
    refunded_total_cents: p.refunded_cents,
    origin: "reprise",
  });
  return { remboursementId: earlier.id, ledger: ledgerOf(p) };
}

/**
 * `charge.refunded`: the provider's total refunded on a charge. A refund made outside Balise (the provider's
 * dashboard) is recorded in the ledger; our own refunds are already there, so this does nothing for them.
 */
export async function syncChargeRefunded(
  context: Ctx,
  chargeId: string,
  amountRefundedCents: number,
): Promise<{ inscriptionId: string; paiementId: string; ledger: Ledger; amountCents: number } | null> {
  const [p] = await context.db.select().from(paiements).where(eq(paiements.charge_id, chargeId)).limit(1);
  if (!p) return null;
  const diff = Math.min(amountRefundedCents, p.amount_total_cents) - p.refunded_cents;
  if (diff <= 0) return null;
  const from = ledgerOf(p);
  // An outside refund reverses no transfer and keeps the platform fee: it comes out of the net remaining,
  // which may go negative (the organiser then owes it, settled by hand).
  const ledger: Ledger = {
    ...from,
    refunded_cents: from.refunded_cents + diff,
    net_remaining_cents: from.net_remaining_cents - diff,
  };
  const key = `external:${chargeId}:${amountRefundedCents}`;
  // The refund's row and the ledger move together or not at all (one D1 transaction), each only while the ledger
  // is still the one read: a row recorded without its ledger would make a retry of the same event skip the refund
  // (its key taken) while the books never showed it, and the J+1 payout would send the refunded money.
  const id = crypto.randomUUID();
  const nowIso = context.clock.now().toISOString();
  const [inserted, moved] = await batchAll<[{ id: string }[], { id: string }[]]>(context.db, [
    sql`INSERT INTO remboursements (id, paiement_id, inscription_id, amount_cents, reason, idempotency_key, status, created_at)
      SELECT ${id}, ${p.id}, ${p.inscription_id}, ${diff}, ${EVENT_LABELS.refunded_outside}, ${key}, 'succeeded', ${nowIso}
      WHERE EXISTS (SELECT 1 FROM paiements WHERE ${sameLedger(p.id, from)})
      ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    sql`UPDATE paiements SET refunded_cents = ${ledger.refunded_cents}, net_remaining_cents = ${ledger.net_remaining_cents},
        status = 'refunded', updated_at = ${nowIso}
      WHERE ${sameLedger(p.id, from)} AND EXISTS (SELECT 1 FROM remboursements r WHERE r.id = ${id}) RETURNING id`,
  ]);
  if (inserted.length !== 1 || moved.length !== 1) {
    // This event was recorded before (its key is taken): nothing to do. Otherwise the ledger moved meanwhile:
    // the provider sends the event again, and the difference is computed afresh.
    const [done] = await context.db
      .select({ id: remboursements.id })
      .from(remboursements)
      .where(eq(remboursements.idempotency_key, key))
      .limit(1);
    if (done) return null;
    throw new PaymentError("conflit");
  }
  logEvent("refund.external", {
    inscription_id: p.inscription_id,
    paiement_id: p.id,
    charge_id: chargeId,
    amount_cents: diff,
    refunded_total_cents: ledger.refunded_cents,
  });
  return { inscriptionId: p.inscription_id, paiementId: p.id, ledger, amountCents: diff };
}
