// Bib transfer (issue 22): the seller offers their validated registration to a named person (an e-mail and a link
// with a token), withdraws it until it is paid; the invited person's account accepts it through a normal checkout
// (their own fields and meals); the cron ends offers past their deadline; the organiser sees every transfer. The
// moment the place changes hands is app/services/transfer-settle.server.ts (called by the payment's settlement).
// docs/decisions/0170-bib-transfer.md
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, sql } from "drizzle-orm";
import { personOf, samePersonHoldsSql } from "~/db/identity";
import { holdsPlaceSql, mealsTakenSql } from "~/db/registration-store/capacity.server";
import { creationStatement, type Value } from "~/db/registration-store/writes.server";
import { cessions, courses, formats, inscriptions, paiements, users } from "~/db/schema";
import type { RaceFormat } from "~/domain/eligibility";
import { REGISTRATION_PERSONAL_COLUMNS, registrationTotals } from "~/domain/registration-rules";
import {
  canOfferTransfer,
  TransferError,
  transferClosedReason,
  transferSplit,
  transferRulesSentence,
  type OrganiserTransfer,
  type TransferClosedReason,
  type TransferSettings,
} from "~/domain/transfer";
import { invitationEmail } from "~/emails/transfer";
import { formatDateLong, personName } from "~/utils/format";
import { errorCode, errorDetail, logEvent } from "~/utils/log.server";
import { applyTransition } from "./registration-changes.server";
import { onCheckoutCompleted } from "./payment-received.server";
import { expireSession } from "./payments.server";
import { retryPayment } from "./register.server";
import { prefillValues } from "./registration-page.server";
import * as paths from "~/utils/paths";

type Ctx = AppLoadContext;

// ---------------------------------------------------------------- tokens

function toHex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function hashToken(token: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
}

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** Same length, every character compared: the time does not tell how much of a hash matched. */
function sameHash(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let k = 0; k < a.length; k++) diff |= a.charCodeAt(k) ^ b.charCodeAt(k);
  return diff === 0;
}

// ---------------------------------------------------------------- the seller's side

const settingsOf = (f: typeof formats.$inferSelect): TransferSettings => ({
  cession_active: f.cession_active,
  cession_cloture: f.cession_cloture,
  cession_frais_cents: f.cession_frais_cents,
  cession_dossard_suit: f.cession_dossard_suit,
  cession_repas_suivent: f.cession_repas_suivent,
  date: f.date,
  heure_depart: f.heure_depart,
});

async function loadOwned(context: Ctx, userId: string, inscriptionId: string) {
  const [row] = await context.db
    // The event's columns this use case reads only: D1 returns at most 100 columns per row.
    .select({ i: inscriptions, f: formats, course: { id: courses.id, nom: courses.nom, slug: courses.slug } })
    .from(inscriptions)
    .innerJoin(formats, eq(formats.id, inscriptions.format_id))
    .innerJoin(courses, eq(courses.id, inscriptions.course_id))
    .where(and(eq(inscriptions.id, inscriptionId), eq(inscriptions.coureur_id, userId)))
    .limit(1);
  return row ?? null;
}

async function collectedPayment(context: Ctx, inscriptionId: string) {
  const [p] = await context.db
    .select()
    .from(paiements)
    .where(and(eq(paiements.inscription_id, inscriptionId), eq(paiements.status, "succeeded")))
    .orderBy(desc(paiements.created_at))
    .limit(1);
  return p ?? null;
}

async function openOffer(context: Ctx, inscriptionId: string) {
  const [c] = await context.db
    .select()
    .from(cessions)
    .where(and(eq(cessions.inscription_id, inscriptionId), eq(cessions.statut, "ouverte")))
    .limit(1);
  return c ?? null;
}

