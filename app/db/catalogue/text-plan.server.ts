// A text search's plans (decisions 0163 to 0165, 0174): a few matches are read directly and sorted; many are found
// by walking the page's index and checking each walked event's text. Both plans are in the statement, the number of
// matches choosing which one runs.
import { sql, type SQL } from "drizzle-orm";
import type { CourseFilters } from "~/domain/filters";
import { type KeyCondition, matchedRowidsSql, termsInEntrySql, textMatchesRowSql } from "./key-conditions.server";
import type { TextMatch } from "./text-search";
import { directSql } from "./walks.server";

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

/** The event read by the direct plan: its summary `s` (course_stats) and its terms. */
const summaryKey = { courseId: sql.raw("s.course_id"), searchId: null, terms: sql.raw("s.terms") };

/** The matching events in the page's order, `limit` of them after `offset`. */
export type Selection = (limit: number, offset: number, order: CourseFilters["tri"]) => SQL;

/** The list's walk in the page's order, checking the key conditions `first` on each walked event. */
export type Walk = (limit: number, offset: number, order: CourseFilters["tri"], first: KeyCondition[]) => SQL;

/**
 * A text search's selection and the CTEs it reads (`match` for the text index, `words` without the department,
 * `terms` when this code knows every word's folding), the list's conditions `where` and `dateWhere` applied.
 */
export function textSelection(
  match: TextMatch,
  words: TextMatch,
  terms: string[] | null,
  shortTerms: string[] | null,
  walk: Walk,
  where: SQL[],
  dateWhere: SQL[],
  today: string,
): { ctes: SQL[]; selection: Selection } {
  // A few matches are read directly; many are found by walking the page's index, checking each walked event's
  // terms in its index entry (0174), or the list of matches for a word whose folding only the text index knows.
  // Both plans are in the statement, each guarded by the number of matches through its LIMIT (0 for the plan not
  // taken: its loop never starts).
  // The number of events, never below 0 (a counter gone wrong must not stop the search).
  const events = sql`max(coalesce((SELECT a.n FROM admin_totaux a WHERE a.portee = '*' AND a.cle = 'courses'), 0), 0)`;
  // Words typed both long and short (decision 0211): the trigram index gives the longer words' matches and the
  // summary's terms check the shorter ones (or every word) on each event, when this code knows their folding; a
  // short word's list ('de': most of the catalogue) is then never read. The count, which only chooses the plan, is
  // the longer words' (at least as many).
  const longOnly = (m: TextMatch): TextMatch =>
    m.substring === null || m.prefix === null ? m : { substring: m.substring, prefix: null };
  const checked = terms ?? (match.prefix !== null && match.substring !== null ? shortTerms : null);
  const rowsMatch = checked === null ? match : longOnly(match);
  const directWhere = rowsMatch === match ? where : [...where, termsInEntrySql(checked ?? [])(summaryKey)];
  const walkChecks: KeyCondition[] =
    terms !== null
      ? [termsInEntrySql(terms)]
      : rowsMatch === match
        ? [textMatchesRowSql(match)]
        : [textMatchesRowSql(rowsMatch), termsInEntrySql(checked ?? [])];
  const ctes = [
    sql`text_ids AS (SELECT m.course_id AS id FROM (${matchedRowidsSql(rowsMatch)}) x CROSS JOIN course_search_ids m ON m.id = x.rowid LIMIT ${TEXT_DIRECT_CAP + 1})`,
    // The number of matches (up to TEXT_DIRECT_CAP + 1), from the text index alone: the ids are read only by the
    // plan that reads them directly (a CTE is made on its first use; the other plan's LIMIT 0 never reaches it).
    // The words alone, without the department: the plan is chosen by the cost model of the whole catalogue
    // (decision 0165), which counts the word's matches in the whole catalogue.
    sql`text_n(n) AS (SELECT count(*) FROM (${matchedRowidsSql(longOnly(words))} LIMIT ${TEXT_DIRECT_CAP + 1}))`,
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
  const selection: Selection = (limit, off, order) => {
    const direct = sql`SELECT * FROM (SELECT * FROM (${directSql(source, order, directWhere, dateWhere, today, limit, off)}) LIMIT ${only(few(order))})`;
    const walked = walk(limit, off, order, walkChecks);
    return sql`${direct} UNION ALL SELECT * FROM (SELECT * FROM (${walked}) LIMIT ${only(sql`NOT ${few(order)}`)})`;
  };
  return { ctes, selection };
}
