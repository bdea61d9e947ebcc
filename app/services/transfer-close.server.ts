// Bib transfers closed while offers run (issue 40, decision 0196): the organiser turns transfers off for a format,
// or moves their last day into the past (or the race's start comes first). Every offer still open there is
// withdrawn, its buyer's checkout ended (a payment that slipped in is refunded in full, app/services/
// payment-received.server.ts), and both sides are e-mailed. Called after the event form's save (its event's
// offers) and by the cron (any offer, bounded). The rule is app/domain/transfer.ts transferClosedReason.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { parisDate } from "~/domain/refund";
import { type TransferClosedReason, transferClosedReason } from "~/domain/transfer";
import { invitedOfferClosedEmail, sellerOfferClosedEmail, type TransferEmailData } from "~/emails/transfer";
import { logEvent } from "~/utils/log.server";
import { endBuyerRegistrations } from "./transfer.server";
import * as paths from "~/domain/paths";

type Ctx = AppLoadContext;

interface OpenOffer {
  id: string;
  inscription_id: string;
  course_id: string;
  email: string;
  liste_attente_id: string | null;
  cession_active: number;
  cession_cloture: string | null;
  cession_frais_cents: number;
  date: string | null;
  heure_depart: string | null;
  format_nom: string;
  course_nom: string;
  course_slug: string | null;
  seller_prenom: string | null;
  seller_email: string | null;
}

/**
 * Withdraws the open offers (of `courseId`'s formats, or of any format) whose format no longer takes transfers now.
 * Reads only the offers of formats turned off, or whose last day or race day is today or past (Paris), at most
 * `limit`; the domain's rule decides for each. Returns how many were withdrawn.
 */
export async function endClosedTransferOffers(
  context: Ctx,
  opts: { courseId?: string; limit?: number } = {},
): Promise<number> {
  const now = context.clock.now();
  const nowIso = now.toISOString();
  const today = parisDate(now);
  const offers = await context.db.all<OpenOffer>(sql`
    SELECT c.id, c.inscription_id, c.course_id, c.email, c.liste_attente_id,
      f.cession_active, f.cession_cloture, f.cession_frais_cents, f.date, f.heure_depart, f.nom AS format_nom,
      co.nom AS course_nom, co.slug AS course_slug, s.prenom AS seller_prenom, s.email AS seller_email
    FROM cessions c JOIN formats f ON f.id = c.format_id JOIN courses co ON co.id = c.course_id
      JOIN inscriptions s ON s.id = c.inscription_id
    WHERE c.statut = 'ouverte' ${opts.courseId ? sql`AND c.course_id = ${opts.courseId}` : sql``}
      AND (f.cession_active = 0 OR f.cession_cloture < ${today} OR f.date <= ${today})
    ORDER BY c.expires_at LIMIT ${opts.limit ?? 100}`);
  let ended = 0;
  for (const o of offers) {
    const reason = transferClosedReason(o, now);
    if (!reason) continue;
    const withdrawn = await context.db.all<{ id: string }>(sql`
      UPDATE cessions SET statut = 'retiree', ended_at = ${nowIso}, updated_at = ${nowIso}
      WHERE id = ${o.id} AND statut = 'ouverte' RETURNING id`);
    if (withdrawn.length === 0) continue;
    ended += 1;
    logEvent("transfer.ended", { cession_id: o.id, inscription_id: o.inscription_id, reason });
    await endBuyerRegistrations(context, o.id, "system");
    await sendOfferClosedEmails(context, o, reason);
  }
  return ended;
}

async function sendOfferClosedEmails(context: Ctx, o: OpenOffer, reason: TransferClosedReason) {
  const base: Omit<TransferEmailData, "prenom" | "url"> = {
    courseNom: o.course_nom,
    formatNom: o.format_nom,
    date: o.date,
    heureDepart: o.heure_depart,
  };
  if (o.seller_email)
    await context.mailer.send({
      to: o.seller_email,
      ...sellerOfferClosedEmail({
        ...base,
        prenom: o.seller_prenom,
        url: paths.absoluteUrl(context.env.APP_URL, paths.myRegistration(o.inscription_id)),
        reason,
      }),
      kind: "cession_fermee_vendeur",
      dedupeKey: `cession-fermee-vendeur:${o.id}`,
    });
  await context.mailer.send({
    to: o.email,
    ...invitedOfferClosedEmail({
      ...base,
      prenom: null,
      url: paths.absoluteUrl(context.env.APP_URL, paths.eventPage(o.course_slug || o.course_id)),
      reason,
      fromWaitlist: o.liste_attente_id != null,
    }),
    kind: "cession_fermee_invite",
    dedupeKey: `cession-fermee-invite:${o.id}`,
  });
}
