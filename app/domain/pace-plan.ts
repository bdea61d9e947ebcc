// Splits of a course for a finish time (issue 47, decisions 0225 and 0226): the time is shared between the segments
// in proportion to their time cost (course-effort.ts), so a steep climb gets more minutes than a flat kilometre.
// Pure: runs on the server (the pace card without JavaScript) and in the browser (the target slider).
import type { AidStation } from "./aid-stations.ts";
import type { CourseSegment } from "./course-effort.ts";

/** What the splits need of a course segment (course-effort.ts). */
export type PaceSegment = Pick<
  CourseSegment,
  "startKm" | "endKm" | "distanceKm" | "dplus" | "dmoins" | "meanGrade" | "effortKm"
>;

export interface Split extends PaceSegment {
  seconds: number;
  /** Seconds per kilometre on this segment. */
  pace: number;
  /** Seconds from the start to the end of this segment. */
  arrival: number;
}

/** Shares `totalSeconds` between the segments by their effort; the arrivals add up exactly to the total. */
export function splitsFor(segments: readonly PaceSegment[], totalSeconds: number): Split[] {
  const effort = segments.reduce((n, s) => n + s.effortKm, 0);
  let arrival = 0;
  return segments.map((s, i) => {
    const seconds =
      i === segments.length - 1 ? totalSeconds - arrival : effort > 0 ? (totalSeconds * s.effortKm) / effort : 0;
    arrival += seconds;
    return { ...s, seconds, pace: s.distanceKm > 0 ? seconds / s.distanceKm : 0, arrival };
  });
}

/** Seconds from the start to kilometre `km` (linear within a segment); the finish time beyond the last one. */
export function arrivalAt(splits: readonly Split[], km: number): number {
  let before = 0;
  for (const s of splits) {
    if (km <= s.endKm + 1e-9) {
      const f = s.distanceKm > 0 ? Math.max(0, Math.min(1, (km - s.startKm) / s.distanceKm)) : 1;
      return before + s.seconds * f;
    }
    before = s.arrival;
  }
  return before;
}

export interface StationTime extends AidStation {
  /** Seconds from the start. */
  elapsed: number;
  /** Time of day "HH:MM" (with the day after noted by `nextDay`), null without a start time. */
  clock: string | null;
  nextDay: boolean;
  /** Seconds of margin before the barrier (negative: after it), null without a barrier or a start time. */
  margin: number | null;
}

function minutesOf(hhmm: string | null | undefined): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm ?? "");
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : null;
}

/** The time of day `elapsed` seconds after `start` ("HH:MM"). */
export function clockAfter(
  start: string | null | undefined,
  elapsed: number,
): { clock: string; nextDay: boolean } | null {
  const s = minutesOf(start);
  if (s == null) return null;
  const total = s + Math.round(elapsed / 60);
  const inDay = ((total % 1440) + 1440) % 1440;
  const clock = `${String(Math.floor(inDay / 60)).padStart(2, "0")}:${String(inDay % 60).padStart(2, "0")}`;
  return { clock, nextDay: total >= 1440 };
}

/** Arrival at each aid station (and its barrier's margin) for these splits and this start time. */
export function stationTimes(
  splits: readonly Split[],
  stations: readonly AidStation[],
  start: string | null | undefined,
): StationTime[] {
  const s = minutesOf(start);
  return stations.map((st) => {
    const elapsed = arrivalAt(splits, st.km);
    const at = clockAfter(start, elapsed);
    const b = minutesOf(st.barrier);
    let margin: number | null = null;
    if (s != null && b != null) {
      // A barrier earlier in the day than the start is on the next day (a race through the night).
      const barrierAfterStart = (b >= s ? b - s : b + 1440 - s) * 60;
      margin = Math.round(barrierAfterStart - elapsed);
    }
    return { ...st, elapsed, clock: at?.clock ?? null, nextDay: at?.nextDay ?? false, margin };
  });
}

/** A pace in seconds per km as "6:05 min/km". */
export function formatPace(secondsPerKm: number): string {
  const total = Math.round(secondsPerKm);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}\u00a0min/km`;
}

/**
 * A duration as the runner types it: "4:30", "4h30", "4 h 30", "04:30:00", "45 min", "4h" → seconds; null when it
 * cannot be read or is not between 1 minute and 200 hours.
 */
export function parseDuration(text: string | null | undefined): number | null {
  const t = (text ?? "").trim().toLowerCase().replace(/\s+/g, " ");
  if (t === "") return null;
  let sec: number | null = null;
  let m = /^(\d{1,3})\s*(?:h|:)\s*(\d{1,2})(?:\s*(?:min|m|:)\s*(\d{1,2})?\s*(?:s)?)?$/.exec(t);
  if (m) {
    const min = Number(m[2]);
    const s = Number(m[3] ?? "0");
    if (min < 60 && s < 60) sec = Number(m[1]) * 3600 + min * 60 + s;
  } else if ((m = /^(\d{1,3})\s*h$/.exec(t))) sec = Number(m[1]) * 3600;
  else if ((m = /^(\d{1,4})\s*(?:min|mn|m)$/.exec(t))) sec = Number(m[1]) * 60;
  if (sec == null || sec < 60 || sec > 200 * 3600) return null;
  return sec;
}

/** Seconds as "hh:mm" (the value the form's field shows back). */
export function durationField(seconds: number): string {
  const total = Math.round(seconds / 60);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}
