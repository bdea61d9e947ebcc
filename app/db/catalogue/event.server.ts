// The event page's reads: the event (by id or slug) and its formats with places taken, in one round trip.
import { sql, type SQL } from "drizzle-orm";
import { batchAll } from "../batch.server";
import { placesHeldSql, placesTakenSql, waitingCountSql } from "../registration-store/capacity.server";
import type { Db } from "../client.server";
import { resultsPublishedSql } from "../results-page.server";
import { imageVariantsSql } from "./sql.server";

export interface CourseDetail {
  id: string;
  slug: string;
  nom: string;
  presentation: string | null;
  lieu: string;
  departement: string;
  code_postal: string;
  lat: number | null;
  lng: number | null;
  image_url: string | null;
  /** The image's sizes made (decision 0223). */
  image_variants: string | null;
  organisateur_id: string;
  en_ligne: number;
  created_at: string;
  updated_at: string;
  organisation_nom: string | null;
  /** The organiser's payment account (never sent to the browser: see canTakePayments). */
  organiser_account_id: string | null;
  organiser_charges_enabled: number | null;
}

export interface FormatDetail {
  id: string;
  course_id: string;
  nom: string;
  image_url: string | null;
  date: string | null;
  heure_depart: string | null;
  presentation_parcours: string | null;
  gpx_url: string | null;
  type_epreuve: string;
  distance_km: number | null;
  denivele_dplus: number | null;
  denivele_dmoins: number | null;
  adresse_depart: string | null;
  adresse_arrivee: string | null;
  prix_cents: number;
  stock_repas: number;
  prix_repas_cents: number;
  prix_total_inscription_cents: number;
  ravitaillements: string | null;
  remise_dossards: string | null;
  dotation: string | null;
  reglement_pdf_url: string | null;
  nb_max_coureurs: number | null;
  age_minimum: number | null;
  hebergements: string | null;
  position: number;
  /** Places taken (validated + unexpired pending holds). */
  taken: number;
  /** The format's waiting list is on, and how many runners wait on it (issue 20). */
  liste_attente_active: number;
  waiting: number;
  /** The organiser's opening and closing times of registrations (issue 21). */
  ouverture_inscriptions: string | null;
  cloture_inscriptions: string | null;
  /** The organiser's draw of the first minutes' arrivals (0: none). */
  tirage_minutes: number;
  /** Places held by a checkout in progress (or an offer): counted as taken, but not for good (issue 21). */
  held: number;
  /** Its results are published (issue 44): the event page links to them. */
  resultats_publies: number;
  /** Bib transfer rules (issue 22). */
  cession_active: number;
  cession_cloture: string | null;
  cession_frais_cents: number;
  cession_dossard_suit: number;
  cession_repas_suivent: number;
}

/**
 * Event page: the event (by id or slug) and its formats with places taken, in one batch of two statements, plus
 * the statements `also(courseId)` gives for the same event (the discussion's), read in the same round trip;
 * `courseId` is an SQL expression of the event's id. Their rows come back in `also`, in order.
 */
export async function getCourseWithFormats<Also extends unknown[] = []>(
  db: Db,
  idOrSlug: string,
  nowIso: string,
  also: (courseId: SQL) => SQL[] = () => [],
): Promise<{ course: CourseDetail; formats: FormatDetail[]; also: Also } | null> {
  const courseId = sql`(SELECT cc.id FROM courses cc WHERE cc.id = ${idOrSlug} OR cc.slug = ${idOrSlug} LIMIT 1)`;
  const course = sql`
    SELECT c.id, c.slug, c.nom, c.presentation, c.lieu, c.departement, c.code_postal, c.lat, c.lng, c.image_url,
           ${imageVariantsSql("c.image_url")} AS image_variants,
           c.organisateur_id, c.en_ligne, c.created_at, c.updated_at, p.organisation_nom,
           p.stripe_account_id AS organiser_account_id, p.stripe_charges_enabled AS organiser_charges_enabled
    FROM courses c LEFT JOIN profils_utilisateurs p ON p.user_id = c.organisateur_id
    WHERE c.id = ${idOrSlug} OR c.slug = ${idOrSlug}
    LIMIT 1`;
  const formats = sql`
    SELECT f.id, f.course_id, f.nom, f.image_url, f.date, f.heure_depart, f.presentation_parcours, f.gpx_url, f.type_epreuve,
           f.distance_km, f.denivele_dplus, f.denivele_dmoins, f.adresse_depart, f.adresse_arrivee, f.prix_cents, f.stock_repas,
           f.prix_repas_cents, f.prix_total_inscription_cents, f.ravitaillements, f.remise_dossards, f.dotation,
           f.reglement_pdf_url, f.nb_max_coureurs, f.age_minimum, f.hebergements, f.position,
           ${placesTakenSql(sql.raw("f.id"), nowIso)} AS taken, f.liste_attente_active, ${waitingCountSql(sql.raw("f.id"))} AS waiting,
           f.ouverture_inscriptions, f.cloture_inscriptions, f.tirage_minutes,
           f.cession_active, f.cession_cloture, f.cession_frais_cents, f.cession_dossard_suit, f.cession_repas_suivent,
           ${placesHeldSql(sql.raw("f.id"), nowIso)} AS held, ${resultsPublishedSql(sql.raw("f.id"))} AS resultats_publies
    FROM formats f
    WHERE f.course_id = ${courseId}
    ORDER BY f.date IS NULL, f.date, f.heure_depart, f.position, f.id`;
  const [courses, formatRows, ...rest] = await batchAll<[CourseDetail[], FormatDetail[], ...unknown[]]>(db, [
    course,
    formats,
    ...also(courseId),
  ]);
  const c = courses[0];
  if (!c) return null;
  return { course: c, formats: formatRows, also: rest as Also };
}

/** The id of the event whose address (its id or its slug, as in /courses/{…}) this is; null: no such event. */
export async function courseIdAt(db: Db, idOrSlug: string): Promise<string | null> {
  const [rows] = await batchAll<[{ id: string }[]]>(db, [
    sql`SELECT id FROM courses WHERE id = ${idOrSlug} OR slug = ${idOrSlug} ORDER BY id = ${idOrSlug} DESC LIMIT 1`,
  ]);
  return rows[0]?.id ?? null;
}