export interface TransferPanel {
  /** The organiser's rules in one sentence (null: transfers not allowed on this format). */
  rules: string | null;
  /** An offer running: to whom, until when. */
  open: { email: string | null; toWaitlist: boolean; expiresAt: string } | null;
  /** The last offer that ended (paid, withdrawn, expired), for the runner's page. */
  last: { statut: string; email: string | null; toWaitlist: boolean; remboursementCents: number | null } | null;
  /** May the runner offer it now (null), or why not (a French sentence). */
  refusal: string | null;
  /** Runners waiting on the format's list who could be offered the place (the seller excepted). */
  waiting: number;
  /** What the seller would get back, and what the buyer would pay for the place. */
  split: { sellerRefundCents: number; organiserFeeCents: number; providerFeeCents: number; buyerPriceCents: number };
}

/** The transfer block of /mon-inscription/{id}, for its owner (null when not theirs). */
export async function loadTransferPanel(
  context: Ctx,
  userId: string,
  inscriptionId: string,
): Promise<TransferPanel | null> {
  const row = await loadOwned(context, userId, inscriptionId);
  if (!row) return null;
  const [p, open, last, waiting] = await Promise.all([
    collectedPayment(context, inscriptionId),
    openOffer(context, inscriptionId),
    context.db
      .select()
      .from(cessions)
      .where(eq(cessions.inscription_id, inscriptionId))
      .orderBy(desc(cessions.created_at))
      .limit(1),
    context.db.all<{ n: number }>(sql`
      SELECT count(*) AS n FROM liste_attente
      WHERE format_id = ${row.i.format_id} AND statut = 'en_liste' AND coureur_id <> ${userId}`),
  ]);
  const settings = settingsOf(row.f);
  const can = canOfferTransfer({
    statut: row.i.statut,
    paid: p != null,
    settings,
    openOffer: open != null,
    now: context.clock.now(),
  });
  const split = transferSplit({
    sellerPaidCents: p?.amount_total_cents ?? 0,
    sellerRefundedCents: p?.refunded_cents ?? 0,
    sellerProviderFeeCents: p?.fee_total_cents ?? 0,
    organiserFeeCents: open?.frais_cents ?? row.f.cession_frais_cents,
    formatPriceCents: row.f.prix_cents,
  });
  const ended = last[0] && last[0].statut !== "ouverte" ? last[0] : null;
  return {
    rules: transferRulesSentence(settings, formatDateLong),
    // An offer to the waiting list never shows the seller the e-mail of the runner it went to.
    open: open
      ? {
          email: open.liste_attente_id ? null : open.email,
          toWaitlist: open.liste_attente_id != null,
          expiresAt: open.expires_at,
        }
      : null,
    last: ended
      ? {
          statut: ended.statut,
          email: ended.liste_attente_id ? null : ended.email,
          toWaitlist: ended.liste_attente_id != null,
          remboursementCents: ended.remboursement_cents,
        }
      : null,
    // Nothing to refuse once an offer runs, or once the place changed hands (the page says so).
    refusal: can.ok || open || ended?.statut === "payee" ? null : new TransferError(can.code).message,
    waiting: Number(waiting[0]?.n ?? 0),
    split: {
      sellerRefundCents: split.sellerRefundCents,
      organiserFeeCents: split.organiserKeepsCents,
      providerFeeCents: split.providerKeepsCents,
      buyerPriceCents: split.buyerPaysCents,
    },
  };
}

/**
 * The owner offers their validated, paid registration to `email`. The INSERT makes the offer only while the
 * registration is still validated and theirs and no cancellation was claimed for it (a cancellation checks for
 * an open offer after its claim: one of the two always gives way); one open offer per registration (unique index).
 * E-mails the invitation link (the token is only in the e-mail; its hash is stored).
 */
export async function offerTransfer(
  context: Ctx,
  user: { id: string; email: string },
  inscriptionId: string,
  email: string,
): Promise<{ cessionId: string }> {
  const { row, deadline } = await offerable(context, user.id, inscriptionId);
  return makeOffer(context, row, { sellerId: user.id, sellerEmail: user.email, email, listeId: null, deadline });
}

/**
 * The owner offers the place to the format's waiting list (decision 0171): the invitation goes to the first runner
 * waiting (their account's e-mail), as a named offer would; if they let it lapse, the cron hands it to the next one
 * (relayToWaitlist). Refused in French when nobody waits.
 */
