// The weekly feedback of the Premium plan (issue 47, decision 0230): a week of planned sessions against the
// activities the runner did, the long run, the trend toward the race. Pure: `now` is passed, no I/O. Weeks run
// Monday to Sunday on the Paris calendar. The French sentences are weekly-feedback-text.ts.

import type { ActivitySport, ActivitySummary } from "./activity.ts";
import { daysBetween } from "./catalogue.ts";
import { weekStart } from "./charts.ts";
import { addDaysTo } from "./french-dates.ts";
import { parisWallClock } from "./paris-time.ts";
import { sessionDurationSec, type WorkoutSession } from "./workout.ts";
import { feedbackSentences } from "./weekly-feedback-text.ts";
import type {
  WeeklyFeedbackInput,
  Totals,
  SessionMatch,
  LongRunVerdict,
  LongRun,
  TrendWeek,
  Trend,
  WeeklyFeedback,
} from "./weekly-feedback-types.ts";
// Its shapes, for the callers that import them from here.
export type * from "./weekly-feedback-types.ts";

/** The sports that count as running in the totals (a walk or a bike ride does not). */
export const RUNNING_SPORTS: readonly ActivitySport[] = ["course", "trail"];
/** The long run is "dans l'objectif" within ±10 % of the planned time. */
export const LONG_RUN_TOLERANCE = 0.1;
/** The trend looks at this many weeks, the reviewed one included. */
export const TREND_WEEKS = 4;

const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** The Paris calendar day of an instant or of a "YYYY-MM-DD" (returned as it is). */
export function parisDay(date: Date | string): string {
  if (typeof date === "string" && YMD.test(date)) return date;
  const at = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(at.getTime())) throw new RangeError(`not a date: ${String(date)}`);
  return parisWallClock(at).date;
}

/** The Monday (YYYY-MM-DD, Paris calendar) of the week holding `date` (the day's rule is charts.ts's weekStart). */
export function mondayOf(date: Date | string): string {
  return weekStart(parisDay(date));
}

/** The week's seven days, Monday to Sunday. */
export function weekDays(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDaysTo(weekStart, i));
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Sessions paired with activities: on the same day first (longest with longest), then the day before or after. */
export function matchSessions(sessions: WorkoutSession[], runs: ActivitySummary[], today: string): SessionMatch[] {
  const free = new Set(runs);
  const dayOf = (a: ActivitySummary) => parisDay(a.startedAt);
  const byLength = [...sessions].sort((a, b) => sessionDurationSec(b) - sessionDurationSec(a));
  const matched = new Map<WorkoutSession, ActivitySummary>();
  for (const shift of [0, 1]) {
    for (const s of byLength) {
      if (matched.has(s)) continue;
      const candidates = [...free]
        .filter((a) => Math.abs(daysBetween(s.date, dayOf(a))) === shift)
        .sort((a, b) => b.movingTimeSec - a.movingTimeSec);
      if (candidates.length === 0) continue;
      matched.set(s, candidates[0]);
      free.delete(candidates[0]);
    }
  }
  return [...sessions]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((s) => {
      const activity = matched.get(s) ?? null;
      return { session: s, activity, upcoming: !activity && s.date >= today };
    });
}

function longRun(sessions: WorkoutSession[], runs: ActivitySummary[]): LongRun {
  const plannedLong = sessions
    .filter((s) => s.kind === "sortie_longue")
    .sort((a, b) => sessionDurationSec(b) - sessionDurationSec(a))[0];
  const longest = [...runs].sort((a, b) => b.movingTimeSec - a.movingTimeSec)[0];
  const plannedSec = plannedLong ? sessionDurationSec(plannedLong) : null;
  const doneSec = longest ? longest.movingTimeSec : null;
  let verdict: LongRunVerdict = "sans_objectif";
  if (plannedSec != null && plannedSec > 0) {
    if (doneSec == null || doneSec === 0) verdict = "non_faite";
    else if (doneSec > plannedSec * (1 + LONG_RUN_TOLERANCE)) verdict = "au_dessus";
    else if (doneSec < plannedSec * (1 - LONG_RUN_TOLERANCE)) verdict = "en_dessous";
    else verdict = "dans_objectif";
  }
  return {
    plannedSec,
    plannedKm: plannedLong?.distanceKm ?? null,
    doneSec,
    doneKm: longest ? round1(longest.distanceM / 1000) : null,
    verdict,
  };
}

