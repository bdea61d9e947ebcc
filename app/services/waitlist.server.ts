// The waiting list's use cases (issue 20): a runner joins the list of a full format (with the same fields as a
// registration), sees their position, pays an offer or leaves; the organiser turns the list on or off per format,
// sees it, removes someone and exports it. Offers themselves are made by app/services/waitlist-offers.server.ts
// (called by the lifecycle whenever a place is freed, and by the cron). docs/decisions/0131-waiting-list.md
import { countsOf } from "~/domain/counts";
import { formatTarget, recordAction } from "./audit.server";
import { requireFormatRight } from "./event-access.server";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { type Identity, personOf, samePersonHoldsSql } from "~/db/identity";
import { holdsPlaceSql, placesTakenSql, runnersWaitingSql } from "~/db/registration-store/capacity.server";
import { CSV_BOM, csvRow, exportFileName } from "~/domain/csv";
import { personalOf, type RegistrationInput } from "~/domain/registration";
import { RegistrantError } from "~/domain/registrants";
import { windowState, type WindowFormat } from "~/domain/registration-window";
import { WAITLIST_CSV_HEADER, waitlistCsvLine, WaitlistError } from "~/domain/waitlist";
import { formatDateTime } from "~/domain/format";
import { isPaymentProviderError } from "~/providers/payments";
import { applyTransition } from "./registration-changes.server";
import { onCheckoutCompleted } from "./payment-received.server";
import { expireSession } from "./payments.server";
import { retryPayment } from "./register.server";
import { offerFreedPlaces, sendJoinedEmail, sendLeftEmail } from "./waitlist-offers.server";

type Ctx = AppLoadContext;
interface User {
  id: string;
}

// ---------------------------------------------------------------- the runner

/**
 * Joins the format's waiting list, in ONE statement: the entry is written only while the list is on, the event
 * online, the format not open to a newcomer (full, or its freed places being offered to the runners already
 * waiting), the runner without a place in it and not already on its list. Its rank comes after every entry ever
 * made (D1 runs statements one at a time: ranks never collide and order is arrival order).
 */
export async function joinWaitlist(
  context: Ctx,
  userId: string,
  courseId: string,
  input: RegistrationInput,
): Promise<{ entryId: string; position: number }> {
  const now = context.clock.now();
  const nowIso = now.toISOString();
  const id = crypto.randomUUID();
  const personal = personalOf(input);
  const [when] = await context.db.all<WindowFormat>(
    sql`SELECT date, heure_depart, ouverture_inscriptions, cloture_inscriptions FROM formats WHERE id = ${input.format.id}`,
  );
  // The list opens with the registrations and closes with them.
  if (when && windowState(when, now) !== "ouvert") throw new WaitlistError("inscriptions_closes");
  let inserted: { id: string }[];
  try {
    inserted = await context.db.all<{ id: string }>(sql`
      INSERT INTO liste_attente (id, rang, course_id, format_id, coureur_id, statut, nom, prenom, email, donnees, nombre_repas, created_at, updated_at)
      SELECT ${id}, (SELECT coalesce(max(rang), 0) + 1 FROM liste_attente), f.course_id, f.id, ${userId}, 'en_liste',
        ${personal.nom}, ${personal.prenom}, ${personal.email}, ${JSON.stringify(personal)}, ${input.nombre_repas}, ${nowIso}, ${nowIso}
      FROM formats f JOIN courses c ON c.id = f.course_id
      WHERE f.id = ${input.format.id} AND f.course_id = ${courseId} AND c.en_ligne = 1 AND f.liste_attente_active = 1
        AND f.stock_repas >= ${input.nombre_repas}
        AND f.nb_max_coureurs IS NOT NULL
        AND (${placesTakenSql(sql.raw("f.id"), nowIso)} >= f.nb_max_coureurs OR ${runnersWaitingSql("f")})
        AND NOT EXISTS (SELECT 1 FROM inscriptions mine WHERE mine.coureur_id = ${userId} AND mine.format_id = f.id AND ${holdsPlaceSql("mine", nowIso)})
        AND NOT ${samePersonHoldsSql(sql.raw("f.id"), personOf(personal), holdsPlaceSql("o", nowIso))}
        AND NOT EXISTS (SELECT 1 FROM liste_attente w WHERE w.coureur_id = ${userId} AND w.format_id = f.id AND w.statut IN ('en_liste', 'offre'))
      RETURNING id`);
  } catch (e) {
    // Two submits at the same moment: the unique index keeps one entry.
    if (String((e as Error)?.message ?? e).includes("UNIQUE")) throw new WaitlistError("deja_en_liste");
    throw e;
  }
  if (inserted.length !== 1) throw await joinRefusal(context, userId, input.format.id, nowIso, personOf(personal));
  const position = await positionOf(context, id);
  await sendJoinedEmail(context, id, position);
  return { entryId: id, position };
}

