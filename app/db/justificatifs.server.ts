// Justificatif queries (decision 0150): the check state in SQL (the same rule as app/domain/justificatif.ts,
// justificatifEtat), the organiser's decision as one conditional UPDATE scoped by the event's organiser, who may read
// a document, what an account may store (decision 0190), and the retention purge. The state is never the
// registration's status: nothing here writes statut.
import { countsOf } from "~/domain/counts";
import { sql, type SQL } from "drizzle-orm";
import {
  canDecide,
  type DocumentUsage,
  JUSTIFICATIF_ACCOUNT_MAX_BYTES,
  JUSTIFICATIF_ETATS,
  JUSTIFICATIF_PENDING_MAX,
  type JustificatifDecision,
  type JustificatifEtat,
  type RefusMotif,
} from "~/domain/justificatif";
import type { Db } from "./client.server";
import { mayActSql } from "./event-team.server";
import { quoteList } from "./registration-store/guards.server";
import { updateStatement } from "./registration-store/writes.server";
import { expiredDocumentSql } from "./retention.server";
import { firstRow, prepare } from "./batch.server";

/**
 * The check state of the registration aliased `i` (missing / to check / validated / refused, or not required for a
 * walk): justificatifEtat in SQL. tests/workers/justificatifs.test.ts compares both on every combination.
 */
export function justificatifEtatSql(alias = "i"): SQL {
  const i = sql.raw(alias);
  return sql`(CASE
    WHEN (SELECT fe.type_epreuve FROM formats fe WHERE fe.id = ${i}.format_id) = 'rando' THEN 'non_requis'
    WHEN ${i}.justificatif_decision = 'valide' THEN 'valide'
    WHEN ${i}.justificatif_decision = 'refuse' THEN 'refuse'
    WHEN ${i}.justificatif_document_id IS NOT NULL
      OR (${i}.justificatif_type = 'licence' AND coalesce(${i}.numero_licence, '') <> '')
      OR (${i}.justificatif_type = 'pps' AND coalesce(${i}.pps_identifier, '') <> '') THEN 'a_verifier'
    ELSE 'manquant' END)`;
}

/** justificatifVersion in SQL: the content a decision is about. */
function versionSql(alias = "i"): SQL {
  const i = sql.raw(alias);
  return sql`(coalesce(${i}.justificatif_type, '') || '|' || coalesce(${i}.numero_licence, '') || '|' || coalesce(${i}.pps_identifier, '') || '|' ||
    coalesce(${i}.pps_expiration, '') || '|' || coalesce(${i}.justificatif_document_id, ''))`;
}

export interface DecisionInput {
  inscriptionId: string;
  /** Only a registration of this format… */
  formatId: string;
  /** …of an event this user organises or co-organises with the Inscriptions right (null: a verification service). */
  organiserId: string | null;
  decision: JustificatifDecision;
  /** The content seen when deciding (justificatifVersion); the decision applies only if it is still the same. */
  version: string | null;
  motif: RefusMotif | null;
  commentaire: string | null;
  by: string;
  at: string;
}

/**
 * Records a decision in one conditional UPDATE: the registration is in the format, its event is the organiser's, its
 * state allows the decision (canDecide) and its content is the one seen. Returns whether it applied.
 */
export async function recordDecision(db: Db, d: DecisionInput): Promise<boolean> {
  const allowed = JUSTIFICATIF_ETATS.filter((e) => canDecide(e, d.decision));
  const owner =
    d.organiserId == null
      ? sql`1`
      : sql`EXISTS (SELECT 1 FROM courses c WHERE c.id = i.course_id AND ${mayActSql("c", d.organiserId, "inscriptions")})`;
  const version = d.version == null ? sql`1` : sql`${versionSql("i")} = ${d.version}`;
  const res = await prepare(
    db,
    updateStatement(
      {
        justificatif_decision: d.decision,
        justificatif_motif: d.decision === "refuse" ? d.motif : null,
        justificatif_commentaire: d.decision === "refuse" ? d.commentaire : null,
        justificatif_decision_par: d.by,
        justificatif_decision_at: d.at,
        updated_at: d.at,
      },
      sql`id IN (SELECT i.id FROM inscriptions i WHERE i.id = ${d.inscriptionId} AND i.format_id = ${d.formatId} AND ${owner} AND ${version}
          AND ${justificatifEtatSql("i")} IN (${quoteList(allowed)}))`,
    ),
  ).all<{ id: string }>();
  return res.results.length === 1;
}

