// Drizzle schema: the tables of spec section 3 with their spec names, plus what the product needs
// that the spec leaves implicit (users, sessions, tokens, mail outbox, webhook events, transfers, refunds).
// Money is integer cents (columns suffixed _cents, see docs/decisions/0005-money-and-statuses.md).
// Timestamps are ISO-8601 UTC strings ("2026-11-21T14:33:00.000Z"); they sort as text.
import { type SQL, sql } from "drizzle-orm";
import { foldedNameSql, identityKeySql } from "./identity";
import {
  index,
  primaryKey,
  integer,
  real,
  type SQLiteColumn,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const createdAt = () => text("created_at").notNull().default(nowIso);
const updatedAt = () => text("updated_at").notNull().default(nowIso);

// ---------------------------------------------------------------- accounts
export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(), // stored lower-cased
  password_hash: text("password_hash").notNull(),
  email_confirmed_at: text("email_confirmed_at"),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(), // SHA-256 of the random token held in the cookie
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: createdAt(),
    expires_at: text("expires_at").notNull(),
    revoked_at: text("revoked_at"),
    user_agent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.user_id)],
);

/** Single-use tokens sent by e-mail: kind = 'email_confirm' | 'password_reset'. */
export const auth_tokens = sqliteTable(
  "auth_tokens",
  {
    id: text("id").primaryKey(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    token_hash: text("token_hash").notNull().unique(),
    expires_at: text("expires_at").notNull(),
    used_at: text("used_at"),
    created_at: createdAt(),
  },
  (t) => [index("auth_tokens_user_idx").on(t.user_id, t.kind)],
);

/** Failed and successful login attempts, counted per account and per IP for brute-force limits. */
export const login_attempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    success: integer("success", { mode: "boolean" }).notNull().default(false),
    /** 'login' (a password check) or 'password_reset' (a reset link asked for): each kind has its own limits. */
    kind: text("kind").notNull().default("login"),
    created_at: createdAt(),
  },
  (t) => [
    index("login_attempts_email_idx").on(t.email, t.created_at),
    index("login_attempts_ip_idx").on(t.ip, t.created_at),
  ],
);

/** Every e-mail the product sends; the local mailer shows them at /dev/mail. */
export const mail_outbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    to_email: text("to_email").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    kind: text("kind"),
    dedupe_key: text("dedupe_key").unique(), // e.g. "confirmation:{inscription_id}": sent once
    status: text("status").notNull().default("queued"), // queued | sent | failed | stored
    provider_message_id: text("provider_message_id"),
    error: text("error"),
    created_at: createdAt(),
    sent_at: text("sent_at"),
  },
  (t) => [index("mail_outbox_created_idx").on(t.created_at)],
);

const personalFields = () => ({
  nom: text("nom"),
  prenom: text("prenom"),
  email: text("email"),
  genre: text("genre"),
  date_naissance: text("date_naissance"),
  nationalite: text("nationalite"),
  telephone: text("telephone"),
  adresse: text("adresse"),
  adresse_complement: text("adresse_complement"),
  code_postal: text("code_postal"),
  ville: text("ville"),
  pays: text("pays"),
  apparaitre_resultats: integer("apparaitre_resultats", { mode: "boolean" }).notNull().default(true),
  club: text("club"),
  justificatif_type: text("justificatif_type"), // licence | pps
  numero_licence: text("numero_licence"),
  pps_identifier: text("pps_identifier"),
  /** The PPS's last valid day (YYYY-MM-DD), checked against the race (decision 0150). */
  pps_expiration: text("pps_expiration"),
  contact_urgence_nom: text("contact_urgence_nom"),
  contact_urgence_telephone: text("contact_urgence_telephone"),
});

