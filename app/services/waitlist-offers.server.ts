// A freed place goes to the next runner by itself (issue 20): the offers of a format's waiting list, and their
// e-mails. Called wherever a place may have been freed (a cancellation, a released hold, an organiser's change,
// a capacity increase) and by the cron, which also expires the offers not paid in time. Offers are made in one D1
// batch (one transaction): each offer is a registration 'en_attente' created only while a place is free (the same
// count as everywhere: app/db/registration-store/capacity.server.ts) and only for an entry still waiting, so concurrent passes,
// registrations and cancellations can never give one place twice. docs/decisions/0131-waiting-list.md
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import { batchAll } from "~/db/batch.server";
import { creationStatement } from "~/db/registration-store/writes.server";
import {
  holdsPlaceSql,
  mealsTakenSql,
  placeFreeSql,
  placesTakenSql,
  waitingCountSql,
} from "~/db/registration-store/capacity.server";
import { REGISTRATION_PERSONAL_COLUMNS, registrationTotals } from "~/domain/registration-rules";
import { offerDeadline, offersToMake, registrationClosesAt } from "~/domain/waitlist";
import { joinedEmail, leftEmail, offerEmail, offerExpiredEmail, type WaitlistEmailData } from "~/emails/waitlist";
import { logEvent } from "~/utils/log.server";
import { queueHasWaiting } from "./opening-queue.server";
import * as paths from "~/domain/paths";

type Ctx = AppLoadContext;

/** At most this many offers per format and pass (a pass is one request or one cron run; the next one goes on). */
export const OFFERS_PER_PASS = 100;

interface FormatState {
  id: string;
  course_id: string;
  cap: number | null;
  enabled: number;
  en_ligne: number;
  date: string | null;
  heure_depart: string | null;
  cloture_inscriptions: string | null;
  prix_cents: number;
  prix_repas_cents: number;
  stock_repas: number;
  ouverture_inscriptions: string | null;
  tirage_minutes: number | null;
  taken: number;
  waiting: number;
}

/** The personal columns of a registration, read from the entry's `donnees` (what the runner typed when joining). */
const personalValues = Object.fromEntries(
  REGISTRATION_PERSONAL_COLUMNS.map((c) => [c, sql.raw(`json_extract(w.donnees, '$.${c}')`)]),
);

/**
 * Offers the format's free places to the first runners waiting, in order. Returns the entries offered a place
 * (their e-mails are sent before returning). Does one read when nobody waits or no place is free.
 */
export async function offerFreedPlaces(context: Ctx, formatId: string, budget = OFFERS_PER_PASS): Promise<string[]> {
  const offered: string[] = [];
  // A second round only when a candidate was skipped (the runner got a place meanwhile): bounded.
  for (let round = 0; round < 3 && offered.length < budget; round++) {
    const made = await offerRound(context, formatId, budget - offered.length);
    offered.push(...made.offered);
    if (!made.skipped) break;
  }
  if (offered.length > 0) await sendOfferEmails(context, offered);
  return offered;
}

/** After an event's formats changed (a capacity increase, a list turned on): offers in each format where runners wait. */
export async function offerFreedPlacesForCourse(context: Ctx, courseId: string): Promise<number> {
  const waiting = await context.db.all<{ format_id: string }>(sql`
    SELECT DISTINCT w.format_id FROM liste_attente w WHERE w.course_id = ${courseId} AND w.statut = 'en_liste'`);
  let made = 0;
  for (const { format_id } of waiting) made += (await offerFreedPlaces(context, format_id)).length;
  return made;
}

