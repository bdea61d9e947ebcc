// Premium's weekly feedback (issue 47, decision 0230): the week's page (planned sessions against the activities,
// the trend over the last weeks, the race) and the cron's Monday e-mail for the week just ended, once per runner
// and week (the outbox's dedupe key), to runners Premium now with a plan or activities.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { activitiesOfUserBetween } from "~/db/activities.server";
import { planOfUser } from "~/db/training-plans.server";
import { weeklyFeedbackCandidates, weeklyFeedbackKey, weeklyFeedbackRecipient } from "~/db/weekly-feedback.server";
import { addDaysTo } from "~/domain/french-dates";
import { parisInstant } from "~/domain/paris-time";
import {
  mondayOf,
  parisDay,
  type PreviousWeek,
  TREND_WEEKS,
  type WeeklyFeedback,
  weeklyFeedback,
} from "~/domain/weekly-feedback";
import { weeklyFeedbackEmail } from "~/emails/weekly-feedback";
import { runnerIsPremium } from "./subscriptions.server";
import { planSessionsBetween } from "./training-plan.server";

type Ctx = AppLoadContext;

/** Pages of candidates the Monday step reads per run, at most (each page is `limit` runners). */
export const FEEDBACK_PAGES_PER_RUN = 5;

export interface WeekFeedbackPage {
  feedback: WeeklyFeedback;
  /** The plan's race, null without a plan. */
  plan: { raceName: string; raceDate: string } | null;
  /** Activities of the reviewed week (any sport). */
  activityCount: number;
}

/** The instant a Paris day starts, as ISO-8601 UTC. */
function dayStartIso(day: string): string {
  const at = parisInstant(day);
  if (!at) throw new RangeError(`not a day: ${day}`);
  return at.toISOString();
}

/** The week starting on Monday `weekStart` for runner `userId`, with the previous weeks for the trend. */
export async function feedbackForWeek(context: Ctx, userId: string, weekStart: string): Promise<WeekFeedbackPage> {
  const now = context.clock.now();
  const from = addDaysTo(weekStart, -7 * (TREND_WEEKS - 1));
  const end = addDaysTo(weekStart, 7);
  const [plan, sessions, activities] = await Promise.all([
    planOfUser(context.db, userId),
    planSessionsBetween(context, userId, from, addDaysTo(weekStart, 6)),
    activitiesOfUserBetween(context.db, userId, dayStartIso(from), dayStartIso(end)),
  ]);
  const planned = sessions.map((s) => s.session);
  const raceDate = plan?.date_course ?? null;
  // The earlier weeks' figures come from the same rule as the reviewed week's.
  const previousWeeks: PreviousWeek[] = [];
  for (let i = TREND_WEEKS - 1; i >= 1; i--) {
    const start = addDaysTo(weekStart, -7 * i);
    const w = weeklyFeedback({ weekStart: start, planned, activities, previousWeeks: [], raceDate, now });
    previousWeeks.push({
      weekStart: start,
      plannedKm: w.planned.distanceKm,
      doneKm: w.done.distanceKm,
      doneDplus: w.done.dplusM,
    });
  }
  const feedback = weeklyFeedback({ weekStart, planned, activities, previousWeeks, raceDate, now });
  const inWeek = activities.filter(
    (a) => parisDay(a.startedAt) >= weekStart && parisDay(a.startedAt) <= feedback.weekEnd,
  );
  return {
    feedback,
    plan: plan ? { raceName: plan.course_nom, raceDate: plan.date_course } : null,
    activityCount: inWeek.length,
  };
}

/** The Monday reviewed by the page: `semaine` when it is a Monday, else the current week's. */
export function reviewedWeek(semaine: string | null, now: Date): string {
  if (semaine && /^\d{4}-\d{2}-\d{2}$/.test(semaine) && parisInstant(semaine) && mondayOf(semaine) === semaine)
    return semaine;
  return mondayOf(now);
}

/**
 * The cron's step: on a Monday (Paris calendar), the e-mail of the week just ended to each runner Premium now with
 * a plan or activities that week, at most `limit` per run; the dedupe key makes repeated or parallel runs harmless.
 * `week` (a Monday) is for the development trigger only (/dev/bilan): that week's e-mail, whatever the day.
 */
export async function sendWeeklyFeedback(context: Ctx, limit = 100, week?: string): Promise<number> {
  const today = parisDay(context.clock.now());
  if (!week && mondayOf(today) !== today) return 0;
  const weekStart = week ?? addDaysTo(today, -7);
  const range = { weekStart, fromIso: dayStartIso(weekStart), toIso: dayStartIso(addDaysTo(weekStart, 7)) };
  let sent = 0;
  let afterId = "";
  for (let page = 0; page < FEEDBACK_PAGES_PER_RUN && sent < limit; page++) {
    const ids = await weeklyFeedbackCandidates(context.db, { ...range, afterId, limit });
    for (const userId of ids) {
      if (sent >= limit) break;
      if (await sendOne(context, userId, weekStart)) sent++;
    }
    if (ids.length < limit) break;
    afterId = ids[ids.length - 1];
  }
  return sent;
}

async function sendOne(context: Ctx, userId: string, weekStart: string): Promise<boolean> {
  if (!(await runnerIsPremium(context, userId))) return false;
  const { email, prenom } = await weeklyFeedbackRecipient(context.db, userId);
  if (!email) return false;
  const { feedback } = await feedbackForWeek(context, userId, weekStart);
  const mail = weeklyFeedbackEmail({ feedback, appUrl: context.env.APP_URL, prenom });
  return context.mailer.send({
    to: email,
    ...mail,
    kind: "premium_weekly_feedback",
    dedupeKey: weeklyFeedbackKey(userId, weekStart),
  });
}
