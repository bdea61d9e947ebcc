// The weekly feedback's shapes (issue 47, decision 0230): what weekly-feedback.ts computes and
// weekly-feedback-text.ts words. Types only.
import type { ActivitySummary } from "./activity.ts";
import type { WorkoutSession } from "./workout.ts";

export interface PreviousWeek {
  weekStart: string;
  plannedKm: number;
  doneKm: number;
  doneDplus: number;
}

export interface WeeklyFeedbackInput {
  /** The reviewed week's Monday (YYYY-MM-DD). */
  weekStart: string;
  /** The plan's sessions (those outside the week are left out). */
  planned: WorkoutSession[];
  /** The runner's activities (those outside the week are left out). */
  activities: ActivitySummary[];
  /** Earlier weeks, for the trend (any order; the reviewed week and later ones are left out). */
  previousWeeks: PreviousWeek[];
  /** The race's day (YYYY-MM-DD), when the plan prepares one. */
  raceDate: string | null;
  now: Date;
}

export interface Totals {
  distanceKm: number;
  dplusM: number;
  timeSec: number;
}

export interface SessionMatch {
  session: WorkoutSession;
  /** The activity that did it (same day first, else the day before or after), null when not done. */
  activity: ActivitySummary | null;
  /** The session's day is after today: not missed, still to come. */
  upcoming: boolean;
}

export type LongRunVerdict = "au_dessus" | "dans_objectif" | "en_dessous" | "non_faite" | "sans_objectif";

export interface LongRun {
  plannedSec: number | null;
  plannedKm: number | null;
  doneSec: number | null;
  doneKm: number | null;
  verdict: LongRunVerdict;
}

export interface TrendWeek {
  weekStart: string;
  plannedKm: number;
  doneKm: number;
  /** done / planned, null when nothing was planned. */
  ratio: number | null;
}

export interface Trend {
  /** Up to TREND_WEEKS weeks, oldest first, the reviewed one last. */
  weeks: TrendWeek[];
  /** Sum done / sum planned over those weeks (null: nothing planned). */
  ratio: number | null;
  /** Whole days from today to the race (negative once it is past), null without a race. */
  daysLeft: number | null;
  /** Whole weeks from today to the race (floor), null without a race or once it is past. */
  weeksLeft: number | null;
}

export interface WeeklyFeedback {
  weekStart: string;
  weekEnd: string;
  /** Today falls inside the reviewed week: sessions after today are still to come. */
  inProgress: boolean;
  planned: Totals;
  done: Totals;
  /** done / planned on distance when the plan gives distances, else on time; null when nothing was planned. */
  completion: { basis: "distance" | "time"; ratio: number } | null;
  sessions: { planned: number; done: number; upcoming: number; matches: SessionMatch[] };
  /** Running activities that did no planned session. */
  extraActivities: ActivitySummary[];
  /** Activities of the week that are not running (walks, rides): listed, not counted. */
  otherActivities: ActivitySummary[];
  longRun: LongRun;
  trend: Trend;
  sentences: string[];
}
