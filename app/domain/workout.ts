// The shape of a training session of the Premium plan (issue 47): what the plan generator produces, what the
// .zwo and .FIT exports write, what the iCalendar feed and the weekly feedback read. Types and small pure helpers
// only; the rules that make a plan live in the plan's own module.

import { codesOf } from "./labels";

/** The kinds of session a plan uses (French codes) and their labels. */
export const SESSION_KIND_LABELS = {
  footing: "Footing",
  sortie_longue: "Sortie longue",
  fractionne: "Fractionné",
  seuil: "Seuil",
  cotes: "Côtes",
  recuperation: "Récupération",
  course: "Course",
};
export type SessionKind = keyof typeof SESSION_KIND_LABELS;
export const SESSION_KINDS = codesOf(SESSION_KIND_LABELS);

export type StepKind = "echauffement" | "effort" | "recuperation" | "retour_au_calme" | "continu";

/**
 * One timed step. `intensity` is a range of speed as a fraction of the runner's threshold speed (1 = threshold
 * pace; 0.75 ≈ easy endurance; 1.1 ≈ VMA-type repetitions): the unit Zwift's running workouts use for "power",
 * and what a watch turns into a target pace once the runner's threshold pace is known.
 */
export interface WorkoutStep {
  kind: StepKind;
  durationSec: number;
  intensity: { low: number; high: number };
  /** Optional French cue shown on the watch or in Zwift ("Montée régulière", "Relâchez"). */
  note?: string;
}

/** A block of steps repeated `times` (e.g. 6 × [3 min effort, 2 min récupération]). */
export interface WorkoutRepeat {
  times: number;
  steps: WorkoutStep[];
}

export type WorkoutItem = WorkoutStep | WorkoutRepeat;

export interface WorkoutSession {
  /** Local date (Europe/Paris), YYYY-MM-DD. */
  date: string;
  kind: SessionKind;
  /** French title ("Sortie longue 1 h 45"). */
  title: string;
  /** French description of the session's aim. */
  description: string;
  items: WorkoutItem[];
  /** Planned distance (km), when the plan gives one. */
  distanceKm: number | null;
  /** Planned elevation gain (m), when the plan gives one. */
  dplusM: number | null;
}

export function isRepeat(item: WorkoutItem): item is WorkoutRepeat {
  return "times" in item;
}

/** The session's steps in order, repeats unrolled. */
export function flatSteps(session: Pick<WorkoutSession, "items">): WorkoutStep[] {
  const out: WorkoutStep[] = [];
  for (const item of session.items) {
    if (isRepeat(item)) for (let i = 0; i < item.times; i++) out.push(...item.steps);
    else out.push(item);
  }
  return out;
}

/** Total planned duration in seconds. */
export function sessionDurationSec(session: Pick<WorkoutSession, "items">): number {
  return flatSteps(session).reduce((sum, s) => sum + s.durationSec, 0);
}
