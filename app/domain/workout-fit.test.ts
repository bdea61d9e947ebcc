import { Decoder, Stream, type WorkoutStepMesg } from "@garmin/fitsdk";
import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { isRepeat, type WorkoutItem, type WorkoutSession, type WorkoutStep } from "./workout.ts";
import { cool, fractionne, pyramid, sortieLongue, warm } from "./workout.fixtures.ts";
import { FIT_INTENSITY, FIT_STEP_NAMES, FIT_STRING_MAX_BYTES, intensityLabel, sessionToFit } from "./workout-fit.ts";

/** Decodes with Garmin's own decoder, refusing a file that fails the SDK's integrity check (header, size, CRC). */
function decode(bytes: Uint8Array) {
  const decoder = new Decoder(Stream.fromByteArray(Array.from(bytes)));
  expect(decoder.isFIT()).toBe(true);
  expect(decoder.checkIntegrity()).toBe(true);
  const { messages, errors } = decoder.read();
  expect(errors).toEqual([]);
  return messages;
}

/** What a watch does with the steps: a repeat step loops back to `durationStep`, `repeatSteps` times in all. */
type ReadItem = WorkoutStepMesg | { times: number; steps: WorkoutStepMesg[] };
function regroup(steps: WorkoutStepMesg[]): ReadItem[] {
  const out: ReadItem[] = [];
  steps.forEach((m, i) => {
    expect(m.messageIndex).toBe(i);
    if (m.durationType !== "repeatUntilStepsCmplt") {
      out.push(m);
      return;
    }
    const from = Number(m.durationStep);
    const group = steps.slice(from, i);
    // The looped-over steps are the last ones pushed (no nested repeats in a plan).
    out.splice(out.length - group.length, group.length, { times: Number(m.repeatSteps), steps: group });
  });
  return out;
}

/** The session's items as a watch would get them: empty repeats dropped, a single pass written as plain steps. */
function normalised(items: WorkoutItem[]): WorkoutItem[] {
  return items.flatMap((it): WorkoutItem[] => {
    if (!isRepeat(it)) return [it];
    if (it.times < 1 || it.steps.length === 0) return [];
    return it.times === 1 ? it.steps : [it];
  });
}

function expectStep(read: WorkoutStepMesg, step: WorkoutStep, thresholdMps: number | null) {
  expect(read.wktStepName).toBe(FIT_STEP_NAMES[step.kind]);
  expect(read.durationType).toBe("time");
  expect(read.durationTime).toBe(step.durationSec);
  expect(read.intensity).toBe(FIT_INTENSITY[step.kind]);
  if (thresholdMps == null) {
    expect(read.targetType).toBe("open");
    expect(read.notes).toBe(step.note ? `${step.note} (${intensityLabel(step)})` : intensityLabel(step));
  } else {
    expect(read.targetType).toBe("speed");
    expect(read.targetSpeedZone).toBe(0);
    expect(read.customTargetSpeedLow).toBeCloseTo(step.intensity.low * thresholdMps, 3);
    expect(read.customTargetSpeedHigh).toBeCloseTo(step.intensity.high * thresholdMps, 3);
    expect(read.notes).toBe(step.note);
  }
}

function expectSameSession(bytes: Uint8Array, session: WorkoutSession, thresholdMps: number | null) {
  const m = decode(bytes);
  expect(m.fileIdMesgs).toHaveLength(1);
  expect(m.fileIdMesgs?.[0]).toMatchObject({ type: "workout", manufacturer: "development" });
  expect(m.workoutMesgs?.[0]).toMatchObject({ sport: "running", wktName: session.title });
  const steps = m.workoutStepMesgs ?? [];
  expect(m.workoutMesgs?.[0].numValidSteps).toBe(steps.length);
  const read = regroup(steps);
  const want = normalised(session.items);
  expect(read).toHaveLength(want.length);
  want.forEach((w, i) => {
    const r = read[i];
    if ("times" in w) {
      expect("times" in r && r.times).toBe(w.times);
      const group = (r as { steps: WorkoutStepMesg[] }).steps;
      expect(group).toHaveLength(w.steps.length);
      for (const [j, s] of w.steps.entries()) expectStep(group[j], s, thresholdMps);
    } else expectStep(r as WorkoutStepMesg, w, thresholdMps);
  });
}

