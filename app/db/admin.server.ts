// Admin reads (spec section 7, admin calls). Every screen is one D1 round trip (a batch), read through indexes:
// the counters of admin_totaux / admin_jours (kept by triggers, migrations/0013) instead of counting every
// registration, keyset paging instead of offsets, name and e-mail search by first letters on lower() indexes.
// docs/decisions/0120-admin-money-screens.md has the query plans.
import { sql, type SQL } from "drizzle-orm";
import {
  dayEndExclusive,
  dayStart,
  encodeCursor,
  searchPrefix,
  type AdminInscriptionRow,
  type AdminInscriptionsFilters,
  type AdminPaymentsFilters,
  type PaymentMoney,
} from "~/domain/admin";
import { ADMIN_PAYMENTS_CAP } from "~/domain/admin";
import { batchAll } from "./batch.server";
import type { Db } from "./client.server";

export interface AdminStats {
  nb_courses: number;
  nb_formats: number;
  nb_inscriptions: number;
  nb_organisateurs: number;
  ca_brut_cents: number;
}

export interface AdminCourseKpi {
  course_id: string;
  course_nom: string;
  total_inscriptions: number;
  inscriptions_validees: number;
  ca_brut_cents: number;
}

export const ADMIN_COURSES_LIMIT = 100;
/** Courses offered in the admin filters' list (the rest are found by typing the start of their name). */
export const ADMIN_COURSE_OPTIONS = 200;

export async function adminStats(db: Db): Promise<AdminStats> {
  const rows = await db.all<AdminStats>(sql`SELECT nb_courses, nb_formats, nb_inscriptions, nb_organisateurs, ca_brut_cents FROM admin_stats_v`);
  return rows[0];
}

/**
 * The events with the highest gross revenue first (read in the order of the counters' (cle, n) index), then, when
 * fewer than `limit` have any, the newest events without revenue.
 */
export async function adminCourseKpis(db: Db, limit = ADMIN_COURSES_LIMIT): Promise<AdminCourseKpi[]> {
  const withRevenue = await db.all<AdminCourseKpi>(sql`
    SELECT c.id AS course_id, c.nom AS course_nom,
      coalesce((SELECT n FROM admin_totaux WHERE portee = t.portee AND cle = 'inscriptions'), 0) AS total_inscriptions,
      coalesce((SELECT n FROM admin_totaux WHERE portee = t.portee AND cle = 'inscriptions:validee'), 0) AS inscriptions_validees,
      t.n AS ca_brut_cents
    FROM admin_totaux t JOIN courses c ON c.id = substr(t.portee, 3)
    WHERE t.cle = 'ca_brut_cents' AND t.n > 0 AND t.portee LIKE 'c:%'
    ORDER BY t.n DESC, c.nom LIMIT ${limit}`);
  if (withRevenue.length >= limit) return withRevenue;
  const rest = await db.all<AdminCourseKpi>(sql`
    SELECT c.id AS course_id, c.nom AS course_nom,
      coalesce((SELECT n FROM admin_totaux WHERE portee = 'c:' || c.id AND cle = 'inscriptions'), 0) AS total_inscriptions,
      coalesce((SELECT n FROM admin_totaux WHERE portee = 'c:' || c.id AND cle = 'inscriptions:validee'), 0) AS inscriptions_validees,
      0 AS ca_brut_cents
    FROM courses c
    WHERE NOT EXISTS (SELECT 1 FROM admin_totaux t WHERE t.portee = 'c:' || c.id AND t.cle = 'ca_brut_cents' AND t.n > 0)
    ORDER BY c.created_at DESC LIMIT ${limit - withRevenue.length}`);
  return [...withRevenue, ...rest];
}

// ---------------------------------------------------------------- /admin/inscriptions
const INSCRIPTION_COLUMNS = sql.raw(`v.inscription_id, v.created_at, v.statut, v.course_nom, v.format_nom, v.coureur_nom, v.coureur_prenom,
  v.coureur_email, v.dossard, v.nombre_repas, v.prix_total_repas_cents, v.montant_total_cents, v.course_id, v.format_id`);

