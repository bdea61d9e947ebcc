// The store of race results (issue 44, docs/decisions/0217): the only writer of `resultats` and `resultats_formats`.
// A draft (the file's lines as text) is saved per format, corrected line by line, then published in one batch that
// replaces the format's results and clears the draft, each statement re-checking the draft's version.
import { type SQL, sql } from "drizzle-orm";
import type { ResultLine, ResultStatus } from "~/domain/results";
import type { DraftLine } from "~/domain/results-import";
import { batchAll } from "./batch.server";
import type { Db } from "./client.server";
import { foldedNameSql } from "./identity";

export interface ResultsState {
  format_id: string;
  brouillon: DraftLine[] | null;
  brouillon_fichier: string | null;
  brouillon_version: number;
  publie_at: string | null;
  lignes_publiees: number;
}

/** The format's results state (draft and publication), or an empty one. */
export async function findResultsState(db: Db, formatId: string): Promise<ResultsState> {
  const [row] = await db.all<Omit<ResultsState, "brouillon"> & { brouillon: string | null }>(
    sql`SELECT format_id, brouillon, brouillon_fichier, brouillon_version, publie_at, lignes_publiees
        FROM resultats_formats WHERE format_id = ${formatId}`,
  );
  if (!row) {
    return {
      format_id: formatId,
      brouillon: null,
      brouillon_fichier: null,
      brouillon_version: 0,
      publie_at: null,
      lignes_publiees: 0,
    };
  }
  return { ...row, brouillon: row.brouillon ? (JSON.parse(row.brouillon) as DraftLine[]) : null };
}

/** The bibs of the format's registrations. */
export async function formatBibs(db: Db, formatId: string): Promise<Set<number>> {
  const rows = await db.all<{ dossard: number }>(
    sql`SELECT dossard FROM inscriptions WHERE format_id = ${formatId} AND dossard IS NOT NULL`,
  );
  return new Set(rows.map((r) => Number(r.dossard)));
}

/** Saves a new draft (replacing any draft of the format); returns its version. */
export async function saveDraft(
  db: Db,
  d: { formatId: string; lines: readonly DraftLine[]; fichier: string; userId: string; now: string },
): Promise<number> {
  const [row] = await db.all<{ brouillon_version: number }>(
    sql`INSERT INTO resultats_formats (format_id, brouillon, brouillon_fichier, brouillon_version, brouillon_par, updated_at)
        VALUES (${d.formatId}, ${JSON.stringify(d.lines)}, ${d.fichier}, 1, ${d.userId}, ${d.now})
        ON CONFLICT (format_id) DO UPDATE SET brouillon = excluded.brouillon, brouillon_fichier = excluded.brouillon_fichier,
          brouillon_version = resultats_formats.brouillon_version + 1, brouillon_par = excluded.brouillon_par,
          updated_at = excluded.updated_at
        RETURNING brouillon_version`,
  );
  return Number(row.brouillon_version);
}

/** Replaces the draft's lines if it is still at `version`; false when it changed meanwhile (or is gone). */
export async function replaceDraftLines(
  db: Db,
  d: { formatId: string; version: number; lines: readonly DraftLine[]; now: string },
): Promise<boolean> {
  const rows = await db.all(
    sql`UPDATE resultats_formats SET brouillon = ${JSON.stringify(d.lines)}, brouillon_version = brouillon_version + 1,
          updated_at = ${d.now}
        WHERE format_id = ${d.formatId} AND brouillon IS NOT NULL AND brouillon_version = ${d.version}
        RETURNING format_id`,
  );
  return rows.length === 1;
}

/** Drops the draft if it is at `version` (the organiser gave up). */
export async function dropDraft(db: Db, formatId: string, version: number, now: string): Promise<boolean> {
  const rows = await db.all(
    sql`UPDATE resultats_formats SET brouillon = NULL, brouillon_fichier = NULL, brouillon_version = brouillon_version + 1,
          updated_at = ${now}
        WHERE format_id = ${formatId} AND brouillon IS NOT NULL AND brouillon_version = ${version} RETURNING format_id`,
  );
  return rows.length === 1;
}

/**
 * A runner who chose not to appear, over `inscriptions i` (the registration holding the bib), `profils_coureurs pc`
 * and `profils_utilisateurs pu` (its account's choices): any 'no' hides them (the SQL twin of `isAnonymous`,
 * app/domain/results.ts). Written into `resultats.anonyme` when published; the triggers of migration
 * results_anonymous_triggers write the same expression when a choice changes afterwards.
 */
const ANONYMOUS_SQL = sql.raw(
  "(coalesce(i.apparaitre_resultats, 1) = 0 OR coalesce(pc.apparaitre_resultats, 1) = 0 OR coalesce(pu.apparaitre_resultats, 1) = 0)",
);

/**
 * The format's ranks within each category (rank() by the overall rank: equal ranks share it), written into
 * `rang_categorie` when `when` holds; the rows with no category or no rank get none.
 */
