// The effort of a course, segment by segment, from its GPX (issue 47, decision 0225). Pure: no I/O.
// Cost of running on a slope: Minetti et al. 2002 (J Appl Physiol 93:1039-1046), the polynomial fitted to the
// energy cost of running C(i) in J/kg/m for gradients i from -0.45 to +0.45. Beyond that range the gradient is
// clamped (and the segment says so). The time cost of a stretch is its distance × C(i)/C(0), except on descents
// where it never drops below DOWNHILL_TIME_FLOOR: Minetti measured energy, and on a trail descent speed is limited
// by footing and eccentric load, not by energy (decision 0225 states the choice).
import { haversineKm, type ParsedGpx } from "./gpx.ts";

export const MINETTI_MIN_GRADE = -0.45;
export const MINETTI_MAX_GRADE = 0.45;
/** C(0), the energy cost of running on the flat (J/kg/m). */
export const FLAT_COST = 3.6;
/** The fastest a descent can be counted, as a fraction of the time of the same distance on the flat. */
export const DOWNHILL_TIME_FLOOR = 0.75;
/** Shortest stretch over which a gradient is measured (GPS elevations are noisy point to point). */
const MIN_STEP_KM = 0.05;

/** Minetti et al. 2002: C(i) = 155.4i⁵ − 30.4i⁴ − 43.3i³ + 46.3i² + 19.5i + 3.6 (J/kg/m), i clamped to ±0.45. */
export function minettiCost(grade: number): number {
  const i = Math.min(MINETTI_MAX_GRADE, Math.max(MINETTI_MIN_GRADE, grade));
  return ((((155.4 * i - 30.4) * i - 43.3) * i + 46.3) * i + 19.5) * i + 3.6;
}

/** Time on a stretch of gradient `grade`, relative to the same distance on the flat (1 = flat). */
export function timeFactor(grade: number): number {
  return Math.max(DOWNHILL_TIME_FLOOR, minettiCost(grade) / FLAT_COST);
}

export interface CourseSegment {
  /** Kilometres from the start. */
  startKm: number;
  endKm: number;
  distanceKm: number;
  dplus: number;
  dmoins: number;
  /** (end elevation − start elevation) / distance; 0 without elevation. */
  meanGrade: number;
  /** Energy (Minetti) as flat kilometres: Σ distance × C(i)/C(0). */
  energyKm: number;
  /** Time cost as flat kilometres (energy with the descent floor): what the estimate and the pace card use. */
  effortKm: number;
  /** A stretch steeper than ±45 % was clamped to the model's range. */
  clamped: boolean;
}

export interface CourseEffort {
  distanceKm: number;
  dplus: number;
  dmoins: number;
  effortKm: number;
  segments: CourseSegment[];
  /** Some stretch was beyond the model's ±45 %. */
  clamped: boolean;
  hasElevation: boolean;
}

interface Step {
  km: number;
  rise: number;
}

/** The track as stretches of at least MIN_STEP_KM (gaps between GPX segments add no distance, as in gpx.ts). */
function steps(gpx: ParsedGpx): { steps: Step[]; hasElevation: boolean } {
  const out: Step[] = [];
  let hasElevation = false;
  for (const seg of gpx.segments) {
    let acc = 0;
    let fromEle: number | null = null;
    let lastEle: number | null = null;
    for (let i = 0; i < seg.length; i++) {
      const p = seg[i];
      if (p.ele != null) {
        hasElevation = true;
        if (fromEle == null) fromEle = p.ele;
        lastEle = p.ele;
      }
      if (i === 0) continue;
      acc += haversineKm(seg[i - 1], p);
      if (acc >= MIN_STEP_KM || i === seg.length - 1) {
        const rise = fromEle != null && lastEle != null ? lastEle - fromEle : 0;
        if (acc > 0) out.push({ km: acc, rise });
        acc = 0;
        fromEle = lastEle;
      }
    }
  }
  return { steps: out, hasElevation };
}