/** Registrations whose name, first name or e-mail starts with the search (three index ranges). */
function inscriptionsMatching(q: string): SQL | null {
  const r = searchPrefix(q);
  if (!r) return null;
  return sql`(SELECT id FROM inscriptions WHERE lower(nom) >= ${r.from} AND lower(nom) < ${r.to}
    UNION SELECT id FROM inscriptions WHERE lower(prenom) >= ${r.from} AND lower(prenom) < ${r.to}
    UNION SELECT id FROM inscriptions WHERE lower(email) >= ${r.from} AND lower(email) < ${r.to})`;
}

function inscriptionConditions(f: AdminInscriptionsFilters, alias: "v" | "i"): SQL[] {
  const col = (name: string) => sql.raw(`${alias}.${alias === "v" && name === "id" ? "inscription_id" : name}`);
  const where: SQL[] = [];
  if (f.statut) where.push(sql`${col("statut")} = ${f.statut}`);
  if (f.course) where.push(sql`${col("course_id")} = ${f.course}`);
  if (f.format) where.push(sql`${col("format_id")} = ${f.format}`);
  if (f.du) where.push(sql`${col("created_at")} >= ${dayStart(f.du)}`);
  if (f.au) where.push(sql`${col("created_at")} < ${dayEndExclusive(f.au)}`);
  const matching = inscriptionsMatching(f.q);
  if (matching) where.push(sql`${col("id")} IN ${matching}`);
  return where;
}

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` AND `) : sql`1`);

/**
 * The total: from the counters when only the status and the event filter the list, else counted through the index
 * of the filter (a format, a date range or the search's matches).
 */
function inscriptionsTotal(f: AdminInscriptionsFilters): SQL {
  if (!f.q && !f.du && !f.au && !f.format) {
    const scope = f.course ? `c:${f.course}` : "*";
    const key = f.statut ? `inscriptions:${f.statut}` : "inscriptions";
    return sql`SELECT coalesce((SELECT n FROM admin_totaux WHERE portee = ${scope} AND cle = ${key}), 0) AS total`;
  }
  return sql`SELECT count(*) AS total FROM inscriptions i WHERE ${and(inscriptionConditions(f, "i"))}`;
}

export interface AdminInscriptionsPage {
  rows: AdminInscriptionRow[];
  total: number;
  /** Cursor of the next (older) page, if any. */
  next: string | null;
  /** Cursor of the previous (newer) page, if any. */
  prev: string | null;
}

/** One page, newest first, and the total: one round trip. */
export async function listAdminInscriptions(db: Db, f: AdminInscriptionsFilters): Promise<AdminInscriptionsPage> {
  const where = inscriptionConditions(f, "v");
  const backwards = !f.after && !!f.before;
  if (f.after) where.push(sql`(v.created_at, v.inscription_id) < (${f.after.created_at}, ${f.after.id})`);
  else if (f.before) where.push(sql`(v.created_at, v.inscription_id) > (${f.before.created_at}, ${f.before.id})`);
  const order = backwards ? sql.raw("v.created_at ASC, v.inscription_id ASC") : sql.raw("v.created_at DESC, v.inscription_id DESC");
  const [found, totals] = await batchAll<[AdminInscriptionRow[], { total: number }[]]>(db, [
    sql`SELECT ${INSCRIPTION_COLUMNS} FROM admin_inscriptions_v v WHERE ${and(where)} ORDER BY ${order} LIMIT ${f.taille + 1}`,
    inscriptionsTotal(f),
  ]);
  const more = found.length > f.taille;
  const page = found.slice(0, f.taille);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const cursor = (r: AdminInscriptionRow) => encodeCursor({ created_at: r.created_at, id: r.inscription_id });
  // Going forward, a newer page exists when we came from one; going back, an older one always does.
  const hasNext = backwards ? true : more;
  const hasPrev = backwards ? more : !!f.after;
  return {
    rows: page.map((r) => ({ ...r, nombre_repas: Number(r.nombre_repas), prix_total_repas_cents: Number(r.prix_total_repas_cents), montant_total_cents: Number(r.montant_total_cents) })),
    total: Number(totals[0]?.total ?? 0),
    next: hasNext && last ? cursor(last) : null,
    prev: hasPrev && first ? cursor(first) : null,
  };
}