function categoryRanksSql(formatId: string, when: SQL = sql`1`): SQL {
  return sql`UPDATE resultats SET rang_categorie = w.rc
    FROM (SELECT x.id, CASE WHEN x.categorie IS NULL OR x.classement IS NULL THEN NULL
            ELSE rank() OVER (PARTITION BY x.categorie, x.classement IS NULL ORDER BY x.classement) END AS rc
          FROM resultats x WHERE x.format_id = ${formatId}) w
    WHERE resultats.id = w.id AND resultats.rang_categorie IS NOT w.rc AND ${when}`;
}

/**
 * Publishes `results` (the checked draft at `version`): one batch that deletes the format's results, inserts the new
 * ones (each bib joined to the registration holding it now) and clears the draft, every statement only while the
 * draft is still at `version`. False when it changed meanwhile (another tab corrected or published it).
 */
export async function publishResults(
  db: Db,
  d: { formatId: string; version: number; results: readonly ResultLine[]; userId: string; now: string },
): Promise<boolean> {
  const current = sql`EXISTS (SELECT 1 FROM resultats_formats WHERE format_id = ${d.formatId}
    AND brouillon IS NOT NULL AND brouillon_version = ${d.version})`;
  const rows = JSON.stringify(d.results);
  const [, , , updated] = await batchAll<[unknown[], unknown[], unknown[], unknown[]]>(db, [
    sql`DELETE FROM resultats WHERE format_id = ${d.formatId} AND ${current}`,
    sql`INSERT INTO resultats (format_id, inscription_id, ligne, dossard, temps_secondes, classement, categorie, statut, nom, prenom, club, anonyme, recherche, nom_tri)
        SELECT ${d.formatId}, i.id, l.ligne, l.dossard, l.temps_secondes, l.classement, l.categorie, l.statut, l.nom,
          l.prenom, l.club, ${ANONYMOUS_SQL},
          ${foldedNameSql(sql.raw("coalesce(i.nom, l.nom, '') || ' ' || coalesce(i.prenom, l.prenom, '') || ' ' || coalesce(i.club, l.club, '')"))},
          ${foldedNameSql(sql.raw("coalesce(i.nom, l.nom, '') || ' ' || coalesce(i.prenom, l.prenom, '')"))}
        FROM (SELECT j.value ->> 'ligne' AS ligne, j.value ->> 'dossard' AS dossard,
                j.value ->> 'temps_secondes' AS temps_secondes, j.value ->> 'classement' AS classement,
                j.value ->> 'categorie' AS categorie, j.value ->> 'statut' AS statut, j.value ->> 'nom' AS nom,
                j.value ->> 'prenom' AS prenom, j.value ->> 'club' AS club
              FROM json_each(${rows}) j) l
          LEFT JOIN inscriptions i ON i.format_id = ${d.formatId} AND i.dossard = l.dossard
          LEFT JOIN profils_coureurs pc ON pc.id = i.coureur_id
          LEFT JOIN profils_utilisateurs pu ON pu.user_id = i.coureur_id
        WHERE ${current}`,
    categoryRanksSql(d.formatId, current),
    sql`UPDATE resultats_formats SET brouillon = NULL, brouillon_fichier = NULL, brouillon_version = brouillon_version + 1,
          publie_at = ${d.now}, publie_par = ${d.userId}, lignes_publiees = ${d.results.length}, updated_at = ${d.now}
        WHERE format_id = ${d.formatId} AND brouillon IS NOT NULL AND brouillon_version = ${d.version}
        RETURNING format_id`,
  ]);
  return updated.length === 1;
}

/** One published result as the correction form shows it. */
export interface PublishedResult {
  dossard: number;
  temps_secondes: number | null;
  classement: number | null;
  categorie: string | null;
  statut: ResultStatus;
}

/** The published result of bib `dossard`, or null. */
export async function findPublishedResult(db: Db, formatId: string, dossard: number): Promise<PublishedResult | null> {
  const [row] = await db.all<PublishedResult>(
    sql`SELECT dossard, temps_secondes, classement, categorie, statut FROM resultats
        WHERE format_id = ${formatId} AND dossard = ${dossard}`,
  );
  return row ?? null;
}

/**
 * Corrects one published line (time, rank, category, status) and the format's category ranks, in one batch; false
 * when the format has no such bib.
 */
export async function correctPublishedResult(db: Db, formatId: string, r: PublishedResult): Promise<boolean> {
  const [rows] = await batchAll<[unknown[], unknown[]]>(db, [
    sql`UPDATE resultats SET temps_secondes = ${r.temps_secondes}, classement = ${r.classement},
          categorie = ${r.categorie}, statut = ${r.statut}
        WHERE format_id = ${formatId} AND dossard = ${r.dossard} RETURNING id`,
    categoryRanksSql(formatId),
  ]);
  return rows.length === 1;
}

/**
 * The published results of anonymised registrations (decision 0218) forget the names stored with them (the file's
 * name, club, and the search and sort keys made at publication) and read as anonymous (the anonymisation's own
 * "no" already made them so, through the triggers); rank, time and category stay.
 */
export async function forgetResultNames(db: Db, inscriptionIds: readonly string[]): Promise<void> {
  if (inscriptionIds.length === 0) return;
  await db.run(sql`UPDATE resultats SET nom = NULL, prenom = NULL, club = NULL, recherche = '', nom_tri = '', anonyme = 1
    WHERE inscription_id IN (${sql.join(
      inscriptionIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}