export const profils_utilisateurs = sqliteTable("profils_utilisateurs", {
  user_id: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  ...personalFields(),
  // organiser fields
  organisation_nom: text("organisation_nom"),
  site_web: text("site_web"),
  stripe_account_id: text("stripe_account_id"),
  stripe_charges_enabled: integer("stripe_charges_enabled", { mode: "boolean" }).notNull().default(false),
  stripe_payouts_enabled: integer("stripe_payouts_enabled", { mode: "boolean" }).notNull().default(false),
  stripe_details_submitted: integer("stripe_details_submitted", { mode: "boolean" }).notNull().default(false),
  stripe_requirements_due: text("stripe_requirements_due"), // JSON array of strings
  conditions_acceptees: integer("conditions_acceptees", { mode: "boolean" }).notNull().default(false),
  conditions_acceptees_at: text("conditions_acceptees_at"),
  conditions_version: text("conditions_version"),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const profils_coureurs = sqliteTable("profils_coureurs", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  ...personalFields(),
  /** The runner's licence or PPS document (justificatif_documents.id), offered at each registration. */
  justificatif_document_id: text("justificatif_document_id"),
  updated_at: updatedAt(),
});

export const admins = sqliteTable("admins", {
  user_id: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  created_at: createdAt(),
});

// ---------------------------------------------------------------- catalogue
export const courses = sqliteTable(
  "courses",
  {
    id: text("id").primaryKey(),
    nom: text("nom").notNull(),
    presentation: text("presentation"),
    lieu: text("lieu").notNull(),
    departement: text("departement").notNull(),
    code_postal: text("code_postal").notNull(),
    lat: real("lat"),
    lng: real("lng"),
    image_url: text("image_url"),
    organisateur_id: text("organisateur_id")
      .notNull()
      .references(() => users.id),
    en_ligne: integer("en_ligne", { mode: "boolean" }).notNull().default(false),
    slug: text("slug").notNull().unique(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // Issue 26: with the id, the home page's order (newest first, ties by id) is read from the index, never sorted.
    index("courses_online_newest_idx").on(t.en_ligne, t.created_at, t.id),
    // /courses with 'Du' cleared lists the events without an upcoming date after the others, newest first, ties by
    // id (the date order's ties): read from this index (decision 0162).
    index("courses_online_created_desc_idx").on(t.en_ligne, sql`${t.created_at} DESC`, t.id),
    index("courses_organisateur_idx").on(t.organisateur_id, t.created_at),
    index("courses_departement_idx").on(t.departement),
    // 0012: admin search and the admin's course list by name (decision 0120)
    index("courses_nom_lower_idx").on(sql`lower(${t.nom})`),
  ],
);

export const formats = sqliteTable(
  "formats",
  {
    id: text("id").primaryKey(),
    course_id: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    nom: text("nom").notNull().default("Format sans nom"),
    image_url: text("image_url"),
    date: text("date"), // YYYY-MM-DD (local date of the event, Europe/Paris)
    heure_depart: text("heure_depart"), // HH:MM
    presentation_parcours: text("presentation_parcours"),
    gpx_url: text("gpx_url"),
    type_epreuve: text("type_epreuve").notNull().default("trail"), // trail | rando | route
    distance_km: real("distance_km"),
    denivele_dplus: integer("denivele_dplus"),
    denivele_dmoins: integer("denivele_dmoins"),
    adresse_depart: text("adresse_depart"),
    adresse_arrivee: text("adresse_arrivee"),
    prix_cents: integer("prix_cents").notNull().default(0),
    stock_repas: integer("stock_repas").notNull().default(0),
    prix_repas_cents: integer("prix_repas_cents").notNull().default(0),
    prix_total_inscription_cents: integer("prix_total_inscription_cents").notNull().default(0),
    ravitaillements: text("ravitaillements"),
    remise_dossards: text("remise_dossards"),
    dotation: text("dotation"),
    reglement_pdf_url: text("reglement_pdf_url"),
    nb_max_coureurs: integer("nb_max_coureurs"),
    age_minimum: integer("age_minimum"),
    hebergements: text("hebergements"),
    // A full format takes names on its waiting list (issue 20); the organiser turns it off on the registrants page.
    liste_attente_active: integer("liste_attente_active", { mode: "boolean" }).notNull().default(true),
    /** When registrations open and close (ISO instants; null: open now, close at the start). Issue 21. */
    ouverture_inscriptions: text("ouverture_inscriptions"),
    cloture_inscriptions: text("cloture_inscriptions"),
    /** The organiser's draw: arrivals of the first N minutes after the opening are ordered at random (0: none). */
    tirage_minutes: integer("tirage_minutes").notNull().default(0),
    // Bib transfer (issue 22, decision 0170): allowed by the organiser, until a day (YYYY-MM-DD, Paris; null: until
    // the start), for a fee kept by the organiser; the bib number follows the place unless the organiser says not.
    cession_active: integer("cession_active", { mode: "boolean" }).notNull().default(false),
    cession_cloture: text("cession_cloture"),
    cession_frais_cents: integer("cession_frais_cents").notNull().default(0),
    cession_dossard_suit: integer("cession_dossard_suit", { mode: "boolean" }).notNull().default(true),
    // The seller's meals follow the place (the buyer takes and pays them) or not (each chooses their own; default).
    cession_repas_suivent: integer("cession_repas_suivent", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("formats_course_idx").on(t.course_id, t.date),
    index("formats_date_idx").on(t.date, t.heure_depart),
    index("formats_nom_lower_idx").on(sql`lower(${t.nom})`), // 0012: admin payment search by format name
  ],
);

/**
 * Registrations. statut holds one canonical code (app/domain/statuses.ts):
 * en_attente | validee | refusee | annulee | remboursee_partiellement | remboursee_totalement.
 * A pending registration holds a place until hold_expires_at.
 */
export const inscriptions = sqliteTable(
  "inscriptions",
  {
    id: text("id").primaryKey(),
    course_id: text("course_id")
      .notNull()
      .references(() => courses.id),
    format_id: text("format_id")
      .notNull()
      .references(() => formats.id),
    coureur_id: text("coureur_id").references(() => users.id), // null for a runner added by hand
    statut: text("statut").notNull().default("en_attente"),
    paiement_trace_id: text("paiement_trace_id").notNull().unique(),
    ...personalFields(),
    nombre_repas: integer("nombre_repas").notNull().default(0),
    prix_total_repas_cents: integer("prix_total_repas_cents").notNull().default(0),
    prix_total_coureur_cents: integer("prix_total_coureur_cents").notNull().default(0),
    // A promo code used (ADR 0214): the code as entered (normalised) and the discount taken off the full price; the
    // full price is prix_total_coureur_cents + remise_cents (prix_total_coureur_cents is what is charged). A use of
    // the code counts while the registration holds its place.
    code_promo_id: text("code_promo_id"),
    code_promo: text("code_promo"),
    remise_cents: integer("remise_cents").notNull().default(0),
    dossard: integer("dossard"),
    hold_expires_at: text("hold_expires_at"),
    checkout_session_id: text("checkout_session_id"),
    // The claim of the checkout being opened (decision 0181): the provider's idempotency key of the attempt, and when
    // it was taken. Written by app/services/checkout.server.ts only; null when no session is being made.
    checkout_claim: text("checkout_claim"),
    checkout_claim_at: text("checkout_claim_at"),
    /** Why it ended: a lifecycle event code (app/domain/lifecycle.ts), its French label only at display. */
    cancel_reason: text("cancel_reason"),
    cancelled_at: text("cancelled_at"),
    added_by_organiser: integer("added_by_organiser", { mode: "boolean" }).notNull().default(false),
    // Written by app/services/lifecycle.server.ts with every status change, read by the trigger that appends the
    // change to inscriptions_historique (0014): a change of statut without a new transition_seq is refused.
    transition_seq: integer("transition_seq").notNull().default(0),
    last_event: text("last_event").notNull().default("created"),
    last_actor: text("last_actor"),
    last_actor_id: text("last_actor_id"),
    last_amount_cents: integer("last_amount_cents"),
    // An offer of the waiting list (issue 20): the entry it was made to. Its hold runs until the offer's deadline.
    liste_attente_id: text("liste_attente_id"),
    // A buyer's registration (issue 22): the bib transfer offer it accepts. Paid, it takes the seller's place.
    cession_id: text("cession_id"),
    // The justificatif's check (decision 0150), not the registration's status: the document given (private, R2),
    // when the retention purge deleted it, and the organiser's (or a verification service's) decision on the content
    // as it was; a trigger (migration 0022) clears the decision when the runner changes the justificatif.
    justificatif_document_id: text("justificatif_document_id"),
    justificatif_document_purge_at: text("justificatif_document_purge_at"),
    justificatif_decision: text("justificatif_decision"), // valide | refuse | null (none yet)
    justificatif_motif: text("justificatif_motif"), // a refusal reason code (app/domain/justificatif.ts)
    justificatif_commentaire: text("justificatif_commentaire"),
    justificatif_decision_par: text("justificatif_decision_par"), // a user id, or 'verificateur:<name>'
    justificatif_decision_at: text("justificatif_decision_at"),
    /** The person's key (app/db/identity.ts): computed by the database from the name and birth date, never written. */
    identite: text("identite").generatedAlwaysAs(
      (): SQL => identityKeySql(sql.raw("nom"), sql.raw("prenom"), sql.raw("date_naissance")),
      { mode: "virtual" },
    ),
    /**
     * The name and e-mail as searches compare them (app/db/identity.ts foldedNameSql: case, French accents, spaces,
     * hyphens, apostrophes folded), so that 'elodie' and 'ELODIE' find 'Élodie'. Computed by the database, never written.
     */
    nom_recherche: text("nom_recherche").generatedAlwaysAs((): SQL => foldedNameSql(sql.raw("nom")), {
      mode: "virtual",
    }),
    prenom_recherche: text("prenom_recherche").generatedAlwaysAs((): SQL => foldedNameSql(sql.raw("prenom")), {
      mode: "virtual",
    }),
    email_recherche: text("email_recherche").generatedAlwaysAs((): SQL => foldedNameSql(sql.raw("email")), {
      mode: "virtual",
    }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // Columns set on a few registrations only (an offer from the waiting list, a transfer, a document, a checkout
    // under way, a bib): their indexes hold those rows alone (decision 0177). A lookup by value (x = ?) uses them.
    index("inscriptions_liste_attente_idx").on(t.liste_attente_id).where(sql`${t.liste_attente_id} IS NOT NULL`),
    index("inscriptions_cession_idx").on(t.cession_id).where(sql`${t.cession_id} IS NOT NULL`),
    index("inscriptions_code_promo_idx").on(t.code_promo_id, t.statut).where(sql`${t.code_promo_id} IS NOT NULL`),
    index("inscriptions_justificatif_document_idx")
      .on(t.justificatif_document_id)
      .where(sql`${t.justificatif_document_id} IS NOT NULL`),
    index("inscriptions_format_statut_idx").on(t.format_id, t.statut, t.hold_expires_at),
    index("inscriptions_coureur_idx").on(t.coureur_id, t.created_at),
    // By event: inscriptions_course_created_idx below (its first column), decision 0177.
    index("inscriptions_created_idx").on(t.created_at, t.id), // 0012: with the id, for keyset pages
    // 0012: /admin/inscriptions reads newest first within a status or an event, and finds names and e-mails by
    // their first letters (docs/decisions/0120-admin-money-screens.md), folded as the identity folds them (case,
    // French accents, spaces, hyphens, apostrophes: app/db/identity.ts), so that 'elodie' finds 'Élodie'.
    index("inscriptions_statut_created_idx").on(t.statut, t.created_at, t.id),
    index("inscriptions_course_created_idx").on(t.course_id, t.created_at, t.id),
    index("inscriptions_nom_recherche_idx").on(t.nom_recherche),
    index("inscriptions_prenom_recherche_idx").on(t.prenom_recherche),
    index("inscriptions_email_recherche_idx").on(t.email_recherche),
    uniqueIndex("inscriptions_format_dossard_uq").on(t.format_id, t.dossard).where(sql`${t.dossard} IS NOT NULL`),
    index("inscriptions_checkout_idx").on(t.checkout_session_id).where(sql`${t.checkout_session_id} IS NOT NULL`),
    index("inscriptions_format_created_idx").on(t.format_id, t.created_at, t.id), // 0009: list and export order
    // One runner, one place per format (decision 0183): the person's key, and their licence or PPS number.
    index("inscriptions_format_identite_idx").on(t.format_id, t.identite),
    index("inscriptions_format_licence_idx")
      .on(t.format_id, t.numero_licence)
      .where(sql`${t.numero_licence} IS NOT NULL`),
    index("inscriptions_format_pps_idx").on(t.format_id, t.pps_identifier).where(sql`${t.pps_identifier} IS NOT NULL`),
  ],
);

// ---------------------------------------------------------------- chat
export const chat_messages = sqliteTable(
  "chat_messages",
  {
    id: text("id").primaryKey(),
    course_id: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    parent_id: text("parent_id"),
    user_id: text("user_id").notNull(), // the all-zero id marks the AI author
    nom: text("nom"),
    prenom: text("prenom"),
    message: text("message").notNull(),
    is_hidden: integer("is_hidden", { mode: "boolean" }).notNull().default(false),
    flagged: integer("flagged", { mode: "boolean" }).notNull().default(false),
    flagged_reason: text("flagged_reason"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("chat_messages_course_idx").on(t.course_id, t.created_at),
    index("chat_messages_parent_idx").on(t.parent_id),
  ],
);

// ---------------------------------------------------------------- money
/** One row per charge. Invariant: amount_total = refunded + fee_total + platform_fee + transferred_total + net_remaining. */
export const paiements = sqliteTable(
  "paiements",
  {
    id: text("id").primaryKey(),
    inscription_id: text("inscription_id")
      .notNull()
      .references(() => inscriptions.id),
    course_id: text("course_id")
      .notNull()
      .references(() => courses.id),
    format_id: text("format_id").references(() => formats.id),
    organisateur_id: text("organisateur_id").references(() => users.id),
    destination_account_id: text("destination_account_id"),
    checkout_session_id: text("checkout_session_id").unique(),
    payment_intent_id: text("payment_intent_id"),
    charge_id: text("charge_id"),
    status: text("status").notNull().default("pending"), // succeeded | pending | failed | refunded
    currency: text("currency").notNull().default("eur"),
    amount_total_cents: integer("amount_total_cents").notNull().default(0),
    fee_total_cents: integer("fee_total_cents").notNull().default(0), // payment-provider fees
    platform_fee_cents: integer("platform_fee_cents").notNull().default(0),
    transferred_total_cents: integer("transferred_total_cents").notNull().default(0),
    refunded_cents: integer("refunded_cents").notNull().default(0),
    net_remaining_cents: integer("net_remaining_cents").notNull().default(0),
    /**
     * The platform fee when the runner paid (issue 40): the base of the runner's refund scale, whatever the admin sets
     * later as the commission (decision 0182). Written with the payment's record, never changed.
     */
    platform_fee_at_payment_cents: integer("platform_fee_at_payment_cents").notNull().default(0),
    /**
     * This payment's net used to cover the organiser's debt on another of their payments (positive), or brought by
     * another to cover this one's (negative); each move is a row of `compensations` (decision 0184).
     */
    compensation_cents: integer("compensation_cents").notNull().default(0),
    /**
     * The day the J+1 payout transfers the net remaining: the format's date + 1 (kept by triggers, 0012), never moved
     * earlier once set: a later date postpones it, an earlier one leaves it (0053, decision 0196).
     */
    payout_due_on: text("payout_due_on"),
    receipt_url: text("receipt_url"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("paiements_inscription_idx").on(t.inscription_id),
    index("paiements_course_idx").on(t.course_id, t.created_at),
    index("paiements_created_idx").on(t.created_at),
    index("paiements_charge_idx").on(t.charge_id),
    // 0012: admin filters and search, the organiser's payouts, the J+1 job and the ledger check
    index("paiements_status_created_idx").on(t.status, t.created_at),
    index("paiements_format_idx").on(t.format_id, t.created_at),
    index("paiements_organisateur_idx").on(t.organisateur_id, t.created_at),
    // Payments with money still owed to the organiser, partly refunded ones included (what a partial refund
    // leaves is the organiser's: the J+1 payout sends it too).
    index("paiements_payout_due_idx")
      .on(t.payout_due_on)
      .where(sql`${t.status} IN ('succeeded', 'refunded') AND ${t.net_remaining_cents} > 0`),
    // The organiser's debts (a negative net: decision 0184), covered by their next payouts.
    index("paiements_organiser_debt_idx").on(t.organisateur_id).where(sql`${t.net_remaining_cents} < 0`),
    index("paiements_unbalanced_idx")
      .on(t.id)
      .where(
        sql`${t.amount_total_cents} <> ${t.refunded_cents} + ${t.fee_total_cents} + ${t.platform_fee_cents} + ${t.transferred_total_cents} + ${t.net_remaining_cents} + ${t.compensation_cents}`,
      ),
  ],
);

/**
 * Meals added to a paid registration and paid on site to the organiser (decision 0185): the online payment covered
 * the registration's meals until then; these are the organiser's to collect. Append-only.
 */
export const repas_sur_place = sqliteTable(
  "repas_sur_place",
  {
    id: text("id").primaryKey(),
    inscription_id: text("inscription_id")
      .notNull()
      .references(() => inscriptions.id),
    nombre: integer("nombre").notNull(),
    montant_cents: integer("montant_cents").notNull(),
    enregistre_par: text("enregistre_par").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("repas_sur_place_inscription_idx").on(t.inscription_id)],
);

/**
 * An organiser's debt on one payment (a negative net: what their own decision to refund cost beyond their share)
 * covered by the net of another of their payments before it is paid out (decision 0184). Append-only.
 */
export const compensations = sqliteTable(
  "compensations",
  {
    id: text("id").primaryKey(),
    organisateur_id: text("organisateur_id").notNull(),
    /** The payment whose net covers the debt… */
    from_paiement_id: text("from_paiement_id")
      .notNull()
      .references(() => paiements.id),
    /** …and the payment whose debt it covers. */
    to_paiement_id: text("to_paiement_id")
      .notNull()
      .references(() => paiements.id),
    amount_cents: integer("amount_cents").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("compensations_from_idx").on(t.from_paiement_id), index("compensations_to_idx").on(t.to_paiement_id)],
);

export const transferts = sqliteTable(
  "transferts",
  {
    id: text("id").primaryKey(),
    paiement_id: text("paiement_id")
      .notNull()
      .references(() => paiements.id),
    destination_account_id: text("destination_account_id").notNull(),
    amount_cents: integer("amount_cents").notNull(),
    reversed_cents: integer("reversed_cents").notNull().default(0),
    kind: text("kind").notNull().default("solde"), // acompte | solde
    provider_transfer_id: text("provider_transfer_id"),
    status: text("status").notNull().default("pending"), // pending | paid | failed | reversed
    /** Why a transfer failed (the provider's message, or our refusal), shown to admins on the payment's row. */
    failure_reason: text("failure_reason"),
    created_by: text("created_by"), // an admin's user id, or 'j1' for the automatic payout
    created_at: createdAt(),
  },
  (t) => [
    index("transferts_paiement_idx").on(t.paiement_id, t.created_at),
    index("transferts_created_by_idx").on(t.created_by, t.created_at),
  ],
);

/**
 * An organiser's request for an advance on an event's collected net (issue 43, decision 0215): at most one
 * pending request per event (partial unique index); the admin releases it (transfers of `pourcentage` % of each
 * collected payment's net remaining, ids derived from the request's id) or refuses it with a reason.
 */
export const demandes_acompte = sqliteTable(
  "demandes_acompte",
  {
    id: text("id").primaryKey(),
    course_id: text("course_id")
      .notNull()
      .references(() => courses.id),
    demande_par: text("demande_par").notNull(), // the account that asked (the owner, or a co-organiser with Finances)
    message: text("message"),
    /** The event's net remaining when asked, and the advance it allowed then (information for the admin). */
    net_restant_cents: integer("net_restant_cents").notNull(),
    statut: text("statut").notNull().default("en_attente"), // en_attente | versee | refusee
    pourcentage: integer("pourcentage"), // set when released
    montant_verse_cents: integer("montant_verse_cents"), // what the release's transfers sent
    motif_refus: text("motif_refus"),
    traite_par: text("traite_par"),
    traite_at: text("traite_at"),
    created_at: createdAt(),
  },
  (t) => [
    index("demandes_acompte_course_idx").on(t.course_id, t.created_at),
    uniqueIndex("demandes_acompte_en_attente_idx").on(t.course_id).where(sql`statut = 'en_attente'`),
    index("demandes_acompte_statut_idx").on(t.statut, t.created_at),
  ],
);

export const remboursements = sqliteTable(
  "remboursements",
  {
    id: text("id").primaryKey(),
    paiement_id: text("paiement_id")
      .notNull()
      .references(() => paiements.id),
    inscription_id: text("inscription_id")
      .notNull()
      .references(() => inscriptions.id),
    amount_cents: integer("amount_cents").notNull(),
    transfer_reversal_cents: integer("transfer_reversal_cents").notNull().default(0),
    percent: integer("percent"),
    reason: text("reason"),
    provider_refund_id: text("provider_refund_id"),
    idempotency_key: text("idempotency_key").notNull().unique(),
    status: text("status").notNull().default("pending"), // pending | succeeded | failed
    created_at: createdAt(),
  },
  (t) => [index("remboursements_paiement_idx").on(t.paiement_id)],
);

/**
 * One cancellation per registration (migrations/0008_annulations.sql): the unique row is the claim that makes a
 * double click refund once; it keeps the quote shown to the runner. status: en_cours | terminee | echec.
 */
export const annulations = sqliteTable(
  "annulations",
  {
    id: text("id").primaryKey(),
    inscription_id: text("inscription_id")
      .notNull()
      .references(() => inscriptions.id),
    demandee_par: text("demandee_par").notNull(), // coureur | organisateur
    acteur_id: text("acteur_id"),
    reason: text("reason"),
    status: text("status").notNull().default("en_cours"),
    amount_total_cents: integer("amount_total_cents").notNull().default(0),
    non_refundable_cents: integer("non_refundable_cents").notNull().default(0),
    base_cents: integer("base_cents").notNull().default(0),
    percent: integer("percent").notNull().default(0),
    refund_cents: integer("refund_cents").notNull().default(0),
    days_before: integer("days_before"),
    remboursement_id: text("remboursement_id"),
    error: text("error"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("annulations_inscription_uq").on(t.inscription_id)],
);

/**
 * Every status change of every registration, append-only (issue 17): written by triggers on inscriptions from the
 * transition the lifecycle module records (0014); updates and deletes are refused. No foreign key: the audit trail
 * outlives a deleted event's unpaid registrations.
 */
export const inscriptions_historique = sqliteTable(
  "inscriptions_historique",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    inscription_id: text("inscription_id").notNull(),
    created_at: createdAt(),
    event: text("event").notNull(),
    actor: text("actor"),
    actor_id: text("actor_id"),
    from_statut: text("from_statut"),
    to_statut: text("to_statut").notNull(),
    amount_cents: integer("amount_cents"),
  },
  (t) => [index("inscriptions_historique_inscription_idx").on(t.inscription_id, t.id)],
);

/**
 * The journal of what organisers and admins do (issue 43, decision 0212): one row per action, append-only (triggers
 * refuse updates and deletes, as for inscriptions_historique). No foreign key: the journal outlives a deleted event
 * or account; the event's name and the actor's e-mail are copied when the action is recorded.
 */
export const journal_actions = sqliteTable(
  "journal_actions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    course_id: text("course_id"), // null for an action on no single event (an admin's CSV of every registration)
    course_nom: text("course_nom"),
    acteur_id: text("acteur_id").notNull(),
    acteur_email: text("acteur_email").notNull(),
    acteur_role: text("acteur_role").notNull(), // organisateur | coorganisateur | admin
    action: text("action").notNull(), // a key of AUDIT_ACTIONS (app/domain/audit.ts)
    objet: text("objet"), // what was acted on, in words ('Léo Petit — 10 km', 'inscrits.csv')
    changements: text("changements"), // JSON [{champ, avant, apres}] for an edit
    jour: text("jour").notNull(), // the Paris day of the action (the journal's date filter)
    created_at: createdAt(),
  },
  (t) => [
    index("journal_actions_course_idx").on(t.course_id, t.id),
    index("journal_actions_jour_idx").on(t.jour, t.id),
  ],
);

// ---------------------------------------------------------------- event team (issue 43)
/**
 * The co-organisers of an event (issue 43, docs/decisions/0213): an account the owner invited, with the rights it
 * accepted (Épreuve, Inscriptions, Finances: app/domain/event-team.ts). The owner is never a row here. Read and
 * written only by app/db/event-team.server.ts.
 */
export const equipe_membres = sqliteTable(
  "equipe_membres",
  {
    course_id: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    droit_epreuve: integer("droit_epreuve", { mode: "boolean" }).notNull().default(false),
    droit_inscriptions: integer("droit_inscriptions", { mode: "boolean" }).notNull().default(false),
    droit_finances: integer("droit_finances", { mode: "boolean" }).notNull().default(false),
    invitation_id: text("invitation_id"),
    added_at: text("added_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.course_id, t.user_id] }), index("equipe_membres_user_idx").on(t.user_id)],
);

/**
 * An invitation to join an event's team, sent by e-mail (the link carries a token whose SHA-256 is kept). Pending
 * until accepted, revoked or past expires_at (created + 7 days).
 */
export const equipe_invitations = sqliteTable(
  "equipe_invitations",
  {
    id: text("id").primaryKey(),
    course_id: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    email: text("email").notNull(), // lower-cased
    droit_epreuve: integer("droit_epreuve", { mode: "boolean" }).notNull().default(false),
    droit_inscriptions: integer("droit_inscriptions", { mode: "boolean" }).notNull().default(false),
    droit_finances: integer("droit_finances", { mode: "boolean" }).notNull().default(false),
    token_hash: text("token_hash").notNull().unique(),
    invited_by: text("invited_by").notNull(),
    expires_at: text("expires_at").notNull(),
    accepted_at: text("accepted_at"),
    accepted_by: text("accepted_by"),
    revoked_at: text("revoked_at"),
    created_at: createdAt(),
  },
  (t) => [index("equipe_invitations_course_idx").on(t.course_id, t.created_at)],
);

/**
 * An event's promo codes (issue 43, ADR 0214): a percentage or a fixed amount off, optionally for some formats only,
 * with a number of uses in all and per runner, a validity window, and an optional list of e-mails or a club name.
 * Uses are the registrations holding a place with the code (inscriptions.code_promo_id): no counter to drift.
 */
export const codes_promo = sqliteTable(
  "codes_promo",
  {
    id: text("id").primaryKey(),
    course_id: text("course_id")
      .notNull()
      .references(() => courses.id),
    code: text("code").notNull(), // upper-case, normalised (app/domain/promo-code.ts)
    type_remise: text("type_remise").notNull(), // pourcentage | montant
    valeur: integer("valeur").notNull(), // a percentage (1..100) or cents
    format_ids: text("format_ids"), // JSON array of format ids, null = every format
    utilisations_max: integer("utilisations_max"), // null = no limit
    utilisations_max_par_coureur: integer("utilisations_max_par_coureur"), // null = no limit
    valide_du: text("valide_du"), // ISO-8601 UTC, null = from now on
    valide_au: text("valide_au"), // ISO-8601 UTC (exclusive), null = no end
    emails: text("emails"), // JSON array of lower-case e-mails, null = anyone
    club: text("club"), // a club's name ('code club'), null = any club
    actif: integer("actif", { mode: "boolean" }).notNull().default(true),
    created_by: text("created_by").notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("codes_promo_course_code_idx").on(t.course_id, t.code)],
);

/**
 * Bib pick-ups on race day (issue 44, ADR 0216): at most one per registration. `retire_le` is the scan time the
 * device gave (the earliest kept when two phones scanned the same runner offline), `synced_le` when the server
 * stored it. Written by app/db/check-ins.server.ts only.
 */
export const retraits_dossards = sqliteTable(
  "retraits_dossards",
  {
    inscription_id: text("inscription_id")
      .primaryKey()
      .references(() => inscriptions.id),
    format_id: text("format_id")
      .notNull()
      .references(() => formats.id),
    retire_le: text("retire_le").notNull(), // ISO-8601 UTC
    par_utilisateur_id: text("par_utilisateur_id").notNull(),
    appareil: text("appareil"), // the scanning device's label (a random id kept by the phone), null for a form
    synced_le: text("synced_le").notNull(),
    // The last undo of the pick-up (issue 44): the bib counts as handed out only when retire_le > annule_le; a scan
    // made before the undo never hands it out again (app/domain/check-in.ts, decision 0216).
    annule_le: text("annule_le"),
    annule_par_utilisateur_id: text("annule_par_utilisateur_id"),
  },
  (t) => [index("retraits_dossards_format_idx").on(t.format_id)],
);

/** Webhook events processed once, by provider event id. */
export const webhook_events = sqliteTable("webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  received_at: createdAt(),
  processed_at: text("processed_at"),
});

/** Objects of the local payment provider (checkout sessions, accounts, charges), as JSON. */
export const local_payment_objects = sqliteTable(
  "local_payment_objects",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    data: text("data").notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("local_payment_objects_kind_idx").on(t.kind)],
);

/**
 * Runners' Premium subscriptions (issue 47, decision 0224): the provider's subscription as last read from it. One
 * writer: app/db/subscriptions.server.ts. Rows are kept when a subscription ends (the runner's history, the books);
 * Premium itself is decided by `isPremium` (app/domain/subscription.ts).
 */
export const abonnements = sqliteTable(
  "abonnements",
  {
    id: text("id").primaryKey(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id),
    provider_customer_id: text("provider_customer_id").notNull(),
    provider_subscription_id: text("provider_subscription_id").notNull().unique(),
    statut: text("statut").notNull(), // the provider's status code (app/domain/subscription.ts)
    montant_cents: integer("montant_cents").notNull(), // per year, VAT included
    current_period_end: text("current_period_end").notNull(),
    cancel_at_period_end: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    past_due_since: text("past_due_since"),
    ended_at: text("ended_at"),
    /** The period end the renewal reminder was sent for (once per period). */
    rappel_envoye_pour: text("rappel_envoye_pour"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("abonnements_user_idx").on(t.user_id),
    index("abonnements_statut_fin_idx").on(t.statut, t.current_period_end),
  ],
);

/**
 * A runner's latest Premium checkout (one per account): while it is open it is the only one offered again, so that
 * two checkouts are never both payable (never two subscriptions); forgotten once a subscription makes them Premium.
 */
export const abonnements_checkouts = sqliteTable("abonnements_checkouts", {
  user_id: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  checkout_session_id: text("checkout_session_id").notNull(),
  created_at: createdAt(),
});

/** Files stored in R2, with their owner, so that replaced files can be deleted. */
export const fichiers = sqliteTable(
  "fichiers",
  {
    key: text("key").primaryKey(),
    owner_id: text("owner_id").notNull(),
    kind: text("kind").notNull(), // course_image | format_image | gpx | reglement
    content_type: text("content_type").notNull(),
    size: integer("size").notNull(),
    original_name: text("original_name"),
    created_at: createdAt(),
    /**
     * An event image's sizes stored beside it (decision 0223, app/domain/image-variants.ts): the names made
     * ("card-96,hero-640,…"), "" when none could be made, null while not tried (the cron's job makes them).
     */
    variants: text("variants"),
  },
  (t) => [
    index("fichiers_owner_idx").on(t.owner_id),
    // The images still without sizes, for the cron's job (decision 0223).
    index("fichiers_variants_todo_idx")
      .on(t.created_at)
      .where(sql`variants IS NULL AND kind IN ('course_image', 'format_image')`),
  ],
);

/**
 * Runners' licence and PPS documents (decision 0150): private R2 objects under `justificatifs/`, never served by the
 * public /fichiers route; read through /justificatifs/{id} by their owner, the organiser of an event whose
 * registration points to them, and admins. Deleted when nothing points to them any more (retention purge).
 */
export const justificatif_documents = sqliteTable(
  "justificatif_documents",
  {
    id: text("id").primaryKey(),
    r2_key: text("r2_key").notNull().unique(),
    owner_id: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content_type: text("content_type").notNull(),
    size: integer("size").notNull(),
    original_name: text("original_name"),
    created_at: createdAt(),
  },
  (t) => [
    index("justificatif_documents_owner_idx").on(t.owner_id, t.created_at),
    index("justificatif_documents_created_idx").on(t.created_at),
  ],
);

/**
 * Catalogue summary per event, maintained by triggers on formats (migrations/0003_catalogue.sql):
 * never written by the application. first_date/last_date ignore formats without a valid date.
 */
export const course_stats = sqliteTable(
  "course_stats",
  {
    course_id: text("course_id").primaryKey(),
    nb_formats: integer("nb_formats").notNull().default(0),
    min_distance: real("min_distance"),
    max_distance: real("max_distance"),
    min_dplus: integer("min_dplus"),
    max_dplus: integer("max_dplus"),
    min_price_cents: integer("min_price_cents"),
    has_meals: integer("has_meals", { mode: "boolean" }).notNull().default(false),
    first_date: text("first_date"),
    last_date: text("last_date"),
    /** Copy of the event's courses.departement, kept by triggers (decision 0162). */
    departement: text("departement"),
    /**
     * Copy of the event's course_search_ids.id (its rowid in the text index), kept by triggers: a text search
     * walking the price or elevation order checks each event from the walked index entry alone (decision 0164).
     */
    course_search_id: integer("course_search_id"),
    /**
     * The distinct types of the event's formats, sorted, joined by commas ('rando,trail'; null without formats),
     * kept by triggers: the type filter and the card read it from the event's summary (decision 0169).
     */
    types: text("types"),
    /**
     * The event's next date as of the catalogue's day (catalogue_jour): its first valid format date on or after that
     * day, null without one. Kept by triggers when formats change, and renewed by the cron as days pass (rows whose
     * next date went by first): a date before the request's today marks a row not renewed yet, which the walks read
     * apart (decision 0172).
     */
    next_date: text("next_date"),
    /** Copy of the event's courses.created_at (the date order's tie), kept by triggers (decision 0172). */
    course_created_at: text("course_created_at"),
    /** Copy of the event's courses.en_ligne, kept by triggers (decision 0172). */
    en_ligne: integer("en_ligne", { mode: "boolean" }).notNull().default(false),
    /**
     * The event's terms (course_terms), sorted, each after a space, with a space at the end (' cretes rando vosges '),
     * null without any: a walk checks a typed word as a prefix of one of them from its index entry (decision 0174).
     * Kept by triggers.
     */
    terms: text("terms"),
  },
  (t) => [
    index("course_stats_first_date_idx").on(t.first_date),
    // /courses sorted by price or by elevation gain reads these in the page's whole order, ties included
    // (decisions 0025 and 0160): no sort of a group of equal prices.
    // The text-index rowid last: a text search checks it from the index entry (decision 0164).
    // The filter columns after them: a filter checks an event from the index entry (decision 0173).
    index("course_stats_price_order_idx").on(
      t.min_price_cents,
      t.first_date,
      t.course_id,
      t.course_search_id,
      ...filterColumns(t, t.min_price_cents, t.first_date),
    ),
    index("course_stats_dplus_order_idx").on(
      sql`${t.max_dplus} DESC`,
      t.first_date,
      t.course_id,
      t.course_search_id,
      ...filterColumns(t, t.max_dplus, t.first_date),
    ),
    // The same orders within one department (a list filtered by department walks only its events: decision 0162).
    index("course_stats_departement_price_idx").on(
      t.departement,
      t.min_price_cents,
      t.first_date,
      t.course_id,
      t.course_search_id,
      ...filterColumns(t, t.min_price_cents, t.first_date),
    ),
    index("course_stats_departement_dplus_idx").on(
      t.departement,
      sql`${t.max_dplus} DESC`,
      t.first_date,
      t.course_id,
      t.course_search_id,
      ...filterColumns(t, t.max_dplus, t.first_date),
    ),
    // /courses in date order, its count included, walks events by their next date, newest first, then id (the page's
    // whole order), and checks the text and the filters from the index entry: an event the filters drop costs an
    // index entry, not a row (decision 0172).
    index("course_stats_next_date_idx").on(
      t.next_date,
      sql`${t.course_created_at} DESC`,
      t.course_id,
      t.course_search_id,
      ...filterColumns(t, t.course_created_at),
    ),
    index("course_stats_departement_next_date_idx").on(
      t.departement,
      t.next_date,
      sql`${t.course_created_at} DESC`,
      t.course_id,
      t.course_search_id,
      ...filterColumns(t, t.course_created_at),
    ),
  ],
);

/**
 * The summary's columns a walk of /courses reads, carried by the walks' indexes so that a walk reads nothing but
 * its index entries (decisions 0172 to 0174): the filters (online, meals, distance and elevation bands, types), the
 * last date (the rows whose next date is not renewed yet; the price and elevation walks' date bound), the terms (the
 * text), and the page's order columns (price, first date, creation time).
 */
function filterColumns(
  t: {
    en_ligne: SQLiteColumn;
    has_meals: SQLiteColumn;
    max_distance: SQLiteColumn;
    min_distance: SQLiteColumn;
    max_dplus: SQLiteColumn;
    min_dplus: SQLiteColumn;
    types: SQLiteColumn;
    last_date: SQLiteColumn;
    terms: SQLiteColumn;
    min_price_cents: SQLiteColumn;
    first_date: SQLiteColumn;
    course_created_at: SQLiteColumn;
  },
  /** The columns the index already has (its order's). */
  ...except: SQLiteColumn[]
): SQLiteColumn[] {
  return [
    t.en_ligne,
    t.has_meals,
    t.max_distance,
    t.min_distance,
    t.max_dplus,
    t.min_dplus,
    t.types,
    t.last_date,
    t.terms,
    t.min_price_cents,
    t.first_date,
    t.course_created_at,
  ].filter((c) => !except.includes(c));
}

/**
 * The catalogue's day (one row, id 1): course_stats.next_date counts from it. The cron moves it to today and renews
 * the next dates that went by (decision 0172); the migration starts it at the day it ran.
 */
export const catalogue_jour = sqliteTable("catalogue_jour", {
  id: integer("id").primaryKey(),
  jour: text("jour").notNull(),
});

/**
 * Admin counters, kept by triggers on courses, formats, inscriptions and paiements (migrations/0013): never
 * written by the application. portee: '*' (the platform), 'c:<course id>', 'f:<format id>'. cle: 'courses',
 * 'formats', 'organisateurs', 'inscriptions', 'inscriptions:<statut>', 'ca_brut_cents'.
 */
export const admin_totaux = sqliteTable(
  "admin_totaux",
  {
    portee: text("portee").notNull(),
    cle: text("cle").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.portee, t.cle] }), index("admin_totaux_cle_n_idx").on(t.cle, t.n, t.portee)],
);

/**
 * Per day (UTC), kept by triggers (migrations/0013): registrations validated that day and gross revenue of
 * the payments taken that day, for the platform ('*') and per event ('c:<course id>').
 */
export const admin_jours = sqliteTable(
  "admin_jours",
  {
    portee: text("portee").notNull(),
    jour: text("jour").notNull(), // YYYY-MM-DD
    inscriptions: integer("inscriptions").notNull().default(0),
    ca_brut_cents: integer("ca_brut_cents").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.portee, t.jour] })],
);

