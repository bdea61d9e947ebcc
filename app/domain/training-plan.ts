// The Premium training plan (issue 47, decision 0227): from the race (date, distance, D+), today, the runner's
// current weekly volume and long run, their target and their training days, a periodised plan of weeks — base,
// développement, affûtage, relâchement — whose sessions are WorkoutSessions (app/domain/workout.ts). The rules are
// the decision's, each written once here and in training-plan-sessions.ts; nothing here is a physiological model.
// Pure: `now` is passed in.
import { addDaysTo } from "./french-dates";
import { parisWallClock } from "./paris-time";
import { TrainingPlanError } from "./training-plan-errors";
import {
  footing,
  hills,
  intervals,
  longRun,
  type Phase,
  qualityDays,
  race as raceSession,
  recovery,
  roundMinutes,
  type SessionContext,
  sessionMinutes,
  threshold,
} from "./training-plan-sessions";
import type { WorkoutSession } from "./workout";

export { PHASE_LABELS, type Phase } from "./training-plan-sessions";

/** ISO weekdays: 1 = lundi … 7 = dimanche. */
export const WEEKDAY_LABELS = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"] as const;

export interface PlanInput {
  race: { name: string; date: string; km: number; dplusM: number };
  /** Current weekly volume (km). */
  weeklyKm: number;
  /** Current long run: in km, or in minutes (turned into km at easy pace). */
  longRun: { km: number } | { minutes: number };
  /** Target finish time (seconds), null for "finir". */
  targetSec: number | null;
  /** Training days, ISO weekdays (1 = lundi). */
  days: number[];
  longRunDay: number;
  /** The runner's threshold pace (seconds per km), when they know it. */
  thresholdPaceSecPerKm: number | null;
}

export interface PlanWeek {
  number: number;
  phase: Phase;
  /** The week's Monday (YYYY-MM-DD). */
  monday: string;
  /** The volume the rules aim at (km); the sessions' sum may differ by the rounding of their durations. */
  targetKm: number;
  /** A lighter week (every fourth week of the loading phases). */
  lighter: boolean;
  sessions: WorkoutSession[];
}

export interface TrainingPlan {
  weeks: PlanWeek[];
  /** The threshold speed the durations were computed with (m/s). */
  thresholdSpeedMps: number;
  /** Whether it is the runner's own (from their threshold pace) or the default. */
  thresholdFromRunner: boolean;
}

// ---------------------------------------------------------------- the rules (decision 0227)
/** A plan needs at least 3 weeks before the race. */
export const MIN_DAYS_BEFORE_RACE = 21;
/** A plan covers at most 24 weeks: a race further away starts its plan 24 weeks before. */
export const MAX_WEEKS = 24;
/** Weekly volume grows by at most 10 % from one loading week to the next. */
export const MAX_WEEKLY_INCREASE = 0.1;
/** Every fourth week of the loading phases is lighter: 70 % of the week before. */
export const LIGHTER_EVERY = 4;
export const LIGHTER_FACTOR = 0.7;
/** The peak volume is at most 1.5 × the current volume, and at most 120 km. */
export const MAX_GROWTH = 1.5;
export const MAX_PEAK_KM = 120;
/** The long run: at most half of the week's volume, and between 10 and 35 km at its longest. */
export const LONG_RUN_SHARE = 0.5;
/** Without the runner's threshold pace: 5:30 min/km. */
export const DEFAULT_THRESHOLD_PACE = 330;
/** Race week: up to two footings of 30 min before the race. */
export const RACE_WEEK_FOOTING_MIN = 30;

/** Distance-effort (ITRA's km-effort): km + D+ / 100. */
export function effortKm(km: number, dplusM: number): number {
  return km + dplusM / 100;
}

/** Taper weeks (relâchement, race week included): 1 up to 25 km-effort, 2 up to 60, 3 beyond. */
export function taperWeeks(effort: number): number {
  return effort <= 25 ? 1 : effort <= 60 ? 2 : 3;
}

/** Volume of the taper weeks before the race week, as a share of the peak volume. */
export const TAPER_FACTORS: Record<number, number[]> = { 1: [], 2: [0.6], 3: [0.75, 0.55] };

/** The phases of the weeks before the taper: affûtage ≈ 25 %, développement ≈ 35 %, base the rest (≥ 1). */
export function loadingPhases(m: number): Phase[] {
  const peak = m >= 6 ? Math.round(m * 0.25) : m >= 3 ? 1 : 0;
  const build = m >= 2 ? Math.max(1, Math.round(m * 0.35)) : 0;
  const base = m - peak - build;
  return [
    ...Array<Phase>(base).fill("base"),
    ...Array<Phase>(build).fill("developpement"),
    ...Array<Phase>(peak).fill("affutage"),
  ];
}

