// The store of promo codes (ADR 0214): the only writer of `codes_promo`. A code is created and may be deactivated,
// never edited (a registration's discount always matches its code); its uses are read from the registrations holding
// a place with it (app/db/registration-store/promo.server.ts).
import { and, asc, eq, sql } from "drizzle-orm";
import { parseList, type NewPromoCode, type PromoCode, type PromoKind } from "~/domain/promo-code";
import type { Db } from "./client.server";
import { promoUsesSql } from "./registration-store/promo.server";
import { codes_promo } from "./schema";

type Row = typeof codes_promo.$inferSelect;

/** The stored row as the rules read it. */
export function promoOf(r: Row): PromoCode {
  return {
    id: r.id,
    course_id: r.course_id,
    code: r.code,
    type_remise: r.type_remise as PromoKind,
    valeur: r.valeur,
    format_ids: parseList(r.format_ids),
    utilisations_max: r.utilisations_max,
    utilisations_max_par_coureur: r.utilisations_max_par_coureur,
    valide_du: r.valide_du,
    valide_au: r.valide_au,
    emails: parseList(r.emails),
    club: r.club,
    actif: r.actif,
  };
}

/** The event's code `code` (normalised), or null. */
export async function findPromoCode(db: Db, courseId: string, code: string): Promise<PromoCode | null> {
  const [r] = await db
    .select()
    .from(codes_promo)
    .where(and(eq(codes_promo.course_id, courseId), eq(codes_promo.code, code)))
    .limit(1);
  return r ? promoOf(r) : null;
}

/** Uses held now, in all and by the runner, not counting the registration `exceptId`. */
export async function promoUses(
  db: Db,
  codeId: string,
  runnerId: string,
  nowIso: string,
  exceptId: string | null = null,
): Promise<{ total: number; byRunner: number }> {
  const [r] = await db.all<{ total: number; by_runner: number }>(
    sql`SELECT ${promoUsesSql(codeId, nowIso, { exceptId })} AS total,
      ${promoUsesSql(codeId, nowIso, { runnerId, exceptId })} AS by_runner`,
  );
  return { total: Number(r?.total ?? 0), byRunner: Number(r?.by_runner ?? 0) };
}

/** Inserts a code; false when the event already has one with that text. */
export async function insertPromoCode(
  db: Db,
  c: NewPromoCode & { id: string; course_id: string; created_by: string; created_at: string },
): Promise<boolean> {
  const rows = await db
    .insert(codes_promo)
    .values({
      ...c,
      format_ids: c.format_ids ? JSON.stringify(c.format_ids) : null,
      emails: c.emails ? JSON.stringify(c.emails) : null,
    })
    .onConflictDoNothing()
    .returning({ id: codes_promo.id });
  return rows.length === 1;
}

export type PromoCodeListRow = PromoCode & { uses: number; created_at: string };

/** The event's codes, oldest first, each with its uses held now. */
export async function listPromoCodes(db: Db, courseId: string, nowIso: string): Promise<PromoCodeListRow[]> {
  const rows = await db
    .select({ c: codes_promo, uses: sql<number>`${promoUsesSql(sql`${codes_promo.id}`, nowIso)}` })
    .from(codes_promo)
    .where(eq(codes_promo.course_id, courseId))
    .orderBy(asc(codes_promo.created_at), asc(codes_promo.code));
  return rows.map((r) => ({ ...promoOf(r.c), uses: Number(r.uses), created_at: r.c.created_at }));
}

/** Deactivates the event's code; returns its text, or null when it was not an active code of the event. */
export async function deactivatePromoCode(db: Db, courseId: string, codeId: string): Promise<string | null> {
  const [r] = await db
    .update(codes_promo)
    .set({ actif: false })
    .where(and(eq(codes_promo.id, codeId), eq(codes_promo.course_id, courseId), eq(codes_promo.actif, true)))
    .returning({ code: codes_promo.code });
  return r?.code ?? null;
}

/** The delete of an event's codes, for the batch that deletes the event. */
export function deletePromoCodesOfCourse(db: Db, courseId: string) {
  return db.delete(codes_promo).where(eq(codes_promo.course_id, courseId));
}
