// The registration page's data (issue 5): the event and its formats as the form shows them (prices, places and
// meals left, the registration window, the transfer rules) and the runner's fields pre-filled from their profiles.
// Read-only. Decisions 0060 and 0130.
import { eventHeader } from "~/domain/event-header";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { mealsTakenSql, placesHeldSql, placesTakenSql, waitingCountSql } from "~/db/registration-store/capacity.server";
import { windowStatement } from "~/domain/registration-window";
import { transferRulesSentence } from "~/domain/transfer";
import { formatDateLong, formatDateTimeLong } from "~/domain/format";
import { raceFormatColumns } from "~/db/registrations.server";
import { courses, formats, profils_coureurs, profils_utilisateurs } from "~/db/schema";
import { canTakePayments, type FormatChoice, type RegistrationValues } from "~/domain/registration";
import type { BatchRead } from "~/db/batch.server";

type Ctx = AppLoadContext;

// ---------------------------------------------------------------- the registration page

/** The event; its `updated_at` is when the organiser last saved it (its version, for the opening queue's kept facts). */
export interface RegistrationPageCourse
  extends Pick<
    typeof courses.$inferSelect,
    "id" | "nom" | "lieu" | "departement" | "slug" | "en_ligne" | "organisateur_id" | "updated_at"
  > {
  /** The organiser's payment account can take charges. */
  paymentsOpen: boolean;
}

export interface RegistrationPageFormat extends FormatChoice {
  date: string | null;
  heure_depart: string | null;
  distance_km: number | null;
  denivele_dplus: number | null;
  /** Places held by checkouts in progress: the format is not 'complet' while some are (issue 42). */
  held: number;
}

/** The event (by id or slug), its formats with places taken, and whether its organiser can take payments. */
export async function loadRegistrationPage(
  context: Ctx,
  courseIdOrSlug: string,
  read: BatchRead = (queries) => context.db.batch(queries),
): Promise<{ course: RegistrationPageCourse; formats: RegistrationPageFormat[] } | null> {
  const now = context.clock.now();
  const nowIso = now.toISOString();
  // The event (by id or slug) and its formats in one batch: one D1 round trip (the formats' query finds the event
  // by the same key).
  const courseKey = sql`${courses.id} = ${courseIdOrSlug} OR ${courses.slug} = ${courseIdOrSlug}`;
  const courseQuery = context.db
    .select({
      id: courses.id,
      nom: courses.nom,
      lieu: courses.lieu,
      departement: courses.departement,
      slug: courses.slug,
      en_ligne: courses.en_ligne,
      organisateur_id: courses.organisateur_id,
      updated_at: courses.updated_at,
      accountId: profils_utilisateurs.stripe_account_id,
      charges: profils_utilisateurs.stripe_charges_enabled,
    })
    .from(courses)
    .leftJoin(profils_utilisateurs, eq(profils_utilisateurs.user_id, courses.organisateur_id))
    .where(courseKey)
    .limit(1);
  const formatsQuery = context.db
    .select({
      ...raceFormatColumns,
      prix_cents: formats.prix_cents,
      prix_repas_cents: formats.prix_repas_cents,
      stock_repas: formats.stock_repas,
      nb_max_coureurs: formats.nb_max_coureurs,
      taken: sql<number>`${placesTakenSql(formats.id, nowIso)}`,
      held: sql<number>`${placesHeldSql(formats.id, nowIso)}`,
      meals_taken: sql<number>`${mealsTakenSql(formats.id, nowIso)}`,
      waiting: sql<number>`${waitingCountSql(formats.id)}`,
      liste_attente_active: formats.liste_attente_active,
      ouverture_inscriptions: formats.ouverture_inscriptions,
      cloture_inscriptions: formats.cloture_inscriptions,
      tirage_minutes: formats.tirage_minutes,
      cession_active: formats.cession_active,
      cession_cloture: formats.cession_cloture,
      cession_frais_cents: formats.cession_frais_cents,
      cession_dossard_suit: formats.cession_dossard_suit,
      cession_repas_suivent: formats.cession_repas_suivent,
    })
    .from(formats)
    .where(eq(formats.course_id, sql`(SELECT ${courses.id} FROM ${courses} WHERE ${courseKey} LIMIT 1)`))
    .orderBy(formats.date, formats.heure_depart, formats.position);
  const [[c], rows] = await read([courseQuery, formatsQuery]);
  if (!c) return null;
  return {
    course: {
      ...eventHeader(c),
      organisateur_id: c.organisateur_id,
      updated_at: c.updated_at,
      paymentsOpen: canTakePayments({ accountId: c.accountId, chargesEnabled: c.charges }),
    },
    formats: rows.map((r) => ({
      ...r,
      taken: Number(r.taken),
      held: Number(r.held),
      meals_taken: Number(r.meals_taken),
      waiting: Number(r.waiting),
      fenetre: windowStatement(r, now, formatDateTimeLong),
      // The bib transfer rules, shown before paying (issue 22); null when the organiser allows none.
      transferRules: transferRulesSentence(r, formatDateLong),
    })),
  };
}

/** The form pre-filled from the runner profile (then the account profile, then the account e-mail). */
export async function prefillValues(
  context: Ctx,
  user: { id: string; email: string },
): Promise<Omit<RegistrationValues, "format_id" | "nombre_repas">> {
  const [runner] = await context.db.select().from(profils_coureurs).where(eq(profils_coureurs.id, user.id)).limit(1);
  const [account] = await context.db
    .select()
    .from(profils_utilisateurs)
    .where(eq(profils_utilisateurs.user_id, user.id))
    .limit(1);
  const pick = (
    k: keyof typeof profils_coureurs.$inferSelect & keyof typeof profils_utilisateurs.$inferSelect,
  ): string => {
    const v = runner?.[k] ?? account?.[k];
    return typeof v === "string" ? v : "";
  };
  return {
    nom: pick("nom"),
    prenom: pick("prenom"),
    genre: pick("genre"),
    date_naissance: pick("date_naissance"),
    nationalite: pick("nationalite"),
    email: pick("email") || user.email,
    telephone: pick("telephone"),
    adresse: pick("adresse"),
    adresse_complement: pick("adresse_complement"),
    code_postal: pick("code_postal"),
    ville: pick("ville"),
    pays: pick("pays") || "France",
    club: pick("club"),
    justificatif_type: pick("justificatif_type") === "pps" ? "pps" : "licence",
    numero_licence: pick("numero_licence"),
    pps_identifier: pick("pps_identifier"),
    pps_expiration: pick("pps_expiration"),
    contact_urgence_nom: pick("contact_urgence_nom"),
    contact_urgence_telephone: pick("contact_urgence_telephone"),
    apparaitre_resultats: (runner?.apparaitre_resultats ?? account?.apparaitre_resultats ?? true) === true,
  };
}