export interface Option {
  id: string;
  nom: string;
}

/**
 * The filters' choices: events by name (the first ADMIN_COURSE_OPTIONS, or those starting with `courseQ`, always
 * with the chosen one), and the chosen event's formats by name. One round trip.
 */
export async function adminFilterOptions(db: Db, input: { courseQ: string; course: string }): Promise<{ courses: Option[]; formats: Option[] }> {
  const r = searchPrefix(input.courseQ);
  const range = r ? sql`lower(nom) >= ${r.from} AND lower(nom) < ${r.to}` : sql`1`;
  const [courses, chosen, formats] = await batchAll<[Option[], Option[], Option[]]>(db, [
    sql`SELECT id, nom FROM courses WHERE ${range} ORDER BY lower(nom) LIMIT ${ADMIN_COURSE_OPTIONS}`,
    sql`SELECT id, nom FROM courses WHERE id = ${input.course}`,
    sql`SELECT id, nom FROM formats WHERE course_id = ${input.course} ORDER BY lower(nom)`,
  ]);
  const list = chosen[0] && !courses.some((c) => c.id === chosen[0].id) ? [chosen[0], ...courses] : courses;
  return { courses: list, formats };
}

// ---------------------------------------------------------------- /admin/payouts
export interface AdminPaymentRow extends PaymentMoney {
  id: string;
  created_at: string;
  status: string;
  course_id: string;
  course_nom: string;
  format_nom: string | null;
  format_date: string | null;
  coureur_email: string | null;
  coureur_nom: string | null;
  coureur_prenom: string | null;
  destination_account_id: string | null;
  charge_id: string | null;
  payout_due_on: string | null;
  last_transfer_status: string | null;
  last_transfer_reason: string | null;
  last_transfer_at: string | null;
}

/** Payments matching the search: runner's name or e-mail, event or format name, charge id (all by first letters). */
function paymentsMatching(q: string): SQL | null {
  const r = searchPrefix(q);
  const people = inscriptionsMatching(q);
  if (!r || !people) return null;
  const raw = q.trim();
  const chargeTo = raw.slice(0, -1) + String.fromCodePoint(raw.codePointAt(raw.length - 1)! + 1);
  return sql`(SELECT id FROM paiements WHERE inscription_id IN ${people}
    UNION SELECT p.id FROM paiements p WHERE p.course_id IN (SELECT id FROM courses WHERE lower(nom) >= ${r.from} AND lower(nom) < ${r.to})
    UNION SELECT p.id FROM paiements p WHERE p.format_id IN (SELECT id FROM formats WHERE lower(nom) >= ${r.from} AND lower(nom) < ${r.to})
    UNION SELECT id FROM paiements WHERE charge_id >= ${raw} AND charge_id < ${chargeTo})`;
}

const PAYMENT_COLUMNS = sql.raw(`v.id, v.created_at, v.status, v.course_id, v.course_nom, v.format_nom, v.format_date, v.coureur_email,
  v.coureur_nom, v.coureur_prenom, v.destination_account_id, v.charge_id, v.amount_total_cents, v.fee_total_cents,
  v.platform_fee_cents, v.transferred_total_cents, v.refunded_cents, v.net_remaining_cents,
  (SELECT p.payout_due_on FROM paiements p WHERE p.id = v.id) AS payout_due_on,
  lt.status AS last_transfer_status, lt.failure_reason AS last_transfer_reason, lt.created_at AS last_transfer_at`);

