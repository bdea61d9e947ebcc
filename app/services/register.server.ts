// Registration use cases: the registration page's data, the place hold (one atomic D1 statement, never
// oversold), checkout start and retry, the paid hook called by the payment fulfilment (capacity re-check,
// confirmation e-mail once, automatic refund of a late payment), /merci and /mesinscriptions reads.
// See docs/decisions/0060-atomic-place-hold.md and 0061-late-payment-refund.md.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, sql } from "drizzle-orm";
import { placesTakenSql } from "~/db/catalogue.server";
import { courses, formats, inscriptions, paiements, profils_coureurs, profils_utilisateurs } from "~/db/schema";
import { canTakePayments, holdExpiresAt, isFull, RegistrationError, type FormatChoice, type RegistrationInput, type RegistrationValues } from "~/domain/registration";
import { confirmationEmail, latePaymentRefundEmail } from "~/emails/registration";
import { isPaymentProviderError } from "~/providers/payments";
import {
  createCheckoutForInscription,
  HOLD_EXPIRED_REASON,
  PaymentError,
  PAYMENT_FAILED_REASON,
  refundInscription,
} from "./payments.server";

type Ctx = AppLoadContext;

export const LATE_PAYMENT_REASON = "Paiement reçu après l'expiration de la réservation, format complet : remboursé intégralement.";
export const ABANDONED_REASON = "Paiement abandonné par le coureur : place libérée.";
export const NO_CHECKOUT_REASON = "Paiement non créé.";

const appUrl = (context: Ctx) => context.env.APP_URL.replace(/\/$/, "");

// ---------------------------------------------------------------- the registration page

export interface RegistrationPageCourse {
  id: string;
  nom: string;
  lieu: string;
  departement: string;
  slug: string;
  en_ligne: boolean;
  organisateur_id: string;
  /** The organiser's payment account can take charges. */
  paymentsOpen: boolean;
}

export interface RegistrationPageFormat extends FormatChoice {
  date: string | null;
  heure_depart: string | null;
  distance_km: number | null;
  denivele_dplus: number | null;
}

/** The event (by id or slug), its formats with places taken, and whether its organiser can take payments. */
export async function loadRegistrationPage(context: Ctx, courseIdOrSlug: string): Promise<{ course: RegistrationPageCourse; formats: RegistrationPageFormat[] } | null> {
  const nowIso = context.clock.now().toISOString();
  const [c] = await context.db
    .select({
      id: courses.id,
      nom: courses.nom,
      lieu: courses.lieu,
      departement: courses.departement,
      slug: courses.slug,
      en_ligne: courses.en_ligne,
      organisateur_id: courses.organisateur_id,
      accountId: profils_utilisateurs.stripe_account_id,
      charges: profils_utilisateurs.stripe_charges_enabled,
    })
    .from(courses)
    .leftJoin(profils_utilisateurs, eq(profils_utilisateurs.user_id, courses.organisateur_id))
    .where(sql`${courses.id} = ${courseIdOrSlug} OR ${courses.slug} = ${courseIdOrSlug}`)
    .limit(1);
  if (!c) return null;
  const rows = await context.db
    .select({
      id: formats.id,
      nom: formats.nom,
      date: formats.date,
      heure_depart: formats.heure_depart,
      distance_km: formats.distance_km,
      denivele_dplus: formats.denivele_dplus,
      prix_cents: formats.prix_cents,
      prix_repas_cents: formats.prix_repas_cents,
      stock_repas: formats.stock_repas,
      nb_max_coureurs: formats.nb_max_coureurs,
      taken: sql<number>`${placesTakenSql(formats.id, nowIso)}`,
    })
    .from(formats)
    .where(eq(formats.course_id, c.id))
    .orderBy(formats.date, formats.heure_depart, formats.position);
  return {
    course: {
      id: c.id,
      nom: c.nom,
      lieu: c.lieu,
      departement: c.departement,
      slug: c.slug,
      en_ligne: c.en_ligne,
      organisateur_id: c.organisateur_id,
      paymentsOpen: canTakePayments({ accountId: c.accountId, chargesEnabled: c.charges }),
    },
    formats: rows.map((r) => ({ ...r, taken: Number(r.taken) })),
  };
}

