// The bib pick-ups (issue 44, docs/decisions/0216): the only writer of `retraits_dossards`. A check-in is one
// conditional INSERT (only a registration of the format whose status the rules expect at the desk, once per
// registration), one UPDATE for a new pick-up after an undo, then one UPDATE that keeps the earliest time, all in one
// batch: two phones syncing the same runner at once give one row with the earlier scan. An undo is one conditional
// UPDATE that stamps the row; a scan made before it is then ignored (`scanEffect` in app/domain/check-in.ts is the
// rule these statements follow, `PICKED_UP` its twin). Reads: the desk's list of a format and one runner.
import { sql, type SQL } from "drizzle-orm";
import { EXPECTED_STATUTS } from "~/domain/check-in";
import type { Db } from "./client.server";
import { justificatifEtatSql } from "./justificatifs.server";
import { quoteList } from "./registration-store/guards.server";
import { firstRow, prepare } from "./batch.server";

/** The row's bib is handed out (`isPickedUp` in app/domain/check-in.ts): never undone, or scanned after the undo. */
const PICKED_UP = sql.raw("(r.annule_le IS NULL OR r.retire_le > r.annule_le)");

export interface CheckInWrite {
  inscriptionId: string;
  formatId: string;
  /** The scan time (ISO-8601 UTC, as scanTime made it). */
  at: string;
  by: string;
  appareil: string | null;
  syncedAt: string;
}

/**
 * Records the check-ins in one batch. Returns the registrations checked in by this call (a registration already
 * checked in keeps its row, with the earlier of both times; one not expected at the desk is left alone; a scan made
 * before the last undo of the pick-up changes nothing).
 */
export async function recordCheckIns(db: Db, writes: readonly CheckInWrite[]): Promise<Set<string>> {
  if (writes.length === 0) return new Set();
  const statements = writes.flatMap((w) => [
    prepare(
      db,
      sql`INSERT INTO retraits_dossards (inscription_id, format_id, retire_le, par_utilisateur_id, appareil, synced_le)
          SELECT i.id, i.format_id, ${w.at}, ${w.by}, ${w.appareil}, ${w.syncedAt} FROM inscriptions i
          WHERE i.id = ${w.inscriptionId} AND i.format_id = ${w.formatId} AND i.statut IN (${quoteList(EXPECTED_STATUTS)})
          ON CONFLICT (inscription_id) DO NOTHING
          RETURNING inscription_id`,
    ),
    // Undone, and scanned after the undo: a new pick-up (the status is checked again, as for the first one).
    prepare(
      db,
      sql`UPDATE retraits_dossards AS r SET retire_le = ${w.at}, par_utilisateur_id = ${w.by}, appareil = ${w.appareil},
            synced_le = ${w.syncedAt}
          WHERE r.inscription_id = ${w.inscriptionId} AND r.format_id = ${w.formatId} AND NOT ${PICKED_UP}
            AND ${w.at} > r.annule_le AND EXISTS (SELECT 1 FROM inscriptions i WHERE i.id = r.inscription_id
              AND i.statut IN (${quoteList(EXPECTED_STATUTS)}))
          RETURNING inscription_id`,
    ),
    // Handed out, and this scan is earlier (but after any undo): the earliest time is kept.
    prepare(
      db,
      sql`UPDATE retraits_dossards AS r SET retire_le = ${w.at}, par_utilisateur_id = ${w.by}, appareil = ${w.appareil}
          WHERE r.inscription_id = ${w.inscriptionId} AND r.format_id = ${w.formatId} AND r.retire_le > ${w.at}
            AND ${PICKED_UP} AND (r.annule_le IS NULL OR ${w.at} > r.annule_le)`,
    ),
  ]);
  const results = await db.$client.batch<{ inscription_id: string }>(statements);
  const created = new Set<string>();
  for (let k = 0; k < results.length; k += 3)
    for (const res of [results[k], results[k + 1]]) for (const r of res.results ?? []) created.add(r.inscription_id);
  return created;
}

