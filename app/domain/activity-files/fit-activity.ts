// A FIT activity file (a watch's own recording) as an activity summary (decision 0231), read with Garmin's FIT SDK.
// The session messages hold the device's totals: total_distance, total_ascent, total_timer_time (the timer stops in
// a pause: it is the moving time), start_time, sport and sub_sport. Several sessions (a multisport file) are added.
import { Decoder, Stream } from "@garmin/fitsdk";
import type { ActivitySummary } from "../activity.ts";
import { ACTIVITY_FILE_MAX_BYTES, ActivityFileError } from "./errors.ts";
import { activityName, sportFromLabel } from "./rules.ts";

interface FitSession {
  startTime?: Date | number;
  totalDistance?: number;
  totalAscent?: number;
  totalTimerTime?: number;
  totalElapsedTime?: number;
  sport?: string | number;
  subSport?: string | number;
}

const finite = (n: unknown): number => (typeof n === "number" && Number.isFinite(n) ? n : 0);

export function summariseFit(bytes: Uint8Array): ActivitySummary {
  if (bytes.byteLength === 0) throw new ActivityFileError("empty_file");
  if (bytes.byteLength > ACTIVITY_FILE_MAX_BYTES) throw new ActivityFileError("too_large");
  let sessions: FitSession[];
  try {
    const stream = Stream.fromByteArray(Array.from(bytes));
    if (!Decoder.isFIT(stream)) throw new ActivityFileError("invalid_fit");
    const decoder = new Decoder(stream);
    if (!decoder.checkIntegrity()) throw new ActivityFileError("invalid_fit");
    const { messages, errors } = decoder.read();
    if (errors.length > 0) throw new ActivityFileError("invalid_fit");
    sessions = (messages.sessionMesgs ?? []) as FitSession[];
  } catch (e) {
    if (e instanceof ActivityFileError) throw e;
    throw new ActivityFileError("invalid_fit");
  }
  if (sessions.length === 0) throw new ActivityFileError("invalid_fit");
  const starts = sessions
    .map((s) => (s.startTime instanceof Date ? s.startTime.getTime() : Number.NaN))
    .filter(Number.isFinite);
  if (starts.length === 0) throw new ActivityFileError("no_time");
  const distanceM = Math.round(sessions.reduce((s, x) => s + finite(x.totalDistance), 0));
  if (distanceM <= 0) throw new ActivityFileError("no_distance");
  const timer = sessions.reduce((s, x) => s + finite(x.totalTimerTime), 0);
  const elapsed = sessions.reduce((s, x) => s + finite(x.totalElapsedTime), 0);
  const first = sessions[0];
  const sport = sportFromLabel(String(first.sport ?? ""), String(first.subSport ?? ""));
  return {
    startedAt: new Date(Math.min(...starts)).toISOString(),
    name: activityName(null, sport),
    sport,
    distanceM,
    elevationGainM: Math.round(sessions.reduce((s, x) => s + finite(x.totalAscent), 0)),
    movingTimeSec: Math.round(timer > 0 ? timer : elapsed),
    source: "fit",
  };
}
