// Money to organisers: the admin's commission per payment, transfers (an admin's release, the J+1 payout), the
// provider's reversals, and the organiser's debts covered by their next payouts (decision 0184). Order of writes for
// money that leaves: reserve in D1 first, then the provider with an idempotency key, then confirm or undo (0030, 0032).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { profils_utilisateurs, transferts } from "~/db/schema";
import {
  applyCommission,
  applyTransfer,
  applyTransferReversal,
  DEFAULT_DEPOSIT_PERCENT,
  depositAmount,
  shouldSkipTransfer,
  transferAllAmount,
  type Ledger,
} from "~/domain/money";
import { isPaymentProviderError } from "~/providers/payments";
import {
  isActionToken,
  adminTransferId,
  AUTO_PAYOUT_ACTOR,
  AUTO_PAYOUT_BATCH,
  autoPayoutTransferId,
  TRANSFER_REFUSALS,
  type TransferRefusal,
} from "~/domain/payouts";
import { parisDate } from "~/domain/refund";
import { errorCode, errorDetail, logEvent } from "~/utils/log.server";
import { batchAll } from "~/db/batch.server";

import { PaymentError, PAYMENT_ERROR_MESSAGES } from "./payment-errors.server";
import { ledgerOf, loadPaiement, sameLedger, swapLedger } from "./ledger.server";
import { coverOrganiserDebts } from "./organiser-debts.server";

type Ctx = AppLoadContext;

// ---------------------------------------------------------------- commission and transfers

/** Admin: a new platform commission (0–50 %, step 0.1) on one payment. */
export async function setCommission(context: Ctx, paiementId: string, commissionPercent: number): Promise<Ledger> {
  const p = await loadPaiement(context, paiementId);
  const from = ledgerOf(p);
  const to = applyCommission(from, commissionPercent);
  if (!(await swapLedger(context, p.id, from, to))) throw new PaymentError("conflit");
  return to;
}

export type TransferResult =
  | { state: "skipped" }
  | { state: "paid"; transfertId: string; ledger: Ledger; repeated?: boolean }
  | { state: "failed"; transfertId: string; reason: string };

async function organiserCanReceivePayouts(
  context: Ctx,
  organisateurId: string | null,
): Promise<TransferRefusal | null> {
  if (!organisateurId) return "no_account";
  const [o] = await context.db
    .select({ account: profils_utilisateurs.stripe_account_id, payouts: profils_utilisateurs.stripe_payouts_enabled })
    .from(profils_utilisateurs)
    .where(eq(profils_utilisateurs.user_id, organisateurId))
    .limit(1);
  if (!o?.account) return "no_account";
  return o.payouts ? null : "payouts_disabled";
}

/** What a transfer id already written says (a repeated request: a double click, a cron run coming back). */
async function existingTransfer(context: Ctx, transfertId: string): Promise<TransferResult | null> {
  const [t] = await context.db.select().from(transferts).where(eq(transferts.id, transfertId)).limit(1);
  if (!t) return null;
  if (t.status === "failed")
    return { state: "failed", transfertId, reason: t.failure_reason ?? PAYMENT_ERROR_MESSAGES.transfert_impossible };
  const p = await loadPaiement(context, t.paiement_id);
  return { state: "paid", transfertId, ledger: ledgerOf(p), repeated: true };
}

/**
 * Sends `amountCents` of a payment's net remaining to the organiser's connected account
 * (separate charges and transfers: `source_transaction` = the charge, `transfer_group` = the registration).
 * Transfers of 0 or less are skipped. `transfertId`, when given, makes the request idempotent: the same id twice
 * transfers once (admin form token, J+1 payout of the day). A transfer that cannot go (organiser account unable to
 * receive payouts, a provider refusal, a concurrent change) is recorded as failed with its reason and leaves the
 * ledger as it was.
 */