/** The form pre-filled from the runner profile (then the account profile, then the account e-mail). */
export async function prefillValues(context: Ctx, user: { id: string; email: string }): Promise<Omit<RegistrationValues, "format_id" | "nombre_repas">> {
  const [runner] = await context.db.select().from(profils_coureurs).where(eq(profils_coureurs.id, user.id)).limit(1);
  const [account] = await context.db.select().from(profils_utilisateurs).where(eq(profils_utilisateurs.user_id, user.id)).limit(1);
  const pick = (k: keyof typeof profils_coureurs.$inferSelect & keyof typeof profils_utilisateurs.$inferSelect): string => {
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
    contact_urgence_nom: pick("contact_urgence_nom"),
    contact_urgence_telephone: pick("contact_urgence_telephone"),
    apparaitre_resultats: (runner?.apparaitre_resultats ?? account?.apparaitre_resultats ?? true) === true,
  };
}

// ---------------------------------------------------------------- the place hold

export type HoldResult = { inscriptionId: string; reused: boolean };

/**
 * Takes a place for `userId` in the chosen format, in ONE statement: the INSERT … SELECT only produces a row
 * while the places taken (validated + unexpired pending holds) are below the cap, and only when this runner has
 * no unexpired pending registration for the format. D1 runs statements one at a time, so two runners can never
 * both get the last place. A runner who already holds a place in the format gets that registration back
 * (updated with what they just typed) instead of a second place.
 */
export async function holdPlace(context: Ctx, userId: string, courseId: string, input: RegistrationInput): Promise<HoldResult> {
  const now = context.clock.now();
  const nowIso = now.toISOString();
  const expires = holdExpiresAt(now).toISOString();
  const id = crypto.randomUUID();
  const trace = crypto.randomUUID();
  const f = input.format;
  const personal = {
    nom: input.nom,
    prenom: input.prenom,
    email: input.email,
    genre: input.genre,
    date_naissance: input.date_naissance,
    nationalite: input.nationalite,
    telephone: input.telephone,
    adresse: input.adresse,
    adresse_complement: input.adresse_complement,
    code_postal: input.code_postal,
    ville: input.ville,
    pays: input.pays,
    apparaitre_resultats: input.apparaitre_resultats,
    club: input.club,
    justificatif_type: input.justificatif_type,
    numero_licence: input.numero_licence,
    pps_identifier: input.pps_identifier,
    contact_urgence_nom: input.contact_urgence_nom,
    contact_urgence_telephone: input.contact_urgence_telephone,
  };
  const inserted = await context.db.all<{ id: string }>(sql`
    INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id,
      nom, prenom, email, genre, date_naissance, nationalite, telephone, adresse, adresse_complement, code_postal, ville, pays,
      apparaitre_resultats, club, justificatif_type, numero_licence, pps_identifier, contact_urgence_nom, contact_urgence_telephone,
      nombre_repas, prix_total_repas_cents, prix_total_coureur_cents, hold_expires_at, created_at, updated_at)
    SELECT ${id}, f.course_id, f.id, ${userId}, 'en_attente', ${trace},
      ${personal.nom}, ${personal.prenom}, ${personal.email}, ${personal.genre}, ${personal.date_naissance}, ${personal.nationalite},
      ${personal.telephone}, ${personal.adresse}, ${personal.adresse_complement}, ${personal.code_postal}, ${personal.ville}, ${personal.pays},
      ${personal.apparaitre_resultats ? 1 : 0}, ${personal.club}, ${personal.justificatif_type}, ${personal.numero_licence}, ${personal.pps_identifier},
      ${personal.contact_urgence_nom}, ${personal.contact_urgence_telephone},
      ${input.nombre_repas}, ${input.totals.repasCents}, ${input.totals.totalCents}, ${expires}, ${nowIso}, ${nowIso}
    FROM formats f JOIN courses c ON c.id = f.course_id
    WHERE f.id = ${f.id} AND f.course_id = ${courseId} AND c.en_ligne = 1
      AND f.prix_cents = ${f.prix_cents} AND f.prix_repas_cents = ${f.prix_repas_cents} AND f.stock_repas >= ${input.nombre_repas}
      AND (f.nb_max_coureurs IS NULL OR ${placesTakenSql(sql.raw("f.id"), nowIso)} < f.nb_max_coureurs)
      AND NOT EXISTS (SELECT 1 FROM inscriptions mine WHERE mine.coureur_id = ${userId} AND mine.format_id = f.id
        AND mine.statut = 'en_attente' AND mine.hold_expires_at > ${nowIso})
    RETURNING id`);
  if (inserted.length === 1) return { inscriptionId: inserted[0].id, reused: false };

  // No row: either this runner already holds a place here (reuse it), or the format is full.
  const [mine] = await context.db
    .select()
    .from(inscriptions)
    .where(
      and(
        eq(inscriptions.coureur_id, userId),
        eq(inscriptions.format_id, f.id),
        eq(inscriptions.statut, "en_attente"),
        sql`${inscriptions.hold_expires_at} > ${nowIso}`,
      ),
    )
    .orderBy(desc(inscriptions.created_at))
    .limit(1);
  if (!mine) throw new RegistrationError("format_complet", f.nom);

  const amountChanged = mine.prix_total_coureur_cents !== input.totals.totalCents;
  const oldSession = amountChanged ? mine.checkout_session_id : null;
  const same =
    !amountChanged &&
    mine.nombre_repas === input.nombre_repas &&
    (Object.keys(personal) as (keyof typeof personal)[]).every((k) => (mine[k] ?? null) === (personal[k] ?? null));
  // A plain double submit changes nothing: the same registration, the same open checkout.
  if (same) return { inscriptionId: mine.id, reused: true };
  await context.db
    .update(inscriptions)
    .set({
      ...personal,
      nombre_repas: input.nombre_repas,
      prix_total_repas_cents: input.totals.repasCents,
      prix_total_coureur_cents: input.totals.totalCents,
      // A new amount needs a new checkout session: forget the old one before ending it, so that its
      // expiry event cannot release this hold.
      ...(amountChanged ? { checkout_session_id: null } : {}),
      updated_at: nowIso,
    })
    .where(and(eq(inscriptions.id, mine.id), eq(inscriptions.statut, "en_attente")));
  if (oldSession) {
    try {
      await context.payments.expireCheckoutSession(oldSession);
    } catch (e) {
      if (!isPaymentProviderError(e)) throw e;
    }
  }
  return { inscriptionId: mine.id, reused: true };
}

