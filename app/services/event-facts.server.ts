// The event's own facts as the @IA assistant of its discussion reads them (app/providers/assistant.ts): its formats,
// their prices, places left and places being paid (the registration store's capacity rule).
import { asc, eq, sql } from "drizzle-orm";
import { placesLeft } from "~/domain/catalogue";
import type { EventFacts } from "~/providers/assistant";
import type { Db } from "~/db/client.server";
import { placesHeldSql, placesTakenSql } from "~/db/registration-store/capacity.server";
import { courses, formats } from "~/db/schema";

/** The event's own facts, given to the assistant. */
export async function loadEventFacts(db: Db, courseId: string, now: Date): Promise<EventFacts | null> {
  const c = (
    await db
      .select({ nom: courses.nom, lieu: courses.lieu, departement: courses.departement })
      .from(courses)
      .where(eq(courses.id, courseId))
      .limit(1)
  )[0];
  if (!c) return null;
  const fs = await db
    .select()
    .from(formats)
    .where(eq(formats.course_id, courseId))
    .orderBy(asc(formats.date), asc(formats.position));
  const taken = new Map<string, { n: number; held: number }>();
  if (fs.length) {
    const iso = now.toISOString();
    const rows = await db
      .select({
        format_id: formats.id,
        n: sql<number>`${placesTakenSql(formats.id, iso)}`,
        held: sql<number>`${placesHeldSql(formats.id, iso)}`,
      })
      .from(formats)
      .where(eq(formats.course_id, courseId));
    for (const r of rows) taken.set(r.format_id, { n: Number(r.n), held: Number(r.held) });
  }
  return {
    nom: c.nom,
    lieu: c.lieu,
    departement: c.departement,
    formats: fs.map((f) => ({
      nom: f.nom,
      type_epreuve: f.type_epreuve,
      date: f.date,
      heure_depart: f.heure_depart,
      distance_km: f.distance_km,
      denivele_dplus: f.denivele_dplus,
      prix_cents: f.prix_cents,
      stock_repas: f.stock_repas,
      prix_repas_cents: f.prix_repas_cents,
      nb_max_coureurs: f.nb_max_coureurs,
      places_restantes: placesLeft(f.nb_max_coureurs, taken.get(f.id)?.n ?? 0),
      places_en_paiement: taken.get(f.id)?.held ?? 0,
      ravitaillements: f.ravitaillements,
      remise_dossards: f.remise_dossards,
      hebergements: f.hebergements,
      age_minimum: f.age_minimum,
      reglement_pdf_url: f.reglement_pdf_url,
    })),
  };
}
