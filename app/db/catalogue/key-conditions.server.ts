// The conditions a catalogue walk checks on each walked event's key before it reads the event's row: its text
// (the terms in the walked index entry, or the text index's list of matches).
import { sql, type SQL } from "drizzle-orm";
import { isSubstringWord, type TextMatch } from "./text-search";

/**
 * A condition on the event whose id is the SQL expression given, which a walk checks first, on the id its index
 * gives, before it reads the event's row (decision 0162: reading the rows of the events a broad text search skips
 * was most of its cost).
 */
export type KeyCondition = (key: WalkKey) => SQL;

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
export function keyConditions(first: KeyCondition[], courseId: string, searchId: string | null = null): SQL {
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
export function textMatchesRowSql(match: TextMatch): KeyCondition {
  const matches = sql`(${matchedRowidsSql(match)})`;
  return ({ courseId, searchId }) => sql`${searchId ?? searchIdOf(courseId)} IN ${matches}`;
}

/**
 * The text indexes' rowids (course_search_ids.id) of the events matching the text (decision 0211): the trigram
 * index's matches for the longer words, the word index's for the shorter ones, both when both kinds were typed.
 */
export function matchedRowidsSql(match: TextMatch): SQL {
  const prefix = (m: string) => sql`SELECT courses_fts.rowid AS rowid FROM courses_fts WHERE courses_fts MATCH ${m}`;
  if (match.substring === null) return match.prefix === null ? sql`SELECT NULL AS rowid WHERE 0` : prefix(match.prefix);
  const substring = sql`SELECT courses_trigram.rowid AS rowid FROM courses_trigram WHERE courses_trigram MATCH ${match.substring}`;
  // `+ 0`: the short word's list is read once and checked per match; as a rowid constraint SQLite would instead look
  // each of its rowids up in the trigram index (seconds at 100,000 events). Only for a search mixing a one- or
  // two-letter word with a word whose folding this code does not know (text-plan.server.ts).
  return match.prefix === null
    ? substring
    : sql`${substring} AND courses_trigram.rowid + 0 IN (${prefix(match.prefix)})`;
}

/**
 * The event's terms hold every word, checked in the summary's terms (' cretes rando vosges ', each term after a
 * space), which the walks' indexes carry: nothing is read but the walked index entry (decision 0174). A word of at
 * least SUBSTRING_MIN_CHARS characters may stand anywhere inside a term ('lanques' in ' calanques '), a shorter one
 * starts a term (' de'), as the text indexes match them (decision 0211).
 */
export function termsInEntrySql(terms: string[]): KeyCondition {
  return ({ terms: column }) =>
    sql.join(
      terms.map((t) => sql`instr(${column}, ${isSubstringWord(t) ? t : ` ${t}`}) > 0`),
      sql` AND `,
    );
}

/** The text-index rowid of the event whose id is the SQL expression given. */
function searchIdOf(courseId: SQL): SQL {
  return sql`(SELECT m.id FROM course_search_ids m WHERE m.course_id = ${courseId})`;
}