export async function transferToOrganiser(
  context: Ctx,
  input: {
    paiementId: string;
    amountCents: number;
    kind: "acompte" | "solde";
    createdBy: string;
    transfertId?: string;
  },
): Promise<TransferResult> {
  if (shouldSkipTransfer(input.amountCents)) return { state: "skipped" };
  if (input.transfertId) {
    const done = await existingTransfer(context, input.transfertId);
    if (done) return done;
  }
  const p = await loadPaiement(context, input.paiementId);
  if (p.status !== "succeeded" && p.status !== "refunded") throw new PaymentError("paiement_non_reversable");
  if (!p.charge_id || !p.destination_account_id) throw new PaymentError("paiement_non_reversable");
  const from = ledgerOf(p);
  const to = applyTransfer(from, input.amountCents);
  const transfertId = input.transfertId ?? crypto.randomUUID();
  const now = context.clock.now().toISOString();
  const refusal = await organiserCanReceivePayouts(context, p.organisateur_id);
  const inserted = await context.db
    .insert(transferts)
    .values({
      id: transfertId,
      paiement_id: p.id,
      destination_account_id: p.destination_account_id,
      amount_cents: input.amountCents,
      kind: input.kind,
      status: refusal ? "failed" : "pending",
      failure_reason: refusal ? TRANSFER_REFUSALS[refusal] : null,
      created_by: input.createdBy,
      created_at: now,
    })
    .onConflictDoNothing()
    .returning({ id: transferts.id });
  // Written in the meantime by the same request sent twice: that one decides.
  if (inserted.length === 0) return (await existingTransfer(context, transfertId))!;
  const fail = async (reason: string, e?: unknown): Promise<TransferResult> => {
    logEvent("transfer.failed", {
      paiement_id: p.id,
      inscription_id: p.inscription_id,
      transfert_id: transfertId,
      amount_cents: input.amountCents,
      kind: input.kind,
      error: e ? errorCode(e) : (refusal ?? "conflict"),
      detail: e ? errorDetail(e) : null,
    });
    await context.db
      .update(transferts)
      .set({ status: "failed", failure_reason: reason })
      .where(eq(transferts.id, transfertId));
    return { state: "failed", transfertId, reason };
  };
  if (refusal) return fail(TRANSFER_REFUSALS[refusal]);
  if (!(await swapLedger(context, p.id, from, to))) return fail(TRANSFER_REFUSALS.conflict);
  try {
    const t = await context.payments.createTransfer({
      amountCents: input.amountCents,
      destinationAccountId: p.destination_account_id,
      sourceChargeId: p.charge_id,
      transferGroup: `inscription_${p.inscription_id}`,
      metadata: { paiement_id: p.id, transfert_id: transfertId, inscription_id: p.inscription_id },
      idempotencyKey: `transfer:${transfertId}`,
    });
    await context.db
      .update(transferts)
      .set({ status: "paid", provider_transfer_id: t.id })
      .where(eq(transferts.id, transfertId));
    logEvent("transfer.paid", {
      paiement_id: p.id,
      inscription_id: p.inscription_id,
      transfert_id: transfertId,
      transfer_id: t.id,
      account_id: p.destination_account_id,
      amount_cents: input.amountCents,
      kind: input.kind,
      by: input.createdBy === AUTO_PAYOUT_ACTOR ? AUTO_PAYOUT_ACTOR : "admin",
    });
    return { state: "paid", transfertId, ledger: to };
  } catch (e) {
    // Undo the reservation: the money did not leave.
    await swapLedger(context, p.id, to, from);
    if (isPaymentProviderError(e)) return fail(`${PAYMENT_ERROR_MESSAGES.transfert_impossible} (${e.message})`, e);
    await fail(PAYMENT_ERROR_MESSAGES.transfert_impossible, e);
    throw e;
  }
}

export interface ReleaseReport {
  ok: number;
  failed: number;
  skipped: number;
  /** The transfers this call sent (a repeated submit's transfers, found already written, are not in it). */
  sent: { paiementId: string; amountCents: number }[];
}

/**
 * Admin 'release funds' on a selection: an advance of `depositPercent` % of each payment's net remaining
 * (mode "acompte", default 50 %) or 'Tout transférer' (mode "tout"). Transfers of 0 or less are skipped; one failure
 * neither stops the others nor changes the ledger ('Transferts terminés: X OK, Y échec(s).'). With the form's token,
 * the same submit sent twice transfers once.
 */
export async function releaseFunds(
  context: Ctx,
  input: { paiementIds: string[]; mode: "acompte" | "tout"; depositPercent?: number; adminId: string; token: string },
): Promise<ReleaseReport> {
  // The transfers' ids come from the form's token (the same submit twice transfers once): without it, nothing goes.
  if (!isActionToken(input.token)) throw new PaymentError("formulaire_expire");
  const report: ReleaseReport = { ok: 0, failed: 0, skipped: 0, sent: [] };
  for (const paiementId of input.paiementIds) {
    try {
      const transfertId = adminTransferId(input.token, paiementId, input.mode);
      const done = await existingTransfer(context, transfertId);
      let r: TransferResult;
      let amount = 0;
      if (done) r = done;
      else {
        // The organiser's debts on their other payments are covered first (decision 0184).
        const p = await coverOrganiserDebts(context, paiementId);
        amount =
          input.mode === "tout"
            ? transferAllAmount(p.net_remaining_cents)
            : depositAmount(p.net_remaining_cents, input.depositPercent ?? DEFAULT_DEPOSIT_PERCENT);
        r = await transferToOrganiser(context, {
          paiementId,
          amountCents: amount,
          kind: input.mode === "tout" ? "solde" : "acompte",
          createdBy: input.adminId,
          transfertId,
        });
      }
      if (r.state === "skipped") report.skipped += 1;
      else if (r.state === "paid") {
        report.ok += 1;
        if (!r.repeated && !done) report.sent.push({ paiementId, amountCents: amount });
      } else report.failed += 1;
    } catch (e) {
      logEvent("transfer.failed", { paiement_id: paiementId, error: errorCode(e), detail: errorDetail(e) });
      report.failed += 1;
    }
  }
  return report;
}