/**
 * The waiting list of a full format (issue 20), in order of `rang` (a sequence: first come, first offered). A
 * runner joins with the same fields as a registration (`donnees`: the registration's personal columns, as JSON;
 * name and e-mail also as columns for the organiser's list and export). When a place is freed, the first entries
 * 'en_liste' get an offer: a registration 'en_attente' whose hold runs until the offer's deadline
 * (inscriptions.liste_attente_id). `statut` follows that registration through a trigger (migrations: waiting list
 * rules): 'offre' while it runs, 'acceptee' once paid, 'offre_expiree' when it ended unpaid. 'retiree': the runner
 * left; 'supprimee': the organiser removed them. docs/decisions/0131-waiting-list.md
 */
export const liste_attente = sqliteTable(
  "liste_attente",
  {
    id: text("id").primaryKey(),
    rang: integer("rang").notNull(),
    course_id: text("course_id").notNull(),
    format_id: text("format_id")
      .notNull()
      .references(() => formats.id, { onDelete: "cascade" }),
    coureur_id: text("coureur_id").notNull(),
    statut: text("statut").notNull().default("en_liste"),
    nom: text("nom"),
    prenom: text("prenom"),
    email: text("email").notNull(),
    donnees: text("donnees").notNull(),
    nombre_repas: integer("nombre_repas").notNull().default(0),
    // The running (or last) offer: its registration and deadline; offers sent to this runner so far.
    inscription_id: text("inscription_id"),
    offre_expires_at: text("offre_expires_at"),
    offres_envoyees: integer("offres_envoyees").notNull().default(0),
    // E-mails claimed before sending (the cron sends what a request could not): the offer, and its end.
    offre_mail_at: text("offre_mail_at"),
    fin_mail_at: text("fin_mail_at"),
    ended_at: text("ended_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("liste_attente_rang_uq").on(t.rang),
    index("liste_attente_format_idx").on(t.format_id, t.statut, t.rang),
    index("liste_attente_coureur_idx").on(t.coureur_id, t.created_at),
    // One running entry per runner and format.
    uniqueIndex("liste_attente_active_uq").on(t.format_id, t.coureur_id).where(sql`statut IN ('en_liste', 'offre')`),
  ],
);

/**
 * The integer key of each event in the text-search indexes (courses_fts and courses_trigram, FTS5 tables:
 * migrations/0017 and 0060). courses.id
 * is a TEXT primary key, so SQLite's implicit rowid of courses may be renumbered (VACUUM): the index is keyed on
 * this table's INTEGER PRIMARY KEY instead. Kept by triggers on courses; never written by the application.
 * docs/decisions/0111-accent-insensitive-search.md
 */
export const course_search_ids = sqliteTable("course_search_ids", {
  id: integer("id").primaryKey(),
  course_id: text("course_id").notNull().unique(),
});

/**
 * The distinct terms of each event's text (nom, lieu, departement) as the text index's tokenizer makes them, keyed
 * by the event's rowid in that index (course_search_ids.id): the source of course_stats.terms, which the walks of
 * the catalogue's orders check (docs/decisions/0167-catalogue-terms-checked-per-row.md, 0174). Filled by triggers
 * through FTS5 itself (migrations 0037 and 0038); never written by the application.
 */
export const course_terms = sqliteTable(
  "course_terms",
  {
    course_search_id: integer("course_search_id").notNull(),
    term: text("term").notNull(),
  },
  (t) => [primaryKey({ columns: [t.course_search_id, t.term] })],
);

/**
 * A form sent after the session ended (issue 42): what was typed, kept an hour for the same page, so that the form
 * comes back as it was after logging in again (app/services/form-drafts.server.ts). Text fields only (no file, no
 * password); readable only with its random id, for its page, and by the account the cookie named when one did.
 */
export const brouillons_formulaires = sqliteTable(
  "brouillons_formulaires",
  {
    id: text("id").primaryKey(),
    chemin: text("chemin").notNull(),
    compte_id: text("compte_id"),
    donnees: text("donnees").notNull(), // JSON: [name, value][]
    expires_at: text("expires_at").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("brouillons_formulaires_expires_idx").on(t.expires_at)],
);

export const schema = {
  brouillons_formulaires,
  users,
  sessions,
  auth_tokens,
  login_attempts,
  mail_outbox,
  profils_utilisateurs,
  profils_coureurs,
  admins,
  courses,
  formats,
  inscriptions,
  chat_messages,
  paiements,
  transferts,
  remboursements,
  annulations,
  webhook_events,
  local_payment_objects,
  fichiers,
  justificatif_documents,
  course_stats,
  catalogue_jour,
  admin_totaux,
  admin_jours,
  inscriptions_historique,
  journal_actions,
  course_search_ids,
  course_terms,
  liste_attente,
  equipe_membres,
  equipe_invitations,
  retraits_dossards,
};

// ---------------------------------------------------------------- bib transfers (issue 22)
/**
 * A bib transfer offer: the seller's registration offered to a named person (an e-mail; the link carries a token
 * whose SHA-256 is kept). 'ouverte' until paid ('payee': the place changed hands), withdrawn ('retiree') or past its
 * deadline ('expiree'). The buyer's registration points here (inscriptions.cession_id). docs/decisions/0170.
 */
export const cessions = sqliteTable(
  "cessions",
  {
    id: text("id").primaryKey(),
    inscription_id: text("inscription_id").notNull(),
    course_id: text("course_id").notNull(),
    format_id: text("format_id")
      .notNull()
      .references(() => formats.id, { onDelete: "cascade" }),
    vendeur_id: text("vendeur_id").notNull(),
    email: text("email").notNull(), // lower-cased
    token_hash: text("token_hash").notNull(),
    statut: text("statut").notNull().default("ouverte"), // ouverte | payee | retiree | expiree
    expires_at: text("expires_at").notNull(),
    frais_cents: integer("frais_cents").notNull().default(0), // the organiser's fee when the offer was made
    dossard_suit: integer("dossard_suit", { mode: "boolean" }).notNull().default(true),
    acheteur_inscription_id: text("acheteur_inscription_id"),
    dossard: integer("dossard"), // the seller's bib number when the place changed hands
    remboursement_cents: integer("remboursement_cents"), // what the seller is refunded (transferSplit)
    rembourse_at: text("rembourse_at"), // the seller's refund went through
    // An offer to the format's waiting list (decision 0171): the list entry invited (its runner's account e-mail);
    // null for an offer to a person the seller named.
    liste_attente_id: text("liste_attente_id"),
    ended_at: text("ended_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // One open offer per registration.
    uniqueIndex("cessions_open_uq").on(t.inscription_id).where(sql`statut = 'ouverte'`),
    index("cessions_statut_expires_idx").on(t.statut, t.expires_at),
    index("cessions_format_idx").on(t.format_id, t.created_at),
    index("cessions_inscription_idx").on(t.inscription_id, t.created_at),
  ],
);

// ---------------------------------------------------------------- race results (issue 44)
/**
 * A format's published results (docs/decisions/0217): one row per line of the organiser's file. The runner is the
 * registration holding the bib when the results were published (null for a bib no registration holds: the file's
 * names are kept then). Names are read from the registration at page time; the choice to appear is the `anonyme`
 * flag. Written only by app/db/results.server.ts, and `anonyme` by the triggers of migration results_anonymous_flag.
 */
export const resultats = sqliteTable(
  "resultats",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    format_id: text("format_id")
      .notNull()
      .references(() => formats.id, { onDelete: "cascade" }),
    inscription_id: text("inscription_id"),
    ligne: integer("ligne").notNull(), // the line of the imported file
    dossard: integer("dossard").notNull(),
    temps_secondes: integer("temps_secondes"),
    classement: integer("classement"), // null unless statut = 'classe'
    categorie: text("categorie"),
    statut: text("statut").notNull().default("classe"), // classe | dnf | dns | dsq (app/domain/results.ts)
    nom: text("nom"), // from the file, for a bib no registration holds
    prenom: text("prenom"),
    club: text("club"),
    // Folded (app/db/identity.ts) when published: the runner's names and club as searched, and the name order.
    // Only what is searched and sorted: the page shows the registration's names of the moment, and hides them
    // when the runner chose not to appear (read at page time).
    recherche: text("recherche").notNull().default(""),
    nom_tri: text("nom_tri").notNull().default(""),
    // The runner chose not to appear (any of their three choices, `isAnonymous`): set when published and kept by the
    // database's triggers when a choice changes (migration results_anonymous_flag, decision 0217).
    anonyme: integer("anonyme", { mode: "boolean" }).notNull().default(false),
    // The rank within the category (equal ranks share it), computed when published and after each correction.
    rang_categorie: integer("rang_categorie"),
  },
  (t) => [
    uniqueIndex("resultats_format_dossard_uq").on(t.format_id, t.dossard),
    // One index per order of the public page, its expressions exactly as the page's ORDER BY writes them
    // (app/db/results-page.server.ts), so that a page is read in index order without sorting the format.
    index("resultats_ordre_classement_idx").on(t.format_id, sql`classement IS NULL`, t.classement, t.dossard),
    index("resultats_ordre_temps_idx").on(t.format_id, sql`temps_secondes IS NULL`, t.temps_secondes, t.dossard),
    index("resultats_ordre_categorie_idx").on(
      t.format_id,
      sql`categorie IS NULL`,
      t.categorie,
      sql`classement IS NULL`,
      t.classement,
      t.dossard,
    ),
    index("resultats_ordre_nom_idx").on(t.format_id, t.anonyme, t.nom_tri, t.dossard),
    // The search reads this index alone among the runners who appear: the searched texts and every order's keys
    // are in it, so the matches are tested, counted and sorted without reading their rows.
    index("resultats_recherche_idx").on(
      t.format_id,
      t.anonyme,
      t.recherche,
      t.categorie,
      t.classement,
      t.temps_secondes,
      t.nom_tri,
      t.dossard,
    ),
    index("resultats_inscription_idx").on(t.inscription_id).where(sql`${t.inscription_id} IS NOT NULL`),
  ],
);

/**
 * A format's results state: the draft being previewed (the file's lines as text, JSON; the file itself is not
 * kept) and when the results were published. One row per format; written only by app/db/results.server.ts.
 */
export const resultats_formats = sqliteTable("resultats_formats", {
  format_id: text("format_id")
    .primaryKey()
    .references(() => formats.id, { onDelete: "cascade" }),
  brouillon: text("brouillon"), // JSON DraftLine[] (app/domain/results-import.ts), null when none
  brouillon_fichier: text("brouillon_fichier"), // the file's name, for the preview
  brouillon_version: integer("brouillon_version").notNull().default(0), // bumped by each import or correction
  brouillon_par: text("brouillon_par"),
  publie_at: text("publie_at"), // null until published
  publie_par: text("publie_par"),
  lignes_publiees: integer("lignes_publiees").notNull().default(0),
  updated_at: updatedAt(),
});

// ---------------------------------------------------------------- personal data export (issue 45, decision 0219)
/**
 * A person's request for a copy of their data (« Mes données », GDPR art. 15 and 20): built by the cron into a ZIP
 * kept in R2 (private key) for 7 days. status: pending | ready | expired. One pending request per account (unique
 * index). Written only by app/db/data-export.server.ts.
 */
export const exports_donnees = sqliteTable(
  "exports_donnees",
  {
    id: text("id").primaryKey(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    requested_at: text("requested_at").notNull(),
    ready_at: text("ready_at"),
    expires_at: text("expires_at"),
    r2_key: text("r2_key"),
    size: integer("size"),
    /** The last download (the request, the build and each download are also logged). */
    downloaded_at: text("downloaded_at"),
    downloads: integer("downloads").notNull().default(0),
  },
  (t) => [
    index("exports_donnees_user_idx").on(t.user_id, t.requested_at),
    index("exports_donnees_status_idx").on(t.status, t.requested_at),
    uniqueIndex("exports_donnees_pending_uq").on(t.user_id).where(sql`status = 'pending'`),
  ],
);

// ---------------------------------------------------------------- Premium training plan (issue 47, decisions 0227, 0228)
/**
 * A runner's training plan: one active plan per account (unique user_id); the inputs it was made from (JSON, to fill
 * the form again), the race, the threshold pace kept for the watch exports, and the secret token of its iCalendar
 * feed (the feed's URL stands in for a login; rotated by 'Nouveau lien'). Written only by
 * app/db/training-plans.server.ts.
 */
export const plans_entrainement = sqliteTable("plans_entrainement", {
  id: text("id").primaryKey(),
  user_id: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The registration's format the plan prepares, when the runner chose one. */
  format_id: text("format_id"),
  course_nom: text("course_nom").notNull(),
  date_course: text("date_course").notNull(),
  distance_km: real("distance_km").notNull(),
  dplus_m: integer("dplus_m").notNull().default(0),
  /** Target finish time in seconds; null for « finir ». */
  objectif_sec: integer("objectif_sec"),
  /** The runner's threshold pace (s/km), null when not given. */
  allure_seuil_sec: integer("allure_seuil_sec"),
  /** The form's inputs as typed (JSON). */
  parametres: text("parametres").notNull(),
  jeton_calendrier: text("jeton_calendrier").notNull().unique(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/**
 * The sessions of a plan, one row each: its date (Paris day), week number and phase, and the WorkoutSession as JSON
 * (app/domain/workout.ts). user_id is the owner's, for owner-scoped reads. Replaced with the plan in one batch.
 */
export const seances_plan = sqliteTable(
  "seances_plan",
  {
    id: text("id").primaryKey(),
    plan_id: text("plan_id")
      .notNull()
      .references(() => plans_entrainement.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    semaine: integer("semaine").notNull(),
    phase: text("phase").notNull(),
    type: text("type").notNull(),
    seance: text("seance").notNull(),
  },
  (t) => [index("seances_plan_user_date_idx").on(t.user_id, t.date), index("seances_plan_plan_idx").on(t.plan_id)],
);

// ---------------------------------------------------------------- activities (issue 47, decisions 0231, 0232)
/** A runner's activity summary (an imported file or a synced one): one row per (account, source, source id). */
export const activites = sqliteTable(
  "activites",
  {
    id: text("id").primaryKey(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    source: text("source").notNull(), // app/domain/activity.ts ActivitySource
    /** The file's SHA-256 for an import, the provider's activity id for a sync: what makes a replay one row. */
    source_id: text("source_id").notNull(),
    name: text("name").notNull(),
    sport: text("sport").notNull(),
    started_at: text("started_at").notNull(),
    distance_m: integer("distance_m").notNull(),
    elevation_gain_m: integer("elevation_gain_m").notNull(),
    moving_time_s: integer("moving_time_s").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("activites_source_uq").on(t.user_id, t.source, t.source_id),
    index("activites_user_started_idx").on(t.user_id, t.started_at),
  ],
);

/** A runner's link to an activity tracking service (Strava): its athlete id and OAuth tokens (never exported). */
export const connexionsActivite = sqliteTable(
  "connexions_activite",
  {
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(), // 'strava'
    athlete_id: text("athlete_id").notNull(),
    access_token: text("access_token").notNull(),
    refresh_token: text("refresh_token").notNull(),
    expires_at: text("expires_at").notNull(),
    scope: text("scope").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.provider] }),
    uniqueIndex("connexions_activite_athlete_uq").on(t.provider, t.athlete_id),
  ],
);
