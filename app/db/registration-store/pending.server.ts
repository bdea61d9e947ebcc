// An account's registration that waits for its payment (statut en_attente) under further conditions: the running
// hold in a format (the registration submit), the registration of a bib offer (its buyer).
import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "../client.server";
import { inscriptions } from "../schema";

export async function pendingRegistrationId(db: Db, userId: string, ...where: SQL[]): Promise<string | null> {
  const [row] = await db
    .select({ id: inscriptions.id })
    .from(inscriptions)
    .where(and(eq(inscriptions.coureur_id, userId), eq(inscriptions.statut, "en_attente"), ...where))
    .limit(1);
  return row?.id ?? null;
}