export async function offerTransferToWaitlist(
  context: Ctx,
  user: { id: string; email: string },
  inscriptionId: string,
): Promise<{ cessionId: string }> {
  const { row, deadline } = await offerable(context, user.id, inscriptionId);
  const next = await nextWaitingRunner(context, row.i.format_id, user.id, inscriptionId);
  if (!next) throw new TransferError("liste_vide");
  return makeOffer(context, row, {
    sellerId: user.id,
    sellerEmail: user.email,
    email: next.email,
    listeId: next.id,
    deadline,
  });
}

/** The owner's registration, when it may be offered now, and the offer's deadline; a TransferError otherwise. */
async function offerable(context: Ctx, userId: string, inscriptionId: string) {
  const row = await loadOwned(context, userId, inscriptionId);
  if (!row) throw new TransferError("inscription_introuvable");
  const [p, open] = await Promise.all([collectedPayment(context, inscriptionId), openOffer(context, inscriptionId)]);
  const can = canOfferTransfer({
    statut: row.i.statut,
    paid: p != null,
    settings: settingsOf(row.f),
    openOffer: open != null,
    now: context.clock.now(),
  });
  if (!can.ok) throw new TransferError(can.code);
  return { row, deadline: can.deadline.toISOString() };
}

/**
 * The first runner waiting on the format's list who may take this registration's place: still waiting
 * ('en_liste'), not the seller, not invited to this registration's transfer before (one who let an offer lapse
 * keeps their place on the list for freed places, and the next one is asked). Their account's e-mail: the one the
 * invitation page checks.
 */
async function nextWaitingRunner(context: Ctx, formatId: string, sellerId: string, inscriptionId: string) {
  const [next] = await context.db.all<{ id: string; email: string }>(sql`
    SELECT w.id, lower(u.email) AS email FROM liste_attente w JOIN users u ON u.id = w.coureur_id
    WHERE w.format_id = ${formatId} AND w.statut = 'en_liste' AND w.coureur_id <> ${sellerId}
      AND NOT EXISTS (SELECT 1 FROM cessions c WHERE c.inscription_id = ${inscriptionId} AND c.liste_attente_id = w.id)
    ORDER BY w.rang LIMIT 1`);
  return next ?? null;
}

type OwnedRow = NonNullable<Awaited<ReturnType<typeof loadOwned>>>;

/** Makes the offer (one INSERT, guarded as offerTransfer says) and e-mails the invitation. */
async function makeOffer(
  context: Ctx,
  row: OwnedRow,
  o: { sellerId: string; sellerEmail: string; email: string; listeId: string | null; deadline: string },
): Promise<{ cessionId: string }> {
  const inscriptionId = row.i.id;
  const id = crypto.randomUUID();
  const token = newToken();
  const nowIso = context.clock.now().toISOString();
  let made: { id: string }[];
  try {
    made = await context.db.all<{ id: string }>(sql`
      INSERT INTO cessions (id, inscription_id, course_id, format_id, vendeur_id, email, token_hash, statut, expires_at,
        frais_cents, dossard_suit, liste_attente_id, created_at, updated_at)
      SELECT ${id}, i.id, i.course_id, i.format_id, i.coureur_id, ${o.email}, ${await hashToken(token)}, 'ouverte', ${o.deadline},
        f.cession_frais_cents, f.cession_dossard_suit, ${o.listeId}, ${nowIso}, ${nowIso}
      FROM inscriptions i JOIN formats f ON f.id = i.format_id
      WHERE i.id = ${inscriptionId} AND i.coureur_id = ${o.sellerId} AND i.statut = 'validee' AND f.cession_active = 1
        AND NOT EXISTS (SELECT 1 FROM annulations a WHERE a.inscription_id = i.id AND a.status IN ('en_cours', 'terminee'))
      RETURNING id`);
  } catch (e) {
    // The unique index of open offers: a second submit raced the first.
    if (/UNIQUE/i.test(String((e as Error)?.message ?? e))) throw new TransferError("deja_proposee");
    throw e;
  }
  if (made.length === 0) throw new TransferError("non_payee");
  logEvent("transfer.offered", {
    cession_id: id,
    inscription_id: inscriptionId,
    deadline: o.deadline,
    // An offer to the waiting list names the list entry invited.
    ...(o.listeId ? { liste_attente_id: o.listeId } : {}),
  });
  const vendeur = personName(row.i, o.sellerEmail);
  const mail = invitationEmail({
    prenom: null,
    vendeur,
    courseNom: row.course.nom,
    formatNom: row.f.nom,
    date: row.f.date,
    heureDepart: row.f.heure_depart,
    url: invitationUrl(context, id, token),
    deadline: o.deadline,
    priceCents: row.f.prix_cents,
    fromWaitlist: o.listeId != null,
  });
  await context.mailer.send({
    to: o.email,
    ...mail,
    kind: "cession_invitation",
    dedupeKey: `cession-invitation:${id}`,
  });
  return { cessionId: id };
}

