// Bib transfer, the offers (issue 22): the seller offers their validated registration to a named person or to the
// format's waiting list (an e-mail and a link with a token, its hash stored), withdraws it until it is paid; the cron
// ends offers past their deadline (a waiting-list offer goes on to the next runner). The buyer's side is
// transfer-accept.server.ts, the reads transfer-reads.server.ts, the moment the place changes hands
// transfer-settle.server.ts (called by the payment's settlement). docs/decisions/0170-bib-transfer.md
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql } from "drizzle-orm";
import { cessions, courses, formats, inscriptions, users } from "~/db/schema";
import { canOfferTransfer, TransferError, type TransferSettings } from "~/domain/transfer";
import { invitationEmail } from "~/emails/transfer";
import { personName } from "~/domain/format";
import { errorCode, errorDetail, logEvent } from "~/utils/log.server";
import { applyTransition } from "./registration-changes.server";
import { onCheckoutCompleted } from "./payment-received.server";
import { expireSession } from "./payments.server";
import * as paths from "~/domain/paths";
import { collectedPayment } from "~/db/payments.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";

type Ctx = AppLoadContext;

// ---------------------------------------------------------------- the seller's side

export const settingsOf = (f: typeof formats.$inferSelect): TransferSettings => ({
  cession_active: f.cession_active,
  cession_cloture: f.cession_cloture,
  cession_frais_cents: f.cession_frais_cents,
  cession_dossard_suit: f.cession_dossard_suit,
  cession_repas_suivent: f.cession_repas_suivent,
  date: f.date,
  heure_depart: f.heure_depart,
});

export async function loadOwned(context: Ctx, userId: string, inscriptionId: string) {
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

export async function openOffer(context: Ctx, inscriptionId: string) {
  const [c] = await context.db
    .select()
    .from(cessions)
    .where(and(eq(cessions.inscription_id, inscriptionId), eq(cessions.statut, "ouverte")))
    .limit(1);
  return c ?? null;
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
  const [p, open] = await Promise.all([collectedPayment(context.db, inscriptionId), openOffer(context, inscriptionId)]);
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
  const token = randomToken(24);
  const nowIso = context.clock.now().toISOString();
  let made: { id: string }[];
  try {
    made = await context.db.all<{ id: string }>(sql`
      INSERT INTO cessions (id, inscription_id, course_id, format_id, vendeur_id, email, token_hash, statut, expires_at,
        frais_cents, dossard_suit, liste_attente_id, created_at, updated_at)
      SELECT ${id}, i.id, i.course_id, i.format_id, i.coureur_id, ${o.email}, ${await sha256Hex(token)}, 'ouverte', ${o.deadline},
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
