// The ledger of one payment as stored (`paiements`): read, and written only over the amounts read (optimistic
// concurrency: a conditional UPDATE on the previous amounts). Used by the payments, refunds and payouts modules.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { paiements } from "~/db/schema";
import type { Ledger } from "~/domain/money";
import { PaymentError } from "./payment-errors.server";

type Ctx = AppLoadContext;
export type PaiementRow = typeof paiements.$inferSelect;

export const ledgerOf = (p: PaiementRow): Ledger => ({
  amount_total_cents: p.amount_total_cents,
  fee_total_cents: p.fee_total_cents,
  platform_fee_cents: p.platform_fee_cents,
  transferred_total_cents: p.transferred_total_cents,
  refunded_cents: p.refunded_cents,
  net_remaining_cents: p.net_remaining_cents,
  compensation_cents: p.compensation_cents,
});

/** WHERE clause matching a paiement whose money columns are still exactly `l` (optimistic concurrency). */
export function sameLedger(id: string, l: Ledger) {
  return and(
    eq(paiements.id, id),
    eq(paiements.platform_fee_cents, l.platform_fee_cents),
    eq(paiements.transferred_total_cents, l.transferred_total_cents),
    eq(paiements.refunded_cents, l.refunded_cents),
    eq(paiements.net_remaining_cents, l.net_remaining_cents),
    eq(paiements.compensation_cents, l.compensation_cents),
  );
}

/** Writes `to` over a paiement whose money columns are still `from`; false when something moved meanwhile. */
export async function swapLedger(
  context: Ctx,
  id: string,
  from: Ledger,
  to: Ledger,
  extra: Partial<PaiementRow> = {},
): Promise<boolean> {
  const res = await context.db
    .update(paiements)
    .set({
      platform_fee_cents: to.platform_fee_cents,
      transferred_total_cents: to.transferred_total_cents,
      refunded_cents: to.refunded_cents,
      net_remaining_cents: to.net_remaining_cents,
      compensation_cents: to.compensation_cents,
      updated_at: context.clock.now().toISOString(),
      ...extra,
    })
    .where(sameLedger(id, from))
    .returning({ id: paiements.id });
  return res.length === 1;
}

export async function loadPaiement(context: Ctx, paiementId: string): Promise<PaiementRow> {
  const [p] = await context.db.select().from(paiements).where(eq(paiements.id, paiementId)).limit(1);
  if (!p) throw new PaymentError("paiement_introuvable");
  return p;
}
