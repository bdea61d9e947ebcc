// The store of « Mes données » (decision 0219): the only writer of exports_donnees, and the reads of a person's rows
// in every exported table, a page at a time (rowid order), scoped to that person by id or account e-mail.
import { type SQL, sql } from "drizzle-orm";
import type { ExportedTableName, ExportRequestRow } from "~/domain/data-export";
import type { Db } from "./client.server";

type Who = { userId: string; email: string };

const mine = (w: Who) => sql`(SELECT id FROM inscriptions WHERE coureur_id = ${w.userId})`;

/** The rows whose `column` (a fixed name, never input) holds the person's account id. */
const byUser =
  (column: "acteur_id" | "coureur_id" | "demande_par" | "id" | "organisateur_id" | "owner_id" | "user_id") =>
  (w: Who) =>
    sql`${sql.raw(column)} = ${w.userId}`;

/** The rows about one of the person's registrations. */
const ofMyRegistrations = (w: Who) => sql`inscription_id IN ${mine(w)}`;

/** Each exported table's rows that are about the person (the table is named by the fixed key, never by input). */
const SCOPES: Record<ExportedTableName, (w: Who) => SQL> = {
  users: byUser("id"),
  sessions: byUser("user_id"),
  profils_utilisateurs: byUser("user_id"),
  profils_coureurs: byUser("id"),
  admins: byUser("user_id"),
  inscriptions: byUser("coureur_id"),
  inscriptions_historique: ofMyRegistrations,
  annulations: ofMyRegistrations,
  paiements: ofMyRegistrations,
  remboursements: ofMyRegistrations,
  retraits_dossards: ofMyRegistrations,
  resultats: ofMyRegistrations,
  liste_attente: byUser("coureur_id"),
  cessions: (w) => sql`vendeur_id = ${w.userId} OR email = ${w.email} OR acheteur_inscription_id IN ${mine(w)}`,
  chat_messages: byUser("user_id"),
  justificatif_documents: byUser("owner_id"),
  mail_outbox: (w) => sql`lower(to_email) = ${w.email}`,
  courses: byUser("organisateur_id"),
  fichiers: byUser("owner_id"),
  equipe_membres: byUser("user_id"),
  equipe_invitations: (w) => sql`email = ${w.email} OR invited_by = ${w.userId} OR accepted_by = ${w.userId}`,
  demandes_acompte: byUser("demande_par"),
  compensations: byUser("organisateur_id"),
  journal_actions: byUser("acteur_id"),
  exports_donnees: byUser("user_id"),
  abonnements: byUser("user_id"),
  plans_entrainement: byUser("user_id"),
  seances_plan: byUser("user_id"),
  activites: byUser("user_id"),
  connexions_activite: byUser("user_id"),
};

/** A table's columns, in order (for the CSV header of a table with no row). */
export async function tableColumns(db: Db, table: ExportedTableName): Promise<string[]> {
  const rows = await db.all<{ name: string }>(sql`SELECT name FROM pragma_table_xinfo(${table}) WHERE hidden = 0`);
  return rows.map((r) => r.name);
}

/** One page of the person's rows in a table, after `afterRowid` (the last row's `__rowid` gives the next page). */
export async function personRowsPage(
  db: Db,
  table: ExportedTableName,
  who: Who,
  afterRowid: number,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const scope = SCOPES[table]({ userId: who.userId, email: who.email.toLowerCase() });
  return db.all<Record<string, unknown>>(
    sql`SELECT rowid AS __rowid, * FROM ${sql.identifier(table)} WHERE (${scope}) AND rowid > ${afterRowid}
      ORDER BY rowid LIMIT ${limit}`,
  );
}

/** The account's requests, newest first. */
export function requestsOf(db: Db, userId: string, limit = 5): Promise<ExportRequestRow[]> {
  return db.all<ExportRequestRow>(sql`SELECT id, status, requested_at, ready_at, expires_at, size
    FROM exports_donnees WHERE user_id = ${userId} ORDER BY requested_at DESC, id DESC LIMIT ${limit}`);
}

/**
 * Records a request unless one is pending or one was made since `notBefore`: one statement (and the unique index
 * on the pending request), so two clicks at once make one request. True when it was recorded.
 */
export async function insertRequest(db: Db, id: string, userId: string, now: string, notBefore: string) {
  const rows = await db.all<{ id: string }>(sql`INSERT INTO exports_donnees (id, user_id, status, requested_at)
    SELECT ${id}, ${userId}, 'pending', ${now}
    WHERE NOT EXISTS (SELECT 1 FROM exports_donnees WHERE user_id = ${userId}
      AND (status = 'pending' OR requested_at > ${notBefore}))
    ON CONFLICT DO NOTHING RETURNING id`);
  return rows.length > 0;
}

/** The oldest pending requests with their account's e-mail (the cron builds them in this order). */
export function pendingRequests(db: Db, limit: number) {
  return db.all<{ id: string; user_id: string; email: string }>(sql`SELECT e.id, e.user_id, u.email
    FROM exports_donnees e JOIN users u ON u.id = e.user_id
    WHERE e.status = 'pending' ORDER BY e.requested_at, e.id LIMIT ${limit}`);
}

/** A pending request made ready (only if still pending): true when this call did it. */
export async function markReady(
  db: Db,
  id: string,
  v: { r2Key: string; size: number; readyAt: string; expiresAt: string },
): Promise<boolean> {
  const rows = await db.all<{ id: string }>(sql`UPDATE exports_donnees
    SET status = 'ready', r2_key = ${v.r2Key}, size = ${v.size}, ready_at = ${v.readyAt}, expires_at = ${v.expiresAt}
    WHERE id = ${id} AND status = 'pending' RETURNING id`);
  return rows.length > 0;
}

/** A request of this account (null for another account's or a missing one: the same answer). */
export async function requestOfUser(db: Db, id: string, userId: string) {
  const [row] = await db.all<ExportRequestRow & { r2_key: string | null }>(sql`SELECT id, status, requested_at,
    ready_at, expires_at, size, r2_key FROM exports_donnees WHERE id = ${id} AND user_id = ${userId}`);
  return row ?? null;
}

export async function recordDownload(db: Db, id: string, now: string): Promise<void> {
  await db.run(sql`UPDATE exports_donnees SET downloads = downloads + 1, downloaded_at = ${now} WHERE id = ${id}`);
}

/** Ready ZIPs made before `readyBefore` (past their 7 days), `limit` at most. */
export function expiredExports(db: Db, readyBefore: string, limit: number) {
  return db.all<{
    id: string;
    user_id: string;
    r2_key: string | null;
  }>(sql`SELECT id, user_id, r2_key FROM exports_donnees
    WHERE status = 'ready' AND ready_at < ${readyBefore} ORDER BY ready_at LIMIT ${limit}`);
}

/** A ZIP deleted from storage: the request stays (the account's log of its exports), without its key. */
export async function markExpired(db: Db, id: string): Promise<void> {
  await db.run(sql`UPDATE exports_donnees SET status = 'expired', r2_key = NULL WHERE id = ${id} AND status = 'ready'`);
}

/** Deletes every request of an account, returning the keys of the ZIPs still in storage (for its erasure). */
export async function deleteRequestsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.all<{ r2_key: string | null }>(
    sql`DELETE FROM exports_donnees WHERE user_id = ${userId} RETURNING r2_key`,
  );
  return rows.flatMap((r) => (r.r2_key ? [r.r2_key] : []));
}
