// The organiser's space (spec section 2): each of the organiser's events with its formats, places taken and
// registrations (and the events they co-organise, with their rights), and the registrations per format of one event.
// Read-only.
import { eventHeader } from "~/domain/event-header";
import type { FormatRow } from "./courses.server";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { mealsTakenSql, placesTakenSql } from "~/db/registration-store/capacity.server";
import type { Db } from "~/db/client.server";
import { courses, formats, inscriptions, paiements } from "~/db/schema";
import { coOrganisedCourses } from "~/db/event-team.server";
import { type Rights, rightsText } from "~/domain/event-team";

export interface FormatSummary {
  id: string;
  nom: string;
  date: string | null;
  heure_depart: string | null;
  type_epreuve: string;
  nb_max_coureurs: number | null;
  prix_cents: number;
  stock_repas: number;
  inscrits: number;
  repas: number;
}

export interface CourseSummary
  extends Pick<
    typeof courses.$inferSelect,
    "id" | "nom" | "lieu" | "departement" | "slug" | "en_ligne" | "created_at" | "image_url"
  > {
  formats: FormatSummary[];
  inscrits: number;
  repas: number;
  paid: boolean;
}

/**
 * The organiser's events, newest first, with registrant counts (validated, and pending ones still holding a place)
 * and meals reserved per format and per event.
 */
export async function listOrganiserCourses(db: Db, ownerId: string, now: Date): Promise<CourseSummary[]> {
  const cs = await db
    .select()
    .from(courses)
    .where(eq(courses.organisateur_id, ownerId))
    .orderBy(desc(courses.created_at));
  return summarise(db, cs, now);
}

/** The events `userId` co-organises (issue 43, decision 0213), newest first, with their rights and the same counts. */
export async function listCoOrganisedCourses(
  db: Db,
  userId: string,
  now: Date,
): Promise<(CourseSummary & { rights: Rights; droits: string })[]> {
  const rows = await coOrganisedCourses(db, userId);
  const summaries = await summarise(
    db,
    rows.map((r) => r.course),
    now,
  );
  return summaries.map((c, i) => ({ ...c, rights: rows[i].rights, droits: rightsText(rows[i].rights) }));
}

async function summarise(db: Db, cs: (typeof courses.$inferSelect)[], now: Date): Promise<CourseSummary[]> {
  const nowIso = now.toISOString();
  if (cs.length === 0) return [];
  const ids = cs.map((c) => c.id);
  const fs: (FormatRow & { inscrits: number; repas: number })[] = [];
  const paidByCourse = new Map<string, number>();
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    const rows = await db
      .select({
        f: formats,
        inscrits: sql<number>`${placesTakenSql(formats.id, nowIso)}`,
        repas: sql<number>`${mealsTakenSql(formats.id, nowIso)}`,
      })
      .from(formats)
      .where(inArray(formats.course_id, chunk))
      .orderBy(asc(formats.position), asc(formats.date));
    for (const r of rows) fs.push({ ...r.f, inscrits: Number(r.inscrits), repas: Number(r.repas) });
    const paid = await db
      .select({ course_id: inscriptions.course_id, n: sql<number>`count(*)` })
      .from(inscriptions)
      .where(
        and(
          inArray(inscriptions.course_id, chunk),
          inArray(inscriptions.statut, ["validee", "remboursee_partiellement", "remboursee_totalement"]),
        ),
      )
      .groupBy(inscriptions.course_id);
    for (const p of paid) paidByCourse.set(p.course_id, Number(p.n));
    const pays = await db
      .select({ course_id: paiements.course_id, n: sql<number>`count(*)` })
      .from(paiements)
      .where(inArray(paiements.course_id, chunk))
      .groupBy(paiements.course_id);
    for (const p of pays) paidByCourse.set(p.course_id, (paidByCourse.get(p.course_id) ?? 0) + Number(p.n));
  }
  return cs.map((c) => {
    const own = fs.filter((f) => f.course_id === c.id);
    const summaries: FormatSummary[] = own.map((f) => ({
      id: f.id,
      nom: f.nom,
      date: f.date,
      heure_depart: f.heure_depart,
      type_epreuve: f.type_epreuve,
      nb_max_coureurs: f.nb_max_coureurs,
      prix_cents: f.prix_cents,
      stock_repas: f.stock_repas,
      inscrits: f.inscrits,
      repas: f.repas,
    }));
    return {
      ...eventHeader(c),
      created_at: c.created_at,
      image_url: c.image_url,
      formats: summaries,
      inscrits: summaries.reduce((s, f) => s + f.inscrits, 0),
      repas: summaries.reduce((s, f) => s + f.repas, 0),
      paid: (paidByCourse.get(c.id) ?? 0) > 0,
    };
  });
}

/** Registered counts per format of one event (the edit page shows them; not stored). */
export async function registeredByFormat(db: Db, courseId: string, now: Date): Promise<Record<string, number>> {
  const nowIso = now.toISOString();
  const rows = await db
    .select({ format_id: formats.id, n: sql<number>`${placesTakenSql(formats.id, nowIso)}` })
    .from(formats)
    .where(eq(formats.course_id, courseId));
  return Object.fromEntries(rows.map((r) => [r.format_id, Number(r.n)]));
}
