// /courses: the filtered, sorted and paged list of online events, its count, its department choices and its map.
// Filtering, sorting and paging happen in SQL, with a fixed number of queries per page whatever the number of
// results (no N+1); the walks that read the indexes are in walks.server.ts, the text search's plans in
// text-plan.server.ts.
import { sql, type SQL } from "drizzle-orm";
import { DISTANCE_BANDS, ELEVATION_BANDS, LIST_MAX_ROWS } from "~/domain/catalogue";
import type { CourseFilters } from "~/domain/filters";
import { batchAll } from "../batch.server";
import type { Db } from "../client.server";
import { type CourseMarker, mapPointsColumnSql, mapPointsSql, markersFromJson } from "./map.server";
import { CARD_COLUMNS, type CourseCard, isFullSql, minPaidPriceSql, orderBy } from "./sql.server";
import { matchWithinDepartment, searchMatchQuery, searchTerms, shortWordTerms, type TextMatch } from "./text-search";
import { type Selection, textSelection, type Walk } from "./text-plan.server";
import { clearedWalkSql, countWalkSql, dateWalkSql, statsWalkSql, type WalkScope } from "./walks.server";

export interface CourseListResult {
  rows: CourseCard[];
  /** A next page exists (one extra row is read) and is within LIST_MAX_ROWS. */
  hasNext: boolean;
  /** How many events match the filters, all pages together, counted up to LIST_MAX_ROWS (docs/decisions/0112). */
  total: number;
  /** More than LIST_MAX_ROWS events match: `total` is LIST_MAX_ROWS. */
  totalCapped: boolean;
  /**
   * The page asked for starts beyond LIST_MAX_ROWS and more than LIST_MAX_ROWS events match: the list is really cut
   * there. A page past the last one of a shorter list is simply empty (tooDeep false).
   */
  tooDeep: boolean;
  departements: string[];
  /** Map view only (`f.vue === "carte"`): the first LIST_MAX_ROWS matching events with coordinates, in the list's order; else null. */
  markers: CourseMarker[] | null;
}

/**
 * The list's conditions: `where` on the event's summary (its copies of the event's columns: decisions 0162 and
 * 0172), `dateWhere` on its next date. A text that holds no searchable word matches nothing.
 */
function listConditions(f: CourseFilters, q: string, words: TextMatch | null): { where: SQL[]; dateWhere: SQL[] } {
  const where: SQL[] = [sql`s.en_ligne = 1`];
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
  return { where, dateWhere };
}

/** Departments with an online event: a skip-scan of the departement index (one seek per department). */
const DEPARTEMENTS = sql`
    WITH RECURSIVE d(departement) AS (
      SELECT min(departement) FROM courses
      UNION ALL
      SELECT (SELECT min(c2.departement) FROM courses c2 WHERE c2.departement > d.departement) FROM d WHERE d.departement IS NOT NULL
    )
    SELECT departement FROM d
    WHERE departement IS NOT NULL AND EXISTS (SELECT 1 FROM courses c3 WHERE c3.departement = d.departement AND c3.en_ligne = 1)
    ORDER BY departement`;

/**
 * /courses: the filtered, sorted page of online events (spec section 5), the number of matching events (up to
 * LIST_MAX_ROWS), the department choices and, for the map view, the matching events' coordinates. Two
 * statements in one batch (the map's points come with the page: decision 0176), whatever the filters and the page. With a lower date bound (the
 * default), each statement walks an index in the page's order and reads a bounded number of rows whatever the
 * size of the catalogue (docs/decisions/0025 and 0160).
 */
export async function listCourses(db: Db, f: CourseFilters, today: string, nowIso: string): Promise<CourseListResult> {
  const q = f.q.trim();
  const words = q ? searchMatchQuery(q) : null;
  const match = words === null ? null : matchWithinDepartment(words, f.departement);
  const terms = searchTerms(q);
  const shortTerms = shortWordTerms(q);
  const { where, dateWhere } = listConditions(f, q, words);
  const offset = (f.page - 1) * f.taille;
  const tooDeep = offset >= LIST_MAX_ROWS;
  const tri = f.tri;
  const from = f.du !== null && f.du > today ? f.du : today;

  // The matching events in the page's order, `limit` of them after `offset`.
  const scope: WalkScope = { where, departement: f.departement, from, au: f.au, today };
  const walk: Walk = (limit, off, order, first) =>
    f.du === null
      ? clearedWalkSql(order, { ...scope, first }, limit, off)
      : order === "date"
        ? dateWalkSql({ ...scope, first }, limit, off)
        : statsWalkSql(order, { ...scope, first }, limit, off);
  const { ctes, selection }: { ctes: SQL[]; selection: Selection } =
    match === null || words === null
      ? { ctes: [], selection: (limit, off, order) => walk(limit, off, order, []) }
      : textSelection(match, words, terms, shortTerms, walk, where, dateWhere, today);
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
    ? sql`(${countWalkSql(scope, f.du !== null || f.au !== null, LIST_MAX_ROWS + 1)})`
    : sql`walk`;
  const pageLimit = tooDeep ? 0 : Math.min(f.taille + 1, LIST_MAX_ROWS - offset);
  // The map's points, as one JSON array of [slug, nom, lieu, departement, lat, lng] on the statement's first row only
  // (the count's row when the page is empty), so that the walk is read once for the page, the count and the map.
  const points = map ? [mapPointsSql(tri)] : [];
  const pointsColumn = map ? mapPointsColumnSql(tri) : sql`NULL`;
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
  const [listRows, depRows] = await batchAll<
    [(CourseCard & { matching: number; points: string | null })[], { departement: string }[]]
  >(db, [list, DEPARTEMENTS]);
  const n = Number(listRows[0]?.matching ?? 0);
  const rows: CourseCard[] = listRows.filter((r) => r.id != null).map(({ matching: _n, points: _p, ...card }) => card);
  return {
    rows: rows.slice(0, f.taille),
    hasNext: rows.length > f.taille && offset + f.taille < LIST_MAX_ROWS,
    total: Math.min(n, LIST_MAX_ROWS),
    totalCapped: n > LIST_MAX_ROWS,
    tooDeep: tooDeep && n > LIST_MAX_ROWS,
    departements: depRows.map((d) => d.departement),
    markers: map ? markersFromJson(listRows.find((r) => r.points != null)?.points ?? null) : null,
  };
}
