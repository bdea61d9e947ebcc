// The checkout of a registration: at most one payable session per registration at any moment (issue 40).
// Every path that asks for a payment (the registration form, 'Réessayer le paiement', a waiting-list offer's 'Payer
// maintenant', a bib transfer's acceptance) comes here. The session is made under a claim:
// 1. a conditional UPDATE takes the registration's checkout claim (only one request at a time can hold it); the
//    claim carries the provider's idempotency key, made once for this attempt;
// 2. the claimant asks the provider for a session under that key;
// 3. the session's id is written only over the same claim; a request that lost it ends its session at the provider.
// Requests that find the claim taken wait for the claimant's session and send the runner to it.
// docs/decisions/0181-one-payable-checkout.md
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { courses, formats, inscriptions, profils_utilisateurs } from "~/db/schema";
import { aliased } from "~/db/batch.server";
import { withEvent } from "~/db/registrations.server";
import { updateRegistrations } from "~/db/registration-store/writes.server";
import { checkoutClaimKey, claimExpiry, CHECKOUT_CLAIM_STALE_SECONDS, CHECKOUT_TTL_MINUTES } from "~/domain/checkout";
import { isPaymentProviderError, outcomeUnknown } from "~/providers/payments";
import { formatDateLong } from "~/domain/format";
import { logEvent } from "~/utils/log.server";
import { waitCheckoutSlot } from "./opening-queue.server";
import { expireSession } from "./payments.server";
import { PaymentError } from "./payment-errors.server";
import * as paths from "~/domain/paths";

type Ctx = AppLoadContext;

export { CHECKOUT_TTL_MINUTES };

/** The key of a new attempt made at `now`. */
export function newCheckoutClaim(inscriptionId: string, now: Date): string {
  return checkoutClaimKey(inscriptionId, now, crypto.randomUUID().slice(0, 8));
}

/**
 * What a checkout needs to know about a registration (its event, format and organiser's account), in one query. A
 * query builder, not a promise: the registration form's submit batches it with the hold that creates the row
 * (one D1 round trip for both) and hands the result to createCheckoutForInscription as `known`.
 */
export function checkoutFactsQuery(context: Ctx, inscriptionId: string) {
  return withEvent(
    context.db
      .select({
        inscription: inscriptions,
        // Aliased: in a batch, D1 returns rows as objects, where a second `nom` would overwrite the first.
        courseNom: aliased(courses.nom, "facts_course_nom"),
        organisateurId: aliased(courses.organisateur_id, "facts_organisateur_id"),
        formatNom: aliased(formats.nom, "facts_format_nom"),
        formatDate: aliased(formats.date, "facts_format_date"),
        typeEpreuve: aliased(formats.type_epreuve, "facts_type_epreuve"),
        ouverture: aliased(formats.ouverture_inscriptions, "facts_ouverture"),
        cap: aliased(formats.nb_max_coureurs, "facts_cap"),
        accountId: aliased(profils_utilisateurs.stripe_account_id, "facts_account_id"),
        chargesEnabled: aliased(profils_utilisateurs.stripe_charges_enabled, "facts_charges_enabled"),
      })
      .from(inscriptions)
      .$dynamic(),
  )
    .leftJoin(profils_utilisateurs, eq(profils_utilisateurs.user_id, courses.organisateur_id))
    .where(eq(inscriptions.id, inscriptionId))
    .limit(1);
}

export type CheckoutFacts = Awaited<ReturnType<typeof checkoutFactsQuery>>[number];

export type CheckoutStart = { url: string; paidSessionId?: string };

/** How long a request waits for another request's session before asking the runner to try again. */
const WAIT_FOR_CLAIM_MS = 25_000;

/**
 * Creates (or reuses) the checkout session of a pending registration and returns the URL to send the runner to.
 * Success and cancel pages: /merci and /paiement-annule, with session_id and inscription_id. When the open session
 * was paid in the meantime, returns it as `paidSessionId` (the caller records the payment) with /merci's URL.
 * `known`: the registration's facts when the caller has just read them (checkoutFactsQuery), else they are read.
 * `claimed`: the claim's key when the caller took it with the registration (a new hold is created claimed);
 * `waitMs`: how long to wait for another request's session (tests shorten it).
 */
