// Reads of the published results (issue 44, docs/decisions/0217): the public page (search, sort and page in SQL, in
// one round trip; a runner who chose not to appear, `resultats.anonyme`, hidden and left out of searches), the
// event's formats with results, and a runner's own results (also as the finish-time estimate's references).
import { and, asc, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import {
  type OwnResult,
  type PublicResultRow,
  type ResultSort,
  type ResultsQuery,
  RESULTS_PAGE_SIZE,
} from "~/domain/results";
import { type BatchRead, batchableAll } from "./batch.server";
import type { Db } from "./client.server";
import { foldName } from "./identity";
import { courses, formats, inscriptions, resultats, resultats_formats } from "./schema";

/** The published format with its event, for the public page; null when not published or the event is offline. */
export interface PublishedFormat {
  format_id: string;
  format_nom: string;
  date: string | null;
  type_epreuve: string;
  course_id: string;
  course_nom: string;
  course_slug: string;
  lieu: string;
  publie_at: string;
  lignes_publiees: number;
}

function publishedFormatSql(formatId: string): SQL {
  return sql`SELECT f.id AS format_id, f.nom AS format_nom, f.date, f.type_epreuve, c.id AS course_id, c.nom AS course_nom,
      c.slug AS course_slug, c.lieu, rf.publie_at, rf.lignes_publiees
    FROM resultats_formats rf JOIN formats f ON f.id = rf.format_id JOIN courses c ON c.id = f.course_id
    WHERE rf.format_id = ${formatId} AND rf.publie_at IS NOT NULL AND c.en_ligne = 1`;
}

/**
 * The public page's orders. Each is read in the order of its index (schema.ts: `resultats_ordre_*_idx`, the same
 * expressions), so a page reads its 50 rows and never sorts the format. Anonymous runners come last by name, so
 * that their place in the alphabet tells nothing.
 */
const ORDER: Record<ResultSort, string> = {
  classement: "r.classement IS NULL, r.classement, r.dossard",
  temps: "r.temps_secondes IS NULL, r.temps_secondes, r.dossard",
  nom: "r.anonyme, r.nom_tri, r.dossard",
  categorie: "r.categorie IS NULL, r.categorie, r.classement IS NULL, r.classement, r.dossard",
};

/** Escapes LIKE's wildcards in a searched text (with ESCAPE '\\'). */
function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A search: each word in the names and club (folded when published: `recherche`) or the category (LIKE ignores
 * ASCII case), among the runners who appear (`anonyme`, kept by the database): an anonymous runner never matches.
 * Both texts are in `resultats_recherche_idx`, which the search reads alone.
 */
function searchSql(q: string): SQL | null {
  const words = foldName(q).split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return null;
  const parts = words.map((w) => {
    const like = `%${likeText(w)}%`;
    return sql`(r.recherche LIKE ${like} ESCAPE '\\' OR r.categorie LIKE ${like} ESCAPE '\\')`;
  });
  return sql`r.anonyme = 0 AND ${sql.join(parts, sql` AND `)}`;
}

/**
 * The published format (null when not published or its event is offline), a page of its results and how many
 * match, in one round trip. The page's 50 ids are chosen on the indexes, then only those rows are read with the
 * registration's names of the moment. Without a search the count is the published lines'; with one, the matches are
 * read once from the search's index (the planner would otherwise walk the order's index and read every row to test
 * the text), counted by the same statement, and only they are sorted. `read`: see BatchRead (the page passes the
 * session look-up's, so that a signed-in visitor's page is one round trip too).
 */
export async function publishedResultsPage(
  db: Db,
  formatId: string,
  q: ResultsQuery,
  read: BatchRead = (queries) => db.batch(queries),
): Promise<{ format: PublishedFormat | null; rows: PublicResultRow[]; total: number }> {
  const search = searchSql(q.q);
  const offset = (q.page - 1) * RESULTS_PAGE_SIZE;
  const order = sql.raw(ORDER[q.tri]);
  const pageIds = search
    ? sql`SELECT r.id, count(*) OVER () AS total FROM resultats r INDEXED BY resultats_recherche_idx
        WHERE r.format_id = ${formatId} AND ${search}`
    : sql`SELECT r.id, NULL AS total FROM resultats r WHERE r.format_id = ${formatId}`;
  const [formats, rows] = await read([
    batchableAll<PublishedFormat>(db, publishedFormatSql(formatId)),
    batchableAll<PublicResultRow & { total: number | null }>(
      db,
      sql`WITH p AS MATERIALIZED (${pageIds} ORDER BY ${order} LIMIT ${RESULTS_PAGE_SIZE} OFFSET ${offset})
        SELECT r.anonyme, CASE WHEN r.anonyme THEN NULL ELSE r.dossard END AS dossard,
          r.temps_secondes, r.classement, r.rang_categorie, r.categorie, r.statut,
          CASE WHEN r.anonyme THEN NULL ELSE coalesce(i.nom, r.nom) END AS nom,
          CASE WHEN r.anonyme THEN NULL ELSE coalesce(i.prenom, r.prenom) END AS prenom,
          CASE WHEN r.anonyme THEN NULL ELSE coalesce(i.club, r.club) END AS club, p.total
        FROM p JOIN resultats r ON r.id = p.id LEFT JOIN inscriptions i ON i.id = r.inscription_id
        ORDER BY ${order}`,
    ),
  ]);
  const format = formats[0] ?? null;
  if (!format) return { format, rows: [], total: 0 };
  // A search's page past its last match has no row to carry the count: nothing matched there.
  const total = search ? Number(rows[0]?.total ?? 0) : Number(format.lignes_publiees);
  return { format, rows: rows.map(({ total: _, ...row }) => row), total };
}

/** The format whose id is the SQL expression `formatId` has its results published (1) or not (0). */
export function resultsPublishedSql(formatId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM resultats_formats rf WHERE rf.format_id = ${formatId} AND rf.publie_at IS NOT NULL)`;
}

/** The published results of these registrations (the runner's own: the caller scopes the ids to the runner). */
export async function resultsOfRegistrations(db: Db, ids: readonly string[]): Promise<OwnResult[]> {
  if (ids.length === 0) return [];
  return db.all<OwnResult>(
    sql`SELECT r.inscription_id, r.format_id, r.classement, r.temps_secondes, r.statut, r.categorie,
          (SELECT count(*) FROM resultats x WHERE x.format_id = r.format_id AND x.statut = 'classe') AS classes
        FROM resultats r JOIN resultats_formats rf ON rf.format_id = r.format_id AND rf.publie_at IS NOT NULL
        WHERE r.inscription_id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
  );
}