export interface JustificatifState {
  id: string;
  format_id: string;
  course_id: string;
  etat: JustificatifEtat;
  version: string;
}

/** The state and content version of one registration (to say why a decision did not apply). */
export async function readJustificatifState(db: Db, inscriptionId: string): Promise<JustificatifState | null> {
  return firstRow<JustificatifState>(
    db,
    sql`SELECT i.id, i.format_id, i.course_id, ${justificatifEtatSql("i")} AS etat, ${versionSql("i")} AS version FROM inscriptions i WHERE i.id = ${inscriptionId}`,
  );
}

export interface DocumentRow {
  id: string;
  r2_key: string;
  owner_id: string;
  content_type: string;
  size: number;
  original_name: string | null;
  created_at: string;
}

/**
 * The document if this user may read it: its owner (the runner who uploaded it), the organiser (or a co-organiser with
 * the Inscriptions right) of an event one of whose registrations points to it, or an admin. Anyone else gets null, exactly as for a missing document.
 */
export async function findReadableDocument(
  db: Db,
  id: string,
  user: { id: string; isAdmin: boolean },
): Promise<DocumentRow | null> {
  return firstRow<DocumentRow>(
    db,
    sql`SELECT d.id, d.r2_key, d.owner_id, d.content_type, d.size, d.original_name, d.created_at FROM justificatif_documents d
        WHERE d.id = ${id} AND (${user.isAdmin ? 1 : 0} = 1 OR d.owner_id = ${user.id}
          OR EXISTS (SELECT 1 FROM inscriptions i JOIN courses c ON c.id = i.course_id
                     WHERE i.justificatif_document_id = d.id AND ${mayActSql("c", user.id, "inscriptions")}))`,
  );
}

/** The runner's own document (to attach it to a registration or the profile), or null. */
export async function findOwnDocument(db: Db, id: string, ownerId: string): Promise<DocumentRow | null> {
  return firstRow<DocumentRow>(
    db,
    sql`SELECT * FROM justificatif_documents WHERE id = ${id} AND owner_id = ${ownerId}`,
  );
}

/** The owner's documents attached to nothing: no registration and no profile (a profile's is its runner's own). */
function pendingDocumentsSql(ownerId: string): SQL {
  return sql`(SELECT count(*) FROM justificatif_documents d WHERE d.owner_id = ${ownerId}
    AND NOT EXISTS (SELECT 1 FROM inscriptions i WHERE i.justificatif_document_id = d.id)
    AND NOT EXISTS (SELECT 1 FROM profils_coureurs p WHERE p.id = d.owner_id AND p.justificatif_document_id = d.id))`;
}

/** The bytes of all the owner's documents, attached or not. */
function storedBytesSql(ownerId: string): SQL {
  return sql`(SELECT coalesce(sum(d.size), 0) FROM justificatif_documents d WHERE d.owner_id = ${ownerId})`;
}

/** What the owner stores now (to say which limit an upload would pass: documentLimitIssue). */
export async function documentUsage(db: Db, ownerId: string): Promise<DocumentUsage> {
  const row = await prepare(
    db,
    sql`SELECT ${pendingDocumentsSql(ownerId)} AS pending, ${storedBytesSql(ownerId)} AS bytes`,
  ).first<DocumentUsage>();
  return countsOf(row, ["pending", "bytes"]);
}

/**
 * Records a new document only while its owner stays within the limits (documentLimitIssue in SQL: fewer than
 * JUSTIFICATIF_PENDING_MAX waiting, JUSTIFICATIF_ACCOUNT_MAX_BYTES in all). One statement: D1 runs them one at a
 * time, so uploads sent together are counted one after the other and cannot pass the limits. Returns whether it
 * was recorded.
 */
export async function insertDocumentWithinLimits(db: Db, d: DocumentRow): Promise<boolean> {
  const res = await prepare(
    db,
    sql`INSERT INTO justificatif_documents (id, r2_key, owner_id, content_type, size, original_name, created_at)
        SELECT ${d.id}, ${d.r2_key}, ${d.owner_id}, ${d.content_type}, ${d.size}, ${d.original_name}, ${d.created_at}
        WHERE ${pendingDocumentsSql(d.owner_id)} < ${JUSTIFICATIF_PENDING_MAX}
          AND ${storedBytesSql(d.owner_id)} + ${d.size} <= ${JUSTIFICATIF_ACCOUNT_MAX_BYTES}
        RETURNING id`,
  ).all<{ id: string }>();
  return res.results.length === 1;
}

