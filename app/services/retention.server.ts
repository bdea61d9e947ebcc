// The retention rules applied (decision 0218): the cron runs every rule of app/domain/retention.ts in its order, and
// the admin's page shows the rules with what the next run would change. A rule that fails does not stop the others.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { anonymiseRegistrations } from "~/db/registration-store/anonymise.server";
import {
  clearExpiredMailBodies,
  countExpired,
  deleteExpiredUnconfirmedAccounts,
  expiredGuestRegistrationIdsSql,
} from "~/db/retention.server";
import { RETENTION_RULES, type RetentionRule, type RetentionRuleKey, retentionCutoffs } from "~/domain/retention";
import { errorCode, errorDetail, logEvent } from "~/utils/log.server";
import { purgeLoginAttempts } from "./auth.server";
import { purgeJustificatifDocuments } from "./justificatifs.server";
import { expireDataExports } from "./data-export.server";
import { runAnonymisationEffects } from "./registration-changes.server";
import { sql } from "drizzle-orm";

type Ctx = AppLoadContext;

/** What one run changed, rule by rule, and how many rules failed. */
export type RetentionReport = Record<RetentionRuleKey, number> & { errors: number };

/** Each rule's step: the rows it changed (documents deleted, registrations anonymised, accounts deleted, …). */
const STEPS: Record<RetentionRuleKey, (context: Ctx, cutoff: string, limit: number) => Promise<number>> = {
  justificatifs: async (context, _cutoff, limit) => (await purgeJustificatifDocuments(context, limit)).deletedDocuments,
  inscriptions_sans_compte: async (context, cutoff, limit) => {
    const where = sql`id IN (${expiredGuestRegistrationIdsSql(cutoff)})`;
    const { ids, effects } = await anonymiseRegistrations(context.db, where, limit);
    await runAnonymisationEffects(context, effects);
    return ids.length;
  },
  comptes_non_confirmes: (context, cutoff, limit) => deleteExpiredUnconfirmedAccounts(context.db, cutoff, limit),
  corps_courriels: (context, cutoff, limit) => clearExpiredMailBodies(context.db, cutoff, limit),
  tentatives_connexion: (context) => purgeLoginAttempts(context),
  exports_donnees: (context, cutoff, limit) => expireDataExports(context, cutoff, limit),
};

/** Applies every rule once, `limit` rows at most per rule (the next run goes on). */
export async function applyRetention(context: Ctx, limit = 200): Promise<RetentionReport> {
  const cutoffs = retentionCutoffs(context.clock.now());
  const report = { errors: 0 } as RetentionReport;
  for (const rule of RETENTION_RULES) {
    try {
      report[rule.key] = await STEPS[rule.key](context, cutoffs[rule.key], limit);
    } catch (e) {
      report[rule.key] = 0;
      report.errors++;
      logEvent("cron.failed", { kind: `retention.${rule.key}`, error: errorCode(e), detail: errorDetail(e) });
    }
  }
  return report;
}

/** The admin's dry run: each rule with its cut-off and how many rows the next run would change. */
export async function retentionPlan(
  context: Ctx,
): Promise<{ rules: (RetentionRule & { cutoff: string; pending: number })[]; at: string }> {
  const now = context.clock.now();
  const cutoffs = retentionCutoffs(now);
  const counts = await countExpired(context.db, cutoffs);
  return {
    rules: RETENTION_RULES.map((r) => ({ ...r, cutoff: cutoffs[r.key], pending: counts[r.key] })),
    at: now.toISOString(),
  };
}
