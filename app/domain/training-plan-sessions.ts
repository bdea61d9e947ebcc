// The sessions of the training plan (issue 47, decision 0227): how each kind of session is built (its steps and their
// intensity as a fraction of threshold speed), and on which days of the week they go. Pure, no clock.
import { formatDuration } from "./format-duration";
import {
  type SessionKind,
  sessionDurationSec,
  type WorkoutItem,
  type WorkoutSession,
  type WorkoutStep,
} from "./workout";

export type Phase = "base" | "developpement" | "affutage" | "relachement";

export const PHASE_LABELS: Record<Phase, string> = {
  base: "Base",
  developpement: "Développement",
  affutage: "Affûtage",
  relachement: "Relâchement",
};

/**
 * Intensity ranges (fraction of threshold speed). Relative paces after J. Daniels, Daniels' Running Formula (3rd ed.,
 * 2014): easy running ≈ 75–85 % of threshold speed, interval pace ≈ 105–110 %; recovery slower than easy.
 */
export const INTENSITY = {
  recuperation: { low: 0.65, high: 0.72 },
  facile: { low: 0.72, high: 0.8 },
  longue: { low: 0.7, high: 0.78 },
  seuil: { low: 0.97, high: 1.02 },
  intervalle: { low: 1.05, high: 1.1 },
  cote: { low: 0.9, high: 1.0 },
  course: { low: 0.8, high: 0.95 },
} as const;

type Range = { low: number; high: number };
const mid = (r: Range) => (r.low + r.high) / 2;

/** The facts a session is built from. */
export interface SessionContext {
  date: string;
  phase: Phase;
  /** 0-based index of the week inside its phase (the sessions grow with it). */
  weekInPhase: number;
  /** Threshold speed (m/s) used to turn distances into durations. */
  thresholdSpeed: number;
  /** The race is hilly (D+ ≥ 15 m per km): hills replace flat intervals, long runs carry climbing. */
  trail: boolean;
  /** The race's climbing per km, for the long run's D+. */
  dplusPerKm: number;
}

const step = (kind: WorkoutStep["kind"], min: number, intensity: Range, note?: string): WorkoutStep => ({
  kind,
  durationSec: Math.round(min * 60),
  intensity: { ...intensity },
  ...(note ? { note } : {}),
});

/** Planned km of a list of items (each step at the middle of its range). */
export function itemsKm(items: WorkoutItem[], thresholdSpeed: number): number {
  let metres = 0;
  for (const item of items) {
    const steps = "times" in item ? item.steps : [item];
    const times = "times" in item ? item.times : 1;
    for (const s of steps) metres += times * s.durationSec * thresholdSpeed * mid(s.intensity);
  }
  return metres / 1000;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
/** Minutes rounded to 5, between `min` and `max`. */
export const roundMinutes = (m: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Math.round(m / 5) * 5));

function session(
  ctx: SessionContext,
  kind: SessionKind,
  title: string,
  description: string,
  items: WorkoutItem[],
  dplusM: number | null = null,
): WorkoutSession {
  return {
    date: ctx.date,
    kind,
    title,
    description,
    items,
    distanceKm: round1(itemsKm(items, ctx.thresholdSpeed)),
    dplusM,
  };
}

const WARM = (min = 15) => step("echauffement", min, INTENSITY.facile, "Échauffement progressif");
const COOL = (min = 10) => step("retour_au_calme", min, INTENSITY.recuperation, "Retour au calme");
/** A quality session's items: the warm-up, `times` × (effort, recovery), the cool-down. */
const repeated = (times: number, effort: WorkoutStep, recovery: WorkoutStep): WorkoutItem[] => [
  WARM(),
  { times, steps: [effort, recovery] },
  COOL(),
];
/** The same, each effort followed by `restMin` minutes trotted. */
const trottedRepeats = (times: number, effort: WorkoutStep, restMin: number): WorkoutItem[] =>
  repeated(times, effort, step("recuperation", restMin, INTENSITY.recuperation, "Trottinez"));

export function footing(ctx: SessionContext, minutes: number, note?: string): WorkoutSession {
  const items = [step("continu", minutes, INTENSITY.facile, note)];
  return session(
    ctx,
    "footing",
    `Footing ${formatDuration(minutes * 60)}`,
    `Course facile, en aisance respiratoire (vous pouvez parler).${note ? ` ${note}.` : ""}`,
    items,
  );
}

export function recovery(ctx: SessionContext, minutes = 30): WorkoutSession {
  const items = [step("continu", minutes, INTENSITY.recuperation, "Très facile")];
  return session(
    ctx,
    "recuperation",
    `Récupération ${formatDuration(minutes * 60)}`,
    "Footing très lent au lendemain de la sortie longue, pour relancer la circulation sans fatiguer.",
    items,
  );
}