/** Maps a payments error at checkout creation to the registration's message codes. */
function checkoutError(e: unknown): RegistrationError | PaymentError {
  if (e instanceof PaymentError) {
    if (e.code === "compte_organisateur_non_configure") return new RegistrationError("inscriptions_fermees");
    if (e.code === "erreur_fournisseur") return new RegistrationError("paiement");
    return e;
  }
  if (isPaymentProviderError(e)) return new RegistrationError("paiement");
  return new RegistrationError("paiement");
}

async function checkoutUrl(context: Ctx, inscriptionId: string): Promise<string> {
  let url: string | undefined;
  try {
    url = (await createCheckoutForInscription(context, inscriptionId)).url;
  } catch (e) {
    console.error("checkout", inscriptionId, e);
    throw checkoutError(e);
  }
  if (!url) throw new RegistrationError("paiement_sans_url");
  return url;
}

/** The registration form's submit: hold a place, then open (or reuse) its checkout session. Returns where to go. */
export async function startRegistration(context: Ctx, userId: string, courseId: string, input: RegistrationInput): Promise<{ url: string; inscriptionId: string; reused: boolean }> {
  const hold = await holdPlace(context, userId, courseId, input);
  try {
    return { url: await checkoutUrl(context, hold.inscriptionId), ...hold };
  } catch (e) {
    // No checkout: give the place back at once (only a hold we just took; a reused one keeps its session).
    if (!hold.reused) {
      const now = context.clock.now().toISOString();
      await context.db
        .update(inscriptions)
        .set({ statut: "annulee", hold_expires_at: null, cancel_reason: NO_CHECKOUT_REASON, cancelled_at: now, updated_at: now })
        .where(and(eq(inscriptions.id, hold.inscriptionId), eq(inscriptions.statut, "en_attente")));
    }
    throw e;
  }
}

/**
 * 'Réessayer le paiement' on /paiement-annule, for the runner who owns the registration: a checkout for the
 * same place while it is held; after the hold ended, the place is taken again only if one is free
 * (the same capacity rule, in one conditional UPDATE).
 */
