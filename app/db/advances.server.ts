// The advance requests' store (decision 0215): the only writer of `demandes_acompte`, and the reads of an event's
// money the organiser's finance page and the admin's decision need. At most one pending request per event is the
// partial unique index's rule; a decision is one conditional UPDATE on a pending row (one winner).
import { countsOf } from "~/domain/counts";
import { sql } from "drizzle-orm";
import { advanceTransferPrefix } from "~/domain/payouts";
import type { AdvanceStatus } from "~/domain/advance";
import type { Db } from "./client.server";

export interface AdvanceRow {
  id: string;
  course_id: string;
  course_nom: string;
  demande_par: string;
  demandeur: string | null;
  message: string | null;
  net_restant_cents: number;
  statut: AdvanceStatus;
  pourcentage: number | null;
  montant_verse_cents: number | null;
  motif_refus: string | null;
  traite_at: string | null;
  created_at: string;
  organisateur_id: string | null;
  organisateur: string | null;
}

const SELECT_ADVANCE = sql`
  SELECT d.id, d.course_id, c.nom AS course_nom, d.demande_par, u.email AS demandeur, d.message, d.net_restant_cents,
    d.statut, d.pourcentage, d.montant_verse_cents, d.motif_refus, d.traite_at, d.created_at,
    c.organisateur_id,
    coalesce(nullif(trim(o.organisation_nom), ''), nullif(trim(coalesce(o.prenom, '') || ' ' || coalesce(o.nom, '')), ''), o.email) AS organisateur
  FROM demandes_acompte d JOIN courses c ON c.id = d.course_id
  LEFT JOIN users u ON u.id = d.demande_par
  LEFT JOIN profils_utilisateurs o ON o.user_id = c.organisateur_id`;

/** Collected payments (succeeded, or refunded in part): what an advance is taken from. */
const COLLECTED = sql`p.status IN ('succeeded', 'refunded')`;

/** An event's collected money: its payments still holding a net to pay out, and that net in all. */
export async function eventNetRemaining(
  db: Db,
  courseId: string,
): Promise<{ paiementIds: string[]; nets: number[]; total: number }> {
  const rows = await db.all<{ id: string; net: number }>(sql`
    SELECT p.id, p.net_remaining_cents AS net FROM paiements p
    WHERE p.course_id = ${courseId} AND ${COLLECTED} AND p.net_remaining_cents > 0
    ORDER BY p.created_at, p.id`);
  const nets = rows.map((r) => Number(r.net));
  return { paiementIds: rows.map((r) => r.id), nets, total: nets.reduce((a, b) => a + b, 0) };
}

/** A new pending request; null when the event already has one (the partial unique index decides, atomically). */
export async function insertAdvanceRequest(
  db: Db,
  row: { id: string; courseId: string; demandePar: string; message: string | null; netRestant: number; at: string },
): Promise<string | null> {
  const inserted = await db.all<{ id: string }>(sql`
    INSERT INTO demandes_acompte (id, course_id, demande_par, message, net_restant_cents, statut, created_at)
    VALUES (${row.id}, ${row.courseId}, ${row.demandePar}, ${row.message}, ${row.netRestant}, 'en_attente', ${row.at})
    ON CONFLICT DO NOTHING RETURNING id`);
  return inserted[0]?.id ?? null;
}

export async function findAdvance(db: Db, id: string): Promise<AdvanceRow | null> {
  const rows = await db.all<AdvanceRow>(sql`${SELECT_ADVANCE} WHERE d.id = ${id} LIMIT 1`);
  return rows[0] ?? null;
}

/** An event's requests, newest first. */
export async function listEventAdvances(db: Db, courseId: string, limit = 50): Promise<AdvanceRow[]> {
  return db.all<AdvanceRow>(
    sql`${SELECT_ADVANCE} WHERE d.course_id = ${courseId} ORDER BY d.created_at DESC, d.id DESC LIMIT ${limit}`,
  );
}

