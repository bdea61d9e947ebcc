// Meals paid on site (decision 0185): the record of meals an organiser adds to a paid registration and collects
// themselves, and the registration's meal count moved with it in the same D1 transaction.
import { countsOf } from "~/domain/counts";
import { sql } from "drizzle-orm";
import { batchAll } from "./batch.server";
import { mealsTakenSql } from "./registration-store/capacity.server";
import { updateStatement } from "./registration-store/writes.server";
import type { Db } from "./client.server";

/**
 * Adds `count` meals paid on site to the registration `id`, whose meal count was `current` when read: only while it
 * is still validated with that count, and while the format has the meals left. Returns false when nothing was added.
 */
export async function addMealsPaidOnSite(
  db: Db,
  input: { id: string; current: number; count: number; byUserId: string; now: Date },
): Promise<boolean> {
  const recordId = crypto.randomUUID();
  const nowIso = input.now.toISOString();
  const [recorded, moved] = await batchAll<[{ id: string }[], { id: string }[]]>(db, [
    sql`INSERT INTO repas_sur_place (id, inscription_id, nombre, montant_cents, enregistre_par, created_at)
      SELECT ${recordId}, i.id, ${input.count}, ${input.count} * f.prix_repas_cents, ${input.byUserId}, ${nowIso}
      FROM inscriptions i JOIN formats f ON f.id = i.format_id
      WHERE i.id = ${input.id} AND i.statut = 'validee' AND i.nombre_repas = ${input.current}
        AND f.stock_repas - ${mealsTakenSql(sql.raw("f.id"), nowIso)} >= ${input.count}
      RETURNING id`,
    updateStatement(
      { nombre_repas: input.current + input.count, updated_at: nowIso },
      sql`id = ${input.id} AND nombre_repas = ${input.current} AND EXISTS (SELECT 1 FROM repas_sur_place WHERE id = ${recordId})`,
    ),
  ]);
  return recorded.length === 1 && moved.length === 1;
}

/** The meals paid on site of a registration: how many, and how much the organiser collected. */
export async function mealsPaidOnSite(db: Db, inscriptionId: string): Promise<{ count: number; cents: number }> {
  const [row] = await db.all<{ count: number; cents: number }>(sql`
    SELECT coalesce(sum(nombre), 0) AS count, coalesce(sum(montant_cents), 0) AS cents
    FROM repas_sur_place WHERE inscription_id = ${inscriptionId}`);
  return countsOf(row, ["count", "cents"]);
}
