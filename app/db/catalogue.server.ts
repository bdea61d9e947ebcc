// Catalogue repositories: home, /courses, event page, /formats, sitemap. Filtering, sorting and paging
// happen in SQL, with a fixed number of queries per page whatever the number of results (no N+1).
// Per-event aggregates come from course_stats (kept by triggers, migrations/0003_catalogue.sql).
import { sql, type SQL } from "drizzle-orm";
import { DISTANCE_BANDS, ELEVATION_BANDS, LIST_MAX_ROWS } from "~/domain/catalogue";
import type { CourseFilters } from "~/domain/filters";
import { batchAll } from "./batch.server";
import { placesTakenSql, waitingCountSql } from "./registration-store/capacity.server";
import type { Db } from "./client.server";

const DATE_OK = sql.raw(`'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`);

/** Next date of the event whose stats are aliased `stats` (default `s`): the first format date on or after today. */
function nextDateSql(today: string, stats = "s"): SQL {
  const s = sql.raw(stats);
  return sql`CASE WHEN ${s}.first_date >= ${today} THEN ${s}.first_date
    WHEN ${s}.last_date >= ${today} THEN (SELECT min(fd.date) FROM formats fd WHERE fd.course_id = ${s}.course_id AND fd.date >= ${today} AND fd.date GLOB ${DATE_OK})
    END`;
}

/**
 * The event (its stats `s`) has a next date (from today) within `from` (today or later) and `au`: a last date on or
 * after `from`, which is enough when `from` is today and there is no `au`; else its next date, computed.
 */
function nextDateWithinSql(from: string, au: string | null, today: string): SQL {
  const next = nextDateSql(today);
  const dates = [sql`s.last_date >= ${from}`];
  if (from > today || au !== null) dates.push(sql`${next} >= ${from}`);
  if (au !== null) dates.push(sql`${next} <= ${au}`);
  return sql.join(dates, sql` AND `);
}

/** Complet for the event whose id is `courseId`: it has formats and every one is capped and full (1/0). */
function isFullSql(courseId: SQL, nowIso: string): SQL {
  return sql`(SELECT CASE WHEN count(*) = 0 THEN 0
      WHEN sum(CASE WHEN ff.nb_max_coureurs IS NULL OR ${placesTakenSql(sql.raw("ff.id"), nowIso)} < ff.nb_max_coureurs THEN 1 ELSE 0 END) = 0 THEN 1
      ELSE 0 END
    FROM formats ff WHERE ff.course_id = ${courseId})`;
}

function minPaidPriceSql(courseId: SQL): SQL {
  return sql`(SELECT min(fp.prix_cents) FROM formats fp WHERE fp.course_id = ${courseId} AND fp.prix_cents > 0)`;
}

/** What a card shows. Booleans come back from SQLite as 0/1. */
export interface CourseCard {
  id: string;
  slug: string;
  nom: string;
  lieu: string;
  departement: string;
  lat: number | null;
  lng: number | null;
  image_url: string | null;
  created_at: string;
  nb_formats: number | null;
  min_distance: number | null;
  max_distance: number | null;
  min_dplus: number | null;
  max_dplus: number | null;
  min_price_cents: number | null;
  /** Lowest price above 0 (null when every format is free): a free kids' race must not read "dès 0,00 €". */
  min_paid_price_cents: number | null;
  has_meals: number | null;
  next_date: string | null;
  is_full: number;
  /** "route,trail" */
  types: string | null;
}

const CARD_COLUMNS = sql.raw(`c.id, c.slug, c.nom, c.lieu, c.departement, c.lat, c.lng, c.image_url, c.created_at,
  s.nb_formats, s.min_distance, s.max_distance, s.min_dplus, s.max_dplus, s.min_price_cents, s.has_meals, s.types`);

/** Home: the newest online events (ties by id, descending) with their summary and badges, in one query. */
export async function newestOnlineCourses(db: Db, limit: number, today: string, nowIso: string): Promise<CourseCard[]> {
  return db.all<CourseCard>(sql`
    WITH page AS MATERIALIZED (
      SELECT ${CARD_COLUMNS}, ${nextDateSql(today)} AS next_date
      FROM courses c LEFT JOIN course_stats s ON s.course_id = c.id
      WHERE c.en_ligne = 1
      ORDER BY c.created_at DESC, c.id DESC -- courses_online_newest_idx, read backwards: no sort
      LIMIT ${limit}
    )
    SELECT page.*, ${isFullSql(sql.raw("page.id"), nowIso)} AS is_full,
           ${minPaidPriceSql(sql.raw("page.id"))} AS min_paid_price_cents
    FROM page ORDER BY page.created_at DESC, page.id DESC`);
}

/** At most this many typed words reach the text index (a longer query adds nothing but work). */
export const SEARCH_MAX_WORDS = 8;

/**
 * The FTS5 query for what the runner typed: every word (letters and digits, accents kept for the tokenizer to
 * fold) as a quoted prefix term, all required: 'crete' → `"crete"*`, 'CRÊTES' → `"CRÊTES"*`, 'saint-loup' →
 * `"saint"* "loup"*`. Quoting leaves no FTS syntax to the user (operators, columns, NEAR, stray quotes are
 * split away as non-word characters). Null when nothing searchable was typed.
 */
export function searchMatchQuery(text: string): string | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  return words.map((w) => `"${w}"*`).join(" ");
}

/** The words of a search (letters, marks and digits, NFC), at most SEARCH_MAX_WORDS of them. */
function searchWords(text: string): string[] {
  return (text.normalize("NFC").match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, SEARCH_MAX_WORDS);
}

/**
 * The letters whose folding this code knows, each with the term letter the text index's tokenizer makes of it
 * (unicode61, remove_diacritics 2: case and accents folded). A workerd test asks FTS5 to fold every one of them
 * and compares (tests/workers/catalogue-terms.test.ts); any other character leaves the search to the text index.
 */
