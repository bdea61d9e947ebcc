// The place hold (decisions 0060, 0183): one atomic D1 statement takes a place and its meals for a runner, never
// oversold, never twice for one person in a format; a runner who already holds the place changes its content instead
// (the open checkout ended first when the price changes). Written through the registration store (decision 0186).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, sql } from "drizzle-orm";
import {
  holdsPlaceSql,
  mealsSufficeSql,
  mealsTakenSql,
  placeFreeSql,
  placesHeldSql,
  placesTakenSql,
  registrationWindowSql,
  runnersWaitingSql,
} from "~/db/registration-store/capacity.server";
import { inscriptions } from "~/db/schema";
import { personalOf, RegistrationError, type RegistrationInput } from "~/domain/registration";
import { fullness, holdExpiresAt, isFull, mealsLeft } from "~/domain/registration-rules";
import { isPaymentProviderError } from "~/providers/payments";
import { creationStatement, updateRegistrations } from "~/db/registration-store/writes.server";
import { onCheckoutCompleted } from "./payment-received.server";
import { type CheckoutFacts, checkoutFactsQuery, newCheckoutClaim } from "./checkout.server";
import { expireSession } from "./payments.server";
import { releaseDocument } from "./justificatif-documents.server";
import { type Identity, personOf, samePersonHoldsSql, samePersonRowsSql } from "~/db/identity";
import { batchableAll } from "~/db/batch.server";
import { promoUsableSql } from "~/db/registration-store/promo.server";
import { type PromoApplied, promoRequest, resolvePromo } from "./promo-codes.server";

type Ctx = AppLoadContext;

// ---------------------------------------------------------------- the place hold

/** The hold, and for a new one what its checkout needs and the checkout claim it was created with. */
export type HoldResult = { inscriptionId: string; reused: boolean; facts?: CheckoutFacts; claim?: string };

/** The justificatif's parts kept on the registration besides the runner's fields: a PPS expiry, a private document. */
export type HoldJustificatif = { pps_expiration: string | null; documentId: string | null };
const NO_JUSTIFICATIF: HoldJustificatif = { pps_expiration: null, documentId: null };

/** The same person already holds a place in the format: their own registration (linked), or another account's. */
export async function samePersonRefusal(
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
export async function holdRefusal(
  context: Ctx,
  formatId: string,
  formatNom: string,
  meals: number,
  nowIso: string,
): Promise<RegistrationError> {
  const [f] = await context.db.all<{
    cap: number | null;
    taken: number;
    held: number;
    stock: number;
    meals_taken: number;
    waiting: number;
    open: number;
  }>(sql`
    SELECT f.nb_max_coureurs AS cap, ${placesTakenSql(sql.raw("f.id"), nowIso)} AS taken,
      ${placesHeldSql(sql.raw("f.id"), nowIso)} AS held, f.stock_repas AS stock,
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
  // Every place taken, some only by checkouts in progress: not 'complet', they may come back (issue 42).
  if (f && fullness(f.cap, Number(f.taken), Number(f.held)) === "en_paiement")
    return new RegistrationError("format_en_paiement", formatNom);
  return new RegistrationError("format_complet", formatNom);
}

/**
 * What a hold records of the form: the runner's fields, the justificatif, the meals and the prices; with a promo
 * code, the code and its discount, and the amount to pay (the full price less the discount, ADR 0214).
 */
function heldContent(input: RegistrationInput, justificatif: HoldJustificatif, promo: PromoApplied | null) {
  return {
    ...personalOf(input),
    pps_expiration: justificatif.pps_expiration,
    justificatif_document_id: justificatif.documentId,
    nombre_repas: input.nombre_repas,
    prix_total_repas_cents: input.totals.repasCents,
    prix_total_coureur_cents: input.totals.totalCents - (promo?.discountCents ?? 0),
    code_promo_id: promo?.codeId ?? null,
    code_promo: promo?.code ?? null,
    remise_cents: promo?.discountCents ?? 0,
  };
}

/** The code's refusal now (used up meanwhile, by another runner's hold), to say why the hold was not taken. */
async function promoRefusal(
  context: Ctx,
  userId: string,
  courseId: string,
  input: RegistrationInput,
  promo: PromoApplied | null,
  exceptId: string | null = null,
): Promise<void> {
  if (!promo) return;
  await resolvePromo(context, promo.code, promoRequest(userId, courseId, input, exceptId));
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
  promo: PromoApplied | null = null,
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
          ...heldContent(input, justificatif, promo),
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
      AND NOT ${samePersonHoldsSql(sql.raw("f.id"), who, holdsPlaceSql("o", nowIso), sql`(o.coureur_id IS NOT ${userId} OR o.statut <> 'en_attente')`)}
      AND ${promo ? promoUsableSql(promo.codeId, userId, nowIso) : sql`1`}`,
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
  if (!mine) {
    const samePerson = await samePersonRefusal(context, userId, f.id, f.nom, who, nowIso);
    if (samePerson) throw samePerson;
    await promoRefusal(context, userId, courseId, input, promo);
    throw await holdRefusal(context, f.id, f.nom, input.nombre_repas, nowIso);
  }
  return updateHeldContent(context, mine, input, justificatif, nowIso, promo);
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
  promo: PromoApplied | null,
): Promise<HoldResult> {
  const personal = personalOf(input);
  const content = heldContent(input, justificatif, promo);
  const pricedChange =
    mine.nombre_repas !== input.nombre_repas ||
    mine.prix_total_coureur_cents !== content.prix_total_coureur_cents ||
    (mine.code_promo_id ?? null) !== content.code_promo_id;
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
      ...content,
      updated_at: nowIso,
    },
    sql`id = ${mine.id} AND statut = 'en_attente' AND hold_expires_at > ${nowIso}
      AND checkout_session_id IS ${oldSession ? null : mine.checkout_session_id}
      AND (${pricedChange ? 1 : 0} = 0 OR checkout_claim IS NULL)
      AND NOT ${samePersonHoldsSql(sql.raw("inscriptions.format_id"), personOf(personal), holdsPlaceSql("o", nowIso), sql`o.id <> ${mine.id}`)}
      AND (${moreMeals} <= 0 OR (SELECT f.stock_repas - ${mealsTakenSql(sql.raw("f.id"), nowIso)} FROM formats f WHERE f.id = inscriptions.format_id) >= ${moreMeals})
      AND ${promo ? promoUsableSql(promo.codeId, mine.coureur_id, nowIso, mine.id) : sql`1`}`,
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
  if (mine.coureur_id) await promoRefusal(context, mine.coureur_id, mine.course_id, input, promo, mine.id);
  const [now] = await context.db.select().from(inscriptions).where(eq(inscriptions.id, mine.id)).limit(1);
  if (now?.statut === "en_attente" && moreMeals > 0)
    throw await holdRefusal(context, mine.format_id, input.format.nom, input.nombre_repas, nowIso);
  throw new RegistrationError("paiement_en_cours");
}
