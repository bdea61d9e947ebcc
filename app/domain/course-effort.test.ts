import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import {
  courseEffort,
  DOWNHILL_TIME_FLOOR,
  FLAT_COST,
  minettiCost,
  roughEffortKm,
  segmentLengthFor,
  timeFactor,
} from "./course-effort";
import type { ParsedGpx } from "./gpx";

/** A straight track northwards, a point every `stepKm`, elevation given by `ele(km)`. */
function lineGpx(km: number, ele: (km: number) => number | null, stepKm = 0.05): ParsedGpx {
  const degPerKm = 1 / ((2 * Math.PI * 6371.0088) / 360);
  const n = Math.round(km / stepKm);
  const pts = Array.from({ length: n + 1 }, (_, i) => ({
    lat: 45 + i * stepKm * degPerKm,
    lon: 6,
    ele: ele(i * stepKm),
  }));
  return { name: null, segments: [pts], pointCount: pts.length };
}

describe("minettiCost: Minetti et al. 2002, C(i) in J/kg/m", () => {
  it.each([
    // gradient, C(i) from the polynomial (the paper's measured means: 3.40 flat, 18.93 at +0.45, 3.92 at -0.45)
    [0, 3.6],
    [0.1, 5.968],
    [0.2, 9.007],
    [0.45, 19.426],
    [-0.1, 2.152],
    [-0.2, 1.8],
    [-0.45, 4.032],
  ])("C(%s) ≈ %s", (grade, cost) => {
    expect(minettiCost(grade)).toBeCloseTo(cost, 2);
  });

  it.each([
    [0.6, 0.45],
    [1, 0.45],
    [-0.7, -0.45],
  ])("clamps %s to %s (the model's range)", (grade, edge) => {
    expect(minettiCost(grade)).toBe(minettiCost(edge));
  });

  it.each([
    [0, 1],
    [0.1, 5.968 / FLAT_COST],
    [-0.1, DOWNHILL_TIME_FLOOR],
    [-0.2, DOWNHILL_TIME_FLOOR],
    [-0.45, 4.032 / FLAT_COST],
  ])("time factor at %s is %s (descents never below the floor)", (grade, factor) => {
    expect(timeFactor(grade)).toBeCloseTo(factor, 3);
  });
});

describe("courseEffort", () => {
  it("a flat 5 km: five 1 km segments, effort = distance", () => {
    const e = courseEffort(lineGpx(5, () => 100));
    expect(e.segments).toHaveLength(5);
    expect(e.distanceKm).toBeCloseTo(5, 2);
    expect(e.effortKm).toBeCloseTo(5, 2);
    expect(e.dplus).toBe(0);
    expect(e.clamped).toBe(false);
    expect(e.segments.map((s) => s.startKm)).toEqual([0, 1, 2, 3, 4]);
  });

  it("a 10 % climb then a 10 % descent: D+, D-, grades and efforts per segment", () => {
    const e = courseEffort(lineGpx(4, (km) => (km <= 2 ? 1000 + km * 100 : 1200 - (km - 2) * 100)));
    expect(e.dplus).toBe(200);
    expect(e.dmoins).toBe(200);
    expect(e.segments.map((s) => s.meanGrade)).toEqual([0.1, 0.1, -0.1, -0.1]);
    expect(e.segments[0].effortKm).toBeCloseTo(5.968 / 3.6, 2);
    expect(e.segments[2].effortKm).toBeCloseTo(DOWNHILL_TIME_FLOOR, 2);
    expect(e.segments[2].energyKm).toBeCloseTo(2.152 / 3.6, 2);
    expect(e.effortKm).toBeCloseTo(2 * (5.968 / 3.6) + 2 * DOWNHILL_TIME_FLOOR, 1);
  });

  it("cuts at the chosen length and joins a short remainder to the last segment", () => {
    const e = courseEffort(
      lineGpx(2.1, () => 0),
      0.5,
    );
    expect(e.segments.map((s) => s.distanceKm)).toEqual([0.5, 0.5, 0.5, 0.6]);
    const f = courseEffort(
      lineGpx(2.3, () => 0),
      0.5,
    );
    expect(f.segments.map((s) => s.distanceKm)).toEqual([0.5, 0.5, 0.5, 0.5, 0.3]);
  });

  it("marks a wall steeper than 45 % as clamped", () => {
    const e = courseEffort(lineGpx(2, (km) => (km <= 1 ? 0 : (km - 1) * 600)));
    expect(e.clamped).toBe(true);
    expect(e.segments[0].clamped).toBe(false);
    expect(e.segments[1].clamped).toBe(true);
  });

  it("a track without elevation counts as flat", () => {
    const e = courseEffort(lineGpx(3, () => null));
    expect(e.hasElevation).toBe(false);
    expect(e.effortKm).toBeCloseTo(3, 2);
  });
});

describe("roughEffortKm: a race known by distance and D+", () => {
  it.each([
    [10, 0, 10],
    [20, 1000, 10 * timeFactor(0.1) + 10 * timeFactor(-0.1)],
  ])("%s km, %s m D+ → %s effort km", (km, dplus, effort) => {
    expect(roughEffortKm(km, dplus)).toBeCloseTo(effort, 6);
  });
  it("more climbing, more effort", () => {
    expect(roughEffortKm(42, 2500)).toBeGreaterThan(roughEffortKm(42, 1000));
  });
});

describe("segmentLengthFor", () => {
  itMaps("%s km → segments of %s km", segmentLengthFor, [
    [12, 1],
    [60, 1],
    [61, 2],
    [171, 3],
  ]);
});
