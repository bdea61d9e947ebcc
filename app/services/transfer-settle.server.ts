// A bib changing hands (issue 22): the buyer's payment claims the transfer offer, and in the same D1 batch (one
// transaction) the seller's registration becomes 'transferee' and the buyer's 'validee', the bib number following
// the organiser's rule. Two payments for the same offer: the first claims it, the second finds it taken and is
// refunded in full by app/services/payment-received.server.ts (late_payment); so is a payment arriving once the
// format stopped taking transfers. Then the seller is refunded (the money split of app/domain/transfer.ts) and both
// are e-mailed; a refund that fails is retried by the cron.
// docs/decisions/0170-bib-transfer.md
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNull, sql } from "drizzle-orm";
import { batchAll } from "~/db/batch.server";
import { updateStatement } from "~/db/registration-store/writes.server";
import { cessions, courses, formats, inscriptions } from "~/db/schema";
import { collectedPayment } from "~/db/payments.server";
import { transferClosedReason, transferSplit } from "~/domain/transfer";
import { buyerTransferredEmail, sellerTransferredEmail, type TransferEmailData } from "~/emails/transfer";
import { errorCode, errorDetail, logEvent } from "~/utils/log.server";
import { afterTransition, transitionStatement, type InscriptionRow } from "./registration-changes.server";
import { refundInscription } from "./refunds.server";
import { setCommission } from "./payouts.server";
import * as paths from "~/domain/paths";

type Ctx = AppLoadContext;

/** The seller's collected payment (the newest), or null. */
function sellerPayment(context: Ctx, inscriptionId: string) {
  return collectedPayment(context.db, inscriptionId);
}

/**
 * The buyer's payment `sessionId` of `amountCents` arrived for registration `buyerId` (which has a cession_id):
 * true when it claimed the offer and the place changed hands (now, or in an earlier call for the same session),
 * false when the offer was no longer open (withdrawn, expired, another buyer first): the payment is then refunded.
 */
export async function claimTransfer(
  context: Ctx,
  input: { buyerId: string; cessionId: string; sessionId: string; amountCents: number },
): Promise<boolean> {
  const { buyerId, cessionId, sessionId, amountCents } = input;
  const [c] = await context.db.select().from(cessions).where(eq(cessions.id, cessionId)).limit(1);
  if (!c) return false;
  if (c.statut === "payee") return c.acheteur_inscription_id === buyerId;
  if (c.statut !== "ouverte") return false;
  // The organiser's rules at the payment, not when the offer was made: a format that stopped taking transfers
  // (turned off, last day past) hands no place over, and the payment is refunded in full (decision 0196).
  const [f] = await context.db.select().from(formats).where(eq(formats.id, c.format_id)).limit(1);
  if (!f || transferClosedReason(f, context.clock.now())) return false;
  const p = await sellerPayment(context, c.inscription_id);
  const split = transferSplit({
    sellerPaidCents: p?.amount_total_cents ?? 0,
    sellerRefundedCents: p?.refunded_cents ?? 0,
    sellerProviderFeeCents: p?.fee_total_cents ?? 0,
    organiserFeeCents: c.frais_cents,
    formatPriceCents: 0,
  });
  const nowIso = context.clock.now().toISOString();
  const claimedByBuyer = sql`EXISTS (SELECT 1 FROM cessions c_won WHERE c_won.id = ${cessionId} AND c_won.statut = 'payee' AND c_won.acheteur_inscription_id = ${buyerId})`;
  const seller = transitionStatement(context, {
    inscriptionId: c.inscription_id,
    event: "transferred",
    actor: { type: "payment" },
    set: { dossard: null },
    when: sql`i.id = (SELECT c_s.inscription_id FROM cessions c_s WHERE c_s.id = ${cessionId}) AND ${claimedByBuyer}`,
    amountCents: split.sellerRefundCents,
  });
  const buyer = transitionStatement(context, {
    inscriptionId: buyerId,
    event: "paid",
    actor: { type: "payment" },
    from: ["en_attente"],
    set: { checkout_session_id: sessionId, hold_expires_at: null },
    when: sql`i.cession_id = ${cessionId} AND i.prix_total_coureur_cents = ${amountCents} AND ${claimedByBuyer}`,
    amountCents,
  });
  if (!seller || !buyer) return false;
  // One transaction: the claim (only while open, the seller still validated, this buyer still pending at this
  // amount), then the two changes, each conditioned on the claim; then the bib number, if it follows.
  const results = await batchAll<unknown[][]>(context.db, [
    sql`UPDATE cessions SET statut = 'payee', acheteur_inscription_id = ${buyerId},
        dossard = (SELECT s.dossard FROM inscriptions s WHERE s.id = cessions.inscription_id),
        remboursement_cents = ${split.sellerRefundCents}, ended_at = ${nowIso}, updated_at = ${nowIso}
      WHERE id = ${cessionId} AND statut = 'ouverte'
        AND EXISTS (SELECT 1 FROM formats f WHERE f.id = cessions.format_id AND f.cession_active = 1)
        AND EXISTS (SELECT 1 FROM inscriptions s WHERE s.id = cessions.inscription_id AND s.statut = 'validee')
        AND EXISTS (SELECT 1 FROM inscriptions b WHERE b.id = ${buyerId} AND b.cession_id = ${cessionId}
          AND b.statut = 'en_attente' AND b.prix_total_coureur_cents = ${amountCents})
      RETURNING id`,
    seller,
    buyer,
    updateStatement(
      { dossard: sql`(SELECT c_d.dossard FROM cessions c_d WHERE c_d.id = ${cessionId})`, updated_at: nowIso },
      sql`id = ${buyerId} AND statut = 'validee' AND dossard IS NULL
        AND EXISTS (SELECT 1 FROM cessions c_d WHERE c_d.id = ${cessionId} AND c_d.statut = 'payee'
          AND c_d.acheteur_inscription_id = ${buyerId} AND c_d.dossard_suit = 1 AND c_d.dossard IS NOT NULL)`,
    ),
    // An offer to the waiting list (decision 0171): the buyer's entry has its place now ('Offre acceptée').
    sql`UPDATE liste_attente SET statut = 'acceptee', ended_at = ${nowIso}, updated_at = ${nowIso}
      WHERE id = (SELECT c_l.liste_attente_id FROM cessions c_l WHERE c_l.id = ${cessionId} AND c_l.statut = 'payee'
          AND c_l.acheteur_inscription_id = ${buyerId})
        AND statut = 'en_liste'
      RETURNING id`,
  ]);
  if (results[0].length !== 1) {
    // Claimed meanwhile by this same payment (a webhook replay racing /merci)?
    const [again] = await context.db.select().from(cessions).where(eq(cessions.id, cessionId)).limit(1);
    return again?.statut === "payee" && again.acheteur_inscription_id === buyerId;
  }
  for (const rows of [results[1], results[2]]) {
    const row = (rows as InscriptionRow[])[0];
    if (row) await afterTransition(context, row);
  }
  logEvent("transfer.completed", {
    cession_id: cessionId,
    inscription_id: buyerId,
    checkout_session_id: sessionId,
    amount_cents: amountCents,
    refund_cents: split.sellerRefundCents,
  });
  return true;
}