export async function retryPayment(context: Ctx, userId: string, inscriptionId: string): Promise<string> {
  const [i] = await context.db
    .select({ i: inscriptions, formatNom: formats.nom })
    .from(inscriptions)
    .innerJoin(formats, eq(formats.id, inscriptions.format_id))
    .where(and(eq(inscriptions.id, inscriptionId), eq(inscriptions.coureur_id, userId)))
    .limit(1);
  if (!i) throw new RegistrationError("relance_impossible");
  if (i.i.statut === "validee") throw new PaymentError("inscription_deja_payee");
  const now = context.clock.now();
  const nowIso = now.toISOString();
  const held = i.i.statut === "en_attente" && i.i.hold_expires_at != null && i.i.hold_expires_at > nowIso;
  if (!held) {
    const retaken = await context.db.all<{ id: string }>(sql`
      UPDATE inscriptions SET statut = 'en_attente', hold_expires_at = ${holdExpiresAt(now).toISOString()}, checkout_session_id = NULL,
        cancel_reason = NULL, cancelled_at = NULL, updated_at = ${nowIso}
      WHERE id = ${inscriptionId} AND coureur_id = ${userId}
        AND (statut = 'en_attente' OR (statut = 'annulee' AND cancel_reason IN (${HOLD_EXPIRED_REASON}, ${PAYMENT_FAILED_REASON}, ${NO_CHECKOUT_REASON}, ${ABANDONED_REASON})))
        AND (SELECT f.nb_max_coureurs IS NULL OR ${placesTakenSql(sql.raw("f.id"), nowIso)} < f.nb_max_coureurs FROM formats f WHERE f.id = inscriptions.format_id)
        AND (SELECT c.en_ligne FROM courses c WHERE c.id = inscriptions.course_id) = 1
      RETURNING id`);
    if (retaken.length !== 1) {
      if (i.i.statut !== "en_attente" && i.i.statut !== "annulee") throw new PaymentError("inscription_non_payable");
      throw new RegistrationError("format_complet", i.formatNom);
    }
  }
  return checkoutUrl(context, inscriptionId);
}

/** 'Libérer ma place' on /paiement-annule: ends the open checkout and releases the hold at once. */
export async function abandonRegistration(context: Ctx, userId: string, inscriptionId: string): Promise<boolean> {
  const [i] = await context.db
    .select()
    .from(inscriptions)
    .where(and(eq(inscriptions.id, inscriptionId), eq(inscriptions.coureur_id, userId)))
    .limit(1);
  if (!i || i.statut !== "en_attente") return false;
  const now = context.clock.now().toISOString();
  const sessionId = i.checkout_session_id;
  // Release first (the session is forgotten so that its expiry event finds nothing to do), then end the session.
  const released = await context.db
    .update(inscriptions)
    .set({ statut: "annulee", hold_expires_at: null, cancel_reason: ABANDONED_REASON, cancelled_at: now, updated_at: now })
    .where(and(eq(inscriptions.id, i.id), eq(inscriptions.statut, "en_attente")))
    .returning({ id: inscriptions.id });
  if (sessionId) {
    try {
      await context.payments.expireCheckoutSession(sessionId);
    } catch (e) {
      if (!isPaymentProviderError(e)) throw e;
      // Already paid in the meantime: the fulfilment re-checks capacity and validates or refunds.
    }
  }
  return released.length === 1;
}

// ---------------------------------------------------------------- paid: validate, or refund a late payment

export type PaidOutcome = { state: "validated" | "already_validated" | "refunded" | "ignored"; newlyValidated: boolean };

/**
 * Called by the payment fulfilment (fulfilCheckoutSession) once the paiements row of a paid session exists.
 * The registration becomes 'validee' only if it still holds its place, or if a place is free for it (a payment
 * that completed after its hold expired); the confirmation e-mail is then sent once (dedupe key). Otherwise the
 * payment is refunded in full, the registration ends 'annulee' and the runner gets an explanation e-mail.
 * Safe to call any number of times for the same session.
 */
