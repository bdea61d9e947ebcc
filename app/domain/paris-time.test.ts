import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { parisInstant, parisOffsetMinutes } from "./paris-time";

describe("parisInstant", () => {
  it.each([
    // winter (UTC+1), summer (UTC+2)
    ["2027-01-12", "10:00", "2027-01-12T09:00:00.000Z"],
    ["2027-07-14", "08:30", "2027-07-14T06:30:00.000Z"],
    ["2027-07-14", null, "2027-07-13T22:00:00.000Z"],
    ["2027-01-01", undefined, "2026-12-31T23:00:00.000Z"],
    // the last hour of winter time and the first of summer time (28 March 2027, 02:00 → 03:00)
    ["2027-03-28", "01:30", "2027-03-28T00:30:00.000Z"],
    ["2027-03-28", "03:30", "2027-03-28T01:30:00.000Z"],
    // the skipped hour reads one hour later
    ["2027-03-28", "02:30", "2027-03-28T01:30:00.000Z"],
    // the repeated hour in autumn (31 October 2027, 03:00 → 02:00): the first one
    ["2027-10-31", "02:30", "2027-10-31T00:30:00.000Z"],
    ["2027-10-31", "04:00", "2027-10-31T03:00:00.000Z"],
  ])("%s %s → %s", (date, time, iso) => {
    expect(parisInstant(date, time)?.toISOString()).toBe(iso);
  });

  it.each([["2027-13-01"], ["12/01/2027"], [""]])("refuses the date %j", (date) => {
    expect(parisInstant(date, "10:00")).toBeNull();
  });

  it("refuses a time that is not HH:MM", () => {
    expect(parisInstant("2027-01-12", "10h")).toBeNull();
  });
});

describe("parisOffsetMinutes", () => {
  itMaps("%s → %i", (iso) => parisOffsetMinutes(new Date(iso)), [
    ["2027-01-12T09:00:00Z", 60],
    ["2027-07-14T06:30:00Z", 120],
  ]);
});