async function joinRefusal(
  context: Ctx,
  userId: string,
  formatId: string,
  nowIso: string,
  who: Identity,
): Promise<WaitlistError> {
  const [f] = await context.db.all<{
    enabled: number;
    en_ligne: number;
    cap: number | null;
    taken: number;
    waiting: number;
    mine: number;
    listed: number;
  }>(sql`
    SELECT f.liste_attente_active AS enabled, c.en_ligne, f.nb_max_coureurs AS cap, ${placesTakenSql(sql.raw("f.id"), nowIso)} AS taken,
      ${runnersWaitingSql("f")} AS waiting,
      (EXISTS (SELECT 1 FROM inscriptions mine WHERE mine.coureur_id = ${userId} AND mine.format_id = f.id AND ${holdsPlaceSql("mine", nowIso)})
        OR ${samePersonHoldsSql(sql.raw("f.id"), who, holdsPlaceSql("o", nowIso))}) AS mine,
      EXISTS (SELECT 1 FROM liste_attente w WHERE w.coureur_id = ${userId} AND w.format_id = f.id AND w.statut IN ('en_liste', 'offre')) AS listed
    FROM formats f JOIN courses c ON c.id = f.course_id WHERE f.id = ${formatId}`);
  if (!f?.en_ligne) return new WaitlistError("introuvable");
  if (f.listed) return new WaitlistError("deja_en_liste");
  if (f.mine) return new WaitlistError("deja_inscrit");
  if (!f.enabled) return new WaitlistError("liste_fermee");
  return new WaitlistError("places_disponibles");
}

/** The entry's place among the runners still waiting on its format (1 = next offer). */
async function positionOf(context: Ctx, entryId: string): Promise<number> {
  const [r] = await context.db.all<{ position: number }>(sql`
    SELECT (SELECT count(*) FROM liste_attente o WHERE o.format_id = w.format_id AND o.statut = 'en_liste' AND o.rang <= w.rang) AS position
    FROM liste_attente w WHERE w.id = ${entryId}`);
  return Number(r?.position ?? 0);
}

export interface RunnerEntry {
  id: string;
  statut: string;
  /** Among the runners still waiting (en_liste); 0 otherwise. */
  position: number;
  genre: string | null;
  created_at: string;
  offre_expires_at: string | null;
  inscription_id: string | null;
  offer_total_cents: number | null;
  offer_meals: number | null;
  nombre_repas: number;
  course_id: string;
  course_slug: string;
  course_nom: string;
  format_id: string;
  format_nom: string;
  date: string | null;
  heure_depart: string | null;
}

const RUNNER_ENTRY_SELECT = sql`
  SELECT w.id, w.statut, w.created_at, w.offre_expires_at, w.inscription_id, w.nombre_repas,
    json_extract(w.donnees, '$.genre') AS genre,
    CASE WHEN w.statut = 'en_liste'
      THEN (SELECT count(*) FROM liste_attente o WHERE o.format_id = w.format_id AND o.statut = 'en_liste' AND o.rang <= w.rang)
      ELSE 0 END AS position,
    i.prix_total_coureur_cents AS offer_total_cents, i.nombre_repas AS offer_meals,
    c.id AS course_id, c.slug AS course_slug, c.nom AS course_nom, f.id AS format_id, f.nom AS format_nom, f.date, f.heure_depart
  FROM liste_attente w JOIN formats f ON f.id = w.format_id JOIN courses c ON c.id = w.course_id
  LEFT JOIN inscriptions i ON i.id = w.inscription_id`;

function toEntry(r: RunnerEntry): RunnerEntry {
  return { ...r, position: Number(r.position) };
}