export async function onRegistrationPaid(context: Ctx, input: { inscriptionId: string; sessionId: string }): Promise<PaidOutcome> {
  const nowIso = context.clock.now().toISOString();
  const revivable = sql`(i.statut = 'en_attente' OR (i.statut = 'annulee' AND i.cancel_reason IN (${HOLD_EXPIRED_REASON}, ${PAYMENT_FAILED_REASON}, ${ABANDONED_REASON}, ${NO_CHECKOUT_REASON})))`;
  const validated = await context.db.all<{ id: string }>(sql`
    UPDATE inscriptions AS i SET statut = 'validee', hold_expires_at = NULL, checkout_session_id = ${input.sessionId},
      cancel_reason = NULL, cancelled_at = NULL, updated_at = ${nowIso}
    WHERE i.id = ${input.inscriptionId} AND (
      (i.statut = 'en_attente' AND i.hold_expires_at > ${nowIso})
      OR (${revivable} AND (SELECT f.nb_max_coureurs IS NULL OR ${placesTakenSql(sql.raw("f.id"), nowIso)} < f.nb_max_coureurs
                             FROM formats f WHERE f.id = i.format_id))
    )
    RETURNING id`);
  if (validated.length === 1) {
    await sendConfirmationEmail(context, input.inscriptionId);
    return { state: "validated", newlyValidated: true };
  }

  const [row] = await context.db.select().from(inscriptions).where(eq(inscriptions.id, input.inscriptionId)).limit(1);
  if (!row) return { state: "ignored", newlyValidated: false };
  if (row.statut === "validee") return { state: "already_validated", newlyValidated: false };
  const isLate =
    row.statut === "en_attente" ||
    (row.statut === "annulee" && [HOLD_EXPIRED_REASON, PAYMENT_FAILED_REASON, ABANDONED_REASON, NO_CHECKOUT_REASON, LATE_PAYMENT_REASON].includes(row.cancel_reason ?? "")) ||
    (row.statut === "remboursee_totalement" && row.cancel_reason === LATE_PAYMENT_REASON);
  if (!isLate) return { state: "ignored", newlyValidated: false };

  // Late payment and no place left: mark it first (so nothing validates it meanwhile), then refund in full.
  await context.db
    .update(inscriptions)
    .set({ statut: "annulee", hold_expires_at: null, cancel_reason: LATE_PAYMENT_REASON, cancelled_at: nowIso, updated_at: nowIso })
    .where(eq(inscriptions.id, row.id));
  const [p] = await context.db.select().from(paiements).where(eq(paiements.checkout_session_id, input.sessionId)).limit(1);
  if (p && p.refunded_cents < p.amount_total_cents) {
    await refundInscription(context, {
      inscriptionId: row.id,
      amountCents: p.amount_total_cents - p.refunded_cents,
      percent: 100,
      reason: LATE_PAYMENT_REASON,
      idempotencyKey: `late-payment:${input.sessionId}`,
    });
  }
  // refundInscription records 'remboursee_totalement'; the registration itself ends cancelled.
  await context.db
    .update(inscriptions)
    .set({ statut: "annulee", cancel_reason: LATE_PAYMENT_REASON, updated_at: context.clock.now().toISOString() })
    .where(eq(inscriptions.id, row.id));
  await sendLatePaymentEmail(context, row.id, p?.amount_total_cents ?? row.prix_total_coureur_cents);
  return { state: "refunded", newlyValidated: false };
}

async function emailData(context: Ctx, inscriptionId: string) {
  const [r] = await context.db
    .select({
      i: inscriptions,
      courseNom: courses.nom,
      lieu: courses.lieu,
      formatNom: formats.nom,
      date: formats.date,
      heure: formats.heure_depart,
      km: formats.distance_km,
      dplus: formats.denivele_dplus,
    })
    .from(inscriptions)
    .innerJoin(courses, eq(courses.id, inscriptions.course_id))
    .innerJoin(formats, eq(formats.id, inscriptions.format_id))
    .where(eq(inscriptions.id, inscriptionId))
    .limit(1);
  if (!r?.i.email) return null;
  return {
    to: r.i.email,
    data: {
      inscriptionId,
      courseNom: r.courseNom,
      lieu: r.lieu,
      formatNom: r.formatNom,
      date: r.date,
      heureDepart: r.heure,
      distanceKm: r.km,
      dplus: r.dplus,
      prenom: r.i.prenom,
      nom: r.i.nom,
      email: r.i.email,
      nombreRepas: r.i.nombre_repas,
      totalCents: r.i.prix_total_coureur_cents,
    },
  };
}

/** The confirmation e-mail, sent once per registration whatever the replays (dedupe key). */
export async function sendConfirmationEmail(context: Ctx, inscriptionId: string): Promise<boolean> {
  const d = await emailData(context, inscriptionId);
  if (!d) return false;
  const mail = confirmationEmail({ ...d.data, url: `${appUrl(context)}/mon-inscription/${inscriptionId}` });
  return context.mailer.send({ to: d.to, ...mail, kind: "confirmation_inscription", dedupeKey: `confirmation:${inscriptionId}` });
}

