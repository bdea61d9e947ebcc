// The session exports run in the Worker (issue 47, decision 0229): encoded and decoded back inside workerd, as the
// download routes will do. That the FIT SDK's source uses no Node-only API is tests/unit/fit-sdk-portable.test.ts.
import { Decoder, Stream } from "@garmin/fitsdk";
import { describe, expect, it } from "vitest";
import type { WorkoutSession } from "../../app/domain/workout";
import { sessionToFit } from "../../app/domain/workout-fit";
import { sessionToZwo } from "../../app/domain/workout-zwo";

const session: WorkoutSession = {
  date: "2027-03-10",
  kind: "fractionne",
  title: "Fractionné 6 × 3 min",
  description: "Six répétitions & récupération trottinée.",
  items: [
    { kind: "echauffement", durationSec: 900, intensity: { low: 0.6, high: 0.75 } },
    {
      times: 6,
      steps: [
        { kind: "effort", durationSec: 180, intensity: { low: 1.08, high: 1.12 } },
        { kind: "recuperation", durationSec: 120, intensity: { low: 0.6, high: 0.65 } },
      ],
    },
    { kind: "retour_au_calme", durationSec: 600, intensity: { low: 0.55, high: 0.7 } },
  ],
  distanceKm: 10,
  dplusM: null,
};

describe("session exports inside workerd", () => {
  it("a FIT workout encodes and decodes back with its CRC intact", () => {
    const bytes = sessionToFit(session, { thresholdSpeedMps: 4 });
    const decoder = new Decoder(Stream.fromByteArray(Array.from(bytes)));
    expect(decoder.checkIntegrity()).toBe(true);
    const { messages, errors } = decoder.read();
    expect(errors).toEqual([]);
    expect(messages.workoutMesgs?.[0]).toMatchObject({ wktName: session.title, sport: "running", numValidSteps: 5 });
    expect(messages.workoutStepMesgs?.[3]).toMatchObject({ durationStep: 1, repeatSteps: 6 });
    expect(messages.workoutStepMesgs?.[1]).toMatchObject({ durationTime: 180, customTargetSpeedLow: 4.32 });
  });

  it("a .zwo is written", () => {
    const xml = sessionToZwo(session);
    expect(xml).toContain('<IntervalsT Repeat="6" OnDuration="180" OffDuration="120"');
    expect(xml).toContain("Six répétitions &amp; récupération trottinée.");
  });
});