/** The pending requests, oldest first (the admin's queue), each with the event's net remaining now. */
export async function listPendingAdvances(db: Db, limit = 100): Promise<(AdvanceRow & { net_actuel_cents: number })[]> {
  return db.all<AdvanceRow & { net_actuel_cents: number }>(sql`
    SELECT x.*, (SELECT coalesce(sum(p.net_remaining_cents), 0) FROM paiements p
      WHERE p.course_id = x.course_id AND ${COLLECTED} AND p.net_remaining_cents > 0) AS net_actuel_cents
    FROM (${SELECT_ADVANCE} WHERE d.statut = 'en_attente' ORDER BY d.created_at, d.id LIMIT ${limit}) x`);
}

/**
 * Decides a pending request: 'versee' at a percentage, or 'refusee' with a reason. One conditional UPDATE: of two
 * admins deciding at once, one wins; false when the request was no longer pending.
 */
export async function decideAdvance(
  db: Db,
  id: string,
  d: { statut: Exclude<AdvanceStatus, "en_attente">; pourcentage?: number; motif?: string; by: string; at: string },
): Promise<boolean> {
  const rows = await db.all<{ id: string }>(sql`
    UPDATE demandes_acompte SET statut = ${d.statut}, pourcentage = ${d.pourcentage ?? null},
      motif_refus = ${d.motif ?? null}, traite_par = ${d.by}, traite_at = ${d.at}
    WHERE id = ${id} AND statut = 'en_attente' RETURNING id`);
  return rows.length === 1;
}

/** What a released request's transfers sent (paid ones only), written on the request. */
export async function recordAdvancePaid(db: Db, id: string): Promise<number> {
  // The ids share the prefix; a range on the primary key reads only them ('~' sorts after every id character).
  const prefix = advanceTransferPrefix(id);
  const rows = await db.all<{ sent: number }>(sql`
    UPDATE demandes_acompte SET montant_verse_cents = (
      SELECT coalesce(sum(t.amount_cents - t.reversed_cents), 0) FROM transferts t
      WHERE t.id > ${prefix} AND t.id < ${`${prefix}~`} AND t.status IN ('paid', 'reversed'))
    WHERE id = ${id} RETURNING montant_verse_cents AS sent`);
  return Number(rows[0]?.sent ?? 0);
}

/** One collected payment of an event, as its finance page lists it. */
export interface EventPaymentRow {
  id: string;
  created_at: string;
  status: string;
  coureur: string | null;
  format_nom: string | null;
  amount_total_cents: number;
  refunded_cents: number;
  fee_total_cents: number;
  platform_fee_cents: number;
  transferred_total_cents: number;
  net_remaining_cents: number;
  compensation_cents: number;
}

/** An event's payments (collected, refunded), newest first, at most `limit`. */
export async function listEventPayments(db: Db, courseId: string, limit: number): Promise<EventPaymentRow[]> {
  return db.all<EventPaymentRow>(sql`
    SELECT p.id, p.created_at, p.status, trim(coalesce(i.prenom, '') || ' ' || coalesce(i.nom, '')) AS coureur,
      f.nom AS format_nom, p.amount_total_cents, p.refunded_cents, p.fee_total_cents, p.platform_fee_cents,
      p.transferred_total_cents, p.net_remaining_cents, p.compensation_cents
    FROM paiements p JOIN inscriptions i ON i.id = p.inscription_id LEFT JOIN formats f ON f.id = p.format_id
    WHERE p.course_id = ${courseId} AND ${COLLECTED}
    ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`);
}

const EVENT_TOTALS = [
  "count",
  "gross",
  "refunded",
  "fees",
  "commission",
  "transferred",
  "netRemaining",
  "compensation",
] as const;

/** The event's books: every collected payment's columns added up. */
export async function eventTotals(db: Db, courseId: string) {
  const [t] = await db.all<Record<string, number>>(sql`
    SELECT count(*) AS count, coalesce(sum(amount_total_cents), 0) AS gross, coalesce(sum(refunded_cents), 0) AS refunded,
      coalesce(sum(fee_total_cents), 0) AS fees, coalesce(sum(platform_fee_cents), 0) AS commission,
      coalesce(sum(transferred_total_cents), 0) AS transferred, coalesce(sum(net_remaining_cents), 0) AS netRemaining,
      coalesce(sum(compensation_cents), 0) AS compensation
    FROM paiements p WHERE p.course_id = ${courseId} AND ${COLLECTED}`);
  return countsOf(t, EVENT_TOTALS);
}