/**
 * Quality sessions a week: base 1, développement and affûtage 2 with a time target (1 for "finir"), taper 1; never
 * more than the days less two (the long run and one easy run); one fewer in a lighter week.
 */
export function qualityCount(phase: Phase, hasTarget: boolean, days: number): number {
  const wanted = phase === "base" || phase === "relachement" ? 1 : hasTarget ? 2 : 1;
  return Math.min(wanted, Math.max(0, days - 2));
}

/** Days between two YYYY-MM-DD dates. */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
/** ISO weekday of a YYYY-MM-DD date. */
export function isoWeekday(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}
const mondayOf = (day: string) => addDaysTo(day, 1 - isoWeekday(day));
const round1 = (n: number) => Math.round(n * 10) / 10;

function validate(input: PlanInput, today: string): void {
  if (!(input.race.km > 0)) throw new TrainingPlanError("distance_nulle");
  const away = daysBetween(today, input.race.date);
  if (away <= 0) throw new TrainingPlanError("course_passee");
  if (away < MIN_DAYS_BEFORE_RACE) throw new TrainingPlanError("course_trop_proche");
  if (!(input.weeklyKm >= 5)) throw new TrainingPlanError("volume_nul");
  const days = new Set(input.days);
  if (days.size < 2) throw new TrainingPlanError("aucun_jour");
  if (days.size > 6) throw new TrainingPlanError("trop_de_jours");
  if (!days.has(input.longRunDay)) throw new TrainingPlanError("jour_sortie_longue");
  const long = "km" in input.longRun ? input.longRun.km : input.longRun.minutes;
  if (!(long > 0)) throw new TrainingPlanError("sortie_longue_nulle");
}

/** The weekly volume targets and long runs of the weeks before the taper (the 10 % rule, lighter weeks, ceilings). */
export function loadingVolumes(
  weeks: number,
  currentKm: number,
  currentLongKm: number,
  raceEffortKm: number,
): { km: number; longKm: number; lighter: boolean }[] {
  const ceiling = Math.max(currentKm, Math.min(currentKm * MAX_GROWTH, Math.min(MAX_PEAK_KM, raceEffortKm)));
  const longCap = Math.max(currentLongKm, Math.min(35, Math.max(10, 0.8 * raceEffortKm)));
  const out: { km: number; longKm: number; lighter: boolean }[] = [];
  let load = currentKm;
  let long = currentLongKm;
  for (let i = 1; i <= weeks; i++) {
    if (i % LIGHTER_EVERY === 0 && i < weeks) {
      out.push({ km: round1(load * LIGHTER_FACTOR), longKm: round1(long * LIGHTER_FACTOR), lighter: true });
      continue;
    }
    if (i > 1) load = Math.min(load * (1 + MAX_WEEKLY_INCREASE), ceiling);
    if (i > 1) long = Math.min(long * (1 + MAX_WEEKLY_INCREASE), longCap);
    long = Math.min(long, LONG_RUN_SHARE * load, longCap);
    out.push({ km: round1(load), longKm: round1(long), lighter: false });
  }
  return out;
}