/** One entry of the runner's (null for anyone else's: it reads like a missing one). */
export async function getRunnerEntry(context: Ctx, userId: string, entryId: string): Promise<RunnerEntry | null> {
  const [r] = await context.db.all<RunnerEntry>(
    sql`${RUNNER_ENTRY_SELECT} WHERE w.id = ${entryId} AND w.coureur_id = ${userId}`,
  );
  return r ? toEntry(r) : null;
}

/** The runner's running entries (waiting, or holding an offer), for /mesinscriptions or one event's page. */
export async function listRunnerEntries(context: Ctx, userId: string, courseId?: string): Promise<RunnerEntry[]> {
  const rows = await context.db.all<RunnerEntry>(sql`${RUNNER_ENTRY_SELECT}
    WHERE w.coureur_id = ${userId} AND w.statut IN ('en_liste', 'offre') ${courseId ? sql`AND w.course_id = ${courseId}` : sql``}
    ORDER BY f.date, w.rang LIMIT 100`);
  return rows.map(toEntry);
}

/**
 * 'Payer maintenant': the checkout of the runner's running offer (the place is held for them until its deadline).
 * Returns the checkout URL. Refused once the deadline passed, even before the cron ended the offer.
 */
export async function payOffer(context: Ctx, userId: string, entryId: string): Promise<string> {
  const entry = await getRunnerEntry(context, userId, entryId);
  if (!entry) throw new WaitlistError("introuvable");
  if (entry.statut !== "offre" || !entry.inscription_id)
    throw new WaitlistError(entry.statut === "acceptee" ? "deja_inscrit" : "offre_expiree");
  if (!entry.offre_expires_at || entry.offre_expires_at <= context.clock.now().toISOString())
    throw new WaitlistError("offre_expiree");
  return retryPayment(context, userId, entry.inscription_id);
}

/** 'Quitter la liste': the runner's entry ends; a running offer is withdrawn and its place goes to the next runner. */
export async function leaveWaitlist(context: Ctx, userId: string, entryId: string): Promise<void> {
  await endEntry(context, {
    entryId,
    statut: "retiree",
    actor: { type: "runner", id: userId },
    owner: sql`w.coureur_id = ${userId}`,
  });
}

/** Ends a running entry (left or removed). The offer's checkout is ended at the provider; a payment made there settles. */
async function endEntry(
  context: Ctx,
  req: {
    entryId: string;
    statut: "retiree" | "supprimee";
    actor: { type: "runner" | "organiser"; id: string };
    owner: ReturnType<typeof sql>;
  },
): Promise<void> {
  const nowIso = context.clock.now().toISOString();
  const [entry] = await context.db.all<{
    id: string;
    statut: string;
    inscription_id: string | null;
    session: string | null;
  }>(sql`
    SELECT w.id, w.statut, w.inscription_id, i.checkout_session_id AS session
    FROM liste_attente w JOIN courses c ON c.id = w.course_id LEFT JOIN inscriptions i ON i.id = w.inscription_id
    WHERE w.id = ${req.entryId} AND ${req.owner}`);
  if (!entry) throw new WaitlistError("introuvable");
  if (entry.statut !== "en_liste" && entry.statut !== "offre") return; // already ended: nothing to do (a double submit)
  const ended = await context.db.all<{ id: string }>(sql`
    UPDATE liste_attente SET statut = ${req.statut}, ended_at = ${nowIso}, updated_at = ${nowIso}
    WHERE id = ${entry.id} AND statut = ${entry.statut} RETURNING id`);
  if (ended.length !== 1) return;
  if (entry.statut === "offre" && entry.inscription_id) {
    // The offer's place is given back (and offered to the next runner) first; then its checkout is ended.
    const released = await applyTransition(context, {
      inscriptionId: entry.inscription_id,
      event: "offer_withdrawn",
      actor: req.actor,
      from: ["en_attente"],
      set: { checkout_session_id: null },
      when: sql`i.checkout_session_id IS ${entry.session}`,
    });
    if (released && entry.session) {
      try {
        if ((await expireSession(context, entry.session)) === "paid") await onCheckoutCompleted(context, entry.session);
      } catch (e) {
        // The provider cannot be reached: its own expiry (30 min) ends the session; a payment then is refunded.
        if (!isPaymentProviderError(e)) throw e;
      }
    }
  }
  await sendLeftEmail(context, entry.id, req.statut === "supprimee");
}

// ---------------------------------------------------------------- the organiser