export interface AutoPayoutReport {
  paid: number;
  failed: number;
}

/**
 * The J+1 payout (cron): the day after a format's date, the whole net remaining of each of its collected payments
 * goes to the organiser (what a partial refund left of a payment included), through transferToOrganiser with one
 * transfer id per payment and day, so that a run that comes back (the cron every 10 minutes, a retry) sends nothing
 * twice. A payment whose transfer failed today is tried again tomorrow. Bounded per run; read through the partial
 * index of payments still to pay out.
 */
export async function runDuePayouts(context: Ctx, limit = AUTO_PAYOUT_BATCH): Promise<AutoPayoutReport> {
  const today = parisDate(context.clock.now());
  const due = await context.db.all<{ id: string; net_remaining_cents: number }>(sql`
    SELECT p.id, p.net_remaining_cents FROM paiements p INDEXED BY paiements_payout_due_idx
    WHERE p.status IN ('succeeded', 'refunded') AND p.net_remaining_cents > 0 AND p.payout_due_on <= ${today}
      AND NOT EXISTS (SELECT 1 FROM transferts t WHERE t.id = 'j1-' || ${today} || '-' || p.id)
    ORDER BY p.payout_due_on LIMIT ${limit}`);
  const report: AutoPayoutReport = { paid: 0, failed: 0 };
  for (const row of due) {
    try {
      // The organiser's debts on their other payments are covered first (decision 0184).
      const p = await coverOrganiserDebts(context, row.id);
      const r = await transferToOrganiser(context, {
        paiementId: row.id,
        amountCents: transferAllAmount(p.net_remaining_cents),
        kind: "solde",
        createdBy: AUTO_PAYOUT_ACTOR,
        transfertId: autoPayoutTransferId(row.id, today),
      });
      if (r.state === "paid" && !r.repeated) report.paid += 1;
      else if (r.state === "failed") report.failed += 1;
    } catch (e) {
      logEvent("transfer.failed", {
        paiement_id: row.id,
        by: AUTO_PAYOUT_ACTOR,
        error: errorCode(e),
        detail: errorDetail(e),
      });
      report.failed += 1;
    }
  }
  return report;
}

/** A reversal the provider reports (`transfer.reversed`) that we did not ask for: bring the ledger in line. */
export async function syncTransferReversal(
  context: Ctx,
  providerTransferId: string,
  amountReversedCents: number,
): Promise<void> {
  const [t] = await context.db
    .select()
    .from(transferts)
    .where(eq(transferts.provider_transfer_id, providerTransferId))
    .limit(1);
  if (!t) return;
  const diff = Math.min(amountReversedCents, t.amount_cents) - t.reversed_cents;
  if (diff <= 0) return;
  const p = await loadPaiement(context, t.paiement_id);
  const from = ledgerOf(p);
  const to = applyTransferReversal(from, diff);
  // The transfer's reversed amount and the ledger move together or not at all (one D1 transaction), each only while
  // both are still as read: a transfer moved without its ledger would make a retry of the same event find nothing
  // left to do while the books never showed the money back.
  const nowIso = context.clock.now().toISOString();
  const [moved, swapped] = await batchAll<[{ id: string }[], { id: string }[]]>(context.db, [
    sql`UPDATE transferts SET reversed_cents = ${t.reversed_cents + diff},
        status = ${t.reversed_cents + diff >= t.amount_cents ? "reversed" : t.status}
      WHERE id = ${t.id} AND reversed_cents = ${t.reversed_cents}
        AND EXISTS (SELECT 1 FROM paiements WHERE ${sameLedger(p.id, from)}) RETURNING id`,
    sql`UPDATE paiements SET transferred_total_cents = ${to.transferred_total_cents},
        net_remaining_cents = ${to.net_remaining_cents}, platform_fee_cents = ${to.platform_fee_cents},
        refunded_cents = ${to.refunded_cents}, updated_at = ${nowIso}
      WHERE ${sameLedger(p.id, from)}
        AND EXISTS (SELECT 1 FROM transferts t2 WHERE t2.id = ${t.id} AND t2.reversed_cents = ${t.reversed_cents + diff})
      RETURNING id`,
  ]);
  if (moved.length !== 1 || swapped.length !== 1) {
    // Another delivery of this reversal recorded it: nothing to do. Otherwise something moved meanwhile: the
    // provider sends the event again, and the difference is computed afresh.
    const [now] = await context.db
      .select({ reversed: transferts.reversed_cents })
      .from(transferts)
      .where(eq(transferts.id, t.id))
      .limit(1);
    if ((now?.reversed ?? 0) >= Math.min(amountReversedCents, t.amount_cents)) return;
    throw new PaymentError("conflit");
  }
  logEvent("transfer.reversed", {
    paiement_id: p.id,
    inscription_id: p.inscription_id,
    transfert_id: t.id,
    transfer_id: providerTransferId,
    amount_cents: diff,
    origin: "provider",
  });
}