/** The newest payments (at most 300) matching the filters, with each one's last transfer. One round trip. */
export async function listAdminPayments(db: Db, f: AdminPaymentsFilters, ids: readonly string[] = []): Promise<AdminPaymentRow[]> {
  const where: SQL[] = [];
  if (f.status) where.push(sql`v.status = ${f.status}`);
  if (f.course) where.push(sql`v.course_id = ${f.course}`);
  if (f.du) where.push(sql`v.created_at >= ${dayStart(f.du)}`);
  if (f.au) where.push(sql`v.created_at < ${dayEndExclusive(f.au)}`);
  const matching = paymentsMatching(f.q);
  if (matching) where.push(sql`v.id IN ${matching}`);
  if (ids.length) where.push(sql`v.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  const rows = await db.all<AdminPaymentRow>(sql`
    SELECT ${PAYMENT_COLUMNS} FROM admin_paiements_v v
    LEFT JOIN transferts lt ON lt.id = (SELECT t.id FROM transferts t WHERE t.paiement_id = v.id ORDER BY t.created_at DESC, t.id DESC LIMIT 1)
    WHERE ${and(where)} ORDER BY v.created_at DESC, v.id DESC LIMIT ${ADMIN_PAYMENTS_CAP}`);
  return rows;
}

/** Payments whose books do not balance (read through a partial index that holds only them: empty when all is well). */
export async function unbalancedPayments(db: Db, limit = 100): Promise<(PaymentMoney & { id: string; created_at: string })[]> {
  return db.all(sql`
    SELECT id, created_at, amount_total_cents, fee_total_cents, platform_fee_cents, transferred_total_cents, refunded_cents, net_remaining_cents
    FROM paiements
    WHERE amount_total_cents <> refunded_cents + fee_total_cents + platform_fee_cents + transferred_total_cents + net_remaining_cents
    LIMIT ${limit}`);
}

export interface PayoutLine {
  id: string;
  created_at: string;
  amount_cents: number;
  status: string;
  failure_reason: string | null;
  kind: string;
  course_id: string;
  course_nom: string;
  organisateur_id: string | null;
  organisateur: string | null;
}

/** The automatic J+1 payouts, newest first (the transfers' created_by index). */
export async function listAutoPayouts(db: Db, actor: string, limit = 50): Promise<PayoutLine[]> {
  return db.all<PayoutLine>(sql`
    SELECT t.id, t.created_at, t.amount_cents, t.status, t.failure_reason, t.kind, c.id AS course_id, c.nom AS course_nom,
      p.organisateur_id, coalesce(nullif(trim(o.organisation_nom), ''), nullif(trim(coalesce(o.prenom, '') || ' ' || coalesce(o.nom, '')), ''), o.email) AS organisateur
    FROM transferts t JOIN paiements p ON p.id = t.paiement_id JOIN courses c ON c.id = p.course_id
    LEFT JOIN profils_utilisateurs o ON o.user_id = p.organisateur_id
    WHERE t.created_by = ${actor}
    ORDER BY t.created_at DESC LIMIT ${limit}`);
}

/** An organiser's payouts (every transfer of their payments), newest first. */
export async function listOrganiserPayouts(db: Db, organisateurId: string, limit = 50): Promise<PayoutLine[]> {
  return db.all<PayoutLine>(sql`
    SELECT t.id, t.created_at, t.amount_cents, t.status, t.failure_reason, t.kind, c.id AS course_id, c.nom AS course_nom,
      p.organisateur_id, NULL AS organisateur
    FROM paiements p JOIN transferts t ON t.paiement_id = p.id JOIN courses c ON c.id = p.course_id
    WHERE p.organisateur_id = ${organisateurId}
    ORDER BY t.created_at DESC LIMIT ${limit}`);
}

// ---------------------------------------------------------------- charts
export interface DayRow {
  jour: string;
  inscriptions: number;
  ca_brut_cents: number;
}

/** The per-day counters of a scope ('*' or 'c:<course id>') from `fromDay` on: at most 90 rows. */
export async function dailyCounters(db: Db, scope: string, fromDay: string): Promise<DayRow[]> {
  return db.all<DayRow>(sql`SELECT jour, inscriptions, ca_brut_cents FROM admin_jours WHERE portee = ${scope} AND jour >= ${fromDay} ORDER BY jour`);
}

export async function courseName(db: Db, courseId: string): Promise<Option | null> {
  const rows = await db.all<Option>(sql`SELECT id, nom FROM courses WHERE id = ${courseId}`);
  return rows[0] ?? null;
}
