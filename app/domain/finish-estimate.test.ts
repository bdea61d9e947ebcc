// The estimate against published finishes (decision 0225 cites them; the runners' indexes are ILLUSTRATIVE values
// of the order the UTMB index site shows for these runners, not figures read there for this test).
import { describe, expect, it } from "vitest";
import { roughEffortKm } from "./course-effort";
import { estimateFinish, indexOf, REFERENCE_HOURS, referenceSeconds } from "./finish-estimate";

const h = (hours: number, min: number, sec = 0) => hours * 3600 + min * 60 + sec;

describe("referenceSeconds: Riegel's power law on effort kilometres", () => {
  it("an index-1000 runner covers a marathon's effort in t0", () => {
    expect(referenceSeconds(42.195)).toBeCloseTo(REFERENCE_HOURS * 3600, 6);
  });
  it.each([
    [21.0975, 2 ** -1.06],
    [84.39, 2 ** 1.28],
  ])("at %s effort km the time is t0 × %s", (e, f) => {
    expect(referenceSeconds(e)).toBeCloseTo(REFERENCE_HOURS * 3600 * f, 3);
  });
});

describe("estimateFinish against published finishes (within 10 %)", () => {
  // [race, km, D+, index (illustrative), published time]
  it.each([
    ["UTMB 2023, J. Walmsley (1st)", 171, 10000, 950, h(19, 37, 43)],
    ["UTMB 2022, K. Jornet (1st)", 171, 10000, 950, h(19, 49, 30)],
    ["UTMB 2023, C. Dauwalter (1st woman)", 171, 10000, 800, h(23, 29, 14)],
    ["Sierre-Zinal 2019, K. Jornet (record)", 31, 2200, 950, h(2, 25, 35)],
  ])("%s", (_race, km, dplus, index, published) => {
    const e = estimateFinish(roughEffortKm(km, dplus), { kind: "utmb", index });
    expect(Math.abs(e.central - published) / published).toBeLessThan(0.1);
    expect(e.fast).toBeLessThan(published * 1.1);
    expect(e.slow).toBeGreaterThan(published * 0.9);
  });
});

describe("estimateFinish: the range and the references", () => {
  it("fast < central < slow, the slow side wider on a long race", () => {
    const short = estimateFinish(20, { kind: "itra", index: 600 });
    const long = estimateFinish(200, { kind: "itra", index: 600 });
    expect(short.fast).toBeLessThan(short.central);
    expect(short.slow).toBeGreaterThan(short.central);
    expect(long.slow / long.central).toBeGreaterThan(short.slow / short.central);
  });
  it("halving the index doubles the time", () => {
    const a = estimateFinish(50, { kind: "itra", index: 800 });
    const b = estimateFinish(50, { kind: "itra", index: 400 });
    expect(b.central / a.central).toBeCloseTo(2, 3);
  });
  it("a race time on the same course gives back that time", () => {
    const ref = { kind: "course" as const, distanceKm: 42, dplus: 2500, seconds: h(6, 10) };
    expect(estimateFinish(roughEffortKm(42, 2500), ref).central).toBe(h(6, 10));
  });
  it("a race time becomes an index: a slower time, a lower index", () => {
    const fast = indexOf({ kind: "course", distanceKm: 30, dplus: 1500, seconds: h(3, 30) });
    const slow = indexOf({ kind: "course", distanceKm: 30, dplus: 1500, seconds: h(5, 0) });
    expect(fast).toBeGreaterThan(slow);
    expect(fast / slow).toBeCloseTo(h(5, 0) / h(3, 30), 6);
  });
});
