import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNotNull, lt } from "drizzle-orm";
import { inscriptions } from "~/db/schema";
import { purgeLoginAttempts } from "./auth.server";
import { expireCheckoutForInscription } from "./payment-received.server";
import { runDuePayouts } from "./payments.server";
import { cleanOrphanFiles } from "./uploads.server";
import { purgeJustificatifDocuments } from "./justificatifs.server";
import { errorCode, errorDetail, logEvent } from "~/utils/log.server";

export interface MaintenanceReport {
  expiredHolds: number;
  deletedFiles: number;
  purgedLoginAttempts: number;
  /** J+1 payouts sent (and refused) this run. */
  payoutsPaid: number;
  payoutsFailed: number;
  /** Runners' licence and PPS documents deleted at the end of their retention (decision 0150). */
  purgedJustificatifs: number;
  errors: number;
}

/**
 * Periodic housekeeping (the Worker's cron trigger): unpaid holds past their expiry are closed with the payment
 * provider and marked cancelled (their place was already free for the capacity count), and uploaded files that no
 * event references any more are deleted from R2, login attempts past their retention (one day) are purged, and
 * the J+1 payouts due are sent to organisers (app/services/payments.server.ts, runDuePayouts).
 * Bounded per run; errors are logged and counted, never thrown.
 */
export async function runMaintenance(context: AppLoadContext, limit = 100): Promise<MaintenanceReport> {
  const now = context.clock.now();
  const report: MaintenanceReport = { expiredHolds: 0, deletedFiles: 0, purgedLoginAttempts: 0, payoutsPaid: 0, payoutsFailed: 0, purgedJustificatifs: 0, errors: 0 };
  const stale = await context.db
    .select({ id: inscriptions.id })
    .from(inscriptions)
    .where(and(eq(inscriptions.statut, "en_attente"), isNotNull(inscriptions.checkout_session_id), lt(inscriptions.hold_expires_at, now.toISOString())))
    .limit(limit);
  for (const { id } of stale) {
    try {
      await expireCheckoutForInscription(context, id);
      report.expiredHolds++;
    } catch (e) {
      report.errors++;
      logEvent("cron.failed", { kind: "hold", inscription_id: id, error: errorCode(e), detail: errorDetail(e) });
    }
  }
  try {
    report.deletedFiles = (await cleanOrphanFiles(context.db, context.storage, now)).length;
  } catch (e) {
    report.errors++;
    logEvent("cron.failed", { kind: "files", error: errorCode(e), detail: errorDetail(e) });
  }
  try {
    report.purgedLoginAttempts = await purgeLoginAttempts(context);
  } catch (e) {
    report.errors++;
    logEvent("cron.failed", { kind: "login_attempts", error: errorCode(e), detail: errorDetail(e) });
  }
  try {
    const payouts = await runDuePayouts(context);
    report.payoutsPaid = payouts.paid;
    report.payoutsFailed = payouts.failed;
  } catch (e) {
    report.errors++;
    logEvent("cron.failed", { kind: "payouts", error: errorCode(e), detail: errorDetail(e) });
  }
  try {
    report.purgedJustificatifs = (await purgeJustificatifDocuments(context, limit)).deletedDocuments;
  } catch (e) {
    report.errors++;
    logEvent("cron.failed", { kind: "justificatifs", error: errorCode(e), detail: errorDetail(e) });
  }
  return report;
}
