import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNotNull, lt, or, sql } from "drizzle-orm";
import { inscriptions } from "~/db/schema";
import { expireCheckoutForInscription } from "./payment-received.server";
import { runDuePayouts } from "./payouts.server";
import { cleanOrphanFiles } from "./uploads.server";
import { OFFERS_PER_PASS, offerFreedPlaces, sendPendingWaitlistEmails } from "./waitlist-offers.server";
import { applyRetention } from "./retention.server";
import { expireTransferOffers } from "./transfer.server";
import { endClosedTransferOffers } from "./transfer-close.server";
import { finishPendingTransfers } from "./transfer-settle.server";
import { errorCode, errorDetail, logEvent } from "~/utils/log.server";
import { renewCatalogueDates } from "./catalogue.server";
import { buildPendingExports } from "./data-export.server";
import { backfillImageVariants } from "./image-variants.server";
import { sendRenewalReminders } from "./subscriptions.server";
import { sendWeeklyFeedback } from "./weekly-feedback.server";

export interface MaintenanceReport {
  expiredHolds: number;
  deletedFiles: number;
  purgedLoginAttempts: number;
  /** J+1 payouts sent (and refused) this run. */
  payoutsPaid: number;
  payoutsFailed: number;
  /** Waiting-list offers made this run (places freed and not yet offered), and offers that ended unpaid. */
  offersMade: number;
  offersExpired: number;
  /** Runners' licence and PPS documents deleted at the end of their retention (decision 0150). */
  purgedJustificatifs: number;
  /** The other retention rules (decision 0218): guests' registrations anonymised, unconfirmed accounts deleted,
   * e-mail bodies emptied. */
  anonymisedRegistrations: number;
  deletedAccounts: number;
  clearedMailBodies: number;
  /** Bib transfer offers that ended unpaid at their deadline, and transfers whose seller's refund was finished. */
  transfersExpired: number;
  transfersFinished: number;
  /** Bib transfer offers withdrawn because their format no longer takes transfers (turned off, last day past). */
  transfersClosed: number;
  /** Events whose summary's next date went by and was counted again (decision 0172). */
  renewedNextDates: number;
  /** « Mes données » (decision 0219): ZIPs built and e-mailed this run, and ZIPs deleted after their 7 days. */
  exportsBuilt: number;
  exportsExpired: number;
  /** Event images stored before their sizes existed, given them this run (decision 0223). */
  resizedImages: number;
  /** Premium renewal reminders sent (7 days before a tacit renewal, once per period; decision 0224). */
  premiumReminders: number;
  /** Premium weekly feedback e-mails sent (Mondays, for the week just ended, once per runner and week; 0230). */
  weeklyFeedbacks: number;
  errors: number;
}

/** Formats whose waiting list the cron looks at per run (each costs one read when no place is free). */
export const WAITLIST_FORMATS_PER_RUN = 50;

/**
 * Periodic housekeeping (the Worker's cron trigger): unpaid holds past their expiry are closed with the payment
 * provider and marked cancelled (their place was already free for the capacity count), and uploaded files that no
 * event references any more are deleted from R2, login attempts past their retention (one day) are purged, and
 * the J+1 payouts due are sent to organisers (app/services/payments.server.ts, runDuePayouts). Waiting lists
 * (issue 20): offers past their deadline end like expired holds, free places go to the next runners in order, and
 * the e-mails not sent yet (an offer, an offer that ended) are sent.
 * Bounded per run; errors are logged and counted, never thrown.
 */
