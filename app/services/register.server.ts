// Registration use cases: the registration page's data, the place hold (one atomic D1 statement for the place and
// its meals, never oversold), the checkout start, retry and abandon, and the runner's reads (/merci, /mesinscriptions).
// Every status change goes through the lifecycle (app/services/lifecycle.server.ts); what a payment means for the
// registration is app/services/payment-received.server.ts. Decisions 0060, 0061 and 0130.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, sql } from "drizzle-orm";
import {
  holdsPlaceSql,
  mealsSufficeSql,
  mealsTakenSql,
  placeFreeForSql,
  placeFreeSql,
  placesTakenSql,
  registrationWindowSql,
  runnersWaitingSql,
  waitingCountSql,
} from "~/db/registration-store/capacity.server";
import { windowStatement } from "~/domain/registration-window";
import { TransferError, transferClosedReason, transferRulesSentence } from "~/domain/transfer";
import { formatDateLong, formatDateTimeLong } from "~/utils/format";
import { courses, formats, inscriptions, paiements, profils_coureurs, profils_utilisateurs } from "~/db/schema";
import { REFUSED_PAYMENT_REASONS, SETTLED_PAYMENT_REASONS } from "~/domain/registration-rules";
import {
  canTakePayments,
  personalOf,
  RegistrationError,
  type FormatChoice,
  type RegistrationInput,
  type RegistrationValues,
} from "~/domain/registration";
import { holdExpiresAt, isFull, mealsLeft } from "~/domain/registration-rules";
import { isPaymentProviderError } from "~/providers/payments";
import { applyTransition } from "./registration-changes.server";
import { creationStatement, updateRegistrations } from "~/db/registration-store/writes.server";
import { onCheckoutCompleted } from "./payment-received.server";
import {
  type CheckoutFacts,
  checkoutFactsQuery,
  createCheckoutForInscription,
  newCheckoutClaim,
} from "./checkout.server";
import { expireSession } from "./payments.server";
import { PaymentError } from "./payment-errors.server";
import { releaseDocument } from "./justificatif-documents.server";
import { verifyJustificatif } from "./justificatifs.server";
import { isCompetition } from "~/domain/eligibility";
import { withEvent } from "~/db/registrations.server";
import { type Identity, personOf, samePersonHoldsSql, samePersonRowsSql } from "~/db/identity";
import { transferSettingsColumns } from "~/db/transfers.server";
import { type BatchRead, batchableAll } from "~/db/batch.server";

type Ctx = AppLoadContext;

// ---------------------------------------------------------------- the registration page

