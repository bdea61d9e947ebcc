// What Balise keeps of an activity the runner did (issue 47): from an imported .gpx/.fit/.tcx file or from the
// tracking service's sync. Only the summary is kept (no trace), which is what the weekly feedback and the
// estimate read. Types only; parsing and storage live with the activities' own modules.

export const ACTIVITY_SOURCES = ["gpx", "fit", "tcx", "strava", "local"] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];

export const ACTIVITY_SPORTS = ["course", "trail", "marche", "autre"] as const;
export type ActivitySport = (typeof ACTIVITY_SPORTS)[number];

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