const cotes: WorkoutSession = {
  date: "2027-03-12",
  kind: "cotes",
  title: "Côtes & pyramide « 1-2-1 »",
  description: "",
  items: [
    warm,
    {
      times: 3,
      steps: pyramid,
    },
    { kind: "continu", durationSec: 300, intensity: { low: 0.75, high: 0.75 } },
    { times: 2, steps: [{ kind: "effort", durationSec: 20, intensity: { low: 1.2, high: 1.3 } }] },
    { times: 1, steps: [{ kind: "effort", durationSec: 45, intensity: { low: 1, high: 1 } }] },
    { times: 0, steps: [{ kind: "effort", durationSec: 45, intensity: { low: 1, high: 1 } }] },
    { times: 4, steps: [] },
    cool,
  ],
  distanceKm: null,
  dplusM: 300,
};

describe("sessionToFit: a FIT workout that Garmin's decoder reads back to the same session", () => {
  it.each([
    ["intervals, with speed targets", fractionne, 4.2],
    ["intervals, threshold unknown: open targets", fractionne, null],
    ["mixed repeats, single passes and empty blocks", cotes, 3.6],
    ["mixed repeats, threshold unknown", cotes, null],
    ["one long continuous step", sortieLongue, 3.9],
  ] as const)("%s", (_label, session, threshold) => {
    expectSameSession(sessionToFit(session, { thresholdSpeedMps: threshold }), session, threshold);
  });

  it("writes the repeat as the watch's own repeat step after the block", () => {
    const steps = decode(sessionToFit(fractionne, { thresholdSpeedMps: 4 })).workoutStepMesgs ?? [];
    expect(steps.map((s) => s.durationType)).toEqual(["time", "time", "time", "repeatUntilStepsCmplt", "time"]);
    expect(steps[3]).toMatchObject({ durationStep: 1, repeatSteps: 6 });
    // 180 s is written as 180 000 ms; 1.08 × 4 m/s as 4 320 mm/s.
    expect(steps[1]).toMatchObject({ durationValue: 180_000, customTargetValueLow: 4320, customTargetValueHigh: 4480 });
  });

  it("the file is dated midnight in Paris on the session's day unless told otherwise", () => {
    const summer = decode(sessionToFit(sortieLongue, { thresholdSpeedMps: null }));
    expect(summer.fileIdMesgs?.[0].timeCreated).toEqual(new Date("2027-07-03T22:00:00.000Z"));
    const at = new Date("2027-03-01T08:30:00Z");
    const given = decode(sessionToFit(sortieLongue, { thresholdSpeedMps: null, createdAt: at }));
    expect(given.fileIdMesgs?.[0].timeCreated).toEqual(at);
  });

  it("is deterministic: the same session gives the same bytes", () => {
    expect(sessionToFit(cotes, { thresholdSpeedMps: 3.6 })).toEqual(sessionToFit(cotes, { thresholdSpeedMps: 3.6 }));
  });

  it("cuts a text longer than a FIT string can hold, on a character boundary", () => {
    const title = `Sortie très longue ${"é".repeat(300)}`;
    const m = decode(sessionToFit({ ...sortieLongue, title }, { thresholdSpeedMps: null }));
    const name = String(m.workoutMesgs?.[0].wktName);
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(FIT_STRING_MAX_BYTES);
    expect(name.startsWith("Sortie très longue éé")).toBe(true);
    expect(name.endsWith("…")).toBe(true);
  });

  it("refuses a threshold speed that is not a positive number, and a malformed date", () => {
    expect(() => sessionToFit(sortieLongue, { thresholdSpeedMps: 0 })).toThrow(RangeError);
    expect(() => sessionToFit(sortieLongue, { thresholdSpeedMps: Number.NaN })).toThrow(RangeError);
    expect(() => sessionToFit({ ...sortieLongue, date: "14/03/2027" }, { thresholdSpeedMps: 4 })).toThrow(RangeError);
  });

  it("a damaged file fails the integrity check these tests rely on", () => {
    const bytes = sessionToFit(fractionne, { thresholdSpeedMps: 4 });
    bytes[20] ^= 0xff;
    expect(new Decoder(Stream.fromByteArray(Array.from(bytes))).checkIntegrity()).toBe(false);
  });
});

describe("intensityLabel", () => {
  itMaps("%o → %s", (intensity) => intensityLabel({ kind: "effort", durationSec: 60, intensity }), [
    [{ low: 0.75, high: 0.8 }, "75–80\u00a0% du seuil"],
    [{ low: 1.1, high: 1.1 }, "110\u00a0% du seuil"],
  ]);
});