export interface RegistrationPageCourse {
  id: string;
  nom: string;
  lieu: string;
  departement: string;
  slug: string;
  en_ligne: boolean;
  organisateur_id: string;
  /** When the organiser last saved the event (its version, for the opening queue's kept facts). */
  updated_at: string;
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
      id: formats.id,
      nom: formats.nom,
      date: formats.date,
      heure_depart: formats.heure_depart,
      distance_km: formats.distance_km,
      denivele_dplus: formats.denivele_dplus,
      type_epreuve: formats.type_epreuve,
      age_minimum: formats.age_minimum,
      prix_cents: formats.prix_cents,
      prix_repas_cents: formats.prix_repas_cents,
      stock_repas: formats.stock_repas,
      nb_max_coureurs: formats.nb_max_coureurs,
      taken: sql<number>`${placesTakenSql(formats.id, nowIso)}`,
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
      id: c.id,
      nom: c.nom,
      lieu: c.lieu,
      departement: c.departement,
      slug: c.slug,
      en_ligne: c.en_ligne,
      organisateur_id: c.organisateur_id,
      updated_at: c.updated_at,
      paymentsOpen: canTakePayments({ accountId: c.accountId, chargesEnabled: c.charges }),
    },
    formats: rows.map((r) => ({
      ...r,
      taken: Number(r.taken),
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

// ---------------------------------------------------------------- the place hold

/** The hold, and for a new one what its checkout needs and the checkout claim it was created with. */
export type HoldResult = { inscriptionId: string; reused: boolean; facts?: CheckoutFacts; claim?: string };

/** The justificatif's parts kept on the registration besides the runner's fields: a PPS expiry, a private document. */
export type HoldJustificatif = { pps_expiration: string | null; documentId: string | null };
const NO_JUSTIFICATIF: HoldJustificatif = { pps_expiration: null, documentId: null };

/** The same person already holds a place in the format: their own registration (linked), or another account's. */
async function samePersonRefusal(
  context: Ctx,
  userId: string,
  formatId: string,
  formatNom: string,
  who: Identity,
  nowIso: string,
  exceptId = "",
): Promise<RegistrationError | null> {
  const q = samePersonRowsSql(formatId, who, sql`${holdsPlaceSql("o", nowIso)} AND o.id <> ${exceptId}`);
  if (!q) return null;
  const rows = await context.db.all<{ id: string; coureur_id: string | null }>(q);
  if (rows.length === 0) return null;
  const mine = rows.find((r) => r.coureur_id === userId);
  return mine
    ? new RegistrationError("deja_inscrit", formatNom, mine.id)
    : new RegistrationError("coureur_deja_inscrit", formatNom);
}

/** Why the INSERT found no place: the format is full, or its meals are gone (a field error then). */
async function holdRefusal(
  context: Ctx,
  formatId: string,
  formatNom: string,
  meals: number,
  nowIso: string,
): Promise<RegistrationError> {
  const [f] = await context.db.all<{
    cap: number | null;
    taken: number;
    stock: number;
    meals_taken: number;
    waiting: number;
    open: number;
  }>(sql`
    SELECT f.nb_max_coureurs AS cap, ${placesTakenSql(sql.raw("f.id"), nowIso)} AS taken, f.stock_repas AS stock,
      ${mealsTakenSql(sql.raw("f.id"), nowIso)} AS meals_taken, ${runnersWaitingSql("f")} AS waiting,
      ${registrationWindowSql("f", nowIso)} AS open
    FROM formats f WHERE f.id = ${formatId}`);
  // Before the organiser's opening time (or after their close): nothing is taken.
  if (f && !Number(f.open)) return new RegistrationError("hors_periode", formatNom);
  // Places freed while runners wait are theirs (issue 20): the newcomer joins the list.
  if (f && Number(f.waiting)) return new RegistrationError("format_liste_attente", formatNom);
  if (f && !isFull(f.cap, Number(f.taken)) && meals > 0) {
    return new RegistrationError(
      "repas_epuises",
      String(mealsLeft({ stock_repas: f.stock, meals_taken: Number(f.meals_taken) })),
    );
  }
  return new RegistrationError("format_complet", formatNom);
}

/**
 * Takes a place, and the meals asked for, for `userId` in the chosen format, in ONE statement: the INSERT … SELECT
 * only produces a row while the places taken are below the cap and enough meals are left (both counted as
 * app/db/registration-store/capacity.server.ts counts them), and only when this runner has no running hold in the format. D1 runs
 * statements one at a time, so two runners can never both get the last place or the last meal. A runner who
 * already holds a place in the format gets that registration back (see updateHeldContent) instead of a second one.
 */
export async function holdPlace(
  context: Ctx,
  userId: string,
  courseId: string,
  input: RegistrationInput,
  justificatif: HoldJustificatif = NO_JUSTIFICATIF,
): Promise<HoldResult> {
  const now = context.clock.now();
  const nowIso = now.toISOString();
  const expires = holdExpiresAt(now).toISOString();
  const id = crypto.randomUUID();
  const trace = crypto.randomUUID();
  // A new hold is created with its checkout claim: the checkout that follows needs no round trip of its own to take it.
  const claim = newCheckoutClaim(id, now);
  const f = input.format;
  const personal = personalOf(input);
  const who = personOf(personal);
  // The INSERT and the read of what the checkout needs go in one batch (one D1 round trip): the read finds the row
  // only when the INSERT took the place.
  const [inserted, facts] = await context.db.batch([
    batchableAll<{ id: string }>(
      context.db,
      creationStatement({
        event: "created",
        actor: { type: "runner", id: userId },
        values: {
          id,
          course_id: sql`f.course_id`,
          format_id: sql`f.id`,
          coureur_id: userId,
          paiement_trace_id: trace,
          ...personal,
          pps_expiration: justificatif.pps_expiration,
          justificatif_document_id: justificatif.documentId,
          nombre_repas: input.nombre_repas,
          prix_total_repas_cents: input.totals.repasCents,
          prix_total_coureur_cents: input.totals.totalCents,
          hold_expires_at: expires,
          checkout_claim: claim,
          checkout_claim_at: nowIso,
        },
        from: sql`formats f JOIN courses c ON c.id = f.course_id`,
        where: sql`f.id = ${f.id} AND f.course_id = ${courseId} AND c.en_ligne = 1
      AND f.prix_cents = ${f.prix_cents} AND f.prix_repas_cents = ${f.prix_repas_cents} AND f.stock_repas >= ${input.nombre_repas}
      AND ${placeFreeSql("f", nowIso)} AND ${mealsSufficeSql("f", input.nombre_repas, nowIso)}
      AND NOT ${runnersWaitingSql("f")}
      AND ${registrationWindowSql("f", nowIso)}
      AND NOT EXISTS (SELECT 1 FROM inscriptions mine WHERE mine.coureur_id = ${userId} AND mine.format_id = f.id
        AND mine.statut = 'en_attente' AND mine.hold_expires_at > ${nowIso})
      AND NOT ${samePersonHoldsSql(sql.raw("f.id"), who, holdsPlaceSql("o", nowIso), sql`(o.coureur_id IS NOT ${userId} OR o.statut <> 'en_attente')`)}`,
        nowIso,
      }),
    ),
    checkoutFactsQuery(context, id),
  ]);
  if (inserted.length === 1) return { inscriptionId: inserted[0].id, reused: false, facts: facts[0], claim };

  // No row: either this runner already holds a place here (reuse it), or the format is full (or out of meals).
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
  if (!mine)
    throw (
      (await samePersonRefusal(context, userId, f.id, f.nom, who, nowIso)) ??
      (await holdRefusal(context, f.id, f.nom, input.nombre_repas, nowIso))
    );
  return updateHeldContent(context, mine, input, justificatif, nowIso);
}

/**
 * A new submit from a runner who already holds a place in the format. The priced content (meals, hence the
 * amount) is frozen while a checkout is open: the open session is ended at the provider FIRST, and the content
 * changes only once it is certain that session can no longer be paid; a session paid in the meantime keeps the
 * registration as it was paid ('paiement_en_cours'). A plain double submit changes nothing and reuses the session.
 */
async function updateHeldContent(
  context: Ctx,
  mine: typeof inscriptions.$inferSelect,
  input: RegistrationInput,
  justificatif: HoldJustificatif,
  nowIso: string,
): Promise<HoldResult> {
  const personal = personalOf(input);
  const pricedChange =
    mine.nombre_repas !== input.nombre_repas || mine.prix_total_coureur_cents !== input.totals.totalCents;
  const same =
    !pricedChange &&
    (mine.pps_expiration ?? null) === justificatif.pps_expiration &&
    (mine.justificatif_document_id ?? null) === justificatif.documentId &&
    (Object.keys(personal) as (keyof typeof personal)[]).every((k) => (mine[k] ?? null) === (personal[k] ?? null));
  if (same) return { inscriptionId: mine.id, reused: true };
  const oldSession = pricedChange ? mine.checkout_session_id : null;
  if (oldSession) {
    // Detach the session first, so that its expiry event finds nothing to release; a payment of it still settles
    // this registration (by its id), as it was when paid.
    const detached = await updateRegistrations(
      context.db,
      { checkout_session_id: null, updated_at: nowIso },
      sql`id = ${mine.id} AND statut = 'en_attente' AND checkout_session_id = ${oldSession}`,
    );
    if (detached.length !== 1) throw new RegistrationError("paiement_en_cours");
    let ended: Awaited<ReturnType<typeof expireSession>>;
    try {
      ended = await expireSession(context, oldSession);
    } catch (e) {
      // The provider cannot be reached: nothing changes (a payment of the old session still settles it as it was).
      if (!isPaymentProviderError(e)) throw e;
      throw new RegistrationError("paiement");
    }
    if (ended === "paid") {
      await onCheckoutCompleted(context, oldSession);
      throw new RegistrationError("paiement_en_cours");
    }
  }
  // The content changes only on the same hold and session we read (and, for more meals, while enough are left).
  const moreMeals = input.nombre_repas - mine.nombre_repas;
  const updated = await updateRegistrations(
    context.db,
    {
      ...personal,
      pps_expiration: justificatif.pps_expiration,
      justificatif_document_id: justificatif.documentId,
      nombre_repas: input.nombre_repas,
      prix_total_repas_cents: input.totals.repasCents,
      prix_total_coureur_cents: input.totals.totalCents,
      updated_at: nowIso,
    },
    sql`id = ${mine.id} AND statut = 'en_attente' AND hold_expires_at > ${nowIso}
      AND checkout_session_id IS ${oldSession ? null : mine.checkout_session_id}
      AND (${pricedChange ? 1 : 0} = 0 OR checkout_claim IS NULL)
      AND NOT ${samePersonHoldsSql(sql.raw("inscriptions.format_id"), personOf(personal), holdsPlaceSql("o", nowIso), sql`o.id <> ${mine.id}`)}
      AND (${moreMeals} <= 0 OR (SELECT f.stock_repas - ${mealsTakenSql(sql.raw("f.id"), nowIso)} FROM formats f WHERE f.id = inscriptions.format_id) >= ${moreMeals})`,
  );
  if (updated.length === 1) {
    // The document this submit replaced is deleted at once when nothing else uses it.
    if (mine.coureur_id && mine.justificatif_document_id !== justificatif.documentId)
      await releaseDocument(context, mine.coureur_id, mine.justificatif_document_id);
    return { inscriptionId: mine.id, reused: true };
  }
  const samePerson = await samePersonRefusal(
    context,
    "",
    mine.format_id,
    input.format.nom,
    personOf(personal),
    nowIso,
    mine.id,
  );
  if (samePerson) throw samePerson;
  const [now] = await context.db.select().from(inscriptions).where(eq(inscriptions.id, mine.id)).limit(1);
  if (now?.statut === "en_attente" && moreMeals > 0)
    throw await holdRefusal(context, mine.format_id, input.format.nom, input.nombre_repas, nowIso);
  throw new RegistrationError("paiement_en_cours");
}

/** Maps a payments error at checkout creation to the registration's message codes. */
function checkoutError(e: unknown): RegistrationError | PaymentError {
  if (e instanceof PaymentError) {
    if (e.code === "compte_organisateur_non_configure") return new RegistrationError("inscriptions_fermees");
    if (e.code === "erreur_fournisseur") return new RegistrationError("paiement");
    return e;
  }
  return new RegistrationError("paiement");
}

async function checkoutUrl(
  context: Ctx,
  inscriptionId: string,
  known?: CheckoutFacts,
  claim?: string,
): Promise<string> {
  let created: Awaited<ReturnType<typeof createCheckoutForInscription>>;
  try {
    created = await createCheckoutForInscription(context, inscriptionId, known, { claimed: claim });
  } catch (e) {
    console.error("checkout", inscriptionId, e);
    throw checkoutError(e);
  }
  // The open session was paid in the meantime: settle it now (the webhook may come later; it changes nothing then).
  if (created.paidSessionId) await onCheckoutCompleted(context, created.paidSessionId);
  if (!created.url) throw new RegistrationError("paiement_sans_url");
  return created.url;
}

/**
 * The registration form's submit: hold a place, then open (or reuse) its checkout session, then ask the verification
 * service about the justificatif. Returns where to go. A competition keeps the PPS expiry and the runner's document
 * (`documentId`, already checked as theirs); a walk keeps neither.
 */
export async function startRegistration(
  context: Ctx,
  userId: string,
  courseId: string,
  input: RegistrationInput,
  documentId: string | null = null,
): Promise<{ url: string; inscriptionId: string; reused: boolean }> {
  const competition = isCompetition(input.format);
  const hold = await holdPlace(context, userId, courseId, input, {
    pps_expiration: input.pps_expiration ?? null,
    documentId: competition ? documentId : null,
  });
  let url: string;
  try {
    url = await checkoutUrl(context, hold.inscriptionId, hold.facts, hold.claim);
  } catch (e) {
    // No checkout: give the place back at once (only a hold we just took; a reused one keeps its session).
    if (!hold.reused) {
      await applyTransition(context, {
        inscriptionId: hold.inscriptionId,
        event: "checkout_failed",
        actor: { type: "system" },
        when: sql`i.checkout_session_id IS NULL`,
      });
    }
    throw e;
  }
  const f = hold.facts;
  await verifyJustificatif(
    context,
    hold.inscriptionId,
    f ? { i: f.inscription, date: f.formatDate, type_epreuve: f.typeEpreuve } : undefined,
  );
  return { url, ...hold };
}

/**
 * 'Réessayer le paiement' on /paiement-annule, for the runner who owns the registration: a checkout for the
 * same place while it is held; after the hold ended, the place (and its meals) are taken again only if free
 * (the same capacity rule, in the lifecycle's one conditional UPDATE).
 */
export async function retryPayment(context: Ctx, userId: string, inscriptionId: string): Promise<string> {
  const [i] = await context.db
    .select({ i: inscriptions, formatNom: formats.nom, f: transferSettingsColumns })
    .from(inscriptions)
    .innerJoin(formats, eq(formats.id, inscriptions.format_id))
    .where(and(eq(inscriptions.id, inscriptionId), eq(inscriptions.coureur_id, userId)))
    .limit(1);
  if (!i) throw new RegistrationError("relance_impossible");
  if (i.i.statut === "validee") throw new PaymentError("inscription_deja_payee");
  const now = context.clock.now();
  // A bib transfer's buyer pays only while the format takes transfers (decision 0196).
  const closed = i.i.cession_id ? transferClosedReason(i.f, now) : null;
  if (closed) throw new TransferError(closed);
  const nowIso = now.toISOString();
  const held = i.i.statut === "en_attente" && i.i.hold_expires_at != null && i.i.hold_expires_at > nowIso;
  if (!held) {
    const retaken = await applyTransition(context, {
      inscriptionId,
      event: "retried",
      actor: { type: "runner", id: userId },
      set: { hold_expires_at: holdExpiresAt(now).toISOString(), checkout_session_id: null, checkout_claim: null },
      // Only a hold that ended: a retry sent twice at once takes the place once (the other goes to its checkout).
      when: sql`i.coureur_id = ${userId} AND NOT (i.statut = 'en_attente' AND i.hold_expires_at > ${nowIso})
        AND ${placeFreeForSql("i", nowIso, sql`NOT ${runnersWaitingSql("f")} AND ${registrationWindowSql("f", nowIso)}`)}
        AND (SELECT c.en_ligne FROM courses c WHERE c.id = i.course_id) = 1
        AND NOT ${samePersonHoldsSql(sql.raw("i.format_id"), personOf(i.i), holdsPlaceSql("o", nowIso), sql`o.id <> i.id`)}`,
    });
    if (!retaken && !(await heldNow(context, inscriptionId, nowIso))) {
      const samePerson = await samePersonRefusal(
        context,
        userId,
        i.i.format_id,
        i.formatNom,
        personOf(i.i),
        nowIso,
        inscriptionId,
      );
      if (samePerson) throw samePerson;
      if (i.i.statut !== "en_attente" && i.i.statut !== "annulee") throw new PaymentError("inscription_non_payable");
      throw new RegistrationError("format_complet", i.formatNom);
    }
  }
  return checkoutUrl(context, inscriptionId);
}

/** The registration holds its place now (another request of the same runner may have just taken it again). */
async function heldNow(context: Ctx, inscriptionId: string, nowIso: string): Promise<boolean> {
  const [row] = await context.db
    .select({ id: inscriptions.id })
    .from(inscriptions)
    .where(
      and(
        eq(inscriptions.id, inscriptionId),
        eq(inscriptions.statut, "en_attente"),
        sql`${inscriptions.hold_expires_at} > ${nowIso}`,
      ),
    )
    .limit(1);
  return row != null;
}

/** 'Libérer ma place' on /paiement-annule: releases the hold at once and ends the open checkout. */
export async function abandonRegistration(context: Ctx, userId: string, inscriptionId: string): Promise<boolean> {
  const [i] = await context.db
    .select()
    .from(inscriptions)
    .where(and(eq(inscriptions.id, inscriptionId), eq(inscriptions.coureur_id, userId)))
    .limit(1);
  if (i?.statut !== "en_attente") return false;
  const sessionId = i.checkout_session_id;
  // Release first, forgetting the session (its expiry event then finds nothing to do), then end the session; if it
  // was paid in the meantime, the payment settles: the place comes back if still free, else a full refund.
  const released = await applyTransition(context, {
    inscriptionId: i.id,
    event: "abandoned",
    actor: { type: "runner", id: userId },
    set: { checkout_session_id: null },
    when: sql`i.coureur_id = ${userId} AND i.checkout_session_id IS ${sessionId}`,
  });
  if (released && sessionId && (await expireSession(context, sessionId)) === "paid")
    await onCheckoutCompleted(context, sessionId);
  return released != null;
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
  return withEvent(
    context.db
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
      .$dynamic(),
  );
}

/** /mesinscriptions: only the runner's own registrations, newest first. */
export async function listRunnerRegistrations(context: Ctx, userId: string): Promise<RunnerRegistration[]> {
  return runnerRegistrationQuery(context)
    .where(eq(inscriptions.coureur_id, userId))
    .orderBy(desc(inscriptions.created_at))
    .limit(200);
}

/** One registration of the runner (null for anyone else's: it reads like a missing one). */
export async function getRunnerRegistration(
  context: Ctx,
  userId: string,
  inscriptionId: string,
): Promise<RunnerRegistration | null> {
  const [r] = await runnerRegistrationQuery(context)
    .where(and(eq(inscriptions.id, inscriptionId), eq(inscriptions.coureur_id, userId)))
    .limit(1);
  return r ?? null;
}

export type ConfirmationState = "validee" | "confirming" | "refunded" | "closed" | "cancelled" | "unpaid" | "other";

/** The session's payment was recorded and then refunded in full. */
async function sessionRefundedInFull(context: Ctx, sessionId: string): Promise<boolean> {
  const [p] = await context.db
    .select({ total: paiements.amount_total_cents, refunded: paiements.refunded_cents })
    .from(paiements)
    .where(eq(paiements.checkout_session_id, sessionId))
    .limit(1);
  return p != null && p.total > 0 && p.refunded >= p.total;
}

/**
 * /merci's check, read-only: the registration must be the runner's and the session must be the one the
 * provider made for it. The fulfilment itself happens in the webhook (or in `confirmNow`, a POST).
 */
export async function readConfirmation(
  context: Ctx,
  userId: string,
  sessionId: string,
  inscriptionId: string,
): Promise<{ registration: RunnerRegistration; state: ConfirmationState }> {
  const registration = await getRunnerRegistration(context, userId, inscriptionId);
  if (!registration) throw new RegistrationError("relance_impossible");
  const info = await context.payments.retrieveCheckoutSession(sessionId);
  if (info.metadata.inscription_id !== inscriptionId) throw new RegistrationError("relance_impossible");
  let state: ConfirmationState;
  if (registration.statut === "validee") state = "validee";
  else if ((REFUSED_PAYMENT_REASONS as readonly string[]).includes(registration.cancel_reason ?? ""))
    state = "refunded";
  // Validated by this payment, then cancelled (its refund, if any, on the registration's page).
  else if ((SETTLED_PAYMENT_REASONS as readonly string[]).includes(registration.cancel_reason ?? ""))
    state = "cancelled";
  else if (info.status === "complete")
    // Paid, but the organiser closed the registration meanwhile: the payment was refunded in full (decision 0180).
    state = (await sessionRefundedInFull(context, sessionId)) ? "closed" : "confirming";
  else if (info.status === "open") state = "unpaid";
  else state = "other";
  return { registration, state };
}