/** Splits a stretch at `km` from its start, sharing its rise in proportion. */
function split(s: Step, km: number): [Step, Step] {
  const f = km / s.km;
  return [
    { km, rise: s.rise * f },
    { km: s.km - km, rise: s.rise * (1 - f) },
  ];
}

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

function summarise(start: number, parts: Step[]): CourseSegment {
  let dist = 0;
  let up = 0;
  let down = 0;
  let energy = 0;
  let effort = 0;
  let clamped = false;
  for (const s of parts) {
    const grade = s.rise / (s.km * 1000);
    if (grade < MINETTI_MIN_GRADE || grade > MINETTI_MAX_GRADE) clamped = true;
    dist += s.km;
    if (s.rise > 0) up += s.rise;
    else down -= s.rise;
    energy += (s.km * minettiCost(grade)) / FLAT_COST;
    effort += s.km * timeFactor(grade);
  }
  return {
    startKm: round(start, 3),
    endKm: round(start + dist, 3),
    distanceKm: round(dist, 3),
    dplus: Math.round(up),
    dmoins: Math.round(down),
    meanGrade: dist > 0 ? round((up - down) / (dist * 1000), 4) : 0,
    energyKm: round(energy, 3),
    effortKm: round(effort, 3),
    clamped,
  };
}

/** The course cut every `segmentKm` kilometres (the last segment is what remains), with its effort. */
export function courseEffort(gpx: ParsedGpx, segmentKm = 1): CourseEffort {
  const { steps: all, hasElevation } = steps(gpx);
  const groups: Step[][] = [];
  let parts: Step[] = [];
  let inSeg = 0;
  const queue = all.slice().reverse();
  while (queue.length > 0) {
    const s = queue.pop() as Step;
    const room = segmentKm - inSeg;
    if (s.km > room + 1e-9) {
      const [head, tail] = split(s, room);
      parts.push(head);
      queue.push(tail);
      inSeg = segmentKm;
    } else {
      parts.push(s);
      inSeg += s.km;
    }
    if (inSeg >= segmentKm - 1e-9) {
      groups.push(parts);
      parts = [];
      inSeg = 0;
    }
  }
  // A remainder shorter than a fifth of a segment joins the previous one (no 30 m segment at the finish).
  if (parts.length > 0) {
    if (inSeg < segmentKm / 5 && groups.length > 0) groups[groups.length - 1].push(...parts);
    else groups.push(parts);
  }
  const segments: CourseSegment[] = [];
  let start = 0;
  for (const g of groups) {
    const seg = summarise(start, g);
    segments.push(seg);
    start += g.reduce((n, s) => n + s.km, 0);
  }
  return totals(segments, hasElevation);
}

function totals(segments: CourseSegment[], hasElevation: boolean): CourseEffort {
  const sum = (f: (s: CourseSegment) => number) => segments.reduce((n, s) => n + f(s), 0);
  return {
    distanceKm: round(
      sum((s) => s.distanceKm),
      2,
    ),
    dplus: Math.round(sum((s) => s.dplus)),
    dmoins: Math.round(sum((s) => s.dmoins)),
    effortKm: round(
      sum((s) => s.effortKm),
      2,
    ),
    segments,
    clamped: segments.some((s) => s.clamped),
    hasElevation,
  };
}

/**
 * The effort of a course known only by its distance and D+ (a runner's past race): half the distance climbing the
 * D+ at a steady gradient, half descending it (D- = D+, a loop). A rough stand-in for a GPX, said so on the page.
 */
export function roughEffortKm(distanceKm: number, dplus: number): number {
  if (distanceKm <= 0) return 0;
  const half = distanceKm / 2;
  const grade = dplus / (half * 1000);
  return half * timeFactor(grade) + half * timeFactor(-grade);
}

/** The segments' length for a course: 1 km up to 60 km, then longer so that a course has about 60 segments. */
export function segmentLengthFor(distanceKm: number): number {
  return distanceKm <= 60 ? 1 : Math.ceil(distanceKm / 60);
}
