// A registration's payment as the money paths read it: the newest one that was collected (succeeded, or since
// refunded in part or in full). Cancellation, refunds, receipts and bib transfers all start from it.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "./client.server";
import { paiements } from "./schema";

/** The newest collected payment of a registration, or null when none was. */
export async function collectedPayment(db: Db, inscriptionId: string) {
  const [p] = await db
    .select()
    .from(paiements)
    .where(and(eq(paiements.inscription_id, inscriptionId), inArray(paiements.status, ["succeeded", "refunded"])))
    .orderBy(desc(paiements.created_at))
    .limit(1);
  return p ?? null;
}