export const TERM_LETTERS: ReadonlyMap<string, string> = new Map(
  [..."abcdefghijklmnopqrstuvwxyz0123456789", ..."àâäáãåçéèêëíìîïñóòôöõúùûüýÿ"].flatMap((ch) => {
    const base = /[a-z0-9]/.test(ch) ? ch : ch.normalize("NFD").charAt(0);
    return ch.toUpperCase() === ch
      ? [[ch, base]]
      : [
          [ch, base],
          [ch.toUpperCase(), base],
        ];
  }) as [string, string][],
);

/**
 * The search's words as the text index's terms ('Crêtes' → 'cretes'), for the walk that checks each event's terms
 * (decisions 0167 and 0174): null when a word holds a character outside TERM_LETTERS, whose folding only the
 * text index knows, or when nothing searchable was typed.
 */
export function searchTerms(text: string): string[] | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  const terms: string[] = [];
  for (const word of words) {
    let term = "";
    for (const ch of word) {
      const folded = TERM_LETTERS.get(ch);
      if (folded === undefined) return null;
      term += folded;
    }
    terms.push(term);
  }
  return terms;
}

/**
 * A department name whose words this code splits exactly as the text index's tokenizer does: letters and digits,
 * each followed by its combining marks, between spaces, hyphens, apostrophes and dots. Organisers type the name;
 * a name with anything else (a symbol, an emoji, a private-use character) is not narrowed (decision 0165).
 */
