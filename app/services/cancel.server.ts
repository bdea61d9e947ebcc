// The cancellation of a registration, by its runner (tiered refund) or its organiser (full refund, with a reason): the
// refund quote computed from the `paiements` row, the claim, the refund and the e-mail. The runner's page itself is
// runner-registration.server.ts. The money moves through refunds.server.ts (refundInscription); this module decides
// when and how much, and
// guarantees one cancellation per registration (docs/decisions/0070-cancellation-claim.md).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, lt, or, sql } from "drizzle-orm";
import { annulations, courses, formats, inscriptions, type paiements, remboursements } from "~/db/schema";
import { collectedPayment } from "~/db/payments.server";
import { CancelError, runnerCanCancel, type CancelReason } from "~/domain/cancellation";
import { statusAfterRefund } from "~/domain/registration-rules";
import { quoteFullRefund, quoteRefund, type RefundQuote } from "~/domain/refund";
import { planRefund } from "~/domain/money";
import { ledgerOf } from "./ledger.server";
import { isReadOnlyForRunner } from "~/domain/registration-rules";
import { cancellationEmail } from "~/emails/cancellation";
import { applyTransition } from "./registration-changes.server";
import { refundInscription } from "./refunds.server";
import { PaymentError, paymentErrorMessage } from "./payment-errors.server";
import { logEvent } from "~/utils/log.server";
import { withEvent } from "~/db/registrations.server";
import { hasOpenTransfer } from "~/db/transfers.server";
import * as paths from "~/domain/paths";

type Ctx = AppLoadContext;

/** A claim still 'en_cours' after this long is considered abandoned (the Worker died mid-way) and may be retried. */
export const STALE_CLAIM_MINUTES = 10;

