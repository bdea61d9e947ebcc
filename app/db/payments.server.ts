// A registration's payment as the money paths read it: the one of the checkout session that validated it (a second
// payment of the same registration, refunded as a stray one, is never it), else the newest that was collected
// (succeeded, or since refunded in part or in full). Cancellation, refunds, receipts and bib transfers all start
// from it.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { inscriptions, paiements } from "./schema";

/** The registration's collected payment (see above), or null when none was. */
export async function collectedPayment(db: Db, inscriptionId: string) {
  const [row] = await db
    .select({ p: paiements })
    .from(paiements)
    .innerJoin(inscriptions, eq(inscriptions.id, paiements.inscription_id))
    .where(and(eq(paiements.inscription_id, inscriptionId), inArray(paiements.status, ["succeeded", "refunded"])))
    .orderBy(
      sql`${paiements.checkout_session_id} IS ${inscriptions.checkout_session_id} DESC`,
      desc(paiements.created_at),
    )
    .limit(1);
  return row?.p ?? null;
}

/** One collected payment of the registration, by its id (a stray second payment, refunded on its own), or null. */
export async function collectedPaymentById(db: Db, inscriptionId: string, paiementId: string) {
  const [p] = await db
    .select()
    .from(paiements)
    .where(
      and(
        eq(paiements.id, paiementId),
        eq(paiements.inscription_id, inscriptionId),
        inArray(paiements.status, ["succeeded", "refunded"]),
      ),
    )
    .limit(1);
  return p ?? null;
}

/**
 * The formats among `formatIds` with money collected and not all refunded (decision 0196): their J+1 payout and
 * their runners' refund tiers hang on the race's date.
 */
export async function formatsWithCollectedPayments(db: Db, formatIds: readonly string[]): Promise<Set<string>> {
  if (formatIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ format_id: paiements.format_id })
    .from(paiements)
    .where(
      and(
        inArray(paiements.format_id, [...formatIds]),
        inArray(paiements.status, ["succeeded", "refunded"]),
        sql`${paiements.amount_total_cents} > ${paiements.refunded_cents}`,
      ),
    );
  return new Set(rows.map((r) => r.format_id).filter((id): id is string => id !== null));
}