export interface OrganiserEntry {
  id: string;
  rang: number;
  /** 1, 2, 3… in the list's order (every entry, ended ones included). */
  ordre: number;
  nom: string | null;
  prenom: string | null;
  email: string;
  statut: string;
  offres_envoyees: number;
  offre_expires_at: string | null;
  created_at: string;
  ended_at: string | null;
}

export interface OrganiserWaitlist {
  enabled: boolean;
  entries: OrganiserEntry[];
  counts: { en_liste: number; offre: number; acceptee: number; offre_expiree: number; sorties: number };
}

/** The format's list for its organiser, in order (at most 2,000 lines on the page; the export has them all). */
export async function organiserWaitlist(
  context: Ctx,
  user: User,
  formatId: string,
  limit = 2000,
): Promise<OrganiserWaitlist> {
  const f = await requireFormatRight(context, user, formatId, "inscriptions");
  const entries = await listEntries(context, f.id, limit);
  const [c] = await context.db.all<Record<string, number>>(sql`
    SELECT sum(statut = 'en_liste') AS en_liste, sum(statut = 'offre') AS offre, sum(statut = 'acceptee') AS acceptee,
      sum(statut = 'offre_expiree') AS offre_expiree, sum(statut IN ('retiree', 'supprimee')) AS sorties
    FROM liste_attente WHERE format_id = ${f.id}`);
  const counts = countsOf(c, ["en_liste", "offre", "acceptee", "offre_expiree", "sorties"]);
  return { enabled: Boolean(f.liste_attente_active), entries, counts };
}

async function listEntries(context: Ctx, formatId: string, limit: number): Promise<OrganiserEntry[]> {
  const rows = await context.db.all<OrganiserEntry>(sql`
    SELECT id, rang, nom, prenom, email, statut, offres_envoyees, offre_expires_at, created_at, ended_at,
      row_number() OVER (ORDER BY rang) AS ordre
    FROM liste_attente WHERE format_id = ${formatId} ORDER BY rang LIMIT ${limit}`);
  return rows.map((r) => ({ ...r, ordre: Number(r.ordre) }));
}

/** Turns the format's list on or off. Turned on with places free and runners waiting: they get their offers. */
export async function setWaitlistEnabled(context: Ctx, user: User, formatId: string, enabled: boolean): Promise<void> {
  const f = await requireFormatRight(context, user, formatId, "inscriptions");
  await context.db.run(sql`UPDATE formats SET liste_attente_active = ${enabled ? 1 : 0} WHERE id = ${f.id}`);
  const action = enabled ? "liste_attente.activee" : "liste_attente.desactivee";
  if (Boolean(f.liste_attente_active) !== enabled)
    await recordAction(context, user, "organisateur", action, formatTarget(f));
  if (enabled) await offerFreedPlaces(context, f.id);
}

/** 'Retirer': the organiser removes a runner from the list (their running offer, if any, is withdrawn). */
export async function removeFromWaitlist(context: Ctx, user: User, formatId: string, entryId: string): Promise<void> {
  const f = await requireFormatRight(context, user, formatId, "inscriptions");
  try {
    await endEntry(context, {
      entryId,
      statut: "supprimee",
      actor: { type: "organiser", id: user.id },
      owner: sql`w.format_id = ${f.id}`,
    });
    await recordAction(context, user, "organisateur", "liste_attente.retrait", formatTarget(f));
  } catch (e) {
    if (e instanceof WaitlistError) throw new RegistrantError("not_found");
    throw e;
  }
}

/** The list as CSV (UTF-8 with BOM, ';'), in order, for its organiser. */
export async function exportWaitlist(
  context: Ctx,
  user: User,
  formatId: string,
): Promise<{ filename: string; body: string }> {
  const f = await requireFormatRight(context, user, formatId, "inscriptions");
  await recordAction(context, user, "organisateur", "export.liste_attente", formatTarget(f));
  const entries = await listEntries(context, f.id, 100_000);
  const lines = [
    csvRow([...WAITLIST_CSV_HEADER]),
    ...entries.map((e) => waitlistCsvLine({ ...e, position: e.ordre }, (iso) => (iso ? formatDateTime(iso) : ""))),
  ];
  return { filename: exportFileName(`liste-attente-${f.nom}`), body: CSV_BOM + lines.join("") };
}