/** Builds the plan. Throws a TrainingPlanError (code, French message, field) for inputs a plan cannot come from. */
export function buildTrainingPlan(input: PlanInput, now: Date): TrainingPlan {
  const today = parisWallClock(now).date;
  validate(input, today);
  const pace = input.thresholdPaceSecPerKm;
  const thresholdSpeed = 1000 / (pace && pace > 0 ? pace : DEFAULT_THRESHOLD_PACE);
  const easySpeed = thresholdSpeed * 0.76;
  const currentLongKm = round1(
    "km" in input.longRun ? input.longRun.km : (input.longRun.minutes * 60 * thresholdSpeed * 0.74) / 1000,
  );
  if (currentLongKm > input.weeklyKm) throw new TrainingPlanError("sortie_longue_trop_longue");

  const raceMonday = mondayOf(input.race.date);
  const firstMonday = mondayOf(addDaysTo(today, 1));
  const allWeeks = daysBetween(firstMonday, raceMonday) / 7 + 1;
  const n = Math.min(allWeeks, MAX_WEEKS);
  const startMonday = addDaysTo(raceMonday, -7 * (n - 1));
  const effort = effortKm(input.race.km, input.race.dplusM);
  const taper = Math.max(1, Math.min(taperWeeks(effort), n - 2));
  const phases: Phase[] = [...loadingPhases(n - taper), ...Array<Phase>(taper).fill("relachement")];
  const volumes = loadingVolumes(n - taper, input.weeklyKm, currentLongKm, effort);
  const peakKm = Math.max(...volumes.map((v) => v.km));
  const peakLong = Math.max(...volumes.map((v) => v.longKm));
  const days = [...new Set(input.days)].sort((a, b) => a - b);
  const trail = input.race.dplusM / input.race.km >= 15;
  const base = {
    thresholdSpeed,
    trail,
    dplusPerKm: Math.min(60, input.race.dplusM / input.race.km),
  };

  const weeks: PlanWeek[] = [];
  const phaseStart = new Map<Phase, number>();
  for (let w = 0; w < n; w++) {
    const phase = phases[w];
    if (!phaseStart.has(phase)) phaseStart.set(phase, w);
    const monday = addDaysTo(startMonday, 7 * w);
    const ctxOf = (day: number): SessionContext => ({
      ...base,
      date: addDaysTo(monday, day - 1),
      phase,
      weekInPhase: w - (phaseStart.get(phase) ?? w),
    });
    const isRaceWeek = w === n - 1;
    const taperIndex = w - (n - taper);
    const target = isRaceWeek
      ? { km: 0, longKm: 0, lighter: false }
      : phase === "relachement"
        ? {
            km: round1(peakKm * TAPER_FACTORS[taper][taperIndex]),
            longKm: round1(peakLong * TAPER_FACTORS[taper][taperIndex]),
            lighter: false,
          }
        : volumes[w];
    const sessions = isRaceWeek
      ? raceWeek(input, days, ctxOf)
      : normalWeek({
          days,
          longDay: input.longRunDay,
          quality: Math.max(0, qualityCount(phase, input.targetSec !== null, days.length) - (target.lighter ? 1 : 0)),
          trail,
          targetKm: target.km,
          longKm: target.longKm,
          easySpeed,
          ctxOf,
        });
    const kept = sessions.filter((s) => s.date > today && s.date <= input.race.date);
    const targetKm = isRaceWeek ? round1(kept.reduce((s, x) => s + (x.distanceKm ?? 0), 0)) : target.km;
    weeks.push({ number: w + 1, phase, monday, targetKm, lighter: target.lighter, sessions: kept });
  }
  return { weeks, thresholdSpeedMps: thresholdSpeed, thresholdFromRunner: !!(pace && pace > 0) };
}

function normalWeek(w: {
  days: number[];
  longDay: number;
  quality: number;
  trail: boolean;
  targetKm: number;
  longKm: number;
  easySpeed: number;
  ctxOf: (day: number) => SessionContext;
}): WorkoutSession[] {
  const qDays = qualityDays(w.days, w.longDay, w.quality);
  const byDay = new Map<number, WorkoutSession>();
  byDay.set(w.longDay, longRun(w.ctxOf(w.longDay), w.longKm));
  qDays.forEach((d, i) => {
    const ctx = w.ctxOf(d);
    const kinds =
      ctx.phase === "base"
        ? [w.trail ? hills : intervals]
        : ctx.phase === "relachement"
          ? [threshold]
          : [threshold, w.trail ? hills : intervals];
    byDay.set(d, kinds[i % kinds.length](ctx));
  });
  const afterLong = (w.longDay % 7) + 1;
  const easyDays = w.days.filter((d) => !byDay.has(d));
  const fixedKm = [...byDay.values()].reduce((s, x) => s + (x.distanceKm ?? 0), 0);
  const easyCount = easyDays.length;
  const recoveryDay = easyDays.includes(afterLong) && easyCount > 1 ? afterLong : null;
  const recoveryKm = recoveryDay ? (30 * 60 * w.easySpeed * 0.9) / 1000 : 0;
  const footings = easyCount - (recoveryDay ? 1 : 0);
  const leftKm = Math.max(0, w.targetKm - fixedKm - recoveryKm);
  const minutes = footings > 0 ? roundMinutes((leftKm * 1000) / footings / w.easySpeed / 60, 20, 90) : 0;
  for (const d of easyDays) byDay.set(d, d === recoveryDay ? recovery(w.ctxOf(d)) : footing(w.ctxOf(d), minutes));
  return [...byDay.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s);
}

function raceWeek(input: PlanInput, days: number[], ctxOf: (day: number) => SessionContext): WorkoutSession[] {
  const raceDay = isoWeekday(input.race.date);
  const before = days.filter((d) => d < raceDay).slice(-2);
  const out = before.map((d, i) =>
    footing(ctxOf(d), RACE_WEEK_FOOTING_MIN, i === before.length - 1 ? "Finir par 4 accélérations de 20 s" : undefined),
  );
  out.push(raceSession(ctxOf(raceDay), { ...input.race, targetSec: input.targetSec }));
  return out;
}

/** The plan's total planned minutes of a week (for the page). */
export function weekMinutes(week: PlanWeek): number {
  return week.sessions.reduce((s, x) => s + sessionMinutes(x), 0);
}

/** The planned km of a week: the sum of its sessions. */
export function weekKm(week: PlanWeek): number {
  return round1(week.sessions.reduce((s, x) => s + (x.distanceKm ?? 0), 0));
}