async function sendLatePaymentEmail(context: Ctx, inscriptionId: string, amountCents: number): Promise<boolean> {
  const d = await emailData(context, inscriptionId);
  if (!d) return false;
  const mail = latePaymentRefundEmail({ ...d.data, totalCents: amountCents, coursesUrl: `${appUrl(context)}/courses` });
  return context.mailer.send({ to: d.to, ...mail, kind: "paiement_tardif_rembourse", dedupeKey: `late-payment:${inscriptionId}` });
}

// ---------------------------------------------------------------- reads for the runner

export interface RunnerRegistration {
  id: string;
  statut: string;
  hold_expires_at: string | null;
  cancel_reason: string | null;
  nom: string | null;
  prenom: string | null;
  email: string | null;
  nombre_repas: number;
  prix_total_coureur_cents: number;
  created_at: string;
  courseId: string;
  courseSlug: string;
  courseNom: string;
  lieu: string;
  departement: string;
  imageUrl: string | null;
  formatId: string;
  formatNom: string;
  formatImageUrl: string | null;
  date: string | null;
  heureDepart: string | null;
  distanceKm: number | null;
  dplus: number | null;
}

function runnerRegistrationQuery(context: Ctx) {
  return context.db
    .select({
      id: inscriptions.id,
      statut: inscriptions.statut,
      hold_expires_at: inscriptions.hold_expires_at,
      cancel_reason: inscriptions.cancel_reason,
      nom: inscriptions.nom,
      prenom: inscriptions.prenom,
      email: inscriptions.email,
      nombre_repas: inscriptions.nombre_repas,
      prix_total_coureur_cents: inscriptions.prix_total_coureur_cents,
      created_at: inscriptions.created_at,
      courseId: courses.id,
      courseSlug: courses.slug,
      courseNom: courses.nom,
      lieu: courses.lieu,
      departement: courses.departement,
      imageUrl: courses.image_url,
      formatId: formats.id,
      formatNom: formats.nom,
      formatImageUrl: formats.image_url,
      date: formats.date,
      heureDepart: formats.heure_depart,
      distanceKm: formats.distance_km,
      dplus: formats.denivele_dplus,
    })
    .from(inscriptions)
    .innerJoin(courses, eq(courses.id, inscriptions.course_id))
    .innerJoin(formats, eq(formats.id, inscriptions.format_id));
}

/** /mesinscriptions: only the runner's own registrations, newest first. */
export async function listRunnerRegistrations(context: Ctx, userId: string): Promise<RunnerRegistration[]> {
  return runnerRegistrationQuery(context).where(eq(inscriptions.coureur_id, userId)).orderBy(desc(inscriptions.created_at)).limit(200);
}

/** One registration of the runner (null for anyone else's: it reads like a missing one). */
export async function getRunnerRegistration(context: Ctx, userId: string, inscriptionId: string): Promise<RunnerRegistration | null> {
  const [r] = await runnerRegistrationQuery(context)
    .where(and(eq(inscriptions.id, inscriptionId), eq(inscriptions.coureur_id, userId)))
    .limit(1);
  return r ?? null;
}

export type ConfirmationState = "validee" | "confirming" | "refunded" | "unpaid" | "other";

/**
 * /merci's check, read-only: the registration must be the runner's and the session must be the one the
 * provider made for it. The fulfilment itself happens in the webhook (or in `confirmNow`, a POST).
 */
export async function readConfirmation(context: Ctx, userId: string, sessionId: string, inscriptionId: string): Promise<{ registration: RunnerRegistration; state: ConfirmationState }> {
  const registration = await getRunnerRegistration(context, userId, inscriptionId);
  if (!registration) throw new RegistrationError("relance_impossible");
  const info = await context.payments.retrieveCheckoutSession(sessionId);
  if (info.metadata.inscription_id !== inscriptionId) throw new RegistrationError("relance_impossible");
  let state: ConfirmationState;
  if (registration.statut === "validee") state = "validee";
  else if (registration.cancel_reason === LATE_PAYMENT_REASON) state = "refunded";
  else if (info.status === "complete") state = "confirming";
  else if (info.status === "open") state = "unpaid";
  else state = "other";
  return { registration, state };
}

/** True when the format is full for a runner looking at it now (used by pages; the hold statement is the rule). */
export function formatIsFull(f: { nb_max_coureurs: number | null; taken: number }): boolean {
  return isFull(f.nb_max_coureurs, f.taken);
}
