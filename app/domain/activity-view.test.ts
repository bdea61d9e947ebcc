import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { activitySourceLabel, formatActivityClimb, formatActivityDistance } from "./activity-view";

const nb = (s: string) => s.replace(/\u00a0/g, " ");

describe("activity display", () => {
  itMaps("distance %i m → %s", (m) => nb(formatActivityDistance(m)), [
    [12_400, "12,4 km"],
    [12_449, "12,4 km"],
    [950, "1,0 km"],
    [5_000, "5,0 km"],
    [1_234_500, "1 234,5 km"],
    [42_195, "42,2 km"],
  ]);

  it("climb and source", () => {
    expect(nb(formatActivityClimb(1650.4))).toBe("1 650 m");
    expect(activitySourceLabel("gpx")).toBe("Fichier GPX");
    expect(activitySourceLabel("strava")).toBe("Strava");
  });
});