export async function runMaintenance(context: AppLoadContext, limit = 100): Promise<MaintenanceReport> {
  const now = context.clock.now();
  const report: MaintenanceReport = {
    expiredHolds: 0,
    deletedFiles: 0,
    purgedLoginAttempts: 0,
    payoutsPaid: 0,
    payoutsFailed: 0,
    offersMade: 0,
    offersExpired: 0,
    purgedJustificatifs: 0,
    anonymisedRegistrations: 0,
    deletedAccounts: 0,
    clearedMailBodies: 0,
    transfersExpired: 0,
    transfersFinished: 0,
    transfersClosed: 0,
    renewedNextDates: 0,
    exportsBuilt: 0,
    exportsExpired: 0,
    resizedImages: 0,
    premiumReminders: 0,
    weeklyFeedbacks: 0,
    errors: 0,
  };
  try {
    // Bib transfers (issue 22): offers past their deadline, or whose format no longer takes transfers, end first, so
    // that a payment still arriving is refunded; a transfer paid whose seller's refund failed is tried again.
    report.transfersExpired = await expireTransferOffers(context, limit);
    // Offers whose format stopped taking transfers after they were made (decision 0196).
    report.transfersClosed = await endClosedTransferOffers(context, { limit });
    report.transfersFinished = await finishPendingTransfers(context);
  } catch (e) {
    report.errors++;
    logEvent("cron.failed", { kind: "cession", error: errorCode(e), detail: errorDetail(e) });
  }
  const stale = await context.db
    .select({ id: inscriptions.id, offer: inscriptions.liste_attente_id })
    .from(inscriptions)
    .where(
      and(
        eq(inscriptions.statut, "en_attente"),
        or(isNotNull(inscriptions.checkout_session_id), isNotNull(inscriptions.liste_attente_id)),
        lt(inscriptions.hold_expires_at, now.toISOString()),
      ),
    )
    .limit(limit);
  for (const { id, offer } of stale) {
    try {
      // The release hands the place to the next runner waiting (app/services/lifecycle.server.ts).
      if ((await expireCheckoutForInscription(context, id)) === "released" && offer) report.offersExpired++;
      report.expiredHolds++;
    } catch (e) {
      report.errors++;
      logEvent("cron.failed", { kind: "hold", inscription_id: id, error: errorCode(e), detail: errorDetail(e) });
    }
  }
  try {
    // Places freed while no request offered them (a failure, a capacity change): offered now, in order.
    const waiting = await context.db.all<{ format_id: string }>(
      sql`SELECT DISTINCT format_id FROM liste_attente WHERE statut = 'en_liste' LIMIT ${WAITLIST_FORMATS_PER_RUN}`,
    );
    // One budget of offers for the whole run (each offer is a few D1 queries and an e-mail): the next run goes on.
    for (const { format_id } of waiting) {
      const budget = OFFERS_PER_PASS - report.offersMade;
      if (budget <= 0) break;
      report.offersMade += (await offerFreedPlaces(context, format_id, budget)).length;
    }
    await sendPendingWaitlistEmails(context);
  } catch (e) {
    report.errors++;
    logEvent("cron.failed", { kind: "waitlist", error: errorCode(e), detail: errorDetail(e) });
  }
  await step(report, "files", async () => {
    report.deletedFiles = (await cleanOrphanFiles(context.db, context.storage, now)).length;
  });
  await step(report, "image_variants", async () => {
    // A few older images' sizes per run, until none is left (decision 0223).
    const images = await backfillImageVariants(context);
    report.resizedImages = images.made;
    report.errors += images.failed;
  });
  await step(report, "next_dates", async () => {
    report.renewedNextDates = await renewCatalogueDates(context);
  });
  await step(report, "premium", async () => {
    report.premiumReminders = await sendRenewalReminders(context, limit);
  });
  await step(report, "weekly_feedback", async () => {
    report.weeklyFeedbacks = await sendWeeklyFeedback(context, limit);
  });
  await step(report, "payouts", async () => {
    const payouts = await runDuePayouts(context);
    report.payoutsPaid = payouts.paid;
    report.payoutsFailed = payouts.failed;
  });
  await step(report, "data_export", async () => {
    report.exportsBuilt = await buildPendingExports(context);
  });
  // Personal data past its time (decision 0218): documents, guests' registrations, unconfirmed accounts, e-mail
  // bodies, login attempts; each rule on its own (one failing does not stop the others).
  const retention = await applyRetention(context, limit);
  report.purgedJustificatifs = retention.justificatifs;
  report.purgedLoginAttempts = retention.tentatives_connexion;
  report.anonymisedRegistrations = retention.inscriptions_sans_compte;
  report.deletedAccounts = retention.comptes_non_confirmes;
  report.clearedMailBodies = retention.corps_courriels;
  report.exportsExpired = retention.exports_donnees;
  report.errors += retention.errors;
  return report;
}

/** One step of the run: its failure is logged under `kind` and counted, and the run goes on. */
async function step(report: MaintenanceReport, kind: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (e) {
    report.errors++;
    logEvent("cron.failed", { kind, error: errorCode(e), detail: errorDetail(e) });
  }
}
