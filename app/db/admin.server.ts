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
} from "~/domain/admin";
import type { AdminPaymentsFilters, PaymentMoney } from "~/domain/admin-payouts";
import { ADMIN_PAYMENTS_CAP, ADMIN_SEARCH_COUNT_CAP } from "~/domain/admin";
import type { PayoutTransfer } from "~/domain/payouts";
import { batchAll } from "./batch.server";
import { foldName } from "./identity";
import type { Db } from "./client.server";
import { parseTransfers, transfersJson } from "./payouts.server";

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
  const rows = await db.all<AdminStats>(
    sql`SELECT nb_courses, nb_formats, nb_inscriptions, nb_organisateurs, ca_brut_cents FROM admin_stats_v`,
  );
  return rows[0];
}

/**
 * The events with the highest gross revenue first (read in the order of the counters' (cle, n) index), then, when
 * fewer than `limit` have any, the newest events without revenue.
 */
export async function adminCourseKpis(db: Db, limit = ADMIN_COURSES_LIMIT): Promise<AdminCourseKpi[]> {
  // The top `limit` counters in the index's order first (no sort), then their events and other counters.
  const withRevenue = await db.all<AdminCourseKpi>(sql`
    SELECT c.id AS course_id, c.nom AS course_nom,
      coalesce((SELECT n FROM admin_totaux WHERE portee = t.portee AND cle = 'inscriptions'), 0) AS total_inscriptions,
      coalesce((SELECT n FROM admin_totaux WHERE portee = t.portee AND cle = 'inscriptions:validee'), 0) AS inscriptions_validees,
      t.n AS ca_brut_cents
    FROM (SELECT portee, n FROM admin_totaux WHERE cle = 'ca_brut_cents' AND n > 0 AND portee LIKE 'c:%' ORDER BY n DESC, portee DESC LIMIT ${limit}) t
    JOIN courses c ON c.id = substr(t.portee, 3)
    ORDER BY t.n DESC, t.portee DESC`);
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

// ---------------------------------------------------------------- search plans
/**
 * A text search can match a few rows or a great many. With few, the matches are read through the lower() indexes
 * and sorted; with many, the list is read newest first through the date index and each row is checked, which stops
 * after a page. The switch is where both cost about the same: sqrt(page × rows), at most a few thousand row visits
 * either way (docs/decisions/0120-admin-money-screens.md).
 */
export function searchSwitch(pageRows: number, tableRows: number): number {
  return Math.max(500, Math.ceil(Math.sqrt(pageRows * Math.max(1, tableRows))));
}

const SEARCH_COUNT_CAP = ADMIN_SEARCH_COUNT_CAP;

const capped = (from: SQL, cap: number) => sql`(SELECT count(*) FROM (SELECT 1 FROM ${from} LIMIT ${cap}))`;

/** Registrations whose name, first name or e-mail starts with the search: three index ranges. */
function nameRanges(q: string) {
  // Folded as the columns nom_recherche, prenom_recherche and email_recherche are (app/db/identity.ts).
  const r = searchPrefix(foldName(q));
  if (!r) return null;
  const range = (col: string) =>
    sql`${sql.raw(`${col}_recherche`)} >= ${r.from} AND ${sql.raw(`${col}_recherche`)} < ${r.to}`;
  return {
    union: sql`(SELECT id FROM inscriptions WHERE ${range("nom")} UNION SELECT id FROM inscriptions WHERE ${range("prenom")}
      UNION SELECT id FROM inscriptions WHERE ${range("email")})`,
    /** The same test on a row already read (no index). */
    rowTest: (alias: string) =>
      sql`(${range(`${alias}.nom`)} OR ${range(`${alias}.prenom`)} OR ${range(`${alias}.email`)})`,
    counts: (cap: number) => [
      capped(sql`inscriptions WHERE ${range("nom")}`, cap),
      capped(sql`inscriptions WHERE ${range("prenom")}`, cap),
      capped(sql`inscriptions WHERE ${range("email")}`, cap),
    ],
  };
}

// ---------------------------------------------------------------- /admin/inscriptions
const INSCRIPTION_COLUMNS =
  sql.raw(`v.inscription_id, v.created_at, v.statut, v.course_nom, v.format_nom, v.coureur_nom, v.coureur_prenom,
  v.coureur_email, v.dossard, v.nombre_repas, v.prix_total_repas_cents, v.montant_total_cents, v.course_id, v.format_id,
  ip.code_promo, ip.remise_cents`);

/**
 * The filters on `inscriptions i`. The most selective equality leads (format, then event, then status): the others
 * are written `+column` so that SQLite does not pick their index instead and walk a long range.
 */
function inscriptionFilters(f: AdminInscriptionsFilters): SQL[] {
  const where: SQL[] = [];
  if (f.format) where.push(sql`i.format_id = ${f.format}`);
  if (f.course) where.push(f.format ? sql`+i.course_id = ${f.course}` : sql`i.course_id = ${f.course}`);
  if (f.statut) where.push(f.format || f.course ? sql`+i.statut = ${f.statut}` : sql`i.statut = ${f.statut}`);
  if (f.du) where.push(sql`i.created_at >= ${dayStart(f.du)}`);
  if (f.au) where.push(sql`i.created_at < ${dayEndExclusive(f.au)}`);
  return where;
}

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` AND `) : sql`1`);