/**
 * Retention, step 1: registrations whose race day is `lastRaceDay` or earlier let go of their document (the
 * type, number and decision stay; the purge time is recorded, which keeps the decision: the trigger of migration 0022). Returns how
 * many registrations were updated.
 */
export async function detachExpiredRegistrationDocuments(
  db: Db,
  lastRaceDay: string,
  nowIso: string,
  limit: number,
): Promise<number> {
  const res = await prepare(
    db,
    updateStatement(
      { justificatif_document_id: null, justificatif_document_purge_at: nowIso },
      sql`id IN (SELECT i.id FROM inscriptions i JOIN formats f ON f.id = i.format_id
                     WHERE ${expiredDocumentSql(lastRaceDay)} LIMIT ${limit})`,
    ),
  ).all<{ id: string }>();
  return res.results.length;
}

/** Retention, step 2: profiles let go of a document uploaded before `cutoffIso`. */
export async function detachExpiredProfileDocuments(db: Db, cutoffIso: string): Promise<number> {
  const res = await prepare(
    db,
    sql`UPDATE profils_coureurs SET justificatif_document_id = NULL
        WHERE justificatif_document_id IN (SELECT d.id FROM justificatif_documents d WHERE d.created_at < ${cutoffIso})
        RETURNING id`,
  ).all<{ id: string }>();
  return res.results.length;
}

/**
 * Retention, step 3: documents no registration and no profile points to, uploaded before `cutoffIso` (a form
 * abandoned after the upload; everything detached by steps 1 and 2).
 */
export async function unreferencedDocuments(
  db: Db,
  cutoffIso: string,
  limit: number,
): Promise<{ id: string; r2_key: string }[]> {
  const res = await prepare(
    db,
    sql`SELECT d.id, d.r2_key FROM justificatif_documents d
        WHERE d.created_at < ${cutoffIso}
          AND NOT EXISTS (SELECT 1 FROM inscriptions i WHERE i.justificatif_document_id = d.id)
          AND NOT EXISTS (SELECT 1 FROM profils_coureurs p WHERE p.justificatif_document_id = d.id)
        ORDER BY d.created_at LIMIT ${limit}`,
  ).all<{ id: string; r2_key: string }>();
  return res.results;
}

/**
 * Deletes a document's row, only if nothing points to it any more (a registration may have attached it since it was
 * listed), and only the owner's when `ownerId` is given. Returns its R2 key, to delete the object next (the row
 * first: never an object deleted under a live row), or null when it stays.
 */
export async function deleteDocumentIfUnreferenced(db: Db, id: string, ownerId?: string): Promise<string | null> {
  const owner = ownerId === undefined ? sql`1` : sql`owner_id = ${ownerId}`;
  const res = await prepare(
    db,
    sql`DELETE FROM justificatif_documents WHERE id = ${id} AND ${owner}
          AND NOT EXISTS (SELECT 1 FROM inscriptions i WHERE i.justificatif_document_id = ${id})
          AND NOT EXISTS (SELECT 1 FROM profils_coureurs p WHERE p.justificatif_document_id = ${id})
        RETURNING r2_key`,
  ).all<{ r2_key: string }>();
  return res.results[0]?.r2_key ?? null;
}

export interface MissingRow {
  nom: string | null;
  prenom: string | null;
  email: string | null;
  telephone: string | null;
  dossard: number | null;
  statut: string;
  justificatif_type: string | null;
  etat: JustificatifEtat;
  justificatif_motif: string | null;
  justificatif_commentaire: string | null;
}

/**
 * The format's registrations whose justificatif is missing or refused (what the organiser chases up), registrations
 * that no longer hold a place left out. At most `limit`, in registration order.
 */
export async function listMissingJustificatifs(db: Db, formatId: string, limit: number): Promise<MissingRow[]> {
  const res = await prepare(
    db,
    sql`SELECT * FROM (SELECT i.nom, i.prenom, i.email, i.telephone, i.dossard, i.statut, i.justificatif_type, ${justificatifEtatSql("i")} AS etat,
          i.justificatif_motif, i.justificatif_commentaire, i.created_at, i.id
        FROM inscriptions i WHERE i.format_id = ${formatId} AND i.statut IN ('validee', 'en_attente'))
        WHERE etat IN ('manquant', 'refuse') ORDER BY created_at, id LIMIT ${limit}`,
  ).all<MissingRow>();
  return res.results;
}