/**
 * A waiting-list offer that lapsed (or whose runner could not take it): the same registration is offered to the
 * next runner waiting, with a new deadline, while the seller's registration may still be offered (validated, paid,
 * transfers still open). Nothing when nobody else waits: the seller keeps their place.
 */
async function relayToWaitlist(context: Ctx, ended: { inscription_id: string; vendeur_id: string }): Promise<boolean> {
  const [seller] = await context.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, ended.vendeur_id))
    .limit(1);
  let o: Awaited<ReturnType<typeof offerable>>;
  try {
    o = await offerable(context, ended.vendeur_id, ended.inscription_id);
  } catch (e) {
    if (e instanceof TransferError) return false;
    throw e;
  }
  const next = await nextWaitingRunner(context, o.row.i.format_id, ended.vendeur_id, ended.inscription_id);
  if (!next) return false;
  try {
    await makeOffer(context, o.row, {
      sellerId: ended.vendeur_id,
      sellerEmail: seller?.email ?? "",
      email: next.email,
      listeId: next.id,
      deadline: o.deadline,
    });
  } catch (e) {
    if (e instanceof TransferError) return false;
    throw e;
  }
  return true;
}

export const invitationUrl = (context: Ctx, cessionId: string, token: string) =>
  paths.absoluteUrl(context.env.APP_URL, paths.transferOffer(cessionId, token));

/** The owner withdraws the running offer (until it is paid); a buyer's open checkout is ended. */
export async function withdrawTransfer(context: Ctx, userId: string, inscriptionId: string): Promise<boolean> {
  const nowIso = context.clock.now().toISOString();
  const ended = await context.db
    .update(cessions)
    .set({ statut: "retiree", ended_at: nowIso, updated_at: nowIso })
    .where(
      and(eq(cessions.inscription_id, inscriptionId), eq(cessions.vendeur_id, userId), eq(cessions.statut, "ouverte")),
    )
    .returning({ id: cessions.id });
  if (ended.length === 0) return false;
  logEvent("transfer.ended", { cession_id: ended[0].id, inscription_id: inscriptionId, reason: "retiree" });
  await endBuyerRegistrations(context, ended[0].id, "runner");
  return true;
}

/**
 * The buyers' registrations of an offer that ended unpaid: each open checkout is ended at the provider first; one
 * found paid meanwhile is settled (the offer is closed: the payment is refunded in full); the rest end
 * ('transfer_ended'). Their holds never freed a place of their own: the seller kept it.
 */
export async function endBuyerRegistrations(
  context: Ctx,
  cessionId: string,
  actor: "runner" | "system",
): Promise<void> {
  const pending = await context.db
    .select({ id: inscriptions.id, session: inscriptions.checkout_session_id })
    .from(inscriptions)
    .where(and(eq(inscriptions.cession_id, cessionId), eq(inscriptions.statut, "en_attente")));
  for (const b of pending) {
    try {
      if (b.session && (await expireSession(context, b.session)) === "paid") {
        await onCheckoutCompleted(context, b.session);
        continue;
      }
      await applyTransition(context, {
        inscriptionId: b.id,
        event: "transfer_ended",
        actor: { type: actor },
        from: ["en_attente"],
        when: b.session ? sql`i.checkout_session_id = ${b.session}` : sql`i.checkout_session_id IS NULL`,
      });
    } catch (e) {
      logEvent("cron.failed", { kind: "cession", cession_id: cessionId, error: errorCode(e), detail: errorDetail(e) });
    }
  }
}

