// The catalogue list's walks: each reads an index in the page's own order and stops after the page, so that a page
// costs a bounded amount of work whatever the size of the catalogue (docs/decisions/0160-catalogue-bounded-work.md).
import { sql, type SQL } from "drizzle-orm";
import type { CourseFilters } from "~/domain/filters";
import { type KeyCondition, keyConditions } from "./key-conditions.server";
import {
  CATALOGUE_DAY,
  inDepartmentSql,
  NARROW,
  nextDateCurrentSql,
  nextDateRangeSql,
  nextDateSql,
  nextDateWithinSql,
  orderBy,
} from "./sql.server";

/**
 * What a walk reads: the filters' conditions (`where`), the department, the lower and upper date bounds, today, and
 * the keys it starts from (`first`: a text search's matches; none by default).
 */
export interface WalkScope {
  where: SQL[];
  departement: string | null;
  from: string;
  au: string | null;
  today: string;
  first?: KeyCondition[];
}

/**
 * The events whose summary's next date is not their next date from today, with a last date on or after `from`: those
 * whose next date went by since the catalogue's day (the cron renews them, those first: a few, the events of the
 * days since its last run), and those with a format between today and the catalogue's day when that day is after
 * today. Their next date is computed, as the price and elevation walks do (decision 0172).
 */
function notRenewedSql(columns: SQL, { where, departement, from, au, today, first = [] }: WalkScope): SQL {
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
export function dateWalkSql(scope: WalkScope, limit: number, offset: number): SQL {
  const { where, departement, from, au, today, first = [] } = scope;
  // With a department, only its events are walked (the same order after the department: decision 0162).
  const index = sql.raw(departement === null ? "course_stats_next_date_idx" : "course_stats_departement_next_date_idx");
  const renewed = sql`SELECT ${NARROW}, s.next_date AS next_date
      FROM course_stats s INDEXED BY ${index}
      WHERE ${inDepartmentSql(departement)}${nextDateRangeSql(from, au)}
        AND ${keyConditions(first, "s.course_id", "s.course_search_id")}${sql.join(where, sql` AND `)} AND ${nextDateCurrentSql(today)}
      ORDER BY s.next_date, s.course_created_at DESC, s.course_id
      LIMIT ${offset + limit}`;
  const others = notRenewedSql(sql`${NARROW}, ${nextDateSql(today)} AS next_date`, scope);
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
export function statsWalkSql(tri: "prix" | "dplus", scope: WalkScope, limit: number, offset: number): SQL {
  const { where, departement, from, au, today, first = [] } = scope;
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
export function countWalkSql(scope: WalkScope, dated: boolean, limit: number): SQL {
  const { where, departement, from, au, today } = scope;
  const index = sql.raw(departement === null ? "course_stats_next_date_idx" : "course_stats_departement_next_date_idx");
  const dep = inDepartmentSql(departement);
  if (!dated)
    return sql`SELECT 1 FROM course_stats s INDEXED BY ${index} WHERE ${dep}${sql.join(where, sql` AND `)} LIMIT ${limit}`;
  const renewed = sql`SELECT 1 FROM course_stats s INDEXED BY ${index}
      WHERE ${dep}${nextDateRangeSql(from, au)} AND ${sql.join(where, sql` AND `)} AND ${nextDateCurrentSql(today)}
      LIMIT ${limit}`;
  return sql`SELECT * FROM (${renewed}) UNION ALL ${notRenewedSql(sql`1`, { ...scope, first: [] })}`;
}

/**
 * 'Du' cleared (an empty 'Du': events without an upcoming date are listed too), in the page's order, through the
 * same indexes (decision 0162). With 'Au', an event needs a next date up to it: the walks from today. Otherwise, in
 * date order, the events with a next date (the walk from today) and then those without one, newest first
 * (courses_online_created_desc_idx: created_at DESC, id, the page's ties); in price and elevation order, every
 * event in the index's order, whatever its dates (events without a price, i.e. without formats, last).
 */
export function clearedWalkSql(
  tri: CourseFilters["tri"],
  scope: Omit<WalkScope, "from">,
  limit: number,
  offset: number,
): SQL {
  const { where, departement, au, today, first = [] } = scope;
  // The walks from today.
  const fromToday: WalkScope = { ...scope, from: today };
  if (au !== null)
    return tri === "date" ? dateWalkSql(fromToday, limit, offset) : statsWalkSql(tri, fromToday, limit, offset);
  const next = nextDateSql(today);
  if (tri === "date") {
    const upcoming = dateWalkSql(fromToday, offset + limit, 0);
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
export function directSql(
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