async function offerRound(
  context: Ctx,
  formatId: string,
  budget: number,
): Promise<{ offered: string[]; skipped: boolean }> {
  const now = context.clock.now();
  const nowIso = now.toISOString();
  const [f] = await context.db.all<FormatState>(sql`
    SELECT f.id, f.course_id, f.nb_max_coureurs AS cap, f.liste_attente_active AS enabled, c.en_ligne, f.date, f.heure_depart, f.cloture_inscriptions,
      f.prix_cents, f.prix_repas_cents, f.stock_repas, f.ouverture_inscriptions, f.tirage_minutes,
      ${placesTakenSql(sql.raw("f.id"), nowIso)} AS taken, ${waitingCountSql(sql.raw("f.id"))} AS waiting
    FROM formats f JOIN courses c ON c.id = f.course_id WHERE f.id = ${formatId}`);
  if (!f?.enabled || !f.en_ligne || Number(f.waiting) === 0) return { offered: [], skipped: false };
  const count = Math.min(budget, offersToMake(f.cap, Number(f.taken), Number(f.waiting)));
  if (count === 0) return { offered: [], skipped: false };
  // During an opening, a place freed while runners still wait in the queue is theirs (the queue admits the next
  // one, who finds it free); the waiting list has it once the queue is empty (or its window is over).
  if (await queueHasWaiting(context, { ...f, nb_max_coureurs: f.cap })) return { offered: [], skipped: false };
  const deadline = offerDeadline(now, registrationClosesAt(f));
  if (!deadline) return { offered: [], skipped: false };
  const deadlineIso = deadline.toISOString();

  const candidates = await context.db.all<{ id: string; nombre_repas: number }>(sql`
    SELECT id, nombre_repas FROM liste_attente WHERE format_id = ${formatId} AND statut = 'en_liste' ORDER BY rang LIMIT ${count}`);
  if (candidates.length === 0) return { offered: [], skipped: false };

  const statements: SQL[] = [
    // A runner who got a place meanwhile (added by the organiser, a late payment) leaves the list.
    sql`UPDATE liste_attente SET statut = 'retiree', ended_at = ${nowIso}, updated_at = ${nowIso}
      WHERE format_id = ${formatId} AND statut = 'en_liste'
        AND EXISTS (SELECT 1 FROM inscriptions mine WHERE mine.coureur_id = liste_attente.coureur_id AND mine.format_id = liste_attente.format_id
          AND ${holdsPlaceSql("mine", nowIso)})`,
  ];
  for (const c of candidates) {
    const id = crypto.randomUUID();
    const wanted = c.nombre_repas;
    const withMeals = registrationTotals(f, Math.min(wanted, f.stock_repas));
    const without = registrationTotals(f, 0);
    // The meals asked for when joining, if that many are left; else the place alone (offerMeals, in SQL).
    const mealsFit = sql`(${wanted} > 0 AND f.stock_repas - ${mealsTakenSql(sql.raw("f.id"), nowIso)} >= ${wanted})`;
    statements.push(
      creationStatement({
        event: "offered",
        actor: { type: "system" },
        values: {
          id,
          course_id: sql`w.course_id`,
          format_id: sql`w.format_id`,
          coureur_id: sql`w.coureur_id`,
          paiement_trace_id: crypto.randomUUID(),
          ...personalValues,
          nombre_repas: sql`CASE WHEN ${mealsFit} THEN ${wanted} ELSE 0 END`,
          prix_total_repas_cents: sql`CASE WHEN ${mealsFit} THEN ${withMeals.repasCents} ELSE ${without.repasCents} END`,
          prix_total_coureur_cents: sql`CASE WHEN ${mealsFit} THEN ${withMeals.totalCents} ELSE ${without.totalCents} END`,
          hold_expires_at: deadlineIso,
          liste_attente_id: sql`w.id`,
        },
        from: sql`liste_attente w JOIN formats f ON f.id = w.format_id JOIN courses c ON c.id = f.course_id`,
        where: sql`w.id = ${c.id} AND w.statut = 'en_liste' AND f.liste_attente_active = 1 AND c.en_ligne = 1
          AND ${placeFreeSql("f", nowIso)}
          AND NOT EXISTS (SELECT 1 FROM inscriptions mine WHERE mine.coureur_id = w.coureur_id AND mine.format_id = f.id AND ${holdsPlaceSql("mine", nowIso)})`,
        nowIso,
      }),
      sql`UPDATE liste_attente SET statut = 'offre', inscription_id = ${id}, offre_expires_at = ${deadlineIso},
          offres_envoyees = offres_envoyees + 1, updated_at = ${nowIso}
        WHERE id = ${c.id} AND statut = 'en_liste' AND EXISTS (SELECT 1 FROM inscriptions WHERE id = ${id})
        RETURNING id`,
    );
  }
  const results = await batchAll<{ id: string }[][]>(context.db, statements);
  // After the first statement, each candidate's INSERT (its new registration's id) and then its entry's UPDATE.
  const offered = results.slice(1).flatMap((rows, k) => (k % 2 === 1 ? rows.map((r) => r.id) : []));
  for (const id of offered)
    logEvent("waitlist.offered", { liste_attente_id: id, format_id: formatId, deadline: deadlineIso });
  return { offered, skipped: offered.length < candidates.length };
}

// ---------------------------------------------------------------- e-mails

/** An address of the site for an e-mail. */
const siteUrl = (context: Ctx, path: string) => paths.absoluteUrl(context.env.APP_URL, path);

interface MailRow {
  id: string;
  email: string;
  prenom: string | null;
  donnees: string;
  nombre_repas: number;
  offre_expires_at: string | null;
  course_id: string;
  course_slug: string;
  course_nom: string;
  format_nom: string;
  date: string | null;
  heure_depart: string | null;
  offer_total_cents: number | null;
  offer_meals: number | null;
}

async function mailRows(context: Ctx, where: SQL): Promise<MailRow[]> {
  return context.db.all<MailRow>(sql`
    SELECT w.id, w.email, w.prenom, w.donnees, w.nombre_repas, w.offre_expires_at, c.id AS course_id, c.slug AS course_slug,
      c.nom AS course_nom, f.nom AS format_nom, f.date, f.heure_depart,
      i.prix_total_coureur_cents AS offer_total_cents, i.nombre_repas AS offer_meals
    FROM liste_attente w JOIN formats f ON f.id = w.format_id JOIN courses c ON c.id = w.course_id
    LEFT JOIN inscriptions i ON i.id = w.inscription_id
    WHERE ${where}`);
}