// ---------------------------------------------------------------- the buyer's side

export interface Invitation {
  id: string;
  statut: string;
  expiresAt: string;
  courseId: string;
  courseNom: string;
  courseSlug: string | null;
  formatId: string;
  formatNom: string;
  date: string | null;
  heureDepart: string | null;
  typeEpreuve: string;
  race: RaceFormat;
  priceCents: number;
  mealPriceCents: number;
  mealsLeft: number;
  stockRepas: number;
  rules: string | null;
  /** A pending registration of this user for this offer (a checkout to go back to). */
  /** The organiser's rule: the seller's meals follow the place; then the buyer takes `sellerMeals`, no choice. */
  mealsFollow: boolean;
  sellerMeals: number;
  pendingId: string | null;
  /** Why the format no longer takes transfers (turned off, last day past), when so: the offer can be neither accepted nor paid. */
  closed: TransferClosedReason | null;
}

/**
 * The offer behind a link, for the invited account only: an unknown id or a wrong token read the same
 * ('offre_introuvable'); the right link opened by another account says to log in with the invited address.
 */
export async function loadInvitation(
  context: Ctx,
  user: { id: string; email: string },
  cessionId: string,
  token: string,
): Promise<Invitation> {
  const [row] = await context.db
    .select({ c: cessions, f: formats, course: courses, sellerMeals: inscriptions.nombre_repas })
    .from(cessions)
    .innerJoin(formats, eq(formats.id, cessions.format_id))
    .innerJoin(courses, eq(courses.id, cessions.course_id))
    .innerJoin(inscriptions, eq(inscriptions.id, cessions.inscription_id))
    .where(eq(cessions.id, cessionId))
    .limit(1);
  if (!row || !token || !sameHash(row.c.token_hash, await hashToken(token)))
    throw new TransferError("offre_introuvable");
  if (row.c.email !== user.email.trim().toLowerCase()) throw new TransferError("mauvais_compte");
  const nowIso = context.clock.now().toISOString();
  const [meals] = await context.db.all<{ taken: number }>(
    sql`SELECT ${mealsTakenSql(sql`${row.f.id}`, nowIso)} AS taken`,
  );
  const pending = await buyerPendingRegistration(context, cessionId, user.id);
  return {
    id: row.c.id,
    statut: row.c.statut,
    expiresAt: row.c.expires_at,
    courseId: row.course.id,
    courseNom: row.course.nom,
    courseSlug: row.course.slug,
    formatId: row.f.id,
    formatNom: row.f.nom,
    date: row.f.date,
    heureDepart: row.f.heure_depart,
    typeEpreuve: row.f.type_epreuve,
    race: {
      date: row.f.date,
      type_epreuve: row.f.type_epreuve,
      distance_km: row.f.distance_km,
      denivele_dplus: row.f.denivele_dplus,
      age_minimum: row.f.age_minimum,
    },
    priceCents: row.f.prix_cents,
    mealPriceCents: row.f.prix_repas_cents,
    mealsLeft: Math.max(0, row.f.stock_repas - Number(meals?.taken ?? 0)),
    stockRepas: row.f.stock_repas,
    rules: transferRulesSentence(settingsOf(row.f), formatDateLong),
    // The organiser's rule: the seller's meals follow the place (the buyer takes exactly those, and pays them).
    mealsFollow: Boolean(row.f.cession_repas_suivent),
    sellerMeals: row.sellerMeals,
    pendingId: pending?.id ?? null,
    closed: transferClosedReason(settingsOf(row.f), context.clock.now()),
  };
}

/**
 * The invited account accepts: a registration 'en_attente' (event transfer_accepted) with their own fields and
 * meals, held until the offer's deadline, created only while the offer is open and the runner holds no place in
 * the format, and the meals asked are left (the seller's meals, freed when the place changes hands, count as
 * left). Then the normal checkout. Returns the checkout's URL. Going back to the link reuses that registration.
 */
