// The weekly feedback's reads (issue 47, decision 0230): the runners the Monday e-mail may go to. Read-only: the
// plans, activities and subscriptions keep their own stores; the outbox's dedupe key says whose e-mail went.
import { sql } from "drizzle-orm";
import type { Db } from "./client.server";

/** The dedupe key of a runner's Monday e-mail for a week: one e-mail per runner and week. */
export function weeklyFeedbackKey(userId: string, weekStart: string): string {
  return `premium:bilan:${userId}:${weekStart}`;
}

/**
 * Runners holding a subscription that may grant Premium (the caller applies `isPremium`), with a plan or an activity
 * in [fromIso, toIso), whose e-mail for `weekStart` has not gone yet: ordered by id, after `afterId`, `limit` of them.
 */
export async function weeklyFeedbackCandidates(
  db: Db,
  q: { weekStart: string; fromIso: string; toIso: string; afterId: string; limit: number },
): Promise<string[]> {
  const rows = await db.all<{ user_id: string }>(sql`
    SELECT DISTINCT a.user_id AS user_id FROM abonnements a
    WHERE a.statut IN ('active', 'trialing', 'past_due') AND a.user_id > ${q.afterId}
      AND (EXISTS (SELECT 1 FROM plans_entrainement p WHERE p.user_id = a.user_id)
        OR EXISTS (SELECT 1 FROM activites t WHERE t.user_id = a.user_id
          AND t.started_at >= ${q.fromIso} AND t.started_at < ${q.toIso}))
      AND NOT EXISTS (SELECT 1 FROM mail_outbox m
        WHERE m.dedupe_key = 'premium:bilan:' || a.user_id || ':' || ${q.weekStart})
    ORDER BY a.user_id LIMIT ${q.limit}`);
  return rows.map((r) => r.user_id);
}

/** Where a runner's Monday e-mail goes: the account's e-mail ('' when the account is gone) and the first name the
 * runner gave (runner profile first, then account profile; null when neither has one). */
export async function weeklyFeedbackRecipient(
  db: Db,
  userId: string,
): Promise<{ email: string; prenom: string | null }> {
  const [row] = await db.all<{ email: string; prenom: string | null }>(sql`
    SELECT u.email AS email,
      COALESCE(NULLIF(TRIM(c.prenom), ''), NULLIF(TRIM(p.prenom), '')) AS prenom
    FROM users u
    LEFT JOIN profils_coureurs c ON c.id = u.id
    LEFT JOIN profils_utilisateurs p ON p.user_id = u.id
    WHERE u.id = ${userId} LIMIT 1`);
  return { email: row?.email ?? "", prenom: row?.prenom ?? null };
}
