// How an activity reads on the page (issue 47): its duration "1 h 05 min", its distance "12,4 km", its D+ "650 m",
// its source in French. Pure.
import type { ActivitySource } from "./activity.ts";
import { formatKm, formatMeters } from "./format.ts";

/** 3900 → "1 h 05 min"; 2700 → "45 min"; 30 → "0 min"; seconds rounded to the nearest minute. */
export function formatDurationSec(sec: number): string {
  if (!Number.isFinite(sec) || sec < 0) return "—";
  const minutes = Math.round(sec / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}\u00a0h\u00a0${String(m).padStart(2, "0")}\u00a0min` : `${m}\u00a0min`;
}

/** 12 400 → "12,4 km". */
export const formatActivityDistance = (metres: number): string => formatKm(Math.round(metres / 100) / 10);

/** 650 → "650 m". */
export const formatActivityClimb = (metres: number): string => formatMeters(Math.round(metres));

const SOURCE_LABELS: Record<ActivitySource, string> = {
  gpx: "Fichier GPX",
  fit: "Fichier FIT",
  tcx: "Fichier TCX",
  strava: "Strava",
  local: "Strava (simulation locale)",
};

export function activitySourceLabel(source: string): string {
  return SOURCE_LABELS[source as ActivitySource] ?? source;
}
