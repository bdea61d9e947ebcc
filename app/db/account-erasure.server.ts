// The erasure of an account (decision 0218): the facts that may refuse it, and the removal of the person's data table
// by table as the personal data map says (app/domain/personal-data.ts). The accounting rows (payments, refunds,
// transfers, cancellations) stay, without a name; registrations are anonymised by the registration store.
import { sql } from "drizzle-orm";
import type { ErasureFacts } from "~/domain/account-erasure";
import { ANONYMOUS_AUTHOR_ID } from "~/domain/account-erasure";
import { ANONYMISED_RUNNER_NAME } from "~/domain/retention";
import type { Db } from "./client.server";
import { batchAll } from "./batch.server";
import { holdsPlaceSql } from "./registration-store/capacity.server";

/** What may refuse the erasure of account `userId` on `today` (Paris) at `nowIso`. */
export async function erasureFacts(db: Db, userId: string, today: string, nowIso: string): Promise<ErasureFacts> {
  const [row] = await db.all<Record<keyof ErasureFacts, number>>(sql`SELECT
    (SELECT count(*) FROM inscriptions i JOIN formats f ON f.id = i.format_id
      WHERE i.coureur_id = ${userId} AND (f.date IS NULL OR f.date >= ${today}) AND ${holdsPlaceSql("i", nowIso)})
    + (SELECT count(*) FROM liste_attente w JOIN formats f ON f.id = w.format_id
      WHERE w.coureur_id = ${userId} AND w.statut IN ('en_liste', 'offre') AND (f.date IS NULL OR f.date >= ${today}))
      AS activeRegistrations,
    (SELECT count(*) FROM remboursements r JOIN inscriptions i ON i.id = r.inscription_id
      WHERE i.coureur_id = ${userId} AND r.status = 'pending')
    + (SELECT count(*) FROM annulations a JOIN inscriptions i ON i.id = a.inscription_id
      WHERE i.coureur_id = ${userId} AND a.status = 'en_cours')
    + (SELECT count(*) FROM cessions c WHERE c.vendeur_id = ${userId}
      AND (c.statut = 'ouverte' OR (c.statut = 'payee' AND c.rembourse_at IS NULL)))
      AS moneyInFlight,
    (SELECT count(*) FROM courses WHERE organisateur_id = ${userId}) AS ownedEvents`);
  return {
    activeRegistrations: Number(row?.activeRegistrations ?? 0),
    moneyInFlight: Number(row?.moneyInFlight ?? 0),
    ownedEvents: Number(row?.ownedEvents ?? 0),
  };
}

/** The private documents of account `userId` (R2 keys), to delete from storage once their rows are gone. */
export async function documentKeysOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.all<{ r2_key: string }>(
    sql`SELECT r2_key FROM justificatif_documents WHERE owner_id = ${userId}`,
  );
  return rows.map((r) => r.r2_key);
}

/**
 * Removes what the account holds outside its registrations, in one batch: its messages keep their text under an
 * anonymous author, its finished waiting-list entries, drafts, e-mails, login attempts and invitations go, and the
 * account goes last (its profiles, sessions, tokens, documents' rows and team memberships follow by cascade). Its
 * registrations must have let go of it first (anonymiseRunnerRegistrations).
 */
export async function eraseAccountRows(db: Db, userId: string, email: string): Promise<void> {
  await batchAll(db, [
    sql`UPDATE chat_messages SET user_id = ${ANONYMOUS_AUTHOR_ID}, nom = ${ANONYMISED_RUNNER_NAME}, prenom = NULL
      WHERE user_id = ${userId}`,
    sql`DELETE FROM liste_attente WHERE coureur_id = ${userId}`,
    sql`UPDATE cessions SET email = '' WHERE email = ${email}`,
    sql`DELETE FROM brouillons_formulaires WHERE compte_id = ${userId}`,
    sql`DELETE FROM mail_outbox WHERE to_email = ${email}`,
    sql`DELETE FROM login_attempts WHERE email = ${email}`,
    sql`DELETE FROM equipe_invitations WHERE email = ${email} OR invited_by = ${userId} OR accepted_by = ${userId}`,
    sql`DELETE FROM users WHERE id = ${userId}`,
  ]);
}