export async function acceptTransfer(
  context: Ctx,
  user: { id: string; email: string },
  cessionId: string,
  token: string,
  input: { runner: Record<string, unknown>; meals: number },
): Promise<string> {
  const inv = await loadInvitation(context, user, cessionId, token);
  // What the form did not ask comes from the runner's profile; the e-mail is the invited account's.
  const empty = (v: unknown) => (v === "" ? null : v);
  const prefill = Object.fromEntries(Object.entries(await prefillValues(context, user)).map(([k, v]) => [k, empty(v)]));
  const personal: Record<string, unknown> = { ...prefill, ...input.runner, email: user.email.trim().toLowerCase() };
  if (inv.statut !== "ouverte") throw new TransferError("offre_terminee");
  const now = context.clock.now();
  const nowIso = now.toISOString();
  if (inv.expiresAt <= nowIso) throw new TransferError("offre_terminee");
  // The organiser's rules now, not when the offer was made (decision 0196).
  if (inv.closed) throw new TransferError(inv.closed);
  if (inv.pendingId) return retryPayment(context, user.id, inv.pendingId);
  // The server decides: when the seller's meals follow the place, the buyer takes exactly those.
  const meals = inv.mealsFollow ? inv.sellerMeals : input.meals;
  const totals = registrationTotals(
    { prix_cents: inv.priceCents, prix_repas_cents: inv.mealPriceCents, stock_repas: inv.stockRepas },
    meals,
  );
  const id = crypto.randomUUID();
  const who = personOf(personal);
  const personalValues = Object.fromEntries(REGISTRATION_PERSONAL_COLUMNS.map((c) => [c, personal[c] as Value]));
  const made = await context.db.all<{ id: string }>(
    creationStatement({
      event: "transfer_accepted",
      actor: { type: "runner", id: user.id },
      values: {
        id,
        course_id: sql`c.course_id`,
        format_id: sql`c.format_id`,
        coureur_id: user.id,
        paiement_trace_id: crypto.randomUUID(),
        ...personalValues,
        nombre_repas: meals,
        prix_total_repas_cents: totals.repasCents,
        prix_total_coureur_cents: totals.totalCents,
        hold_expires_at: sql`c.expires_at`,
        cession_id: sql`c.id`,
      },
      from: sql`cessions c JOIN formats f ON f.id = c.format_id JOIN inscriptions s ON s.id = c.inscription_id`,
      where: sql`c.id = ${cessionId} AND c.statut = 'ouverte' AND c.expires_at > ${nowIso} AND s.statut = 'validee' AND f.cession_active = 1
      AND NOT EXISTS (SELECT 1 FROM inscriptions mine WHERE mine.coureur_id = ${user.id} AND mine.format_id = c.format_id
        AND (mine.statut = 'validee' OR (mine.statut = 'en_attente' AND (mine.hold_expires_at IS NULL OR mine.hold_expires_at > ${nowIso}))))
      AND NOT ${samePersonHoldsSql(sql.raw("c.format_id"), who, holdsPlaceSql("o", nowIso), sql`o.id <> s.id`)}
      AND (${meals} = 0 OR f.stock_repas - ${mealsTakenSql(sql.raw("f.id"), nowIso)} + s.nombre_repas >= ${meals})`,
      nowIso,
    }),
  );
  if (made.length === 0) {
    const [again] = await context.db.select().from(cessions).where(eq(cessions.id, cessionId)).limit(1);
    if (again?.statut !== "ouverte") throw new TransferError("offre_terminee");
    // The same form sent twice at once: the first made the registration, the second goes to its checkout.
    const mineHere = await buyerPendingRegistration(context, cessionId, user.id);
    if (mineHere) return retryPayment(context, user.id, mineHere.id);
    const [mine] = await context.db.all<{ n: number }>(sql`
      SELECT count(*) AS n FROM inscriptions WHERE coureur_id = ${user.id} AND format_id = ${inv.formatId}
        AND (statut = 'validee' OR (statut = 'en_attente' AND (hold_expires_at IS NULL OR hold_expires_at > ${nowIso})))`);
    if (Number(mine?.n ?? 0) > 0) throw new TransferError("deja_inscrit");
    // The same person holds a place in the format from another account (decision 0183).
    const [other] = await context.db.all<{ id: string }>(sql`
      SELECT s.id FROM cessions c JOIN inscriptions s ON s.id = c.inscription_id
      WHERE c.id = ${cessionId} AND ${samePersonHoldsSql(sql.raw("c.format_id"), who, holdsPlaceSql("o", nowIso), sql`o.id <> s.id`)}`);
    if (other) throw new TransferError("deja_inscrit");
    throw new TransferError("repas_epuises");
  }
  return retryPayment(context, user.id, id);
}