export async function createCheckoutForInscription(
  context: Ctx,
  inscriptionId: string,
  known?: CheckoutFacts,
  opts: { claimed?: string; waitMs?: number } = {},
): Promise<CheckoutStart> {
  const row = known ?? (await checkoutFactsQuery(context, inscriptionId))[0];
  if (!row) throw new PaymentError("inscription_introuvable");
  const i = row.inscription;
  if (i.statut === "validee") throw new PaymentError("inscription_deja_payee");
  if (i.statut !== "en_attente") throw new PaymentError("inscription_non_payable");
  if (!row.accountId || !row.chargesEnabled) throw new PaymentError("compte_organisateur_non_configure");
  if (i.prix_total_coureur_cents < 50) throw new PaymentError("montant_invalide");

  const urls = checkoutUrls(context, i.id);
  if (opts.claimed && i.checkout_claim === opts.claimed) return openSession(context, row, opts.claimed, urls);
  const deadline = Date.now() + (opts.waitMs ?? WAIT_FOR_CLAIM_MS);
  let seen: string | null = i.checkout_session_id;
  for (let pause = 100; ; pause = Math.min(pause * 2, 1_000)) {
    // A second click must not open a second session: the open one is the registration's.
    if (seen) {
      const reused = await reusableSession(context, seen, urls.success);
      if (reused) return reused;
    }
    const key = await takeClaim(context, i.id, seen);
    if (key) return openSession(context, row, key, urls);
    // Another request holds the claim (or moved the registration on): wait for its session.
    if (Date.now() + pause > deadline) throw new PaymentError("paiement_en_ouverture");
    await new Promise((resolve) => setTimeout(resolve, pause));
    const [now] = await context.db
      .select({ statut: inscriptions.statut, session: inscriptions.checkout_session_id })
      .from(inscriptions)
      .where(eq(inscriptions.id, i.id))
      .limit(1);
    if (!now) throw new PaymentError("inscription_introuvable");
    if (now.statut === "validee") throw new PaymentError("inscription_deja_payee");
    if (now.statut !== "en_attente") throw new PaymentError("inscription_non_payable");
    seen = now.session;
  }
}

function checkoutUrls(context: Ctx, inscriptionId: string) {
  const back = { sessionId: paths.CHECKOUT_SESSION_PLACEHOLDER, inscriptionId };
  return {
    success: paths.absoluteUrl(context.env.APP_URL, paths.thanks(back)),
    cancel: paths.absoluteUrl(context.env.APP_URL, paths.paymentCancelled(back)),
  };
}

/** The registration's session when it can still be paid (its URL), or was paid (to record); null when it ended. */
async function reusableSession(context: Ctx, sessionId: string, successUrl: string): Promise<CheckoutStart | null> {
  try {
    const existing = await context.payments.retrieveCheckoutSession(sessionId);
    if (existing.status === "open" && existing.url) return { url: existing.url };
    if (existing.paymentStatus === "paid")
      return { url: successUrl.replace(paths.CHECKOUT_SESSION_PLACEHOLDER, existing.id), paidSessionId: existing.id };
  } catch (e) {
    if (!isPaymentProviderError(e)) throw e;
  }
  return null;
}

/**
 * Takes the registration's checkout claim: only while it is pending, its session is still the one read (none, or
 * one that ended), and nobody holds a live claim. A claim left by a request that died keeps its key, so that the
 * provider answers the session it may have made. Returns the claim's key, or null when it was not taken.
 */
async function takeClaim(context: Ctx, inscriptionId: string, seenSession: string | null): Promise<string | null> {
  const now = context.clock.now();
  const nowIso = now.toISOString();
  const staleBefore = new Date(now.getTime() - CHECKOUT_CLAIM_STALE_SECONDS * 1000).toISOString();
  const fresh = newCheckoutClaim(inscriptionId, now);
  const [claimed] = await updateRegistrations<{ key: string }>(
    context.db,
    { checkout_claim: sql`coalesce(checkout_claim, ${fresh})`, checkout_claim_at: nowIso, checkout_session_id: null },
    sql`id = ${inscriptionId} AND statut = 'en_attente' AND checkout_session_id IS ${seenSession}
      AND (checkout_claim IS NULL OR checkout_claim_at <= ${staleBefore})`,
    sql`checkout_claim AS key`,
  );
  return claimed?.key ?? null;
}

/** Gives the claim up (nothing was made at the provider, or what was made is ended): the next try takes a new key. */
async function dropClaim(context: Ctx, inscriptionId: string, key: string): Promise<void> {
  await updateRegistrations(
    context.db,
    { checkout_claim: null, checkout_claim_at: null },
    sql`id = ${inscriptionId} AND checkout_claim = ${key}`,
  );
}

