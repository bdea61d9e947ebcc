// The summary rules every activity file shares (decision 0231): which intervals count as moving, the climb, the
// sport's and the name's defaults. Pure.
import { ACTIVITY_SPORT_LABELS, type ActivitySport } from "../activity.ts";

/** An interval counts as moving at or above this horizontal speed (1,1 km/h: a steep climb on foot still moves). */
export const MOVING_MIN_SPEED_MS = 0.3;
/** …or at or above this vertical speed (180 m/h), for the steepest climbs where the trace barely advances. */
export const MOVING_MIN_CLIMB_MS = 0.05;

/** One interval between two consecutive recorded points of the same segment. */
export interface Interval {
  /** Seconds between the two points (≤ 0 is ignored). */
  seconds: number;
  /** Horizontal metres between them. */
  metres: number;
  /** Metres of height between them (absolute), 0 when a point has no elevation. */
  climb: number;
}

/**
 * Moving time: the sum of the intervals where the runner moved (horizontal speed ≥ 0,3 m/s or vertical speed
 * ≥ 0,05 m/s). A stop (the watch recording while standing) and a pause (a gap between two points with no distance)
 * fall below both, so they are left out; the gap between two segments is never an interval.
 */
export function movingSeconds(intervals: Iterable<Interval>): number {
  let total = 0;
  for (const { seconds, metres, climb } of intervals) {
    if (!(seconds > 0)) continue;
    if (metres / seconds >= MOVING_MIN_SPEED_MS || climb / seconds >= MOVING_MIN_CLIMB_MS) total += seconds;
  }
  return Math.round(total);
}

/** Positive elevation summed over consecutive known elevations (points without one are skipped, never read as 0). */
export function positiveGain(elevations: Iterable<number | null>): number {
  let up = 0;
  let last: number | null = null;
  for (const e of elevations) {
    if (e == null || !Number.isFinite(e)) continue;
    if (last != null && e > last) up += e - last;
    last = e;
  }
  return up;
}

/** The sport's French name, the name of an activity whose file gives none. */
export function sportLabel(sport: ActivitySport): string {
  return ACTIVITY_SPORT_LABELS[sport];
}

export const ACTIVITY_NAME_MAX = 120;

/** The activity's name: the file's (trimmed, at most 120 characters) or the sport's. */
export function activityName(fromFile: string | null | undefined, sport: ActivitySport): string {
  const name = (fromFile ?? "").replace(/\s+/g, " ").trim();
  return name ? name.slice(0, ACTIVITY_NAME_MAX) : sportLabel(sport);
}

/**
 * A sport as the files and Strava name it (GPX <type>, TCX Sport, FIT sport/sub_sport, Strava sport_type), folded to
 * Balise's four: trail running is 'trail', running 'course', walking and hiking 'marche', anything else 'autre'.
 * No sport at all reads as running (the files Balise's runners import).
 */
export function sportFromLabel(...labels: (string | null | undefined)[]): ActivitySport {
  const text = labels
    .filter(Boolean)
    .join(" ")
    .toLowerCase()
    .replace(/[\s_-]+/g, "");
  if (!text) return "course";
  if (text.includes("trail") && !/walk|hik/.test(text)) return "trail";
  if (/run|course|jog/.test(text)) return "course";
  if (/walk|hik|marche|randonn/.test(text)) return "marche";
  return "autre";
}
