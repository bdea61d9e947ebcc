// What Balise keeps of an activity the runner did (issue 47): from an imported .gpx/.fit/.tcx file or from the
// tracking service's sync. Only the summary is kept (no trace), which is what the weekly feedback and the
// estimate read. Types and their labels only; parsing and storage live with the activities' own modules.

import { codesOf } from "./labels";

/** Where an activity comes from, and how the activity's page names it. */
export const ACTIVITY_SOURCE_LABELS = {
  gpx: "Fichier GPX",
  fit: "Fichier FIT",
  tcx: "Fichier TCX",
  strava: "Strava",
  local: "Strava (simulation locale)",
};
export type ActivitySource = keyof typeof ACTIVITY_SOURCE_LABELS;
export const ACTIVITY_SOURCES = codesOf(ACTIVITY_SOURCE_LABELS);

/** The sports kept, with their French name (the name of an activity whose file gives none). */
export const ACTIVITY_SPORT_LABELS = {
  course: "Course à pied",
  trail: "Trail",
  marche: "Marche",
  autre: "Activité",
};
export type ActivitySport = keyof typeof ACTIVITY_SPORT_LABELS;
export const ACTIVITY_SPORTS = codesOf(ACTIVITY_SPORT_LABELS);

export interface ActivitySummary {
  /** Start instant, ISO-8601 UTC. */
  startedAt: string;
  name: string;
  sport: ActivitySport;
  /** Metres. */
  distanceM: number;
  /** Metres of climbing. */
  elevationGainM: number;
  /** Seconds in motion (elapsed time when the file has no pauses). */
  movingTimeSec: number;
  source: ActivitySource;
}