function emailData(r: MailRow, url: string): WaitlistEmailData {
  let genre: string | null = null;
  try {
    genre = (JSON.parse(r.donnees) as { genre?: string }).genre ?? null;
  } catch {
    genre = null;
  }
  return {
    prenom: r.prenom,
    genre,
    courseNom: r.course_nom,
    formatNom: r.format_nom,
    date: r.date,
    heureDepart: r.heure_depart,
    url,
  };
}

const entryUrl = (context: Ctx, id: string) => siteUrl(context, paths.waitlistEntry(id));
const courseUrl = (context: Ctx, r: MailRow) => siteUrl(context, paths.eventPage(r.course_slug || r.course_id));

/** D1 binds at most 100 parameters per statement: lists of ids go by this many. */
const IDS_PER_STATEMENT = 50;

/** The offer e-mails of these entries (once each: the outbox's key), then marked sent. */
async function sendOfferEmails(context: Ctx, entryIds: string[]): Promise<void> {
  for (let k = 0; k < entryIds.length; k += IDS_PER_STATEMENT)
    await sendOfferEmailsChunk(context, entryIds.slice(k, k + IDS_PER_STATEMENT));
}

async function sendOfferEmailsChunk(context: Ctx, entryIds: string[]): Promise<void> {
  if (entryIds.length === 0) return;
  const rows = await mailRows(
    context,
    sql`w.id IN (${sql.join(
      entryIds.map((id) => sql`${id}`),
      sql`, `,
    )}) AND w.statut = 'offre'`,
  );
  for (const r of rows) {
    const mail = offerEmail({
      ...emailData(r, entryUrl(context, r.id)),
      deadline: r.offre_expires_at ?? "",
      totalCents: r.offer_total_cents ?? 0,
      nombreRepas: r.offer_meals ?? 0,
      repasVoulus: r.nombre_repas,
    });
    await context.mailer.send({
      to: r.email,
      ...mail,
      kind: "liste_attente_offre",
      dedupeKey: `waitlist-offer:${r.id}:${r.offre_expires_at}`,
    });
  }
  const now = context.clock.now().toISOString();
  if (rows.length > 0)
    await context.db.run(
      sql`UPDATE liste_attente SET offre_mail_at = ${now} WHERE id IN (${sql.join(
        rows.map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    );
}

/**
 * The cron's e-mails: offers whose e-mail was not sent (a request stopped between the offer and its e-mail) and
 * offers that ended unpaid (their runner is told; the next runner got their own offer). Bounded per run.
 */
export async function sendPendingWaitlistEmails(
  context: Ctx,
  limit = 200,
): Promise<{ offers: number; expired: number }> {
  const unsentOffers = await context.db.all<{ id: string }>(sql`
    SELECT id FROM liste_attente WHERE statut = 'offre' AND offre_mail_at IS NULL LIMIT ${limit}`);
  await sendOfferEmails(
    context,
    unsentOffers.map((r) => r.id),
  );
  const expired = await mailRows(context, sql`w.statut = 'offre_expiree' AND w.fin_mail_at IS NULL LIMIT ${limit}`);
  const now = context.clock.now().toISOString();
  for (const r of expired) {
    const mail = offerExpiredEmail(emailData(r, courseUrl(context, r)));
    await context.mailer.send({
      to: r.email,
      ...mail,
      kind: "liste_attente_offre_expiree",
      dedupeKey: `waitlist-expired:${r.id}`,
    });
    await context.db.run(sql`UPDATE liste_attente SET fin_mail_at = ${now} WHERE id = ${r.id}`);
  }
  return { offers: unsentOffers.length, expired: expired.length };
}

/** 'Joined' (with the position) and 'left' (by the runner or the organiser) e-mails. */
export async function sendJoinedEmail(context: Ctx, entryId: string, position: number): Promise<void> {
  const [r] = await mailRows(context, sql`w.id = ${entryId}`);
  if (!r) return;
  const mail = joinedEmail({ ...emailData(r, entryUrl(context, r.id)), position });
  await context.mailer.send({
    to: r.email,
    ...mail,
    kind: "liste_attente_inscription",
    dedupeKey: `waitlist-joined:${r.id}`,
  });
}

export async function sendLeftEmail(context: Ctx, entryId: string, byOrganiser: boolean): Promise<void> {
  const [r] = await mailRows(context, sql`w.id = ${entryId}`);
  if (!r) return;
  const mail = leftEmail({ ...emailData(r, courseUrl(context, r)), byOrganiser });
  await context.mailer.send({ to: r.email, ...mail, kind: "liste_attente_sortie", dedupeKey: `waitlist-left:${r.id}` });
  await context.db.run(
    sql`UPDATE liste_attente SET fin_mail_at = ${context.clock.now().toISOString()} WHERE id = ${r.id}`,
  );
}