/**
 * After the place changed hands: the seller's refund (the platform gives up its commission on the seller's payment,
 * then the payment minus the provider's fee and the organiser's fee goes back), then the two e-mails. Safe to call
 * again (the refund's key; the cron retries a refund that failed).
 */
export async function finishTransfer(context: Ctx, cessionId: string): Promise<void> {
  const [c] = await context.db.select().from(cessions).where(eq(cessions.id, cessionId)).limit(1);
  if (c?.statut !== "payee" || c.rembourse_at) return;
  const p = await sellerPayment(context, c.inscription_id);
  const refund = c.remboursement_cents ?? 0;
  if (p && refund > 0) {
    try {
      if (p.platform_fee_cents > 0 && p.refunded_cents === 0) await setCommission(context, p.id, 0);
      await refundInscription(context, {
        inscriptionId: c.inscription_id,
        amountCents: refund,
        percent: null,
        reason: "transferred",
        idempotencyKey: `cession:${c.id}`,
      });
    } catch (e) {
      logEvent("refund.failed", {
        inscription_id: c.inscription_id,
        cession_id: c.id,
        amount_cents: refund,
        origin: "cession",
        error: errorCode(e),
        detail: errorDetail(e),
      });
      return;
    }
  }
  const done = await context.db
    .update(cessions)
    .set({ rembourse_at: context.clock.now().toISOString() })
    .where(and(eq(cessions.id, c.id), isNull(cessions.rembourse_at)))
    .returning({ id: cessions.id });
  if (done.length === 1) await sendTransferredEmails(context, c.id);
}

async function sendTransferredEmails(context: Ctx, cessionId: string): Promise<void> {
  const rows = await context.db
    .select({
      c: {
        inscription_id: cessions.inscription_id,
        remboursement_cents: cessions.remboursement_cents,
        frais_cents: cessions.frais_cents,
      },
      i: {
        id: inscriptions.id,
        email: inscriptions.email,
        prenom: inscriptions.prenom,
        dossard: inscriptions.dossard,
        prix_total_coureur_cents: inscriptions.prix_total_coureur_cents,
      },
      course: { nom: courses.nom },
      format: { nom: formats.nom, date: formats.date, heure_depart: formats.heure_depart },
    })
    .from(cessions)
    .innerJoin(
      inscriptions,
      sql`${inscriptions.id} IN (${cessions.inscription_id}, ${cessions.acheteur_inscription_id})`,
    )
    .innerJoin(courses, eq(courses.id, cessions.course_id))
    .innerJoin(formats, eq(formats.id, cessions.format_id))
    .where(eq(cessions.id, cessionId));
  const url = (id: string) => paths.absoluteUrl(context.env.APP_URL, paths.myRegistration(id));
  for (const r of rows) {
    const base: Omit<TransferEmailData, "prenom" | "url"> = {
      courseNom: r.course.nom,
      formatNom: r.format.nom,
      date: r.format.date,
      heureDepart: r.format.heure_depart,
    };
    const isSeller = r.i.id === r.c.inscription_id;
    const mail = isSeller
      ? sellerTransferredEmail({
          ...base,
          prenom: r.i.prenom,
          url: url(r.i.id),
          refundCents: r.c.remboursement_cents ?? 0,
          feeCents: r.c.frais_cents,
        })
      : buyerTransferredEmail({
          ...base,
          prenom: r.i.prenom,
          url: url(r.i.id),
          paidCents: r.i.prix_total_coureur_cents,
          dossard: r.i.dossard,
        });
    if (!r.i.email) continue;
    await context.mailer.send({
      to: r.i.email,
      ...mail,
      kind: isSeller ? "cession_vendeur" : "cession_acheteur",
      dedupeKey: `cession-${isSeller ? "vendeur" : "acheteur"}:${cessionId}`,
    });
  }
}

/** The cron: transfers paid whose seller's refund has not gone through yet (a failure, a request stopped). */
export async function finishPendingTransfers(context: Ctx, limit = 50): Promise<number> {
  const due = await context.db
    .select({ id: cessions.id })
    .from(cessions)
    .where(and(eq(cessions.statut, "payee"), isNull(cessions.rembourse_at)))
    .limit(limit);
  for (const c of due) await finishTransfer(context, c.id);
  return due.length;
}
