import { describe, expect, it } from "vitest";
import { itMapsEqual } from "../../tests/support/cases";
import { addDaysTo } from "./french-dates";
import {
  buildTrainingPlan,
  effortKm,
  isoWeekday,
  loadingPhases,
  loadingVolumes,
  type PlanInput,
  qualityCount,
  taperWeeks,
  weekKm,
} from "./training-plan";
import { cyclicGap, qualityDays } from "./training-plan-sessions";
import { flatSteps, sessionDurationSec } from "./workout";

// Thursday 26 November 2026, 10:00 in Paris.
const NOW = new Date("2026-11-26T09:00:00Z");
const TODAY = "2026-11-26";

const marathon: PlanInput = {
  race: { name: "Marathon de Paris", date: "2027-04-11", km: 42.2, dplusM: 0 },
  weeklyKm: 35,
  longRun: { km: 16 },
  targetSec: 3 * 3600 + 45 * 60,
  days: [2, 4, 6, 7],
  longRunDay: 7,
  thresholdPaceSecPerKm: 300,
};

const QUALITY = new Set(["seuil", "fractionne", "cotes"]);

describe("the plan's inputs refused", () => {
  it.each([
    ["race in the past", { race: { ...marathon.race, date: "2026-11-20" } }, "course_passee", "dateCourse"],
    ["race today", { race: { ...marathon.race, date: TODAY } }, "course_passee", "dateCourse"],
    ["race in 20 days", { race: { ...marathon.race, date: addDaysTo(TODAY, 20) } }, "course_trop_proche", "dateCourse"],
    ["no distance", { race: { ...marathon.race, km: 0 } }, "distance_nulle", "distanceKm"],
    ["volume 0", { weeklyKm: 0 }, "volume_nul", "volumeKm"],
    ["no days", { days: [] }, "aucun_jour", "jours"],
    ["one day", { days: [7], longRunDay: 7 }, "aucun_jour", "jours"],
    ["seven days", { days: [1, 2, 3, 4, 5, 6, 7] }, "trop_de_jours", "jours"],
    ["long run on a rest day", { longRunDay: 1 }, "jour_sortie_longue", "jourSortieLongue"],
    ["long run 0", { longRun: { km: 0 } }, "sortie_longue_nulle", "sortieLongue"],
    ["long run above the week", { longRun: { km: 40 } }, "sortie_longue_trop_longue", "sortieLongue"],
  ] as const)("%s → %s", (_, change, code, field) => {
    const input = { ...marathon, ...change } as PlanInput;
    expect(() => buildTrainingPlan(input, NOW)).toThrow(expect.objectContaining({ code, field, status: 400 }));
  });

  it("accepts a race exactly 3 weeks away", () => {
    const plan = buildTrainingPlan({ ...marathon, race: { ...marathon.race, date: addDaysTo(TODAY, 21) } }, NOW);
    expect(plan.weeks.length).toBeGreaterThanOrEqual(3);
  });
});

describe("the plan's rules", () => {
  it.each([
    [10, 0, 1],
    [21.1, 0, 1],
    [42.2, 0, 2],
    [28, 1800, 2],
    [80, 4000, 3],
  ])("taper of a %s km race with %s m D+: %s week(s)", (km, dplus, weeks) => {
    expect(taperWeeks(effortKm(km, dplus))).toBe(weeks);
  });

  itMapsEqual("%s loading weeks → %j", loadingPhases, [
    [1, ["base"]],
    [2, ["base", "developpement"]],
    [3, ["base", "developpement", "affutage"]],
    [6, ["base", "base", "developpement", "developpement", "affutage", "affutage"]],
    [
      10,
      [
        "base",
        "base",
        "base",
        "developpement",
        "developpement",
        "developpement",
        "developpement",
        "affutage",
        "affutage",
        "affutage",
      ],
    ],
  ]);

  it.each([
    ["base", true, 4, 1],
    ["developpement", true, 4, 2],
    ["developpement", false, 4, 1],
    ["affutage", true, 3, 1],
    ["relachement", true, 5, 1],
    ["developpement", true, 2, 0],
  ] as const)("%s, target %s, %s days → %s quality session(s)", (phase, target, days, n) => {
    expect(qualityCount(phase, target, days)).toBe(n);
  });

  it.each([
    [[2, 4, 6, 7], 7, 2, [2, 4]],
    [[1, 2, 3, 4, 5, 6], 6, 2, [2, 4]],
    [[3, 4, 7], 7, 2, [3]],
    [[6, 7], 7, 1, []],
    [[1, 3, 5, 7], 1, 2, [3, 5]],
  ])("days %j, long run on %s, %s wanted → %j", (days, long, wanted, expected) => {
    const chosen = qualityDays(days, long, wanted);
    expect(chosen).toEqual(expected);
    for (const d of chosen) expect(cyclicGap(d, long)).toBeGreaterThan(1);
  });

  it("raises the weekly volume by 10 % at most, lightens every fourth week, stops at the ceiling", () => {
    const v = loadingVolumes(12, 30, 12, 42.2);
    for (let i = 1; i < v.length; i++) {
      const prevLoad = v[i - 1].lighter ? v[i - 2].km : v[i - 1].km;
      if (!v[i].lighter) expect(v[i].km).toBeLessThanOrEqual(Math.round(prevLoad * 1.1 * 10) / 10 + 0.05);
    }
    expect(v.filter((w) => w.lighter).map((_, i) => i)).toHaveLength(2);
    expect(v[3]).toMatchObject({ lighter: true, km: Math.round(v[2].km * 0.7 * 10) / 10 });
    expect(Math.max(...v.map((w) => w.km))).toBe(42.2);
    for (const w of v) expect(w.longKm).toBeLessThanOrEqual(w.km / 2 + 0.05);
  });

  it("never grows beyond 1.5 × the current volume", () => {
    const v = loadingVolumes(20, 20, 8, 160);
    expect(Math.max(...v.map((w) => w.km))).toBe(30);
  });
});