export interface UndoWrite {
  inscriptionId: string;
  formatId: string;
  /** The server's time; the undo is stamped no earlier than the pick-up it undoes (the SQL's max()). */
  at: string;
  by: string;
}

/**
 * Undoes a pick-up: one conditional UPDATE, only while the bib is handed out. Returns the pick-up time it undid, or
 * null when there was nothing to undo (never picked up, already undone, or another format's).
 */
export async function undoCheckIn(db: Db, w: UndoWrite): Promise<string | null> {
  const row = await prepare(
    db,
    sql`UPDATE retraits_dossards AS r SET annule_le = max(${w.at}, r.retire_le), annule_par_utilisateur_id = ${w.by}
        WHERE r.inscription_id = ${w.inscriptionId} AND r.format_id = ${w.formatId} AND ${PICKED_UP}
        RETURNING retire_le`,
  ).first<{ retire_le: string }>();
  return row?.retire_le ?? null;
}

/** One runner as the desk sees them (statut, justificatif and pick-up). */
export interface DeskRow {
  id: string;
  format_id: string;
  nom: string;
  prenom: string;
  dossard: number | null;
  statut: string;
  nombre_repas: number;
  justificatif_etat: "valide" | "a_verifier" | "manquant" | "refuse" | "non_requis";
  justificatif_type: string | null;
  numero_licence: string | null;
  pps_identifier: string | null;
  pps_expiration: string | null;
  justificatif_document_id: string | null;
  retire_le: string | null;
  retire_par: string | null;
  /** The last undo of the pick-up, and who did it (kept after a new pick-up). */
  annule_le: string | null;
  annule_par: string | null;
}

const actorName = (alias: string, idColumn: string) =>
  sql.raw(`(SELECT coalesce(nullif(trim(coalesce(p.prenom, '') || ' ' || coalesce(p.nom, '')), ''), u.email)
      FROM users u LEFT JOIN profils_utilisateurs p ON p.user_id = u.id WHERE u.id = ${alias}.${idColumn})`);

function deskSelect(where: SQL): SQL {
  return sql`SELECT i.id, i.format_id, coalesce(i.nom, '') AS nom, coalesce(i.prenom, '') AS prenom, i.dossard,
      i.statut, i.nombre_repas, ${justificatifEtatSql("i")} AS justificatif_etat, i.justificatif_type,
      i.numero_licence, i.pps_identifier, i.pps_expiration, i.justificatif_document_id,
      CASE WHEN ${PICKED_UP} THEN r.retire_le END AS retire_le,
      CASE WHEN r.inscription_id IS NOT NULL AND ${PICKED_UP} THEN ${actorName("r", "par_utilisateur_id")} END AS retire_par,
      r.annule_le, CASE WHEN r.annule_le IS NOT NULL THEN ${actorName("r", "annule_par_utilisateur_id")} END AS annule_par
    FROM inscriptions i
    LEFT JOIN retraits_dossards r ON r.inscription_id = i.id
    WHERE ${where}`;
}

/** Every registration of the format (the refused ones too, so that the desk can say why), by name. */
export async function listDeskRows(db: Db, formatId: string): Promise<DeskRow[]> {
  const res = await prepare(
    db,
    sql`${deskSelect(sql`i.format_id = ${formatId}`)} ORDER BY i.nom_recherche, i.prenom_recherche, i.id`,
  ).all<DeskRow>();
  return res.results ?? [];
}

/** One registration as the desk sees it (any format), or null. */
export async function findDeskRow(db: Db, inscriptionId: string): Promise<DeskRow | null> {
  return firstRow<DeskRow>(db, deskSelect(sql`i.id = ${inscriptionId}`));
}

/** The rows of these registrations, by id. */
export async function findDeskRows(db: Db, ids: readonly string[]): Promise<Map<string, DeskRow>> {
  if (ids.length === 0) return new Map();
  const res = await prepare(db, deskSelect(sql`i.id IN (${quoteList(ids)})`)).all<DeskRow>();
  return new Map((res.results ?? []).map((r) => [r.id, r]));
}
