// A recorded GPX (a watch's or a phone's track, with a <time> on its points) as an activity summary (decision 0231).
// Positions and elevations are read by the course's GPX parser (../gpx.ts); distance and D+ follow its profile rules
// (segments not joined, points without elevation skipped); moving time follows ./rules.ts.
import type { ActivitySummary } from "../activity.ts";
import { elevationProfile, GpxError, haversineKm, parseGpx } from "../gpx.ts";
import { ActivityFileError } from "./errors.ts";
import { activityName, type Interval, movingSeconds, sportFromLabel } from "./rules.ts";

function gpxType(text: string): string | null {
  return /<trk\b[^>]*>[\s\S]*?<type\s*>\s*([^<]*?)\s*<\/type\s*>/.exec(text)?.[1] ?? null;
}

export function summariseGpx(text: string): ActivitySummary {
  let gpx: ReturnType<typeof parseGpx>;
  try {
    gpx = parseGpx(text, { times: true });
  } catch (e) {
    if (!(e instanceof GpxError)) throw e;
    if (e.code === "empty_file") throw new ActivityFileError("empty_file");
    if (e.code === "too_large") throw new ActivityFileError("too_large");
    throw new ActivityFileError("invalid_gpx", e.message);
  }
  const intervals: Interval[] = [];
  let first: number | null = null;
  for (const seg of gpx.segments) {
    let prev: { lat: number; lon: number; ele: number | null; t: number } | null = null;
    for (const p of seg) {
      const t = p.time ? Date.parse(p.time) : Number.NaN;
      if (!Number.isFinite(t)) continue;
      if (first === null || t < first) first = t;
      if (prev) {
        intervals.push({
          seconds: (t - prev.t) / 1000,
          metres: haversineKm(prev, p) * 1000,
          climb: prev.ele != null && p.ele != null ? Math.abs(p.ele - prev.ele) : 0,
        });
      }
      prev = { ...p, t };
    }
  }
  if (first === null) throw new ActivityFileError("no_time");
  const profile = elevationProfile(gpx, { maxPoints: 2, maxTrackPoints: 2 });
  const distanceM = Math.round(profile.distanceKm * 1000);
  if (distanceM <= 0) throw new ActivityFileError("no_distance");
  const sport = sportFromLabel(gpxType(text));
  return {
    startedAt: new Date(first).toISOString(),
    name: activityName(gpx.name, sport),
    sport,
    distanceM,
    elevationGainM: profile.dplus,
    movingTimeSec: movingSeconds(intervals),
    source: "gpx",
  };
}