describe("a marathon plan", () => {
  const plan = buildTrainingPlan(marathon, NOW);
  const sessions = plan.weeks.flatMap((w) => w.sessions);

  it("numbers its weeks from the week of tomorrow to the race week, in phase order", () => {
    expect(plan.weeks[0]).toMatchObject({ number: 1, monday: "2026-11-23" });
    expect(plan.weeks.at(-1)?.monday).toBe("2027-04-05");
    const order = plan.weeks.map((w) => w.phase).filter((p, i, a) => a[i - 1] !== p);
    expect(order).toEqual(["base", "developpement", "affutage", "relachement"]);
    expect(plan.weeks.filter((w) => w.phase === "relachement")).toHaveLength(2);
  });

  it("ends with the race on its date, nothing after it, nothing before tomorrow", () => {
    expect(sessions.at(-1)).toMatchObject({ kind: "course", date: "2027-04-11", distanceKm: 42.2 });
    expect(sessions.every((s) => s.date > TODAY && s.date <= "2027-04-11")).toBe(true);
  });

  it("puts the long run on Sunday and sessions only on the chosen days", () => {
    for (const s of sessions) expect(marathon.days).toContain(isoWeekday(s.date));
    for (const s of sessions.filter((x) => x.kind === "sortie_longue")) expect(isoWeekday(s.date)).toBe(7);
  });

  it("never puts two hard sessions (quality, long run, race) on consecutive days", () => {
    const hard = sessions.filter((s) => QUALITY.has(s.kind) || s.kind === "sortie_longue" || s.kind === "course");
    for (let i = 1; i < hard.length; i++) expect(addDaysTo(hard[i - 1].date, 1)).not.toBe(hard[i].date);
  });

  it("gives a lighter week one quality session fewer than its phase's", () => {
    const quality = (i: number) => plan.weeks[i].sessions.filter((s) => QUALITY.has(s.kind)).length;
    const lighter = plan.weeks.map((w, i) => (w.lighter ? i : -1)).filter((i) => i > 0);
    expect(lighter.length).toBeGreaterThan(1);
    for (const i of lighter) expect(quality(i)).toBe(qualityCount(plan.weeks[i].phase, true, 4) - 1);
  });

  it("lowers the volume through the taper", () => {
    const loading = plan.weeks.filter((w) => w.phase !== "relachement");
    const peak = Math.max(...loading.map((w) => w.targetKm));
    const taper = plan.weeks.filter((w) => w.phase === "relachement");
    expect(taper[0].targetKm).toBeLessThan(peak);
    expect(weekKm(taper[0])).toBeLessThan(peak);
  });

  it("builds steps whose durations add up, at paces below and above threshold", () => {
    for (const s of sessions) {
      expect(sessionDurationSec(s)).toBeGreaterThan(0);
      expect(s.title.length).toBeGreaterThan(3);
      for (const step of flatSteps(s)) expect(step.intensity.low).toBeLessThanOrEqual(step.intensity.high);
    }
    const seuil = sessions.find((s) => s.kind === "seuil");
    expect(flatSteps(seuil!).some((st) => st.kind === "effort" && st.intensity.low >= 0.95)).toBe(true);
    expect(plan.thresholdSpeedMps).toBeCloseTo(1000 / 300);
  });
});

describe("other plans", () => {
  it("gives a trail hills and long runs with climbing, and a long run typed as a duration", () => {
    const plan = buildTrainingPlan(
      {
        ...marathon,
        race: { name: "Trail des Aiguilles", date: "2027-03-20", km: 28, dplusM: 1800 },
        longRun: { minutes: 90 },
        targetSec: null,
        days: [1, 3, 6],
        longRunDay: 6,
        thresholdPaceSecPerKm: null,
      },
      NOW,
    );
    const sessions = plan.weeks.flatMap((w) => w.sessions);
    expect(sessions.some((s) => s.kind === "cotes")).toBe(true);
    expect(sessions.some((s) => s.kind === "fractionne")).toBe(false);
    expect(sessions.find((s) => s.kind === "sortie_longue")?.dplusM).toBeGreaterThan(0);
    expect(plan.thresholdFromRunner).toBe(false);
    expect(sessions.at(-1)).toMatchObject({ kind: "course", date: "2027-03-20", dplusM: 1800 });
  });

  it("starts a far race's plan 24 weeks before its week", () => {
    const plan = buildTrainingPlan({ ...marathon, race: { ...marathon.race, date: "2027-10-10" } }, NOW);
    expect(plan.weeks).toHaveLength(24);
    expect(plan.weeks[0].monday).toBe(addDaysTo("2027-10-04", -7 * 23));
  });
});