export async function loadRow(context: Ctx, inscriptionId: string) {
  const rows = await withEvent(
    context.db
      .select({
        i: inscriptions,
        course: { id: courses.id, nom: courses.nom, lieu: courses.lieu, organisateur_id: courses.organisateur_id },
        format: {
          id: formats.id,
          nom: formats.nom,
          date: formats.date,
          heure_depart: formats.heure_depart,
          distance_km: formats.distance_km,
          denivele_dplus: formats.denivele_dplus,
          type_epreuve: formats.type_epreuve,
          age_minimum: formats.age_minimum,
        },
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

/** A refund was asked under this claim's key and did not fail: it is pending (to finish) or made. */
async function askedRefund(context: Ctx, claimId: string): Promise<boolean> {
  const [r] = await context.db
    .select({ status: remboursements.status })
    .from(remboursements)
    .where(eq(remboursements.idempotency_key, `annulation:${claimId}`))
    .limit(1);
  return r != null && r.status !== "failed";
}

/** The quote an attempt recorded on its claim. */
function quoteOfClaim(c: typeof annulations.$inferSelect): RefundQuote {
  return {
    amount_total_cents: c.amount_total_cents,
    non_refundable_cents: c.non_refundable_cents,
    base_cents: c.base_cents,
    percent: c.percent,
    refund_cents: c.refund_cents,
    days_before: c.days_before ?? 0,
  };
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
 * Cancels a registration with the tiered refund of spec section 9.
 * 1. Checks who asks (owner runner, or the event's organiser) and the status.
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
      : row.course.organisateur_id === req.actor.userId || req.actor.isAdmin === true);
  if (!row || !allowed) throw new CancelError("inscription_introuvable");

  const [done] = await context.db.select().from(annulations).where(eq(annulations.inscription_id, row.i.id)).limit(1);
  if (done?.status === "terminee") return finishedOutcome(context, row.i.id, done);
  if (isReadOnlyForRunner(row.i.statut)) throw new CancelError("deja_annulee");

  const now = context.clock.now();
  const p = await paidPaiement(context, row.i.id);
  // An earlier attempt that stopped after asking its refund (still pending under the claim's key): its own quote
  // is finished, not a new one computed from a ledger that already counts that refund.
  const resumed = done?.status === "en_cours" ? await askedRefund(context, done.id) : false;
  // The organiser's cancellation refunds everything still unrefunded, whatever the date; the runner's, the scale.
  const byOrganiser = req.actor.role === "organisateur";
  const quote = resumed
    ? quoteOfClaim(done!)
    : byOrganiser
      ? fullQuote(p, row.format.date, now)
      : quoteFromPaiement(p, row.format.date, now);
  // A resumed attempt's checks were made when it was asked.
  if (!resumed && req.actor.role === "coureur") {
    const can = runnerCanCancel(row.i.statut, p != null, quote);
    if (!can.ok) throw new CancelError(can.code);
  } else if (!resumed && (row.i.statut !== "validee" || !p)) {
    // Without a payment there is no money to settle: the organiser changes the status in the registrants table.
    throw new CancelError("non_payee");
  }
  const reason = req.reason?.trim() || null;

  // 2. The claim.
  const nowIso = now.toISOString();
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MINUTES * 60_000).toISOString();
  const claim = {
    id: crypto.randomUUID(),
    inscription_id: row.i.id,
    demandee_par: req.actor.role,
    acteur_id: req.actor.userId,
    reason,
    status: "en_cours",
    amount_total_cents: quote.amount_total_cents,
    non_refundable_cents: quote.non_refundable_cents,
    base_cents: quote.base_cents,
    percent: quote.percent,
    refund_cents: quote.refund_cents,
    days_before: quote.days_before,
    remboursement_id: null,
    error: null,
    created_at: nowIso,
    updated_at: nowIso,
  };
  const { id: _newId, inscription_id: _i, created_at: _c, ...again } = claim;
  const claimed = await context.db
    .insert(annulations)
    .values(claim)
    .onConflictDoUpdate({
      target: annulations.inscription_id,
      // A failed attempt is retried under a new id (so a new refund key: the provider stores even a failed result
      // under its key); an abandoned one keeps its id, so its refund key, and the provider answers it once.
      set: { ...again, id: sql`CASE WHEN ${annulations.status} = 'echec' THEN excluded.id ELSE ${annulations.id} END` },
      setWhere: or(
        eq(annulations.status, "echec"),
        and(eq(annulations.status, "en_cours"), lt(annulations.updated_at, staleBefore)),
      ),
    })
    .returning({ id: annulations.id });
  if (claimed.length === 0) {
    const [other] = await context.db
      .select()
      .from(annulations)
      .where(eq(annulations.inscription_id, row.i.id))
      .limit(1);
    if (other?.status === "terminee") return finishedOutcome(context, row.i.id, other);
    throw new CancelError("annulation_en_cours");
  }
  const claimId = claimed[0].id;

  // Someone may have changed the status between our read and the claim (an organiser's edit).
  const [current] = await context.db
    .select({ statut: inscriptions.statut })
    .from(inscriptions)
    .where(eq(inscriptions.id, row.i.id))
    .limit(1);
  if (!current || isReadOnlyForRunner(current.statut)) {
    await fail(context, claimId, "statut déjà annulé");
    throw new CancelError("deja_annulee");
  }

  // A bib offered for transfer is not cancelled meanwhile (issue 22): the offer's INSERT checks for this claim, and
  // this check sees an offer made before the claim, so one of the two always gives way.
  if (await hasOpenTransfer(context, row.i.id)) {
    await fail(context, claimId, "transfert de dossard en cours");
    throw new CancelError("cession_en_cours");
  }

  // 3. The money, then the status (through the lifecycle, which records the change).
  let statut: ReturnType<typeof statusAfterRefund> = "annulee";
  let remboursementId: string | null = null;
  if (quote.refund_cents > 0) {
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
      remboursementId = r.remboursementId;
      statut = statusAfterRefund(r.ledger.amount_total_cents, r.ledger.refunded_cents);
    } catch (e) {
      // A refund of this payment is under way, or stopped half-way: the claim stays as it is, so that a try after
      // STALE_CLAIM_MINUTES takes it again under the same id, so the same refund key, which finishes that refund.
      if (e instanceof PaymentError && e.code === "conflit" && (await askedRefund(context, claimId)))
        throw new CancelError("annulation_en_cours");
      await fail(context, claimId, paymentErrorMessage(e));
      console.error("cancel: refund failed", row.i.id, e);
      throw new CancelError("remboursement_impossible", paymentErrorMessage(e));
    }
  }
  const changed = await applyTransition(context, {
    inscriptionId: row.i.id,
    event: req.actor.role === "coureur" ? "runner_cancelled" : "organiser_cancelled",
    actor: {
      type:
        req.actor.role === "coureur"
          ? "runner"
          : req.actor.isAdmin && row.course.organisateur_id !== req.actor.userId
            ? "admin"
            : "organiser",
      id: req.actor.userId,
    },
    to: statut,
    amountCents: quote.refund_cents,
  });
  if (!changed) console.error("cancel: status not changed after the refund", row.i.id);

  // 4. Done: the claim records it, the runner is told.
  await context.db
    .update(annulations)
    .set({
      status: "terminee",
      remboursement_id: remboursementId,
      error: null,
      updated_at: context.clock.now().toISOString(),
    })
    .where(eq(annulations.id, claimId));
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

async function fail(context: Ctx, claimId: string, error: string) {
  await context.db
    .update(annulations)
    .set({ status: "echec", error: error.slice(0, 500), updated_at: context.clock.now().toISOString() })
    .where(eq(annulations.id, claimId));
}

async function finishedOutcome(
  context: Ctx,
  inscriptionId: string,
  a: typeof annulations.$inferSelect,
): Promise<CancelOutcome> {
  const [i] = await context.db
    .select({ statut: inscriptions.statut })
    .from(inscriptions)
    .where(eq(inscriptions.id, inscriptionId))
    .limit(1);
  return {
    state: "deja_annulee",
    statut: i?.statut ?? "annulee",
    refundCents: a.refund_cents,
    quote: {
      amount_total_cents: a.amount_total_cents,
      non_refundable_cents: a.non_refundable_cents,
      base_cents: a.base_cents,
      percent: a.percent,
      refund_cents: a.refund_cents,
      days_before: a.days_before ?? 0,
    },
  };
}

async function sendCancellationEmail(
  context: Ctx,
  row: NonNullable<Awaited<ReturnType<typeof loadRow>>>,
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