function trend(input: WeeklyFeedbackInput, planned: Totals, done: Totals, today: string): Trend {
  const earlier = input.previousWeeks
    .filter((w) => w.weekStart < input.weekStart)
    .sort((a, b) => a.weekStart.localeCompare(b.weekStart))
    .slice(-(TREND_WEEKS - 1));
  const weeks: TrendWeek[] = [
    ...earlier.map((w) => ({ weekStart: w.weekStart, plannedKm: w.plannedKm, doneKm: w.doneKm })),
    { weekStart: input.weekStart, plannedKm: planned.distanceKm, doneKm: done.distanceKm },
  ].map((w) => ({ ...w, ratio: w.plannedKm > 0 ? w.doneKm / w.plannedKm : null }));
  const plannedSum = weeks.reduce((s, w) => s + w.plannedKm, 0);
  const doneSum = weeks.reduce((s, w) => s + w.doneKm, 0);
  const daysLeft = input.raceDate ? daysBetween(today, input.raceDate) : null;
  return {
    weeks,
    ratio: plannedSum > 0 ? doneSum / plannedSum : null,
    daysLeft,
    weeksLeft: daysLeft == null || daysLeft < 0 ? null : Math.floor(daysLeft / 7),
  };
}

/** The week reviewed: planned vs done, sessions, long run, trend, and the French sentences that say it. */
export function weeklyFeedback(input: WeeklyFeedbackInput): WeeklyFeedback {
  if (!YMD.test(input.weekStart) || mondayOf(input.weekStart) !== input.weekStart)
    throw new RangeError(`weekStart must be a Monday (YYYY-MM-DD), got ${input.weekStart}`);
  const days = new Set(weekDays(input.weekStart));
  const weekEnd = addDaysTo(input.weekStart, 6);
  const today = parisDay(input.now);
  const sessions = input.planned.filter((s) => days.has(s.date));
  const inWeek = input.activities.filter((a) => days.has(parisDay(a.startedAt)));
  const runs = inWeek.filter((a) => RUNNING_SPORTS.includes(a.sport));
  const planned: Totals = {
    distanceKm: round1(sessions.reduce((s, x) => s + (x.distanceKm ?? 0), 0)),
    dplusM: Math.round(sessions.reduce((s, x) => s + (x.dplusM ?? 0), 0)),
    timeSec: sessions.reduce((s, x) => s + sessionDurationSec(x), 0),
  };
  const done: Totals = {
    distanceKm: round1(runs.reduce((s, a) => s + a.distanceM, 0) / 1000),
    dplusM: Math.round(runs.reduce((s, a) => s + a.elevationGainM, 0)),
    timeSec: runs.reduce((s, a) => s + a.movingTimeSec, 0),
  };
  let completion: WeeklyFeedback["completion"] = null;
  if (planned.distanceKm > 0) completion = { basis: "distance", ratio: done.distanceKm / planned.distanceKm };
  else if (planned.timeSec > 0) completion = { basis: "time", ratio: done.timeSec / planned.timeSec };
  const matches = matchSessions(sessions, runs, today);
  const used = new Set(matches.map((m) => m.activity));
  const result: Omit<WeeklyFeedback, "sentences"> = {
    weekStart: input.weekStart,
    weekEnd,
    inProgress: today >= input.weekStart && today <= weekEnd,
    planned,
    done,
    completion,
    sessions: {
      planned: sessions.length,
      done: matches.filter((m) => m.activity).length,
      upcoming: matches.filter((m) => m.upcoming).length,
      matches,
    },
    extraActivities: runs.filter((a) => !used.has(a)),
    otherActivities: inWeek.filter((a) => !RUNNING_SPORTS.includes(a.sport)),
    longRun: longRun(sessions, runs),
    trend: trend(input, planned, done, today),
  };
  return { ...result, sentences: feedbackSentences(result, input.raceDate) };
}
