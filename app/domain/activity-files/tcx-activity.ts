// A Garmin Training Center file (.tcx) as an activity summary (decision 0231): a tolerant scanner like the GPX one.
// The laps' totals are the device's own (TotalTimeSeconds is timer time: pauses left out; DistanceMeters); D+ is
// summed over the track points' AltitudeMeters within each track (./rules.ts positiveGain). When the laps give no
// time, moving time follows the points (./rules.ts movingSeconds).
import type { ActivitySummary } from "../activity.ts";
import { haversineKm } from "../gpx.ts";
import { ACTIVITY_FILE_MAX_BYTES, ActivityFileError } from "./errors.ts";
import { activityName, type Interval, movingSeconds, positiveGain, sportFromLabel } from "./rules.ts";

const num = (s: string | undefined): number | null => {
  if (s === undefined || s.trim() === "") return null;
  const v = Number(s);
  return Number.isFinite(v) ? v : null;
};
const tag = (block: string, name: string): string | undefined =>
  new RegExp(`<(?:\\w+:)?${name}\\s*>\\s*([^<]*?)\\s*</(?:\\w+:)?${name}\\s*>`).exec(block)?.[1];

interface TcxPoint {
  t: number;
  lat: number | null;
  lon: number | null;
  ele: number | null;
  dist: number | null;
}

function points(track: string): TcxPoint[] {
  const out: TcxPoint[] = [];
  for (const m of track.matchAll(/<(?:\w+:)?Trackpoint\b[^>]*>([\s\S]*?)<\/(?:\w+:)?Trackpoint\s*>/g)) {
    const body = m[1];
    const t = Date.parse(tag(body, "Time") ?? "");
    if (!Number.isFinite(t)) continue;
    out.push({
      t,
      lat: num(tag(body, "LatitudeDegrees")),
      lon: num(tag(body, "LongitudeDegrees")),
      ele: num(tag(body, "AltitudeMeters")),
      dist: num(tag(body, "DistanceMeters")),
    });
  }
  return out;
}

function intervalsOf(track: TcxPoint[]): Interval[] {
  const out: Interval[] = [];
  for (let i = 1; i < track.length; i++) {
    const a = track[i - 1];
    const b = track[i];
    let metres = 0;
    if (a.dist != null && b.dist != null) metres = Math.max(0, b.dist - a.dist);
    else if (a.lat != null && a.lon != null && b.lat != null && b.lon != null)
      metres = haversineKm({ lat: a.lat, lon: a.lon }, { lat: b.lat, lon: b.lon }) * 1000;
    const climb = a.ele != null && b.ele != null ? Math.abs(b.ele - a.ele) : 0;
    out.push({ seconds: (b.t - a.t) / 1000, metres, climb });
  }
  return out;
}

export function summariseTcx(input: string): ActivitySummary {
  if (typeof input !== "string" || input.trim() === "") throw new ActivityFileError("empty_file");
  if (input.length > ACTIVITY_FILE_MAX_BYTES) throw new ActivityFileError("too_large");
  if (!/<TrainingCenterDatabase\b/.test(input) || !/<\/TrainingCenterDatabase\s*>/.test(input))
    throw new ActivityFileError("invalid_tcx");
  const activity = /<(?:\w+:)?Activity\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?Activity\s*>/.exec(input);
  if (!activity) throw new ActivityFileError("invalid_tcx");
  const sportAttr = /\bSport\s*=\s*["']([^"']*)["']/.exec(activity[1])?.[1];
  const laps = [...activity[2].matchAll(/<(?:\w+:)?Lap\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?Lap\s*>/g)];
  if (laps.length === 0) throw new ActivityFileError("invalid_tcx");

  let lapSeconds = 0;
  let lapMetres = 0;
  let start: number | null = null;
  const tracks: TcxPoint[][] = [];
  for (const [, attrs, body] of laps) {
    const lapStart = Date.parse(/\bStartTime\s*=\s*["']([^"']*)["']/.exec(attrs)?.[1] ?? "");
    if (Number.isFinite(lapStart) && (start === null || lapStart < start)) start = lapStart;
    const summary = body.replace(/<(?:\w+:)?Track\b[\s\S]*?<\/(?:\w+:)?Track\s*>/g, "");
    lapSeconds += num(tag(summary, "TotalTimeSeconds")) ?? 0;
    lapMetres += num(tag(summary, "DistanceMeters")) ?? 0;
    for (const t of body.matchAll(/<(?:\w+:)?Track\b[^>]*>([\s\S]*?)<\/(?:\w+:)?Track\s*>/g)) tracks.push(points(t[1]));
  }
  const all = tracks.flat();
  for (const p of all) if (start === null || p.t < start) start = p.t;
  if (start === null) throw new ActivityFileError("no_time");
  const pointMetres = tracks.reduce((s, t) => s + intervalsOf(t).reduce((a, i) => a + i.metres, 0), 0);
  const distanceM = Math.round(lapMetres > 0 ? lapMetres : pointMetres);
  if (distanceM <= 0) throw new ActivityFileError("no_distance");
  const moving = lapSeconds > 0 ? Math.round(lapSeconds) : movingSeconds(tracks.flatMap(intervalsOf));
  const sport = sportFromLabel(sportAttr);
  const notes = tag(activity[2].replace(/<(?:\w+:)?Lap\b[\s\S]*<\/(?:\w+:)?Lap\s*>/g, ""), "Notes");
  return {
    startedAt: new Date(start).toISOString(),
    name: activityName(notes, sport),
    sport,
    distanceM,
    elevationGainM: Math.round(tracks.reduce((s, t) => s + positiveGain(t.map((p) => p.ele)), 0)),
    movingTimeSec: moving,
    source: "tcx",
  };
}
