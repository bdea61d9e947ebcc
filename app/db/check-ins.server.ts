// The bib pick-ups (issue 44, docs/decisions/0216): the only writer of `retraits_dossards`. A check-in is one
// conditional INSERT (only a registration of the format whose status the rules expect at the desk, once per
// registration) then one UPDATE that keeps the earliest time, both in one batch: two phones syncing the same runner
// at once give one row with the earlier scan. Reads: the desk's list of a format and one runner.
import { sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { EXPECTED_STATUTS } from "~/domain/check-in";
import type { Db } from "./client.server";
import { justificatifEtatSql } from "./justificatifs.server";
import { quoteList } from "./registration-store/guards.server";

const dialect = new SQLiteAsyncDialect();

function prepare(db: Db, query: SQL): D1PreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return db.$client.prepare(text).bind(...params);
}

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
 * checked in keeps its row, with the earlier of both times; one not expected at the desk is left alone).
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
    prepare(
      db,
      sql`UPDATE retraits_dossards SET retire_le = ${w.at}, par_utilisateur_id = ${w.by}, appareil = ${w.appareil}
          WHERE inscription_id = ${w.inscriptionId} AND format_id = ${w.formatId} AND retire_le > ${w.at}`,
    ),
  ]);
  const results = await db.$client.batch<{ inscription_id: string }>(statements);
  const inserted = new Set<string>();
  for (let k = 0; k < results.length; k += 2) for (const r of results[k].results ?? []) inserted.add(r.inscription_id);
  return inserted;
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
}

function deskSelect(where: SQL): SQL {
  return sql`SELECT i.id, i.format_id, coalesce(i.nom, '') AS nom, coalesce(i.prenom, '') AS prenom, i.dossard,
      i.statut, i.nombre_repas, ${justificatifEtatSql("i")} AS justificatif_etat, i.justificatif_type,
      i.numero_licence, i.pps_identifier, i.pps_expiration, i.justificatif_document_id,
      r.retire_le, CASE WHEN r.inscription_id IS NULL THEN NULL ELSE
        coalesce(nullif(trim(coalesce(pu.prenom, '') || ' ' || coalesce(pu.nom, '')), ''), u.email) END AS retire_par
    FROM inscriptions i
    LEFT JOIN retraits_dossards r ON r.inscription_id = i.id
    LEFT JOIN users u ON u.id = r.par_utilisateur_id
    LEFT JOIN profils_utilisateurs pu ON pu.user_id = r.par_utilisateur_id
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
  return (await prepare(db, deskSelect(sql`i.id = ${inscriptionId}`)).first<DeskRow>()) ?? null;
}

/** The rows of these registrations, by id. */
export async function findDeskRows(db: Db, ids: readonly string[]): Promise<Map<string, DeskRow>> {
  if (ids.length === 0) return new Map();
  const res = await prepare(db, deskSelect(sql`i.id IN (${quoteList(ids)})`)).all<DeskRow>();
  return new Map((res.results ?? []).map((r) => [r.id, r]));
}