/** The claimant's part: the provider's session under the claim's key, written only over the same claim. */
async function openSession(
  context: Ctx,
  row: CheckoutFacts,
  key: string,
  urls: { success: string; cancel: string },
): Promise<CheckoutStart> {
  const i = row.inscription;
  // The session's end is part of the key (the provider refuses a key reused with other parameters).
  const expiresAt = claimExpiry(key);
  // During an opening rush, calls to the provider are metered (issue 21): the place stays held while waiting.
  const slot = await waitCheckoutSlot(context, {
    id: i.format_id,
    ouverture_inscriptions: row.ouverture,
    nb_max_coureurs: row.cap,
  });
  if (!slot) {
    await dropClaim(context, i.id, key);
    throw new PaymentError("erreur_fournisseur", "file d'ouverture : créneau de paiement trop lointain");
  }
  const productName = `${row.courseNom} — ${row.formatNom}${row.formatDate ? ` (${formatDateLong(row.formatDate)})` : ""}`;
  let created: Awaited<ReturnType<typeof context.payments.createCheckoutSession>>;
  try {
    created = await context.payments.createCheckoutSession({
      inscriptionId: i.id,
      courseId: i.course_id,
      formatId: i.format_id,
      organisateurId: row.organisateurId,
      paiementTraceId: i.paiement_trace_id,
      destinationAccountId: row.accountId!,
      amountCents: i.prix_total_coureur_cents,
      productName,
      customerEmail: i.email,
      successUrl: urls.success,
      cancelUrl: urls.cancel,
      expiresAt,
      idempotencyKey: key,
    });
  } catch (e) {
    if (!isPaymentProviderError(e)) throw e;
    // A refusal made nothing: the next try takes a new key. An unknown outcome keeps the claim (and its key): once
    // stale, the next try asks again under it and gets the session if one was made.
    if (!outcomeUnknown(e)) await dropClaim(context, i.id, key);
    throw new PaymentError("erreur_fournisseur", e.message);
  }
  // The hold runs until the session ends; an offer of the waiting list (or of a bib transfer) keeps its own deadline
  // when that is later.
  const expiresIso = expiresAt.toISOString();
  const written = await updateRegistrations(
    context.db,
    {
      checkout_session_id: created.id,
      checkout_claim: null,
      checkout_claim_at: null,
      hold_expires_at: sql`CASE WHEN (liste_attente_id IS NOT NULL OR cession_id IS NOT NULL) AND hold_expires_at > ${expiresIso}
        THEN hold_expires_at ELSE ${expiresIso} END`,
      updated_at: context.clock.now().toISOString(),
    },
    sql`id = ${i.id} AND statut = 'en_attente' AND checkout_claim = ${key}`,
  );
  if (written.length === 1) {
    logEvent("checkout.created", {
      inscription_id: i.id,
      checkout_session_id: created.id,
      amount_cents: i.prix_total_coureur_cents,
    });
    return { url: created.url };
  }
  return lostClaim(context, i.id, key, created, urls.success);
}

/**
 * The claim was lost while the session was being made (the hold ended, or a stale claim was taken again): the
 * session is ended at the provider unless it is the registration's own, and the runner goes to the registration's
 * session if it has one.
 */
async function lostClaim(
  context: Ctx,
  inscriptionId: string,
  key: string,
  created: { id: string; url: string },
  successUrl: string,
): Promise<CheckoutStart> {
  const sessionId = created.id;
  await dropClaim(context, inscriptionId, key);
  const [now] = await context.db
    .select({ statut: inscriptions.statut, session: inscriptions.checkout_session_id })
    .from(inscriptions)
    .where(eq(inscriptions.id, inscriptionId))
    .limit(1);
  // A stale claim taken again under the same key: the provider answered the same session, already written.
  if (now?.session === sessionId) return { url: created.url };
  const ended = await expireSession(context, sessionId);
  logEvent("checkout.released", {
    inscription_id: inscriptionId,
    checkout_session_id: sessionId,
    reason: "claim_lost",
  });
  // Paid in the meantime: the caller records it (a payment that belongs to no place is refunded in full).
  if (ended === "paid")
    return { url: successUrl.replace(paths.CHECKOUT_SESSION_PLACEHOLDER, sessionId), paidSessionId: sessionId };
  if (now?.statut === "validee") throw new PaymentError("inscription_deja_payee");
  if (now?.statut === "en_attente" && now.session) {
    const reused = await reusableSession(context, now.session, successUrl);
    if (reused) return reused;
  }
  throw new PaymentError("inscription_non_payable");
}
