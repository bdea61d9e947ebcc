// The retention rules' SQL (decision 0218, app/domain/retention.ts): for each rule, which rows are past it, written
// once and used both by the cron that applies the rule and by the admin's dry run that counts what it would do.
// Registrations are anonymised through the registration store; justificatif documents are purged by
// app/services/justificatifs.server.ts with this file's condition.
import { countsOf } from "~/domain/counts";
import { sql, type SQL } from "drizzle-orm";
import { RETENTION_RULES, type RetentionRuleKey } from "~/domain/retention";
import type { Db } from "./client.server";
import { notAnonymisedSql } from "./registration-store/anonymise.server";

/** The cut-offs of one run: race days (YYYY-MM-DD) for rules counted from the race, instants (ISO) for the others. */
export type RetentionCutoffs = Record<RetentionRuleKey, string>;

/** Registrations `i` (joined to their format `f`) whose document is past its time. */
export function expiredDocumentSql(lastRaceDay: string): SQL {
  return sql`i.justificatif_document_id IS NOT NULL AND f.date IS NOT NULL AND f.date <= ${lastRaceDay}`;
}

/** Registrations `i` (joined to `f`) without an account, not anonymised yet, whose race is past the rule. */
export function expiredGuestRegistrationSql(lastRaceDay: string): SQL {
  return sql`i.coureur_id IS NULL AND ${notAnonymisedSql("i")} AND f.date IS NOT NULL AND f.date <= ${lastRaceDay}`;
}

/**
 * Accounts `u` never confirmed, created before `before`, holding nothing else: no registration, event or payment
 * points to them (those keep their account until its owner deletes it).
 */
function expiredUnconfirmedAccountSql(before: string): SQL {
  return sql`u.email_confirmed_at IS NULL AND u.created_at < ${before}
    AND NOT EXISTS (SELECT 1 FROM inscriptions x WHERE x.coureur_id = u.id)
    AND NOT EXISTS (SELECT 1 FROM courses x WHERE x.organisateur_id = u.id)
    AND NOT EXISTS (SELECT 1 FROM paiements x WHERE x.organisateur_id = u.id)`;
}

/** Outbox messages `m` sent before `before` whose body is still there. */
function expiredMailBodySql(before: string): SQL {
  return sql`m.created_at < ${before} AND (m.html <> '' OR m.text <> '')`;
}

/** How many rows each rule would change now (the admin's dry run). */
export async function countExpired(db: Db, c: RetentionCutoffs): Promise<Record<RetentionRuleKey, number>> {
  const [row] = await db.all<Record<RetentionRuleKey, number>>(sql`SELECT
    (SELECT count(*) FROM inscriptions i JOIN formats f ON f.id = i.format_id
      WHERE ${expiredDocumentSql(c.justificatifs)}) AS justificatifs,
    (SELECT count(*) FROM inscriptions i JOIN formats f ON f.id = i.format_id
      WHERE ${expiredGuestRegistrationSql(c.inscriptions_sans_compte)}) AS inscriptions_sans_compte,
    (SELECT count(*) FROM users u WHERE ${expiredUnconfirmedAccountSql(c.comptes_non_confirmes)}) AS comptes_non_confirmes,
    (SELECT count(*) FROM mail_outbox m WHERE ${expiredMailBodySql(c.corps_courriels)}) AS corps_courriels,
    (SELECT count(*) FROM login_attempts a WHERE a.created_at < ${c.tentatives_connexion}) AS tentatives_connexion,
    (SELECT count(*) FROM exports_donnees e WHERE e.status = 'ready' AND e.ready_at < ${c.exports_donnees}) AS exports_donnees`);
  return countsOf(
    row,
    RETENTION_RULES.map((r) => r.key),
  );
}

/** The registrations without an account past their time, `limit` at most (for the registration store's erasure). */
export function expiredGuestRegistrationIdsSql(lastRaceDay: string): SQL {
  return sql`SELECT i.id FROM inscriptions i JOIN formats f ON f.id = i.format_id
    WHERE ${expiredGuestRegistrationSql(lastRaceDay)}`;
}

/** Deletes unconfirmed accounts past their time (their profile, sessions and tokens go with them); their count. */
export async function deleteExpiredUnconfirmedAccounts(db: Db, before: string, limit: number): Promise<number> {
  const rows = await db.all<{ id: string }>(sql`DELETE FROM users WHERE id IN (
    SELECT u.id FROM users u WHERE ${expiredUnconfirmedAccountSql(before)} LIMIT ${limit}) RETURNING id`);
  return rows.length;
}

/** Empties the bodies of outbox messages past their time (recipient, subject, date and state stay); their count. */
export async function clearExpiredMailBodies(db: Db, before: string, limit: number): Promise<number> {
  const rows = await db.all<{ id: string }>(sql`UPDATE mail_outbox SET html = '', text = '' WHERE id IN (
    SELECT m.id FROM mail_outbox m WHERE ${expiredMailBodySql(before)} LIMIT ${limit}) RETURNING id`);
  return rows.length;
}