/** One of a runner's published results with its format's declared distance and D+ (the estimate's reference). */
export interface RunnerResultRow {
  id: number;
  course_nom: string;
  format_nom: string;
  date: string | null;
  distance_km: number | null;
  denivele_dplus: number | null;
  statut: string;
  temps_secondes: number | null;
}

/**
 * Account `userId`'s published results (theirs: the registration's runner is the account), newest race first, at
 * most 50; with `resultId`, only that one (none when it is someone else's).
 */
export function resultsOfRunner(db: Db, userId: string, resultId?: number): Promise<RunnerResultRow[]> {
  return db
    .select({
      id: resultats.id,
      course_nom: courses.nom,
      format_nom: formats.nom,
      date: formats.date,
      distance_km: formats.distance_km,
      denivele_dplus: formats.denivele_dplus,
      statut: resultats.statut,
      temps_secondes: resultats.temps_secondes,
    })
    .from(resultats)
    .innerJoin(inscriptions, eq(inscriptions.id, resultats.inscription_id))
    .innerJoin(resultats_formats, eq(resultats_formats.format_id, resultats.format_id))
    .innerJoin(formats, eq(formats.id, resultats.format_id))
    .innerJoin(courses, eq(courses.id, formats.course_id))
    .where(
      and(
        eq(inscriptions.coureur_id, userId),
        isNotNull(resultats_formats.publie_at),
        resultId === undefined ? undefined : eq(resultats.id, resultId),
      ),
    )
    .orderBy(desc(formats.date), asc(resultats.id))
    .limit(50);
}
