// Reads of the published results (issue 44, docs/decisions/0217): the public page (search, sort and page in SQL, a
// runner who chose not to appear read at page time and left out of searches), the event's formats with results,
// and a runner's own results.
import { type SQL, sql } from "drizzle-orm";
import {
  type OwnResult,
  type PublicResultRow,
  type ResultSort,
  type ResultsQuery,
  RESULTS_PAGE_SIZE,
} from "~/domain/results";
import { batchAll } from "./batch.server";
import type { Db } from "./client.server";
import { foldName } from "./identity";

/**
 * The SQL twin of `isAnonymous` (app/domain/results.ts) over `resultats r`, `inscriptions i` (the registration),
 * `profils_coureurs pc` and `profils_utilisateurs pu` (its account's choices): any 'no' hides the runner.
 */
const anonymousSql = sql.raw(
  "(coalesce(i.apparaitre_resultats, 1) = 0 OR coalesce(pc.apparaitre_resultats, 1) = 0 OR coalesce(pu.apparaitre_resultats, 1) = 0)",
);
const joins = sql.raw(`FROM resultats r
  LEFT JOIN inscriptions i ON i.id = r.inscription_id
  LEFT JOIN profils_coureurs pc ON pc.id = i.coureur_id
  LEFT JOIN profils_utilisateurs pu ON pu.user_id = i.coureur_id`);

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

export async function findPublishedFormat(db: Db, formatId: string): Promise<PublishedFormat | null> {
  const [row] = await db.all<PublishedFormat>(
    sql`SELECT f.id AS format_id, f.nom AS format_nom, f.date, f.type_epreuve, c.id AS course_id, c.nom AS course_nom,
          c.slug AS course_slug, c.lieu, rf.publie_at, rf.lignes_publiees
        FROM resultats_formats rf JOIN formats f ON f.id = rf.format_id JOIN courses c ON c.id = f.course_id
        WHERE rf.format_id = ${formatId} AND rf.publie_at IS NOT NULL AND c.en_ligne = 1`,
  );
  return row ?? null;
}

const ORDER: Record<ResultSort, string> = {
  classement: "r.classement IS NULL, r.classement, r.dossard",
  temps: "r.temps_secondes IS NULL, r.temps_secondes, r.dossard",
  // Anonymous runners last, so that their place in the alphabet tells nothing.
  nom: "anonyme, r.nom_tri, r.dossard",
  categorie: "r.categorie IS NULL, r.categorie, r.classement IS NULL, r.classement, r.dossard",
};

/** Escapes LIKE's wildcards in a searched text (with ESCAPE '\\'). */
function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A search: each word in the names and club (folded when published: `recherche`) or the category. The cheap text
 * test first, then the choice to appear (joined): an anonymous runner never matches.
 */
function searchSql(q: string): SQL | null {
  const words = foldName(q).split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return null;
  const parts = words.map((w) => {
    const like = `%${likeText(w)}%`;
    return sql`(r.recherche LIKE ${like} ESCAPE '\\' OR lower(coalesce(r.categorie, '')) LIKE ${like} ESCAPE '\\')`;
  });
  return sql`${sql.join(parts, sql` AND `)} AND NOT ${anonymousSql}`;
}

/**
 * A page of the format's results and how many match, in one round trip. The page's 50 ids are chosen first (on the
 * indexes; the joins only where the order or the search needs the choice to appear), then only those rows are read
 * with their names.
 */
export async function publicResultsPage(
  db: Db,
  formatId: string,
  q: ResultsQuery,
): Promise<{ rows: PublicResultRow[]; total: number }> {
  const search = searchSql(q.q);
  const needsJoins = search !== null || q.tri === "nom";
  const from = needsJoins ? joins : sql.raw("FROM resultats r");
  const where = search ? sql`r.format_id = ${formatId} AND ${search}` : sql`r.format_id = ${formatId}`;
  const offset = (q.page - 1) * RESULTS_PAGE_SIZE;
  const pageIds = sql`SELECT r.id, ${needsJoins ? anonymousSql : sql`0`} AS anonyme ${from} WHERE ${where}
    ORDER BY ${sql.raw(ORDER[q.tri])} LIMIT ${RESULTS_PAGE_SIZE} OFFSET ${offset}`;
  const [rows, count] = await batchAll<[PublicResultRow[], { total: number }[]]>(db, [
    sql`WITH p AS MATERIALIZED (${pageIds})
        SELECT ${anonymousSql} AS anonyme,
          CASE WHEN ${anonymousSql} THEN NULL ELSE r.dossard END AS dossard,
          r.temps_secondes, r.classement, r.categorie, r.statut,
          CASE WHEN ${anonymousSql} THEN NULL ELSE coalesce(i.nom, r.nom) END AS nom,
          CASE WHEN ${anonymousSql} THEN NULL ELSE coalesce(i.prenom, r.prenom) END AS prenom,
          CASE WHEN ${anonymousSql} THEN NULL ELSE coalesce(i.club, r.club) END AS club
        FROM p JOIN resultats r ON r.id = p.id
          LEFT JOIN inscriptions i ON i.id = r.inscription_id
          LEFT JOIN profils_coureurs pc ON pc.id = i.coureur_id
          LEFT JOIN profils_utilisateurs pu ON pu.user_id = i.coureur_id
        ORDER BY ${sql.raw(ORDER[q.tri].replace("anonyme", "p.anonyme"))}`,
    sql`SELECT count(*) AS total ${search ? joins : sql.raw("FROM resultats r")} WHERE ${where}`,
  ]);
  return { rows, total: Number(count[0]?.total ?? 0) };
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
