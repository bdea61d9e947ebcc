// The claim of a cancellation: one `annulations` row per registration (unique index), taken by an upsert that only
// succeeds when there is no row yet, the previous attempt failed, or it was abandoned; it records the quote, then the
// outcome (docs/decisions/0070-cancellation-claim.md). Used by cancel.server.ts only.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, lt, or, sql } from "drizzle-orm";
import { annulations, remboursements } from "~/db/schema";
import type { RefundQuote } from "~/domain/refund";

type Ctx = AppLoadContext;
export type Claim = typeof annulations.$inferSelect;

/** A claim still 'en_cours' after this long is considered abandoned (the Worker died mid-way) and may be retried. */
export const STALE_CLAIM_MINUTES = 10;

/** A refund was asked under this claim's key and did not fail: it is pending (to finish) or made. */
export async function askedRefund(context: Ctx, claimId: string): Promise<boolean> {
  const [r] = await context.db
    .select({ status: remboursements.status })
    .from(remboursements)
    .where(eq(remboursements.idempotency_key, `annulation:${claimId}`))
    .limit(1);
  return r != null && r.status !== "failed";
}

/** The quote an attempt recorded on its claim. */
export function quoteOfClaim(c: Claim): RefundQuote {
  return {
    amount_total_cents: c.amount_total_cents,
    non_refundable_cents: c.non_refundable_cents,
    base_cents: c.base_cents,
    percent: c.percent,
    refund_cents: c.refund_cents,
    days_before: c.days_before ?? 0,
  };
}

/** The registration's claim, if any. */
export async function claimOf(context: Ctx, inscriptionId: string): Promise<Claim | undefined> {
  const [c] = await context.db.select().from(annulations).where(eq(annulations.inscription_id, inscriptionId)).limit(1);
  return c;
}

export interface ClaimInput {
  inscriptionId: string;
  actor: { role: "coureur" | "organisateur"; userId: string };
  reason: string | null;
  quote: RefundQuote;
  now: Date;
}

/** Takes the registration's claim; when another holds it, says so (with the claim when it is finished). */
export async function takeClaim(
  context: Ctx,
  input: ClaimInput,
): Promise<{ ok: true; id: string } | { ok: false; finished: Claim | null }> {
  const { quote, now } = input;
  const nowIso = now.toISOString();
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MINUTES * 60_000).toISOString();
  const claim = {
    id: crypto.randomUUID(),
    inscription_id: input.inscriptionId,
    demandee_par: input.actor.role,
    acteur_id: input.actor.userId,
    reason: input.reason,
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
  if (claimed.length > 0) return { ok: true, id: claimed[0].id };
  const other = await claimOf(context, input.inscriptionId);
  return { ok: false, finished: other?.status === "terminee" ? other : null };
}

/** The attempt failed: a later one may take the claim again (under a new id, so a new refund key). */
export async function failClaim(context: Ctx, claimId: string, error: string) {
  await context.db
    .update(annulations)
    .set({ status: "echec", error: error.slice(0, 500), updated_at: context.clock.now().toISOString() })
    .where(eq(annulations.id, claimId));
}

/** The attempt is done: the claim records the refund made, if any. */
export async function finishClaim(context: Ctx, claimId: string, remboursementId: string | null): Promise<void> {
  await context.db
    .update(annulations)
    .set({
      status: "terminee",
      remboursement_id: remboursementId,
      error: null,
      updated_at: context.clock.now().toISOString(),
    })
    .where(eq(annulations.id, claimId));
}