/** The buyer's registration for an offer that waits for payment, if they started one. */
async function buyerPendingRegistration(
  context: Ctx,
  cessionId: string,
  userId: string,
): Promise<{ id: string } | undefined> {
  const [row] = await context.db
    .select({ id: inscriptions.id })
    .from(inscriptions)
    .where(
      and(
        eq(inscriptions.cession_id, cessionId),
        eq(inscriptions.coureur_id, userId),
        eq(inscriptions.statut, "en_attente"),
      ),
    )
    .limit(1);
  return row;
}

// ---------------------------------------------------------------- the cron

/** Offers past their deadline end ('expiree'); their buyers' open checkouts end. Returns how many ended. */
export async function expireTransferOffers(context: Ctx, limit = 100): Promise<number> {
  const nowIso = context.clock.now().toISOString();
  const ended = await context.db.all<{
    id: string;
    inscription_id: string;
    vendeur_id: string;
    liste_attente_id: string | null;
  }>(sql`
    UPDATE cessions SET statut = 'expiree', ended_at = ${nowIso}, updated_at = ${nowIso}
    WHERE id IN (SELECT id FROM cessions WHERE statut = 'ouverte' AND expires_at <= ${nowIso} LIMIT ${limit})
      AND statut = 'ouverte'
    RETURNING id, inscription_id, vendeur_id, liste_attente_id`);
  for (const c of ended) {
    logEvent("transfer.ended", { cession_id: c.id, inscription_id: c.inscription_id, reason: "expiree" });
    await endBuyerRegistrations(context, c.id, "system");
    // An offer to the waiting list goes on to the next runner waiting.
    if (c.liste_attente_id) await relayToWaitlist(context, c);
  }
  return ended.length;
}

// ---------------------------------------------------------------- the organiser

/** Every transfer of a format, newest first, for the event's organiser (the caller checked the ownership). */
export async function listFormatTransfers(context: Ctx, formatId: string): Promise<OrganiserTransfer[]> {
  const rows = await context.db.all<{
    id: string;
    statut: string;
    created_at: string;
    ended_at: string | null;
    email: string;
    frais_cents: number;
    remboursement_cents: number | null;
    dossard: number | null;
    s_id: string;
    s_nom: string | null;
    s_prenom: string | null;
    b_id: string | null;
    b_nom: string | null;
    b_prenom: string | null;
  }>(sql`
    SELECT c.id, c.statut, c.created_at, c.ended_at, c.email, c.frais_cents, c.remboursement_cents, c.dossard,
      s.id AS s_id, s.nom AS s_nom, s.prenom AS s_prenom, b.id AS b_id, b.nom AS b_nom, b.prenom AS b_prenom
    FROM cessions c JOIN inscriptions s ON s.id = c.inscription_id
    LEFT JOIN inscriptions b ON b.id = c.acheteur_inscription_id
    WHERE c.format_id = ${formatId} ORDER BY c.created_at DESC LIMIT 500`);
  return rows.map((r) => ({
    id: r.id,
    statut: r.statut,
    createdAt: r.created_at,
    endedAt: r.ended_at,
    email: r.email,
    fraisCents: r.frais_cents,
    remboursementCents: r.remboursement_cents,
    dossard: r.dossard,
    vendeur: { id: r.s_id, nom: r.s_nom, prenom: r.s_prenom },
    acheteur: r.b_id ? { id: r.b_id, nom: r.b_nom, prenom: r.b_prenom } : null,
  }));
}

/** The user's account e-mail (the invitation goes to an address; only that account may accept). */
export async function accountEmail(context: Ctx, userId: string): Promise<string | null> {
  const [u] = await context.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.email ?? null;
}
