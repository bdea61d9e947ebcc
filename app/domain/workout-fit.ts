// A training session as a FIT workout file for watches (issue 47, decision 0229), written with Garmin's FIT SDK
// (plain JavaScript: typed arrays, DataView, TextEncoder; it runs in the Worker as in Node). Pure: bytes out.
// One file_id (type workout), one workout (running), then the steps: timed (duration_type time, in ms), with a
// custom speed target in m/s when the runner's threshold speed is known (else an open target and the intensity in
// the step's notes), and each repeat block as the watch's own repeat step (repeat_until_steps_cmplt).

import { Encoder, type FileIdMesg, Profile, type WorkoutMesg, type WorkoutStepMesg } from "@garmin/fitsdk";
import { parisInstant } from "./paris-time.ts";
import { isRepeat, type StepKind, type WorkoutSession, type WorkoutStep } from "./workout.ts";

export interface FitExportOptions {
  /** The runner's threshold speed (m/s) that intensities are fractions of; null: unknown (open targets). */
  thresholdSpeedMps: number | null;
  /** The file's creation time; by default midnight (Paris) of the session's day, so a session gives one file. */
  createdAt?: Date;
}

/** The FIT intensity of each kind of step. */
export const FIT_INTENSITY: Record<StepKind, "warmup" | "active" | "rest" | "cooldown"> = {
  echauffement: "warmup",
  effort: "active",
  continu: "active",
  recuperation: "rest",
  retour_au_calme: "cooldown",
};

/** The step's name on the watch. */
export const FIT_STEP_NAMES: Record<StepKind, string> = {
  echauffement: "Échauffement",
  effort: "Effort",
  continu: "Allure régulière",
  recuperation: "Récupération",
  retour_au_calme: "Retour au calme",
};

/** FIT strings are at most 255 bytes with their terminating zero: longer texts are cut on a character boundary. */
export const FIT_STRING_MAX_BYTES = 254;

export function fitString(s: string): string {
  const enc = new TextEncoder();
  if (enc.encode(s).length <= FIT_STRING_MAX_BYTES) return s;
  let out = "";
  let bytes = 0;
  for (const ch of s) {
    const n = enc.encode(ch).length;
    if (bytes + n > FIT_STRING_MAX_BYTES - 3) break;
    out += ch;
    bytes += n;
  }
  return `${out}…`;
}

/** "75–80 % du seuil" (or "110 % du seuil"): what an open step says of its intensity. */
export function intensityLabel(step: WorkoutStep): string {
  const pct = (x: number) => Math.round(x * 100);
  const [lo, hi] = [pct(step.intensity.low), pct(step.intensity.high)];
  return `${lo === hi ? lo : `${lo}–${hi}`}\u00a0% du seuil`;
}

function stepMesg(index: number, s: WorkoutStep, thresholdMps: number | null): WorkoutStepMesg {
  const base: WorkoutStepMesg = {
    messageIndex: index,
    wktStepName: fitString(FIT_STEP_NAMES[s.kind]),
    durationType: "time",
    durationValue: Math.max(0, Math.round(s.durationSec * 1000)),
    intensity: FIT_INTENSITY[s.kind],
  };
  const note = s.note?.trim() ?? "";
  if (thresholdMps == null) {
    const notes = note ? `${note} (${intensityLabel(s)})` : intensityLabel(s);
    return { ...base, targetType: "open", notes: fitString(notes) };
  }
  // custom_target_speed_low/high are subfields of custom_target_value_low/high (scale 1000: mm/s); the encoder
  // writes main fields only, so the raw values go there. target_value 0 means "custom range, not a zone".
  const mms = (x: number) => Math.round(x * thresholdMps * 1000);
  return {
    ...base,
    targetType: "speed",
    targetValue: 0,
    customTargetValueLow: mms(Math.min(s.intensity.low, s.intensity.high)),
    customTargetValueHigh: mms(Math.max(s.intensity.low, s.intensity.high)),
    ...(note ? { notes: fitString(note) } : {}),
  };
}

/** The workout_step messages, in order: repeats as "repeat the steps from index i, n times". */
export function fitWorkoutSteps(
  session: Pick<WorkoutSession, "items">,
  thresholdMps: number | null,
): WorkoutStepMesg[] {
  const out: WorkoutStepMesg[] = [];
  for (const item of session.items) {
    if (!isRepeat(item)) {
      out.push(stepMesg(out.length, item, thresholdMps));
      continue;
    }
    if (item.times < 1 || item.steps.length === 0) continue;
    const first = out.length;
    for (const s of item.steps) out.push(stepMesg(out.length, s, thresholdMps));
    if (item.times === 1) continue;
    // duration_step / repeat_steps are subfields of duration_value / target_value.
    out.push({
      messageIndex: out.length,
      durationType: "repeatUntilStepsCmplt",
      durationValue: first,
      targetType: "open",
      targetValue: item.times,
    });
  }
  return out;
}

/** The session as the bytes of a .fit workout file. */
export function sessionToFit(session: WorkoutSession, opts: FitExportOptions): Uint8Array {
  const threshold = opts.thresholdSpeedMps;
  if (threshold != null && !(Number.isFinite(threshold) && threshold > 0))
    throw new RangeError(`thresholdSpeedMps must be a positive number of m/s, got ${threshold}`);
  const steps = fitWorkoutSteps(session, threshold);
  const createdAt = opts.createdAt ?? parisInstant(session.date);
  if (!createdAt) throw new RangeError(`session date must be YYYY-MM-DD, got ${session.date}`);
  const encoder = new Encoder();
  const fileId: FileIdMesg = { type: "workout", manufacturer: "development", product: 0, timeCreated: createdAt };
  const workout: WorkoutMesg = { wktName: fitString(session.title), sport: "running", numValidSteps: steps.length };
  encoder.onMesg(Profile.MesgNum.FILE_ID, fileId);
  encoder.onMesg(Profile.MesgNum.WORKOUT, workout);
  for (const m of steps) encoder.onMesg(Profile.MesgNum.WORKOUT_STEP, m);
  return encoder.close();
}
