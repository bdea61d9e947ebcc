// The catalogue's shared SQL fragments: an event's next date and its summary's, its "complet" and lowest paid
// price, a card's columns, the list's orders. Per-event aggregates come from course_stats (kept by triggers,
// migrations/0003_catalogue.sql).
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { FormatSpans } from "~/domain/catalogue";
import type { CourseFilters } from "~/domain/filters";
import { storedFile } from "~/domain/paths";
import { placesHeldSql, placesTakenSql } from "../registration-store/capacity.server";

const DATE_OK = sql.raw(`'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`);

/** Next date of the event whose stats are aliased `stats` (default `s`): the first format date on or after today. */
export function nextDateSql(today: string, stats = "s"): SQL {
  const s = sql.raw(stats);
  return sql`CASE WHEN ${s}.first_date >= ${today} THEN ${s}.first_date
    WHEN ${s}.last_date >= ${today} THEN (SELECT min(fd.date) FROM formats fd WHERE fd.course_id = ${s}.course_id AND fd.date >= ${today} AND fd.date GLOB ${DATE_OK})
    END`;
}

/**
 * The event (its stats `s`) has a next date (from today) within `from` (today or later) and `au`: a last date on or
 * after `from`, which is enough when `from` is today and there is no `au`; else its next date, computed.
 */
export function nextDateWithinSql(from: string, au: string | null, today: string): SQL {
  const next = nextDateSql(today);
  const dates = [sql`s.last_date >= ${from}`];
  if (from > today || au !== null) dates.push(sql`${next} >= ${from}`);
  if (au !== null) dates.push(sql`${next} <= ${au}`);
  return sql.join(dates, sql` AND `);
}

/**
 * Complet for the event whose id is `courseId`: it has formats and every one is capped and full for good (1/0): places
 * held by unpaid checkouts may come back, so they do not make it 'Complet' (issue 42; fullness in the registration rules).
 */
export function isFullSql(courseId: SQL, nowIso: string): SQL {
  const id = sql.raw("ff.id");
  return sql`(SELECT CASE WHEN count(*) = 0 THEN 0
      WHEN sum(CASE WHEN ff.nb_max_coureurs IS NULL OR ${placesTakenSql(id, nowIso)} - ${placesHeldSql(id, nowIso)} < ff.nb_max_coureurs THEN 1 ELSE 0 END) = 0 THEN 1
      ELSE 0 END
    FROM formats ff WHERE ff.course_id = ${courseId})`;
}

export function minPaidPriceSql(courseId: SQL): SQL {
  return sql`(SELECT min(fp.prix_cents) FROM formats fp WHERE fp.course_id = ${courseId} AND fp.prix_cents > 0)`;
}

/** A stored file's URL starts with this; the rest is its key (app/domain/uploads.ts, keyFromUrl). */
const FILE_URL_PREFIX_LENGTH = storedFile("").length;

/**
 * The sizes made of the stored image at `urlColumn` (its `fichiers` row's variants, decision 0223): null while none
 * was tried or when the address is not a stored file. One lookup by primary key per row it is read for. The column
 * is SQL text ("c.image_url") or a drizzle column.
 */
export function imageVariantsSql(urlColumn: string | SQLWrapper): SQL<string | null> {
  const url = typeof urlColumn === "string" ? sql.raw(urlColumn) : urlColumn;
  return sql<
    string | null
  >`(SELECT fi.variants FROM fichiers fi WHERE fi.key = substr(${url}, ${FILE_URL_PREFIX_LENGTH + 1}))`;
}

/** What a card shows. Booleans come back from SQLite as 0/1. */
export interface CourseCard extends FormatSpans {
  id: string;
  slug: string;
  nom: string;
  lieu: string;
  departement: string;
  lat: number | null;
  lng: number | null;
  image_url: string | null;
  /** The image's sizes made (imageVariantsSql). */
  image_variants: string | null;
  created_at: string;
  nb_formats: number | null;
  has_meals: number | null;
  next_date: string | null;
  is_full: number;
  /** "route,trail" */
  types: string | null;
}

export const CARD_COLUMNS = sql`c.id, c.slug, c.nom, c.lieu, c.departement, c.lat, c.lng, c.image_url,
  ${imageVariantsSql("c.image_url")} AS image_variants, c.created_at,
  s.nb_formats, s.min_distance, s.max_distance, s.min_dplus, s.max_dplus, s.min_price_cents, s.has_meals, s.types`;
/**
 * ORDER BY of the list, on the columns of the row source aliased `p`. Ties: in date order the newest event first,
 * then the id; in price and elevation order the event's first date (an event without any dated format first, as
 * in the index), then the id (the indexes carry these ties: docs/decisions/0160-catalogue-bounded-work.md, 0162).
 */
export function orderBy(tri: CourseFilters["tri"], p: string): SQL {
  const by: Record<CourseFilters["tri"], string> = {
    date: `${p}.next_date IS NULL, ${p}.next_date, ${p}.created_at DESC, ${p}.id`,
    prix: `${p}.min_price_cents IS NULL, ${p}.min_price_cents, ${p}.first_date, ${p}.id`,
    dplus: `${p}.max_dplus IS NULL, ${p}.max_dplus DESC, ${p}.first_date, ${p}.id`,
  };
  return sql.raw(by[tri]);
}

/** The narrow columns of a page's row (what the orders and the second step need), all on the event's summary. */
export const NARROW = sql.raw(
  "s.course_id AS id, s.course_created_at AS created_at, s.min_price_cents AS min_price_cents, s.max_dplus AS max_dplus, s.first_date AS first_date",
);

/**
 * The walked summary (`alias`) is in the department, followed by AND (empty without a department): the condition
 * that starts a walk at its department in an index led by it (decision 0162).
 */
export function inDepartmentSql(departement: string | null, alias = "s"): SQL {
  return departement === null ? sql`` : sql`${sql.raw(alias)}.departement = ${departement} AND `;
}

/** The summary's next date within the list's dates: the range of course_stats_next_date_idx a walk reads (0172). */
export function nextDateRangeSql(from: string, au: string | null): SQL {
  return sql`s.next_date >= ${from}${au !== null ? sql` AND s.next_date <= ${au}` : sql``}`;
}

/** The catalogue's day, from which course_stats.next_date counts (decision 0172; '' if its row were missing). */
export const CATALOGUE_DAY = sql`coalesce((SELECT j.jour FROM catalogue_jour j WHERE j.id = 1), '')`;

/**
 * The summary's next date of the event (`s`) is its next date from today (decision 0172): the row is renewed (its next
 * date, if any, is on or after today), and the catalogue's day is not after today, or else the event has no format
 * between today and that day (a request whose clock is behind the cron's). SQLite reads the day once per statement.
 */
export function nextDateCurrentSql(today: string): SQL {
  return sql`(${CATALOGUE_DAY} <= ${today} OR NOT EXISTS (SELECT 1 FROM formats fx WHERE fx.course_id = s.course_id AND fx.date >= ${today} AND fx.date < ${CATALOGUE_DAY}))`;
}