const PLAIN_DEPARTMENT = /^(?:[\p{L}\p{N}]\p{M}*|[\s\-'’.])*$/u;

/**
 * The text query narrowed to one department (decision 0165): the text index intersects the word's matches with the
 * events whose `departement` column holds every word of the department's name, so that the plan reading the matches
 * and the walk checking each event against them get (about) the department's matches only. The department's words
 * are whole quoted terms in any order (no positions to read, no FTS syntax from the query string), as typed (the
 * tokenizer folds case and accents on both sides); they only narrow, since both plans still check `c.departement`
 * exactly. A department without a word, or not plain, leaves the query as it is.
 */
export function matchWithinDepartment(match: string, departement: string | null): string {
  if (departement === null || !PLAIN_DEPARTMENT.test(departement)) return match;
  const words = departement.match(/(?:[\p{L}\p{N}]\p{M}*)+/gu) ?? [];
  if (words.length === 0) return match;
  return `${match} AND departement : (${words
    .slice(0, SEARCH_MAX_WORDS)
    .map((w) => `"${w}"`)
    .join(" ")})`;
}

/**
 * A condition on the event whose id is the SQL expression given, which a walk checks first, on the id its index
 * gives, before it reads the event's row (decision 0162: reading the rows of the events a broad text search skips
 * was most of its cost).
 */
type KeyCondition = (key: WalkKey) => SQL;

/**
 * The walked row's event: its id, its rowid in the text index when the walked index carries it (else null), and its
 * terms (the summary's, which the walks' indexes carry: decision 0174).
 */
interface WalkKey {
  courseId: SQL;
  searchId: SQL | null;
  terms: SQL;
}

/** The walk's key conditions on its event, each followed by AND (empty when there are none). */
function keyConditions(first: KeyCondition[], courseId: string, searchId: string | null = null): SQL {
  const key: WalkKey = {
    courseId: sql.raw(courseId),
    searchId: searchId === null ? null : sql.raw(searchId),
    terms: sql.raw("s.terms"),
  };
  return sql.join(
    first.map((k) => sql`${k(key)} AND `),
    sql``,
  );
}

/**
 * The event matches the text, for an index walk that checks each row it keeps: its key in the list of the text
 * index's matches, which SQLite reads once per statement (integer keys, a Bloom filter and an in-memory index). The
 * walks' indexes carry the event's text-index rowid (course_stats.course_search_id, kept by triggers: 0164, and
 * 0172 for the date order): the check then needs nothing but the walked index entry; the walk of past events (by
 * creation) looks the rowid up by event. A seek in the text index per walked row (`rowid = ? AND MATCH`) measured
 * far slower (about 0.5 ms a row at 10,000 events: FTS5 merges a prefix term's doclists for every lookup).
 * Reading the list costs its length, which grows with the catalogue for a word found in most events ('de', 'trail'):
 * a walk checks the event's terms in its index entry instead whenever this code knows the word's folding
 * (termsInEntrySql, decision 0174); the list is for the other words.
 */
function textMatchesRowSql(match: string): KeyCondition {
  const matches = sql`(SELECT courses_fts.rowid FROM courses_fts WHERE courses_fts MATCH ${match})`;
  return ({ courseId, searchId }) => sql`${searchId ?? searchIdOf(courseId)} IN ${matches}`;
}

/**
 * The event's terms hold every word's prefix, checked in the summary's terms (' cretes rando vosges ', each term after
 * a space), which the walks' indexes carry: nothing is read but the walked index entry (decision 0174).
 */
function termsInEntrySql(terms: string[]): KeyCondition {
  return ({ terms: column }) =>
    sql.join(
      terms.map((t) => sql`instr(${column}, ${` ${t}`}) > 0`),
      sql` AND `,
    );
}

/** The text-index rowid of the event whose id is the SQL expression given. */
function searchIdOf(courseId: SQL): SQL {
  return sql`(SELECT m.id FROM course_search_ids m WHERE m.course_id = ${courseId})`;
}

/**
 * ORDER BY of the list, on the columns of the row source aliased `p`. Ties: in date order the newest event first,
 * then the id; in price and elevation order the event's first date (an event without any dated format first, as
 * in the index), then the id (the indexes carry these ties: docs/decisions/0160-catalogue-bounded-work.md, 0162).
 */
function orderBy(tri: CourseFilters["tri"], p: string): SQL {
  const by: Record<CourseFilters["tri"], string> = {
    date: `${p}.next_date IS NULL, ${p}.next_date, ${p}.created_at DESC, ${p}.id`,
    prix: `${p}.min_price_cents IS NULL, ${p}.min_price_cents, ${p}.first_date, ${p}.id`,
    dplus: `${p}.max_dplus IS NULL, ${p}.max_dplus DESC, ${p}.first_date, ${p}.id`,
  };
  return sql.raw(by[tri]);
}

/** The narrow columns of a page's row (what the orders and the second step need), all on the event's summary. */
const NARROW = sql.raw(
  "s.course_id AS id, s.course_created_at AS created_at, s.min_price_cents AS min_price_cents, s.max_dplus AS max_dplus, s.first_date AS first_date",
);

/**
 * The walked summary (`alias`) is in the department, followed by AND (empty without a department): the condition
 * that starts a walk at its department in an index led by it (decision 0162).
 */
function inDepartmentSql(departement: string | null, alias = "s"): SQL {
  return departement === null ? sql`` : sql`${sql.raw(alias)}.departement = ${departement} AND `;
}

/** The summary's next date within the list's dates: the range of course_stats_next_date_idx a walk reads (0172). */
function nextDateRangeSql(from: string, au: string | null): SQL {
  return sql`s.next_date >= ${from}${au !== null ? sql` AND s.next_date <= ${au}` : sql``}`;
}

/** The catalogue's day, from which course_stats.next_date counts (decision 0172; '' if its row were missing). */
const CATALOGUE_DAY = sql`coalesce((SELECT j.jour FROM catalogue_jour j WHERE j.id = 1), '')`;

/**
 * The summary's next date of the event (`s`) is its next date from today (decision 0172): the row is renewed (its next
 * date, if any, is on or after today), and the catalogue's day is not after today, or else the event has no format
 * between today and that day (a request whose clock is behind the cron's). SQLite reads the day once per statement.
 */
function nextDateCurrentSql(today: string): SQL {
  return sql`(${CATALOGUE_DAY} <= ${today} OR NOT EXISTS (SELECT 1 FROM formats fx WHERE fx.course_id = s.course_id AND fx.date >= ${today} AND fx.date < ${CATALOGUE_DAY}))`;
}

/**
 * The events whose summary's next date is not their next date from today, with a last date on or after `from`: those
 * whose next date went by since the catalogue's day (the cron renews them, those first: a few, the events of the
 * days since its last run), and those with a format between today and the catalogue's day when that day is after
 * today. Their next date is computed, as the price and elevation walks do (decision 0172).
 */
function notRenewedSql(
  columns: SQL,
  where: SQL[],
  departement: string | null,
  from: string,
  au: string | null,
  today: string,
  first: KeyCondition[],
): SQL {
  const index = sql.raw(departement === null ? "course_stats_next_date_idx" : "course_stats_departement_next_date_idx");
  // Each of them sought by its key (the summary's primary key: the other conditions on `s` must not pick an index).
  return sql`SELECT ${columns} FROM course_stats s INDEXED BY sqlite_autoindex_course_stats_1
      WHERE s.course_id IN (
          SELECT s1.course_id FROM course_stats s1 INDEXED BY ${index} WHERE ${inDepartmentSql(departement, "s1")}s1.next_date < ${today} AND s1.last_date >= ${from}
          UNION ALL SELECT fx.course_id FROM formats fx WHERE fx.date >= ${today} AND fx.date < ${CATALOGUE_DAY})
        AND ${inDepartmentSql(departement)}${keyConditions(first, "s.course_id", "s.course_search_id")}${nextDateWithinSql(from, au, today)}
        AND ${sql.join(where, sql` AND `)}`;
}

/**
 * Date order with a lower date bound (`from` = the later of Du and today): events by their summary's next date,
 * newest first, then id (course_stats_next_date_idx: the page's whole order, decision 0172), the text and the filters
 * checked from the index entry; then the few events whose summary's next date is not renewed yet, their next date
 * computed, and the page sorted from both (at most `offset + limit` rows and those few). No walk of formats, no sort
 * of a growing group, whatever the number of events on a day.
 */
function dateWalkSql(
  where: SQL[],
  departement: string | null,
  from: string,
  au: string | null,
  today: string,
  limit: number,
  offset: number,
  first: KeyCondition[] = [],
): SQL {
  // With a department, only its events are walked (the same order after the department: decision 0162).
  const index = sql.raw(departement === null ? "course_stats_next_date_idx" : "course_stats_departement_next_date_idx");
  const renewed = sql`SELECT ${NARROW}, s.next_date AS next_date
      FROM course_stats s INDEXED BY ${index}
      WHERE ${inDepartmentSql(departement)}${nextDateRangeSql(from, au)}
        AND ${keyConditions(first, "s.course_id", "s.course_search_id")}${sql.join(where, sql` AND `)} AND ${nextDateCurrentSql(today)}
      ORDER BY s.next_date, s.course_created_at DESC, s.course_id
      LIMIT ${offset + limit}`;
  const others = notRenewedSql(
    sql`${NARROW}, ${nextDateSql(today)} AS next_date`,
    where,
    departement,
    from,
    au,
    today,
    first,
  );
  return sql`SELECT * FROM (SELECT * FROM (${renewed}) UNION ALL SELECT * FROM (${others})) dw
      ORDER BY ${orderBy("date", "dw")}
      LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * Price and elevation orders with a lower date bound: course_stats in the page's whole order
 * (course_stats_price_order_idx: price, first date, id; course_stats_dplus_order_idx: D+ descending, first date,
 * id), each event's next date computed on the way, past events skipped by their last date. With a lower date
 * bound every kept event has a date, hence formats and a price (NULL D+ comes last in descending order).
 */
function statsWalkSql(
  tri: "prix" | "dplus",
  where: SQL[],
  departement: string | null,
  from: string,
  au: string | null,
  today: string,
  limit: number,
  offset: number,
  first: KeyCondition[] = [],
): SQL {
  // With a department, only its events are walked, in the same order (decision 0162).
  const index = sql.raw(
    departement === null
      ? tri === "prix"
        ? "course_stats_price_order_idx"
        : "course_stats_dplus_order_idx"
      : tri === "prix"
        ? "course_stats_departement_price_idx"
        : "course_stats_departement_dplus_idx",
  );
  const order =
    tri === "prix"
      ? sql.raw("s.min_price_cents, s.first_date, s.course_id")
      : sql.raw("s.max_dplus DESC, s.first_date, s.course_id");
  const next = nextDateSql(today);
  return sql`SELECT ${NARROW}, ${next} AS next_date
      FROM course_stats s INDEXED BY ${index}
      WHERE ${inDepartmentSql(departement)}${keyConditions(first, "s.course_id", "s.course_search_id")}${nextDateWithinSql(from, au, today)}
        AND ${sql.join(where, sql` AND `)}
      ORDER BY ${order}
      LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * The events a list in date order without text counts (up to `limit`, plus the few not renewed), in no particular
 * order (decisions 0168 and 0172): the date walk's events without its order (course_stats_next_date_idx or its
 * department's, from the lower date bound, the filters checked from the index entry), then those whose summary's next
 * date is not renewed yet; every event when 'Du' and 'Au' are cleared.
 */
function countWalkSql(
  where: SQL[],
  departement: string | null,
  dated: boolean,
  from: string,
  au: string | null,
  today: string,
  limit: number,
): SQL {
  const index = sql.raw(departement === null ? "course_stats_next_date_idx" : "course_stats_departement_next_date_idx");
  const dep = inDepartmentSql(departement);
  if (!dated)
    return sql`SELECT 1 FROM course_stats s INDEXED BY ${index} WHERE ${dep}${sql.join(where, sql` AND `)} LIMIT ${limit}`;
  const renewed = sql`SELECT 1 FROM course_stats s INDEXED BY ${index}
      WHERE ${dep}${nextDateRangeSql(from, au)} AND ${sql.join(where, sql` AND `)} AND ${nextDateCurrentSql(today)}
      LIMIT ${limit}`;
  return sql`SELECT * FROM (${renewed}) UNION ALL ${notRenewedSql(sql`1`, where, departement, from, au, today, [])}`;
}

/**
 * 'Du' cleared (an empty 'Du': events without an upcoming date are listed too), in the page's order, through the
 * same indexes (decision 0162). With 'Au', an event needs a next date up to it: the walks from today. Otherwise, in
 * date order, the events with a next date (the walk from today) and then those without one, newest first
 * (courses_online_created_desc_idx: created_at DESC, id, the page's ties); in price and elevation order, every
 * event in the index's order, whatever its dates (events without a price, i.e. without formats, last).
 */
function clearedWalkSql(
  tri: CourseFilters["tri"],
  where: SQL[],
  departement: string | null,
  au: string | null,
  today: string,
  limit: number,
  offset: number,
  first: KeyCondition[] = [],
): SQL {
  if (au !== null)
    return tri === "date"
      ? dateWalkSql(where, departement, today, au, today, limit, offset, first)
      : statsWalkSql(tri, where, departement, today, au, today, limit, offset, first);
  const next = nextDateSql(today);
  if (tri === "date") {
    const upcoming = dateWalkSql(where, departement, today, null, today, offset + limit, 0, first);
    const past = sql`SELECT ${NARROW}, NULL AS next_date
      FROM courses c INDEXED BY courses_online_created_desc_idx CROSS JOIN course_stats s ON s.course_id = c.id
      WHERE c.en_ligne = 1 AND ${keyConditions(first, "c.id")}(s.last_date IS NULL OR s.last_date < ${today}) AND ${sql.join(where, sql` AND `)}
      ORDER BY c.created_at DESC, c.id
      LIMIT ${offset + limit}`;
    return sql`SELECT * FROM (${upcoming}) UNION ALL SELECT * FROM (${past}) LIMIT ${limit} OFFSET ${offset}`;
  }
  const index = (byDepartement: string, all: string) => sql.raw(departement === null ? all : byDepartement);
  const dep = inDepartmentSql(departement);
  const arm = (idx: SQL, cond: SQL, order: SQL) => sql`SELECT ${NARROW}, ${next} AS next_date
      FROM course_stats s INDEXED BY ${idx}
      WHERE ${dep}${cond} AND ${keyConditions(first, "s.course_id", "s.course_search_id")}${sql.join(where, sql` AND `)}
      ORDER BY ${order}
      LIMIT ${offset + limit}`;
  if (tri === "dplus")
    // Descending D+ puts events without formats (NULL) last, as the page's order does.
    return sql`SELECT * FROM (${arm(
      index("course_stats_departement_dplus_idx", "course_stats_dplus_order_idx"),
      sql`1`,
      sql.raw("s.max_dplus DESC, s.first_date, s.course_id"),
    )}) LIMIT ${limit} OFFSET ${offset}`;
  const priceIdx = index("course_stats_departement_price_idx", "course_stats_price_order_idx");
  const priceOrder = sql.raw("s.min_price_cents, s.first_date, s.course_id");
  return sql`SELECT * FROM (${arm(priceIdx, sql`s.min_price_cents IS NOT NULL`, priceOrder)})
    UNION ALL SELECT * FROM (${arm(priceIdx, sql`s.min_price_cents IS NULL`, priceOrder)})
    LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * Every event of `source` (a FROM clause giving the summary `s`) with its next date, filtered, sorted and paged:
 * the plan for a few text matches (at most TEXT_DIRECT_MAX of them) and for a list without a lower date bound.
 */
function directSql(
  source: SQL,
  tri: CourseFilters["tri"],
  where: SQL[],
  dateWhere: SQL[],
  today: string,
  limit: number,
  offset: number,
): SQL {
  return sql`SELECT b.* FROM (
        SELECT ${NARROW}, ${nextDateSql(today)} AS next_date
        FROM ${source}
        WHERE ${sql.join(where, sql` AND `)}
      ) b
      ${dateWhere.length ? sql`WHERE ${sql.join(dateWhere, sql` AND `)}` : sql``}
      ORDER BY ${orderBy(tri, "b")}
      LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * A text search reads its matches directly (and sorts them) when there are at most this many, whatever the size of
 * the catalogue; with more, it reads them directly only while that costs less than walking the page's index and
 * checking each row in the text index (TEXT_DIRECT_FACTOR), and never more than TEXT_DIRECT_CAP of them.
 */
export const TEXT_DIRECT_MAX = 200;

/**
 * Sorting M matches costs about M; the walk, which must find LIST_MAX_ROWS + 1 of them among events in the page's
 * order, visits about N / M events per match, i.e. N / M in all up to a constant: the two meet at M ≈ k·√N. Reading
 * directly is chosen while M² ≤ k²·N, N being the number of events (admin_totaux keeps it). Measured on the catalogue
 * bench's data (decisions 0163 and 0164; about 2 to 3 µs per match read directly): k = 10 in date order (a walk of
 * formats, each checked for being its event's next one), 5 by price or elevation (a walk of events, whose index
 * carries the text-index rowid since 0164: 4,000 matches at 100,000 events walked in 4.6 ms, read in 13 ms).
 */
export const TEXT_DIRECT_FACTOR: Record<CourseFilters["tri"], number> = { date: 10, prix: 5, dplus: 5 };

/** The most matches a search reads directly (its statement counts up to one more to decide). */
export const TEXT_DIRECT_CAP = 6000;

/** A point of the map view: every filtered event with coordinates, not only the page's (no card columns). */
export interface CourseMarker {
  slug: string;
  nom: string;
  lieu: string;
  departement: string;
  lat: number;
  lng: number;
}

/** The map never receives more points than this (the first ones in the list's order: decision 0176). */
export const MAP_MAX_MARKERS = LIST_MAX_ROWS;

/** The map's points from the list statement's JSON array of [slug, nom, lieu, departement, lat, lng]. */
function markersFromJson(json: string | null): CourseMarker[] {
  if (json === null) return [];
  return (JSON.parse(json) as [string, string, string, string, number, number][]).map(
    ([slug, nom, lieu, departement, lat, lng]) => ({ slug, nom, lieu, departement, lat, lng }),
  );
}

export interface CourseListResult {
  rows: CourseCard[];
  /** A next page exists (one extra row is read) and is within LIST_MAX_ROWS. */
  hasNext: boolean;
  /** How many events match the filters, all pages together, counted up to LIST_MAX_ROWS (docs/decisions/0112). */
  total: number;
  /** More than LIST_MAX_ROWS events match: `total` is LIST_MAX_ROWS. */
  totalCapped: boolean;
  /** The page asked for starts beyond LIST_MAX_ROWS: it is not read. */
  tooDeep: boolean;
  departements: string[];
  /** Map view only (`f.vue === "carte"`): the first LIST_MAX_ROWS matching events with coordinates, in the list's order; else null. */
  markers: CourseMarker[] | null;
}

/**
 * /courses: the filtered, sorted page of online events (spec section 5), the number of matching events (up to
 * LIST_MAX_ROWS), the department choices and, for the map view, the matching events' coordinates. Two
 * statements in one batch (the map's points come with the page: decision 0176), whatever the filters and the page. With a lower date bound (the
 * default), each statement walks an index in the page's order and reads a bounded number of rows whatever the
 * size of the catalogue (docs/decisions/0025 and 0160).
 */
export async function listCourses(db: Db, f: CourseFilters, today: string, nowIso: string): Promise<CourseListResult> {
  // Every condition is on the event's summary (its copies of the event's columns: decisions 0162 and 0172).
  const where: SQL[] = [sql`s.en_ligne = 1`];
  const q = f.q.trim();
  const words = q ? searchMatchQuery(q) : null;
  const match = words === null ? null : matchWithinDepartment(words, f.departement);
  const terms = searchTerms(q);
  if (q && words === null) where.push(sql`0`);
  if (f.departement) where.push(sql`s.departement = ${f.departement}`);
  // The event's types, on its summary (decision 0169).
  if (f.type) where.push(sql`instr(',' || s.types || ',', ${`,${f.type},`}) > 0`);
  if (f.distance) {
    const b = DISTANCE_BANDS[f.distance];
    where.push(sql`s.max_distance >= ${b.min}`);
    if (b.max !== null) where.push(sql`s.min_distance <= ${b.max}`);
  }
  if (f.denivele) {
    const b = ELEVATION_BANDS[f.denivele];
    where.push(sql`s.max_dplus >= ${b.min}`);
    if (b.max !== null) where.push(sql`s.min_dplus <= ${b.max}`);
  }
  if (f.repas) where.push(sql`s.has_meals = 1`);
  const dateWhere: SQL[] = [];
  if (f.du) dateWhere.push(sql`next_date >= ${f.du}`);
  if (f.au) dateWhere.push(sql`next_date <= ${f.au}`);
  const offset = (f.page - 1) * f.taille;
  const tooDeep = offset >= LIST_MAX_ROWS;
  const tri = f.tri;
  const from = f.du !== null && f.du > today ? f.du : today;

  // The matching events in the page's order, `limit` of them after `offset`.
  let ctes: SQL[] = [];
  let selection: (limit: number, offset: number, order: CourseFilters["tri"]) => SQL;
  {
    const walk = (limit: number, off: number, order: CourseFilters["tri"], first: KeyCondition[]) =>
      f.du === null
        ? clearedWalkSql(order, where, f.departement, f.au, today, limit, off, first)
        : order === "date"
          ? dateWalkSql(where, f.departement, from, f.au, today, limit, off, first)
          : statsWalkSql(order, where, f.departement, from, f.au, today, limit, off, first);
    if (match === null) {
      selection = (limit, off, order) => walk(limit, off, order, []);
    } else {
      // A few matches are read directly; many are found by walking the page's index, checking each walked event's
      // terms in its index entry (0174), or the list of matches for a word whose folding only the text index knows.
      // Both plans are in the statement, each guarded by the number of matches through its LIMIT (0 for the plan not
      // taken: its loop never starts).
      // The number of events, never below 0 (a counter gone wrong must not stop the search).
      const events = sql`max(coalesce((SELECT a.n FROM admin_totaux a WHERE a.portee = '*' AND a.cle = 'courses'), 0), 0)`;
      ctes = [
        sql`text_ids AS (SELECT m.course_id AS id FROM courses_fts CROSS JOIN course_search_ids m ON m.id = courses_fts.rowid WHERE courses_fts MATCH ${match} LIMIT ${TEXT_DIRECT_CAP + 1})`,
        // The number of matches (up to TEXT_DIRECT_CAP + 1), from the text index alone: the ids are read only by the
        // plan that reads them directly (a CTE is made on its first use; the other plan's LIMIT 0 never reaches it).
        // The words alone, without the department: the plan is chosen by the cost model of the whole catalogue
        // (decision 0165), which counts the word's matches in the whole catalogue.
        sql`text_n(n) AS (SELECT count(*) FROM (SELECT 1 FROM courses_fts WHERE courses_fts MATCH ${words} LIMIT ${TEXT_DIRECT_CAP + 1}))`,
      ];
      // Each plan runs only when its guard holds: a LIMIT of 0 skips a loop before its first row, whereas a
      // subquery in WHERE is checked on every row (SQLite does not hoist it), which walked the whole index for a
      // search with few matches.
      const only = (guard: SQL) => sql`CASE WHEN ${guard} THEN -1 ELSE 0 END`;
      const few = (order: CourseFilters["tri"]) => {
        const k = TEXT_DIRECT_FACTOR[order];
        return sql`(SELECT n <= ${TEXT_DIRECT_MAX} OR (n <= ${TEXT_DIRECT_CAP} AND n * n <= ${k * k} * ${events}) FROM text_n)`;
      };
      const source = sql`text_ids t CROSS JOIN course_stats s ON s.course_id = t.id`;
      selection = (limit, off, order) => {
        const direct = sql`SELECT * FROM (SELECT * FROM (${directSql(source, order, where, dateWhere, today, limit, off)}) LIMIT ${only(few(order))})`;
        const walked = walk(limit, off, order, [terms === null ? textMatchesRowSql(match) : termsInEntrySql(terms)]);
        return sql`${direct} UNION ALL SELECT * FROM (SELECT * FROM (${walked}) LIMIT ${only(sql`NOT ${few(order)}`)})`;
      };
    }
  }
  const withCtes = (...more: SQL[]) => {
    const all = [...ctes, ...more];
    return all.length ? sql`WITH ${sql.join(all, sql`, `)}` : sql``;
  };
  // One walk of the page's plan, up to one row more than LIST_MAX_ROWS (in the page's order, whose index is
  // walked), gives both the count and the page: the page is a slice of it, and only its rows get the full columns.
  // Except in date order without text, for a page short of that depth: the page's walk reads only as far as the page
  // (each kept event's row), and the count walks the index entries alone (decisions 0168 and 0172). (A text search's walks check the text of each row, which costs the same in either walk: measured.)
  // The count's one row is the left side of the join, so that it comes back even when the page is empty (a page
  // past the last one); the page's rows carry it too.
  // The map's points are the walk's first LIST_MAX_ROWS events, in the page's order (decision 0176): the walk then
  // reads that far, and the count comes from it.
  const map = f.vue === "carte";
  const countApart = !map && match === null && tri === "date" && offset + f.taille + 1 <= LIST_MAX_ROWS;
  const counted = countApart
    ? sql`(${countWalkSql(where, f.departement, f.du !== null || f.au !== null, from, f.au, today, LIST_MAX_ROWS + 1)})`
    : sql`walk`;
  const pageLimit = tooDeep ? 0 : Math.min(f.taille + 1, LIST_MAX_ROWS - offset);
  // The map's points, as one JSON array of [slug, nom, lieu, departement, lat, lng] on the statement's first row only
  // (the count's row when the page is empty), so that the walk is read once for the page, the count and the map.
  const points = map
    ? [
        sql`pts AS MATERIALIZED (SELECT json_group_array(json_array(c.slug, c.nom, c.lieu, c.departement, c.lat, c.lng)) AS j
          FROM (SELECT w.id FROM walk w ORDER BY ${orderBy(tri, "w")} LIMIT ${MAP_MAX_MARKERS}) w
          CROSS JOIN courses c ON c.id = w.id WHERE c.lat IS NOT NULL AND c.lng IS NOT NULL)`,
      ]
    : [];
  const pointsColumn = map
    ? sql`CASE WHEN p.id IS NULL OR p.id = (SELECT p1.id FROM page p1 ORDER BY ${orderBy(tri, "p1")} LIMIT 1) THEN (SELECT j FROM pts) END`
    : sql`NULL`;
  const list = sql`
    ${withCtes(
      sql`walk AS MATERIALIZED (${selection(countApart ? offset + f.taille + 1 : LIST_MAX_ROWS + 1, 0, tri)})`,
      sql`page AS MATERIALIZED (SELECT * FROM walk w ORDER BY ${orderBy(tri, "w")} LIMIT ${pageLimit} OFFSET ${tooDeep ? 0 : offset})`,
      ...points,
    )}
    SELECT ${CARD_COLUMNS}, p.next_date AS next_date,
           ${isFullSql(sql.raw("p.id"), nowIso)} AS is_full,
           ${minPaidPriceSql(sql.raw("p.id"))} AS min_paid_price_cents, n.n AS matching, ${pointsColumn} AS points
    FROM (SELECT count(*) AS n FROM ${counted}) n LEFT JOIN page p ON 1 LEFT JOIN courses c ON c.id = p.id
      LEFT JOIN course_stats s ON s.course_id = p.id
    ORDER BY ${orderBy(tri, "p")}`;
  // Departments with an online event: a skip-scan of the departement index (one seek per department).
  const deps = sql`
    WITH RECURSIVE d(departement) AS (
      SELECT min(departement) FROM courses
      UNION ALL
      SELECT (SELECT min(c2.departement) FROM courses c2 WHERE c2.departement > d.departement) FROM d WHERE d.departement IS NOT NULL
    )
    SELECT departement FROM d
    WHERE departement IS NOT NULL AND EXISTS (SELECT 1 FROM courses c3 WHERE c3.departement = d.departement AND c3.en_ligne = 1)
    ORDER BY departement`;
  const [listRows, depRows] = await batchAll<
    [(CourseCard & { matching: number; points: string | null })[], { departement: string }[]]
  >(db, [list, deps]);
  const n = Number(listRows[0]?.matching ?? 0);
  const rows: CourseCard[] = listRows.filter((r) => r.id != null).map(({ matching: _n, points: _p, ...card }) => card);
  return {
    rows: rows.slice(0, f.taille),
    hasNext: rows.length > f.taille && offset + f.taille < LIST_MAX_ROWS,
    total: Math.min(n, LIST_MAX_ROWS),
    totalCapped: n > LIST_MAX_ROWS,
    tooDeep,
    departements: depRows.map((d) => d.departement),
    markers: map ? markersFromJson(listRows.find((r) => r.points != null)?.points ?? null) : null,
  };
}

export interface CourseDetail {
  id: string;
  slug: string;
  nom: string;
  presentation: string | null;
  lieu: string;
  departement: string;
  code_postal: string;
  lat: number | null;
  lng: number | null;
  image_url: string | null;
  organisateur_id: string;
  en_ligne: number;
  created_at: string;
  updated_at: string;
  organisation_nom: string | null;
  /** The organiser's payment account (never sent to the browser: see canTakePayments). */
  organiser_account_id: string | null;
  organiser_charges_enabled: number | null;
}

export interface FormatDetail {
  id: string;
  course_id: string;
  nom: string;
  image_url: string | null;
  date: string | null;
  heure_depart: string | null;
  presentation_parcours: string | null;
  gpx_url: string | null;
  type_epreuve: string;
  distance_km: number | null;
  denivele_dplus: number | null;
  denivele_dmoins: number | null;
  adresse_depart: string | null;
  adresse_arrivee: string | null;
  prix_cents: number;
  stock_repas: number;
  prix_repas_cents: number;
  prix_total_inscription_cents: number;
  ravitaillements: string | null;
  remise_dossards: string | null;
  dotation: string | null;
  reglement_pdf_url: string | null;
  nb_max_coureurs: number | null;
  age_minimum: number | null;
  hebergements: string | null;
  position: number;
  /** Places taken (validated + unexpired pending holds). */
  taken: number;
  /** The format's waiting list is on, and how many runners wait on it (issue 20). */
  liste_attente_active: number;
  waiting: number;
  /** The organiser's opening and closing times of registrations (issue 21). */
  ouverture_inscriptions: string | null;
  cloture_inscriptions: string | null;
  /** The organiser's draw of the first minutes' arrivals (0: none). */
  tirage_minutes: number;
  /** Places held by a checkout in progress (or an offer): counted as taken, but not for good (issue 21). */
  held: number;
  /** Bib transfer rules (issue 22). */
  cession_active: number;
  cession_cloture: string | null;
  cession_frais_cents: number;
  cession_dossard_suit: number;
  cession_repas_suivent: number;
}

/**
 * Event page: the event (by id or slug) and its formats with places taken, in one batch of two statements, plus
 * the statements `also(courseId)` gives for the same event (the discussion's), read in the same round trip;
 * `courseId` is an SQL expression of the event's id. Their rows come back in `also`, in order.
 */
export async function getCourseWithFormats<Also extends unknown[] = []>(
  db: Db,
  idOrSlug: string,
  nowIso: string,
  also: (courseId: SQL) => SQL[] = () => [],
): Promise<{ course: CourseDetail; formats: FormatDetail[]; also: Also } | null> {
  const courseId = sql`(SELECT cc.id FROM courses cc WHERE cc.id = ${idOrSlug} OR cc.slug = ${idOrSlug} LIMIT 1)`;
  const course = sql`
    SELECT c.id, c.slug, c.nom, c.presentation, c.lieu, c.departement, c.code_postal, c.lat, c.lng, c.image_url,
           c.organisateur_id, c.en_ligne, c.created_at, c.updated_at, p.organisation_nom,
           p.stripe_account_id AS organiser_account_id, p.stripe_charges_enabled AS organiser_charges_enabled
    FROM courses c LEFT JOIN profils_utilisateurs p ON p.user_id = c.organisateur_id
    WHERE c.id = ${idOrSlug} OR c.slug = ${idOrSlug}
    LIMIT 1`;
  const formats = sql`
    SELECT f.id, f.course_id, f.nom, f.image_url, f.date, f.heure_depart, f.presentation_parcours, f.gpx_url, f.type_epreuve,
           f.distance_km, f.denivele_dplus, f.denivele_dmoins, f.adresse_depart, f.adresse_arrivee, f.prix_cents, f.stock_repas,
           f.prix_repas_cents, f.prix_total_inscription_cents, f.ravitaillements, f.remise_dossards, f.dotation,
           f.reglement_pdf_url, f.nb_max_coureurs, f.age_minimum, f.hebergements, f.position,
           ${placesTakenSql(sql.raw("f.id"), nowIso)} AS taken, f.liste_attente_active, ${waitingCountSql(sql.raw("f.id"))} AS waiting,
           f.ouverture_inscriptions, f.cloture_inscriptions, f.tirage_minutes,
           f.cession_active, f.cession_cloture, f.cession_frais_cents, f.cession_dossard_suit, f.cession_repas_suivent,
           (SELECT count(*) FROM inscriptions i_held WHERE i_held.format_id = f.id AND i_held.statut = 'en_attente' AND i_held.hold_expires_at > ${nowIso}) AS held
    FROM formats f
    WHERE f.course_id = ${courseId}
    ORDER BY f.date IS NULL, f.date, f.heure_depart, f.position, f.id`;
  const [courses, formatRows, ...rest] = await batchAll<[CourseDetail[], FormatDetail[], ...unknown[]]>(db, [
    course,
    formats,
    ...also(courseId),
  ]);
  const c = courses[0];
  if (!c) return null;
  return { course: c, formats: formatRows, also: rest as Also };
}

export interface FormatRow {
  id: string;
  nom: string;
  date: string;
  heure_depart: string | null;
  distance_km: number | null;
  denivele_dplus: number | null;
  denivele_dmoins: number | null;
  prix_cents: number;
  type_epreuve: string;
  course_id: string;
  course_slug: string;
  course_nom: string;
  lieu: string;
}

/**
 * /formats: upcoming formats of online events by start date and time; `hasNext` from one extra row. Like the
 * list, it reads at most LIST_MAX_ROWS formats deep (the walk of formats_date_idx passes every earlier row): a
 * page beyond says so (`tooDeep`) and reads nothing.
 */
export async function listUpcomingFormats(
  db: Db,
  today: string,
  page: number,
  size: number,
): Promise<{ rows: FormatRow[]; hasNext: boolean; tooDeep: boolean }> {
  const offset = (page - 1) * size;
  const tooDeep = offset >= LIST_MAX_ROWS;
  const limit = tooDeep ? 0 : Math.min(size + 1, LIST_MAX_ROWS - offset);
  const rows = await db.all<FormatRow>(sql`
    SELECT f.id, f.nom, f.date, f.heure_depart, f.distance_km, f.denivele_dplus, f.denivele_dmoins, f.prix_cents, f.type_epreuve,
           c.id AS course_id, c.slug AS course_slug, c.nom AS course_nom, c.lieu
    FROM formats f CROSS JOIN courses c ON c.id = f.course_id -- formats first: the date index gives the order
    WHERE f.date >= ${today} AND c.en_ligne = 1
    ORDER BY f.date, f.heure_depart
    LIMIT ${limit} OFFSET ${tooDeep ? 0 : offset}`);
  return { rows: rows.slice(0, size), hasNext: rows.length > size && offset + size < LIST_MAX_ROWS, tooDeep };
}

/**
 * The cron's renewal of the summaries' next dates (decision 0172): the catalogue's day moves to `today` (never back),
 * then the next dates that went by before it are counted again from it, at most `limit` rows a run (the rows of the
 * events whose date passed since the last run: a few hundred a day at 100,000 events). Returns how many it renewed.
 * Until renewed, the walks read such a row apart and compute its next date.
 */
export async function renewNextDates(db: Db, today: string, limit: number): Promise<number> {
  const [, renewed] = await batchAll<[unknown[], unknown[]]>(db, [
    sql`INSERT INTO catalogue_jour (id, jour) VALUES (1, ${today})
      ON CONFLICT (id) DO UPDATE SET jour = excluded.jour WHERE excluded.jour > catalogue_jour.jour`,
    // A write of null: the summary's trigger counts the next date again from the day (migration 0042).
    sql`UPDATE course_stats SET next_date = NULL
      WHERE course_id IN (SELECT s.course_id FROM course_stats s INDEXED BY course_stats_next_date_idx WHERE s.next_date < ${CATALOGUE_DAY} LIMIT ${limit})
      RETURNING course_id`,
  ]);
  return renewed.length;
}

/**
 * The sitemap (decision 0175), in one round trip: the highest row number of the events (one seek; null: none yet)
 * and, for a part, the online events whose row number is in (`after`, `upTo`], by row number.
 */
export async function readSitemap(
  db: Db,
  range: { after: number; upTo: number } | null,
): Promise<{ maxRowid: number | null; courses: { slug: string; updated_at: string }[] }> {
  const statements = [sql`SELECT max(rowid) AS m FROM courses`];
  // NOT INDEXED: the range of row numbers, never the index of online events (which would read them all).
  if (range !== null)
    statements.push(sql`SELECT slug, updated_at FROM courses NOT INDEXED
      WHERE rowid > ${range.after} AND rowid <= ${range.upTo} AND en_ligne = 1 ORDER BY rowid`);
  const [[row], courses = []] = await batchAll<[{ m: number | null }[], { slug: string; updated_at: string }[]?]>(
    db,
    statements,
  );
  return { maxRowid: row?.m ?? null, courses };
}
