// The erasure of an account (decision 0218, 0220): the facts that may refuse it, and the removal of the person's data
// table by table as the personal data map says (app/domain/personal-data.ts), in one D1 batch. The accounting rows
// (payments, refunds, transfers, cancellations) stay, without a name; registrations are anonymised by the
// registration store.
import { type SQL, sql } from "drizzle-orm";
import type { ErasureFacts } from "~/domain/account-erasure";
import { ANONYMOUS_AUTHOR_ID } from "~/domain/account-erasure";
import { ANONYMISED_RUNNER_NAME } from "~/domain/retention";
import type { Db } from "./client.server";
import { batchAll } from "./batch.server";
import {
  type Anonymised,
  anonymisedRunnerRegistrations,
  anonymiseRunnerRegistrationsStatement,
} from "./registration-store/anonymise.server";
import { SUBSCRIPTION_ENDED_STATUSES } from "~/domain/subscription";
import { deleteAccountSubscriptionsStatements } from "./subscriptions.server";
import { holdsPlaceSql } from "./registration-store/capacity.server";
import { deleteAccountActivitiesStatements } from "./activities.server";

/** One row: the facts that may refuse the erasure of account `userId` on `today` (Paris) at `nowIso`. */
function erasureFactsSql(userId: string, today: string, nowIso: string): SQL {
  return sql`SELECT
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
    (SELECT count(*) FROM courses WHERE organisateur_id = ${userId}) AS ownedEvents,
    (SELECT count(*) FROM abonnements WHERE user_id = ${userId} AND statut NOT IN (${sql.join(
      SUBSCRIPTION_ENDED_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )})) AS liveSubscriptions`;
}

/** What may refuse the erasure of account `userId` on `today` (Paris) at `nowIso`. */
export async function erasureFacts(db: Db, userId: string, today: string, nowIso: string): Promise<ErasureFacts> {
  const [row] = await db.all<Record<keyof ErasureFacts, number>>(erasureFactsSql(userId, today, nowIso));
  return {
    activeRegistrations: Number(row?.activeRegistrations ?? 0),
    moneyInFlight: Number(row?.moneyInFlight ?? 0),
    ownedEvents: Number(row?.ownedEvents ?? 0),
    liveSubscriptions: Number(row?.liveSubscriptions ?? 0),
  };
}

/**
 * The batch's first statement: it fails (and D1 rolls the whole batch back) when any fact refuses the erasure, so a
 * registration made between the use case's check and the batch keeps the account. SQLite has no RAISE outside
 * triggers: json() of a text that is not JSON is the error, evaluated only in the refusing branch.
 */
function refusalGuardSql(userId: string, today: string, nowIso: string): SQL {
  return sql`SELECT CASE WHEN f.activeRegistrations + f.moneyInFlight + f.ownedEvents + f.liveSubscriptions > 0
    THEN json('effacement refusé ' || (f.activeRegistrations + f.moneyInFlight + f.ownedEvents + f.liveSubscriptions)) ELSE 0 END AS refused
    FROM (${erasureFactsSql(userId, today, nowIso)}) f`;
}

/** The private documents of account `userId` (R2 keys), to delete from storage once their rows are gone. */
export async function documentKeysOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.all<{ r2_key: string }>(
    sql`SELECT r2_key FROM justificatif_documents WHERE owner_id = ${userId}`,
  );
  return rows.map((r) => r.r2_key);
}

/**
 * Erases account `userId` in one batch (all or nothing), after a guard that fails the batch when the erasure is
 * refused (see refusalGuardSql): its registrations are anonymised and let go of it, its messages keep their text under
 * an anonymous author, its finished waiting-list entries, drafts, e-mails, login attempts and invitations go, and the
 * account goes last (its profiles, sessions, tokens, documents' rows, team memberships and training plan with its sessions follow by
 * cascade).
 * Returns the registrations anonymised and their effects (for the use case to run).
 */
export async function eraseAccountBatch(
  db: Db,
  input: { userId: string; email: string; today: string; nowIso: string },
): Promise<Anonymised> {
  const { userId, email } = input;
  const [, registrations] = await batchAll<[unknown, { id: string }[]]>(db, [
    refusalGuardSql(userId, input.today, input.nowIso),
    anonymiseRunnerRegistrationsStatement(userId),
    sql`UPDATE chat_messages SET user_id = ${ANONYMOUS_AUTHOR_ID}, nom = ${ANONYMISED_RUNNER_NAME}, prenom = NULL
      WHERE user_id = ${userId}`,
    sql`DELETE FROM liste_attente WHERE coureur_id = ${userId}`,
    sql`UPDATE cessions SET email = '' WHERE email = ${email}`,
    sql`DELETE FROM brouillons_formulaires WHERE compte_id = ${userId}`,
    sql`DELETE FROM mail_outbox WHERE to_email = ${email}`,
    sql`DELETE FROM login_attempts WHERE email = ${email}`,
    sql`DELETE FROM equipe_invitations WHERE email = ${email} OR invited_by = ${userId} OR accepted_by = ${userId}`,
    // Ended Premium subscriptions (the guard refused live ones): the provider keeps its invoices.
    ...deleteAccountSubscriptionsStatements(userId),
    // Activities and the tracking service's link (its tokens): decision 0232.
    ...deleteAccountActivitiesStatements(userId),
    sql`DELETE FROM users WHERE id = ${userId}`,
  ]);
  return anonymisedRunnerRegistrations(registrations);
}
