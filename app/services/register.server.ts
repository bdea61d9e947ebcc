// Registration use cases: the checkout start (after the place hold of place-hold.server.ts), retry and abandon, and
// the runner's reads (/merci, /mesinscriptions). Every status change goes through the registration store's
// transitions (app/services/registration-changes.server.ts); what a payment means for the registration is
// app/services/payment-received.server.ts. Decisions 0060, 0061, 0130 and 0186.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, sql } from "drizzle-orm";
import {
  holdsPlaceSql,
  placeFreeForSql,
  registrationWindowSql,
  runnersWaitingSql,
} from "~/db/registration-store/capacity.server";
import { TransferError, transferClosedReason } from "~/domain/transfer";
import { courses, formats, inscriptions, paiements } from "~/db/schema";
import { REFUSED_PAYMENT_REASONS, SETTLED_PAYMENT_REASONS } from "~/domain/registration-rules";
import { RegistrationError, type RegistrationInput } from "~/domain/registration";
import { holdExpiresAt } from "~/domain/registration-rules";
import { applyTransition } from "./registration-changes.server";
import { onCheckoutCompleted } from "./payment-received.server";
import { type CheckoutFacts, createCheckoutForInscription } from "./checkout.server";
import { expireSession } from "./payments.server";
import { PaymentError } from "./payment-errors.server";
import { verifyJustificatif } from "./justificatifs.server";
import { isCompetition } from "~/domain/eligibility";
import { PromoError } from "~/domain/promo-code";
import { withEvent } from "~/db/registrations.server";
import { imageVariantsSql } from "~/db/catalogue/sql.server";
import { personOf, samePersonHoldsSql } from "~/db/identity";
import { transferSettingsColumns } from "~/db/transfers.server";
import { pendingRegistrationId } from "~/db/registration-store/pending.server";
import { promoUsableSql } from "~/db/registration-store/promo.server";
import { promoRequest, resolvePromo } from "./promo-codes.server";

type Ctx = AppLoadContext;
import { holdPlace, holdRefusal, samePersonRefusal } from "./place-hold.server";
import { placeTakenInQueue } from "./opening-queue.server";
import { isOneOf } from "~/domain/labels";

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
  codePromo: string | null = null,
): Promise<{ url: string; inscriptionId: string; reused: boolean }> {
  const competition = isCompetition(input.format);
  // The code typed (ADR 0214): checked here for its message, its use taken by the hold's own statement.
  const promo = codePromo?.trim()
    ? await resolvePromo(
        context,
        codePromo,
        promoRequest(userId, courseId, input, await runningHold(context, userId, input.format.id)),
      )
    : null;
  const hold = await holdPlace(
    context,
    userId,
    courseId,
    input,
    { pps_expiration: input.pps_expiration ?? null, documentId: competition ? documentId : null },
    promo,
  );
  // During an opening the runner's reservation has served: the database holds their place now (issue 42).
  await placeTakenInQueue(context, userId, input.format);
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

/** The registration's code may still be used by the runner (its own use not counted). */
async function promoStillUsable(
  context: Ctx,
  codeId: string,
  userId: string,
  inscriptionId: string,
  nowIso: string,
): Promise<boolean> {
  const [r] = await context.db.all<{ ok: number }>(
    sql`SELECT ${promoUsableSql(codeId, userId, nowIso, inscriptionId)} AS ok`,
  );
  return Number(r?.ok) === 1;
}

/** The runner's running hold in the format (the one a new submit changes), or null. */
function runningHold(context: Ctx, userId: string, formatId: string): Promise<string | null> {
  return pendingRegistrationId(
    context.db,
    userId,
    eq(inscriptions.format_id, formatId),
    sql`${inscriptions.hold_expires_at} > ${context.clock.now().toISOString()}`,
  );
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
        AND NOT ${samePersonHoldsSql(sql.raw("i.format_id"), personOf(i.i), holdsPlaceSql("o", nowIso), sql`o.id <> i.id`)}
        AND (i.code_promo_id IS NULL OR ${promoUsableSql(sql`i.code_promo_id`, userId, nowIso, sql`i.id`)})`,
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
      // The code's uses were taken by others while the hold was over (ADR 0214): said as such.
      if (i.i.code_promo_id && !(await promoStillUsable(context, i.i.code_promo_id, userId, inscriptionId, nowIso)))
        throw new PromoError("code_epuise");
      throw await holdRefusal(context, i.i.format_id, i.formatNom, Number(i.i.nombre_repas ?? 0), nowIso);
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
  /** The sizes made of the event's and the format's images (decision 0223): the card shows their thumbnails. */
  imageVariants: string | null;
  formatId: string;
  formatNom: string;
  formatImageUrl: string | null;
  formatImageVariants: string | null;
  date: string | null;
  heureDepart: string | null;
  distanceKm: number | null;
  dplus: number | null;
  /** The organiser's decision on the justificatif (decision 0150) and its reason: a refusal shows on the card. */
  justificatif_decision: string | null;
  justificatif_motif: string | null;
  justificatif_commentaire: string | null;
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
        imageVariants: imageVariantsSql(courses.image_url),
        formatId: formats.id,
        formatNom: formats.nom,
        formatImageUrl: formats.image_url,
        formatImageVariants: imageVariantsSql(formats.image_url),
        date: formats.date,
        heureDepart: formats.heure_depart,
        distanceKm: formats.distance_km,
        dplus: formats.denivele_dplus,
        justificatif_decision: inscriptions.justificatif_decision,
        justificatif_motif: inscriptions.justificatif_motif,
        justificatif_commentaire: inscriptions.justificatif_commentaire,
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
  else if (isOneOf(REFUSED_PAYMENT_REASONS, registration.cancel_reason)) state = "refunded";
  // Validated by this payment, then cancelled (its refund, if any, on the registration's page).
  else if (isOneOf(SETTLED_PAYMENT_REASONS, registration.cancel_reason)) state = "cancelled";
  else if (info.status === "complete")
    // Paid, but the organiser closed the registration meanwhile: the payment was refunded in full (decision 0180).
    state = (await sessionRefundedInFull(context, sessionId)) ? "closed" : "confirming";
  else if (info.status === "open") state = "unpaid";
  else state = "other";
  return { registration, state };
}