export function longRun(ctx: SessionContext, km: number): WorkoutSession {
  const minutes = roundMinutes((km * 1000) / (ctx.thresholdSpeed * mid(INTENSITY.longue)) / 60, 30, 300);
  const items = [step("continu", minutes, INTENSITY.longue, ctx.trail ? "Terrain vallonné" : "Allure régulière")];
  const planned = itemsKm(items, ctx.thresholdSpeed);
  const dplus = ctx.trail ? Math.round((planned * ctx.dplusPerKm) / 10) * 10 : null;
  return session(
    ctx,
    "sortie_longue",
    `Sortie longue ${formatDuration(minutes * 60)}`,
    ctx.trail
      ? `Sortie longue à allure facile sur un terrain proche de celui de la course (environ ${dplus}\u00a0m de D+)\u00a0: marchez les montées raides, comme le jour J.`
      : "Sortie longue à allure facile et régulière\u00a0: l'endurance se construit ici, pas dans la vitesse.",
    items,
    dplus,
  );
}

export function threshold(ctx: SessionContext): WorkoutSession {
  const k = ctx.weekInPhase;
  const [times, min, rest] =
    ctx.phase === "affutage" ? [2, 15, 3] : ctx.phase === "relachement" ? [2, 8, 2] : [3, Math.min(12, 8 + 2 * k), 2];
  const items = trottedRepeats(times, step("effort", min, INTENSITY.seuil, "Allure seuil"), rest);
  return session(
    ctx,
    "seuil",
    `Seuil ${times} × ${min}\u00a0min`,
    "Des blocs à allure seuil (soutenue mais tenable environ une heure), pour courir plus vite sans s'asphyxier.",
    items,
  );
}

export function intervals(ctx: SessionContext): WorkoutSession {
  const k = ctx.weekInPhase;
  const [times, min, rest] =
    ctx.phase === "base" ? [10, 1, 1] : ctx.phase === "affutage" ? [5, 4, 2] : [Math.min(8, 6 + k), 3, 2];
  const items = trottedRepeats(times, step("effort", min, INTENSITY.intervalle, "Rapide et régulier"), rest);
  return session(
    ctx,
    "fractionne",
    `Fractionné ${times} × ${formatDuration(min * 60)}`,
    "Des répétitions plus rapides que l'allure seuil, avec récupération en trottinant, pour la vitesse et l'économie de course.",
    items,
  );
}

export function hills(ctx: SessionContext): WorkoutSession {
  const k = ctx.weekInPhase;
  const [times, sec] = ctx.phase === "base" ? [Math.min(10, 8 + k), 45] : [Math.min(10, 6 + k), 90];
  const items = repeated(
    times,
    step("effort", sec / 60, INTENSITY.cote, "Montée dynamique (pente de 6 à 10\u00a0%)"),
    step("recuperation", (sec * 1.5) / 60, INTENSITY.recuperation, "Redescendez en trottinant"),
  );
  return session(
    ctx,
    "cotes",
    `Côtes ${times} × ${sec < 60 ? `${sec}\u00a0s` : formatDuration(sec)}`,
    "Des montées courtes et dynamiques, redescendues en trottinant\u00a0: force et foulée pour le dénivelé.",
    items,
  );
}

export function race(
  ctx: SessionContext,
  race: { name: string; km: number; dplusM: number; targetSec: number | null },
): WorkoutSession {
  const effortKm = race.km + race.dplusM / 100;
  const estimatedSec =
    race.targetSec ?? Math.round((effortKm * 1000) / (ctx.thresholdSpeed * mid(INTENSITY.course)) / 60) * 60;
  const items = [step("continu", estimatedSec / 60, INTENSITY.course, "Partez prudemment")];
  const target = race.targetSec ? ` Objectif\u00a0: ${formatDuration(race.targetSec)}.` : " Objectif\u00a0: finir.";
  return {
    date: ctx.date,
    kind: "course",
    title: `Course\u00a0: ${race.name}`,
    description: `Le jour J\u00a0: ${round1(race.km).toString().replace(".", ",")}\u00a0km${race.dplusM > 0 ? `, ${race.dplusM}\u00a0m de D+` : ""}.${target}`,
    items,
    distanceKm: round1(race.km),
    dplusM: race.dplusM > 0 ? race.dplusM : null,
  };
}

/** Minutes of a session, for the footing filling. */
export const sessionMinutes = (s: WorkoutSession) => sessionDurationSec(s) / 60;

// ---------------------------------------------------------------- placing sessions on the week's days

/** Days apart on the weekly cycle (Sunday and the next Monday are 1 apart). Days are ISO 1 (Monday) … 7 (Sunday). */
export function cyclicGap(a: number, b: number): number {
  const d = Math.abs(a - b) % 7;
  return Math.min(d, 7 - d);
}

/**
 * The days of the quality sessions: never the day before or after the long run, never two days in a row (the
 * weekly cycle wraps), the days farthest from the long run first; fewer than asked when the days do not allow it.
 */
export function qualityDays(days: readonly number[], longDay: number, wanted: number): number[] {
  const candidates = days
    .filter((d) => d !== longDay && cyclicGap(d, longDay) > 1)
    .sort((a, b) => cyclicGap(b, longDay) - cyclicGap(a, longDay) || a - b);
  const chosen: number[] = [];
  for (const d of candidates) {
    if (chosen.length >= wanted) break;
    if (chosen.every((c) => cyclicGap(c, d) > 1)) chosen.push(d);
  }
  return chosen.sort((a, b) => a - b);
}
