import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import {
  arrivalAt,
  clockAfter,
  durationField,
  formatPace,
  type PaceSegment,
  parseDuration,
  splitsFor,
  stationTimes,
} from "./pace-plan";

const seg = (startKm: number, distanceKm: number, effortKm: number): PaceSegment => ({
  startKm,
  endKm: startKm + distanceKm,
  distanceKm,
  dplus: 0,
  dmoins: 0,
  meanGrade: 0,
  effortKm,
});
// A flat kilometre, a climbing kilometre costing twice, a flat kilometre.
const course = [seg(0, 1, 1), seg(1, 1, 2), seg(2, 1, 1)];

describe("splitsFor", () => {
  it("shares the time by effort; arrivals end exactly on the target", () => {
    const s = splitsFor(course, 4000);
    expect(s.map((x) => x.seconds)).toEqual([1000, 2000, 1000]);
    expect(s.map((x) => x.arrival)).toEqual([1000, 3000, 4000]);
    expect(s.map((x) => x.pace)).toEqual([1000, 2000, 1000]);
  });
  it("a slower target slows every segment in proportion", () => {
    const a = splitsFor(course, 4000);
    const b = splitsFor(course, 6000);
    for (const [i, x] of b.entries()) expect(x.seconds / a[i].seconds).toBeCloseTo(1.5, 9);
  });
});

describe("arrivalAt and stationTimes", () => {
  const s = splitsFor(course, 4000);
  it.each([
    [0, 0],
    [0.5, 500],
    [1.5, 2000],
    [3, 4000],
    [9, 4000],
  ])("km %s → %s s", (km, sec) => expect(arrivalAt(s, km)).toBeCloseTo(sec, 6));

  it("gives the time of day and the margin before a barrier", () => {
    const t = stationTimes(s, [{ label: "Col", km: 2, barrier: "09:00" }], "08:00");
    expect(t[0]).toMatchObject({ clock: "08:50", nextDay: false, margin: 600 });
  });
  it("a barrier after midnight belongs to the next day; no start time, no clock", () => {
    const night = stationTimes(splitsFor(course, 4 * 3600), [{ label: "Refuge", km: 3, barrier: "01:00" }], "22:00");
    expect(night[0]).toMatchObject({ clock: "02:00", nextDay: true, margin: -3600 });
    expect(stationTimes(s, [{ label: "X", km: 1, barrier: "09:00" }], null)[0]).toMatchObject({
      clock: null,
      margin: null,
    });
  });
});

describe("durations and paces", () => {
  itMaps("parseDuration(%j) = %s", parseDuration, [
    ["4:30", 16200],
    ["4h30", 16200],
    ["4 h 30", 16200],
    ["04:30:15", 16215],
    ["4h30min", 16200],
    ["45 min", 2700],
    ["12h", 43200],
    ["", null],
    ["4:75", null],
    ["abc", null],
    ["0:00", null],
    ["250:00", null],
  ]);

  it("paces, clock times and the field's value", () => {
    expect(formatPace(365)).toBe("6:05\u00a0min/km");
    expect(clockAfter("23:30", 3600)).toEqual({ clock: "00:30", nextDay: true });
    expect(clockAfter("bad", 60)).toBeNull();
    expect(durationField(16215)).toBe("4:30");
  });
});