export interface AdminInscriptionsPage {
  rows: AdminInscriptionRow[];
  /** The number of registrations matching, or null when a broad search matches more than SEARCH_COUNT_CAP. */
  total: number | null;
  /** Cursor of the next (older) page, if any. */
  next: string | null;
  /** Cursor of the previous (newer) page, if any. */
  prev: string | null;
}

/**
 * One page, newest first, and the total. Without a search: one round trip (the page, and the total from the
 * counters or through the filter's index). With a search: a first small one measures it (index range counts).
 */
export async function listAdminInscriptions(
  db: Db,
  f: AdminInscriptionsFilters,
  opts: { plan?: "walk" | "candidates" } = {},
): Promise<AdminInscriptionsPage> {
  const filters = inscriptionFilters(f);
  const search = nameRanges(f.q);
  let walk = false;
  let countable = true;
  // Inside one event or format, its own index bounds the work: the search is a test on each of its rows.
  const narrow = !!(f.format || f.course);
  if (search && !narrow) {
    // One small round trip: the table's size (a counter) and the three index ranges, each counted up to the cap.
    const cap = SEARCH_COUNT_CAP + 1;
    const [a, b, c] = search.counts(cap);
    const [m] = await db.all<{ t: number; a: number; b: number; c: number }>(
      sql`SELECT coalesce((SELECT n FROM admin_totaux WHERE portee = '*' AND cle = 'inscriptions'), 0) AS t, ${a} AS a, ${b} AS b, ${c} AS c`,
    );
    const upper = Number(m.a) + Number(m.b) + Number(m.c);
    walk = opts.plan ? opts.plan === "walk" : upper > searchSwitch(f.taille + 1, Number(m.t));
    countable = upper <= SEARCH_COUNT_CAP;
  }
  const where = [...filters];
  const searchTest = search ? (narrow || walk ? search.rowTest("i") : sql`i.id IN ${search.union}`) : null;
  if (searchTest) where.push(searchTest);
  const backwards = !f.after && !!f.before;
  if (f.after) where.push(sql`(i.created_at, i.id) < (${f.after.created_at}, ${f.after.id})`);
  else if (f.before) where.push(sql`(i.created_at, i.id) > (${f.before.created_at}, ${f.before.id})`);
  const dir = backwards ? "ASC" : "DESC";
  const hint = walk ? sql.raw("INDEXED BY inscriptions_created_idx") : sql``;
  const inner = sql`SELECT i.id FROM inscriptions i ${hint} WHERE ${and(where)} ORDER BY i.created_at ${sql.raw(dir)}, i.id ${sql.raw(dir)} LIMIT ${f.taille + 1}`;
  const totalQuery =
    !search && !f.du && !f.au && !f.format
      ? sql`SELECT coalesce((SELECT n FROM admin_totaux WHERE portee = ${f.course ? `c:${f.course}` : "*"} AND cle = ${f.statut ? `inscriptions:${f.statut}` : "inscriptions"}), 0) AS total`
      : countable
        ? sql`SELECT count(*) AS total FROM inscriptions i WHERE ${and([...filters, ...(search ? [narrow ? search.rowTest("i") : sql`i.id IN ${search.union}`] : [])])}`
        : sql`SELECT NULL AS total`;
  const [found, totals] = await batchAll<[AdminInscriptionRow[], { total: number | null }[]]>(db, [
    sql`SELECT ${INSCRIPTION_COLUMNS} FROM admin_inscriptions_v v JOIN inscriptions ip ON ip.id = v.inscription_id
      WHERE v.inscription_id IN (${inner})
      ORDER BY v.created_at ${sql.raw(dir)}, v.inscription_id ${sql.raw(dir)}`,
    totalQuery,
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
  const total = totals[0]?.total;
  return {
    rows: page.map((r) => ({
      ...r,
      nombre_repas: Number(r.nombre_repas),
      prix_total_repas_cents: Number(r.prix_total_repas_cents),
      montant_total_cents: Number(r.montant_total_cents),
      remise_cents: Number(r.remise_cents ?? 0),
    })),
    total: total == null ? null : Number(total),
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
export async function adminFilterOptions(
  db: Db,
  input: { courseQ: string; course: string },
): Promise<{ courses: Option[]; formats: Option[] }> {
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
  /** The promo code of the payment's registration and its discount (ADR 0214): the gross is what was paid. */
  code_promo: string | null;
  remise_cents: number | null;
  /** The payment's transfers (the payout line reads them: app/domain/payout-line.ts). */
  transfers: PayoutTransfer[];
}

const PAYMENT_COLUMNS =
  sql.raw(`v.id, v.created_at, v.status, v.course_id, v.course_nom, v.format_nom, v.format_date, v.coureur_email,
  v.coureur_nom, v.coureur_prenom, v.destination_account_id, v.charge_id, v.amount_total_cents, v.fee_total_cents,
  v.platform_fee_cents, v.transferred_total_cents, v.refunded_cents, v.net_remaining_cents,
  (SELECT p.payout_due_on FROM paiements p WHERE p.id = v.id) AS payout_due_on,
  (SELECT p.compensation_cents FROM paiements p WHERE p.id = v.id) AS compensation_cents,
  (SELECT i.code_promo FROM paiements p JOIN inscriptions i ON i.id = p.inscription_id WHERE p.id = v.id) AS code_promo,
  (SELECT i.remise_cents FROM paiements p JOIN inscriptions i ON i.id = p.inscription_id WHERE p.id = v.id) AS remise_cents`);

/** Payments matching the search: runner's name or e-mail, event or format name, charge id (all by first letters). */
function paymentSearch(q: string) {
  const people = nameRanges(q);
  const r = searchPrefix(q);
  if (!people || !r) return null;
  const raw = q.trim();
  const chargeTo = raw.slice(0, -1) + String.fromCodePoint(raw.codePointAt(raw.length - 1)! + 1);
  const courses = sql`(SELECT id FROM courses WHERE lower(nom) >= ${r.from} AND lower(nom) < ${r.to})`;
  const formatsIn = sql`(SELECT id FROM formats WHERE lower(nom) >= ${r.from} AND lower(nom) < ${r.to})`;
  return {
    union: sql`(SELECT id FROM paiements WHERE inscription_id IN ${people.union}
      UNION SELECT id FROM paiements WHERE course_id IN ${courses}
      UNION SELECT id FROM paiements WHERE format_id IN ${formatsIn}
      UNION SELECT id FROM paiements WHERE charge_id >= ${raw} AND charge_id < ${chargeTo})`,
    rowTestJoined: sql`(${people.rowTest("i")}
      OR (lower(c.nom) >= ${r.from} AND lower(c.nom) < ${r.to}) OR (lower(f.nom) >= ${r.from} AND lower(f.nom) < ${r.to})
      OR (p.charge_id >= ${raw} AND p.charge_id < ${chargeTo}))`,
    counts: (cap: number) => [
      ...people.counts(cap),
      capped(sql`paiements WHERE course_id IN ${courses}`, cap),
      capped(sql`paiements WHERE format_id IN ${formatsIn}`, cap),
      capped(sql`paiements WHERE charge_id >= ${raw} AND charge_id < ${chargeTo}`, cap),
    ],
  };
}

/**
 * The newest payments (at most 300) matching the filters, with each one's transfers: one round trip, plus a
 * small one first when there is a search (see searchSwitch).
 */
export async function listAdminPayments(
  db: Db,
  f: AdminPaymentsFilters,
  opts: { plan?: "walk" | "candidates" } = {},
): Promise<AdminPaymentRow[]> {
  const where: SQL[] = [];
  // The event's index leads when an event is chosen; the status' otherwise.
  if (f.course) where.push(sql`p.course_id = ${f.course}`);
  if (f.status) where.push(f.course ? sql`+p.status = ${f.status}` : sql`p.status = ${f.status}`);
  if (f.du) where.push(sql`p.created_at >= ${dayStart(f.du)}`);
  if (f.au) where.push(sql`p.created_at < ${dayEndExclusive(f.au)}`);
  const search = paymentSearch(f.q);
  let walk = false;
  if (search && f.course) where.push(search.rowTestJoined);
  else if (search) {
    // One small round trip: the table's size (its last rowid: payments are never deleted) and the candidates of each
    // part of the search, each counted up to the cap.
    const cap = SEARCH_COUNT_CAP + 1;
    const [m] = await db.all<{ t: number; n: number }>(
      sql`SELECT coalesce((SELECT max(rowid) FROM paiements), 0) AS t, ${sql.join(search.counts(cap), sql` + `)} AS n`,
    );
    walk = opts.plan ? opts.plan === "walk" : Number(m.n) > searchSwitch(ADMIN_PAYMENTS_CAP, Number(m.t));
    where.push(walk ? search.rowTestJoined : sql`p.id IN ${search.union}`);
  }
  // A test on each row needs the runner's, event's and format's names: joined (by primary key) only then.
  const joins =
    walk || (search && f.course)
      ? sql`JOIN inscriptions i ON i.id = p.inscription_id JOIN courses c ON c.id = p.course_id LEFT JOIN formats f ON f.id = p.format_id`
      : sql``;
  const hint = walk ? sql.raw("INDEXED BY paiements_created_idx") : sql``;
  const inner = sql`SELECT p.id FROM paiements p ${hint} ${joins} WHERE ${and(where)} ORDER BY p.created_at DESC, p.id DESC LIMIT ${ADMIN_PAYMENTS_CAP}`;
  const rows = await db.all<Omit<AdminPaymentRow, "transfers"> & { transfers_json: string | null }>(sql`
    SELECT ${PAYMENT_COLUMNS}, ${transfersJson(sql.raw("v.id"))} AS transfers_json FROM admin_paiements_v v
    WHERE v.id IN (${inner}) ORDER BY v.created_at DESC, v.id DESC`);
  return rows.map(({ transfers_json, ...r }) => ({ ...r, transfers: parseTransfers(transfers_json) }));
}

/** Payments whose books do not balance (read through a partial index that holds only them: empty when all is well). */
export async function unbalancedPayments(
  db: Db,
  limit = 100,
): Promise<(PaymentMoney & { id: string; created_at: string })[]> {
  return db.all(sql`
    SELECT id, created_at, amount_total_cents, fee_total_cents, platform_fee_cents, transferred_total_cents, refunded_cents,
      net_remaining_cents, compensation_cents
    FROM paiements INDEXED BY paiements_unbalanced_idx
    WHERE amount_total_cents <> refunded_cents + fee_total_cents + platform_fee_cents + transferred_total_cents + net_remaining_cents + compensation_cents
    LIMIT ${limit}`);
}

// ---------------------------------------------------------------- charts
export interface DayRow {
  jour: string;
  inscriptions: number;
  ca_brut_cents: number;
}

/** The per-day counters of a scope ('*' or 'c:<course id>') from `fromDay` on: at most 90 rows. */
export async function dailyCounters(db: Db, scope: string, fromDay: string): Promise<DayRow[]> {
  return db.all<DayRow>(
    sql`SELECT jour, inscriptions, ca_brut_cents FROM admin_jours WHERE portee = ${scope} AND jour >= ${fromDay} ORDER BY jour`,
  );
}

export async function courseName(db: Db, courseId: string): Promise<Option | null> {
  const rows = await db.all<Option>(sql`SELECT id, nom FROM courses WHERE id = ${courseId}`);
  return rows[0] ?? null;
}
