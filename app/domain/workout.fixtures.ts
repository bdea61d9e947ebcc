// Sessions the watch-file tests share (FIT and ZWO): a warm-up and a cool-down, intervals inside them, and one long
// continuous run. Test data only: no app module imports it.
import type { WorkoutSession, WorkoutStep } from "./workout.ts";

export const warm: WorkoutStep = {
  kind: "echauffement",
  durationSec: 900,
  intensity: { low: 0.6, high: 0.75 },
  note: "Montée régulière",
};
export const cool: WorkoutStep = { kind: "retour_au_calme", durationSec: 600, intensity: { low: 0.55, high: 0.7 } };

/** A hill pyramid's block: 1 min up, 1 min down, 2 min up, 1 min 30 down (the FIT and ZWO tests repeat it). */
export const pyramid: WorkoutStep[] = [
  { kind: "effort", durationSec: 60, intensity: { low: 1.1, high: 1.1 } },
  { kind: "recuperation", durationSec: 60, intensity: { low: 0.6, high: 0.6 } },
  { kind: "effort", durationSec: 120, intensity: { low: 1.0, high: 1.05 }, note: "Bras actifs" },
  { kind: "recuperation", durationSec: 90, intensity: { low: 0.6, high: 0.6 } },
];

/** Six efforts of 3 minutes, each step with its note. */
export const fractionne: WorkoutSession = {
  date: "2027-03-10",
  kind: "fractionne",
  title: "Fractionné 6 × 3 min",
  description: "Six répétitions à allure VMA, récupération trottinée.",
  items: [
    warm,
    {
      times: 6,
      steps: [
        { kind: "effort", durationSec: 180, intensity: { low: 1.08, high: 1.12 }, note: "Relâchez les épaules" },
        { kind: "recuperation", durationSec: 120, intensity: { low: 0.6, high: 0.65 }, note: "Trottinez" },
      ],
    },
    cool,
  ],
  distanceKm: 10,
  dplusM: null,
};

/** One continuous step of 1 h 45, on a summer day (Paris is UTC+2). */
export const sortieLongue: WorkoutSession = {
  date: "2027-07-04",
  kind: "sortie_longue",
  title: "Sortie longue 1 h 45",
  description: "Endurance fondamentale.",
  items: [{ kind: "continu", durationSec: 6300, intensity: { low: 0.7, high: 0.78 } }],
  distanceKm: 18,
  dplusM: 400,
};
