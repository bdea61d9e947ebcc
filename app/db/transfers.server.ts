// Bib transfer offers (issue 22): the reads other modules need about them. docs/decisions/0170-bib-transfer.md
import { and, eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { cessions, formats } from "./schema";

/** Is the registration's bib on offer right now (an open transfer offer)? Such a registration is not cancelled. */
export async function hasOpenTransfer(context: { db: Db }, inscriptionId: string): Promise<boolean> {
  const rows = await context.db
    .select({ id: cessions.id })
    .from(cessions)
    .where(and(eq(cessions.inscription_id, inscriptionId), eq(cessions.statut, "ouverte")))
    .limit(1);
  return rows.length > 0;
}

/** The columns of a format that its transfer rules read (app/domain/transfer.ts TransferSettings), for a select. */
export const transferSettingsColumns = {
  cession_active: formats.cession_active,
  cession_cloture: formats.cession_cloture,
  cession_frais_cents: formats.cession_frais_cents,
  cession_dossard_suit: formats.cession_dossard_suit,
  cession_repas_suivent: formats.cession_repas_suivent,
  date: formats.date,
  heure_depart: formats.heure_depart,
};
