// The finish-time estimate (issue 47, decision 0225). Pure.
// Performance scale: the ITRA performance index and the UTMB index both rate a finish from 0 to 1000 as
// 1000 × (reference time of the course / the runner's time), the reference being a world-class performance; so a
// runner's time on a course is reference(course) × 1000 / index. The reference time of a course is a function of
// its effort (flat-equivalent kilometres, course-effort.ts): Riegel's power law T = t0 × (E/E0)^k (Riegel 1981,
// "Athletic records and human endurance", American Scientist 69:285-290), k = 1.06 up to a marathon's effort, and a
// larger k beyond, fitted on published elite ultra-trail finishes (decision 0225: the anchors, illustrative), which
// carries the slowing of long races (night, hiking, feeding) that the energy model does not see.
import { roughEffortKm } from "./course-effort.ts";

/** E0: a marathon's effort, in flat kilometres. */
export const REFERENCE_EFFORT_KM = 42.195;
/** t0: the time (hours) of an index-1000 runner over E0 (fitted, decision 0225). */
export const REFERENCE_HOURS = 2.283;
/** Riegel's exponent (road races from 3.5 to 230 min). */
export const RIEGEL_EXPONENT = 1.06;
/** The exponent beyond E0, fitted on Sierre-Zinal 2019 and UTMB 2023 winners' times (decision 0225). */
export const ULTRA_EXPONENT = 1.28;
export const INDEX_MIN = 100;
export const INDEX_MAX = 1000;
/** A race time is a reference from 3 to 400 km with at most 30 000 m of D+ (the form's bounds and the picked ones'). */
export const COURSE_KM_MIN = 3;
export const COURSE_KM_MAX = 400;
export const COURSE_DPLUS_MAX = 30000;
/** The range around the central time: a good day and a bad day (bad days cost more than good days give). */
export const FAST_FACTOR = 0.94;
export const SLOW_FACTOR_BASE = 1.08;
/** The slow side widens with the race's length (per hour of central time), up to SLOW_FACTOR_MAX. */
export const SLOW_FACTOR_PER_HOUR = 0.004;
export const SLOW_FACTOR_MAX = 1.25;

export type Reference =
  | { kind: "itra"; index: number }
  | { kind: "utmb"; index: number }
  | { kind: "course"; distanceKm: number; dplus: number; seconds: number };

/** Seconds an index-1000 runner takes over `effortKm` flat-equivalent kilometres. */
export function referenceSeconds(effortKm: number): number {
  if (effortKm <= 0) return 0;
  const ratio = effortKm / REFERENCE_EFFORT_KM;
  const k = ratio <= 1 ? RIEGEL_EXPONENT : ULTRA_EXPONENT;
  return REFERENCE_HOURS * 3600 * ratio ** k;
}

/** The reference as a 0–1000 index: an index as given, a race time converted through its rough effort. */
export function indexOf(ref: Reference): number {
  if (ref.kind !== "course") return ref.index;
  return (1000 * referenceSeconds(roughEffortKm(ref.distanceKm, ref.dplus))) / ref.seconds;
}

export interface FinishEstimate {
  /** The reference's index (computed for a race time), rounded. */
  index: number;
  central: number;
  fast: number;
  slow: number;
}

/** Central time, fast and slow ends (seconds) over a course of `effortKm` for this reference. */
export function estimateFinish(effortKm: number, ref: Reference): FinishEstimate {
  const index = indexOf(ref);
  const central = ref.kind === "course" && index <= 0 ? 0 : (referenceSeconds(effortKm) * 1000) / index;
  const hours = central / 3600;
  const slowFactor = Math.min(SLOW_FACTOR_MAX, SLOW_FACTOR_BASE + SLOW_FACTOR_PER_HOUR * hours);
  return {
    index: Math.round(index),
    central: Math.round(central),
    fast: Math.round(central * FAST_FACTOR),
    slow: Math.round(central * slowFactor),
  };
}
