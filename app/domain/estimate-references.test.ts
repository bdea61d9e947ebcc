import { describe, expect, it } from "vitest";
import {
  type ActivityCandidate,
  activityChoices,
  activityReference,
  EstimateReferenceError,
  MAX_CHOICES,
  type ResultCandidate,
  resultChoices,
  resultReference,
} from "./estimate-references";
import { estimateFinish, indexOf } from "./finish-estimate";
import { roughEffortKm } from "./course-effort";

const TODAY = "2026-05-10";
const NOW = new Date("2026-05-10T10:00:00.000Z");

const result = (over: Partial<ResultCandidate> = {}): ResultCandidate => ({
  id: "7",
  courseNom: "Trail de la Sainte-Victoire",
  formatNom: "Sainte-Victoire 24 km",
  date: "2026-04-12",
  distanceKm: 24,
  dplus: 1400,
  statut: "classe",
  seconds: 8182,
  ...over,
});

const activity = (over: Partial<ActivityCandidate> = {}): ActivityCandidate => ({
  id: "a1",
  name: "Sortie trail",
  sport: "trail",
  startedAt: "2026-05-01T07:00:00.000Z",
  distanceM: 12_400,
  elevationGainM: 650,
  movingTimeSec: 5400,
  ...over,
});

describe("resultReference: a finish of the runner's, on a format with its distance and D+, of the last 3 years", () => {
  it("a finish is the race time of its format", () => {
    const q = resultReference(result(), TODAY);
    expect(q).toEqual({
      ok: true,
      reference: { kind: "course", distanceKm: 24, dplus: 1400, seconds: 8182 },
      index: Math.round(indexOf({ kind: "course", distanceKm: 24, dplus: 1400, seconds: 8182 })),
    });
  });
  it.each<[string, Partial<ResultCandidate>, string | null]>([
    ["a DNF", { statut: "dnf", seconds: null }, "statut"],
    ["a DNS", { statut: "dns", seconds: null }, "statut"],
    ["a disqualification, even with a time", { statut: "dsq", seconds: 9000 }, "statut"],
    ["a finish without time", { seconds: null }, "temps"],
    ["a format without distance", { distanceKm: null }, "distance"],
    ["a 2 km format", { distanceKm: 2 }, "distance"],
    ["a 401 km format", { distanceKm: 401 }, "distance"],
    ["a 3 km format (the form's lower bound)", { distanceKm: 3 }, null],
    ["a format without D+", { dplus: null }, "denivele"],
    ["a flat format (D+ 0)", { dplus: 0 }, null],
    ["a race of exactly 3 years ago", { date: "2023-05-10" }, null],
    ["a race of 3 years and a day ago", { date: "2023-05-09" }, "ancien"],
    ["a race dated after today", { date: "2026-05-11" }, "futur"],
    ["a format without a date", { date: null }, null],
    ["a very slow finish (kept: an official time)", { seconds: 8 * 3600 }, null],
  ])("%s", (_case, over, why) => {
    const q = resultReference(result(over), TODAY);
    expect(q.ok ? null : q.why).toBe(why);
  });
});

describe("activityReference: a run of ≥ 5 km of the last 6 months, its moving time, a plausible index", () => {
  it("the distance to 0.1 km, the D+ to the metre, the moving time", () => {
    const q = activityReference(activity({ distanceM: 12_449, elevationGainM: 650.4 }), NOW);
    expect(q.ok && q.reference).toEqual({ kind: "course", distanceKm: 12.4, dplus: 650, seconds: 5400 });
  });
  it.each<[string, Partial<ActivityCandidate>, string | null]>([
    ["a trail run", {}, null],
    ["a road run", { sport: "course", elevationGainM: 40, movingTimeSec: 3600 }, null],
    ["a walk", { sport: "marche" }, "sport"],
    ["another sport", { sport: "autre" }, "sport"],
    ["4.9 km", { distanceM: 4_940 }, "court"],
    ["5.0 km (rounded from 4 950 m)", { distanceM: 4_950, movingTimeSec: 1800 }, null],
    ["401 km", { distanceM: 401_000, movingTimeSec: 80 * 3600 }, "distance"],
    ["started 183 days ago", { startedAt: "2025-11-08T10:00:00.000Z" }, null],
    ["started 184 days ago", { startedAt: "2025-11-07T10:00:00.000Z" }, "ancien"],
    ["started in the future", { startedAt: "2026-05-10T10:00:01.000Z" }, "futur"],
    ["an unreadable start", { startedAt: "hier" }, "futur"],
    ["no moving time", { movingTimeSec: 0 }, "temps"],
    ["a watch left running (12 km in 9 h)", { movingTimeSec: 9 * 3600 }, "invraisemblable"],
    ["a GPS jump or a ride (12 km in 20 min)", { movingTimeSec: 1200 }, "invraisemblable"],
    ["more than 30 000 m of D+", { elevationGainM: 30_001 }, "denivele"],
  ])("%s", (_case, over, why) => {
    const q = activityReference(activity(over), NOW);
    expect(q.ok ? null : q.why).toBe(why);
  });
});

describe("a picked reference gives the same estimate as the same race typed in the form", () => {
  it("resultReference → estimateFinish equals the typed race time's", () => {
    const q = resultReference(result(), TODAY);
    if (!q.ok) throw new Error("expected a reference");
    const effort = roughEffortKm(30, 1800);
    expect(estimateFinish(effort, q.reference)).toEqual(
      estimateFinish(effort, { kind: "course", distanceKm: 24, dplus: 1400, seconds: 8182 }),
    );
    expect(q.index).toBe(estimateFinish(effort, q.reference).index);
  });
});

describe("the lists: newest first, only what qualifies, at most MAX_CHOICES", () => {
  it("results", () => {
    const list = [
      result({ id: "1", date: "2025-06-01" }),
      result({ id: "2", date: "2026-04-12", statut: "dnf", seconds: null }),
      result({ id: "3", date: "2026-03-01" }),
      result({ id: "4", date: "2020-01-01" }),
    ];
    expect(resultChoices(list, TODAY).map((c) => c.item.id)).toEqual(["3", "1"]);
  });
  it("activities", () => {
    const list = [
      activity({ id: "old", startedAt: "2025-01-01T07:00:00.000Z" }),
      activity({ id: "walk", sport: "marche" }),
      activity({ id: "b", startedAt: "2026-04-01T07:00:00.000Z" }),
      activity({ id: "a", startedAt: "2026-05-02T07:00:00.000Z" }),
      activity({ id: "short", distanceM: 3000 }),
    ];
    expect(activityChoices(list, NOW).map((c) => c.item.id)).toEqual(["a", "b"]);
  });
  it("keeps the newest MAX_CHOICES", () => {
    const list = Array.from({ length: 15 }, (_, i) =>
      activity({ id: `x${i}`, startedAt: `2026-04-${String(i + 1).padStart(2, "0")}T07:00:00.000Z` }),
    );
    const ids = activityChoices(list, NOW).map((c) => c.item.id);
    expect(ids).toHaveLength(MAX_CHOICES);
    expect(ids[0]).toBe("x14");
    expect(ids.at(-1)).toBe("x5");
  });
});

describe("EstimateReferenceError", () => {
  it.each([
    ["resultat_introuvable", undefined, 404, /n'est pas le vôtre/],
    ["resultat_inutilisable", "statut", 409, /^Ce résultat ne peut pas servir de référence\u00a0: seule une course/],
    ["activite_inutilisable", "sport", 409, /^Cette sortie ne peut pas servir de référence\u00a0: seules la course/],
  ] as const)("%s", (code, why, status, message) => {
    const e = new EstimateReferenceError(code, why);
    expect(e.status).toBe(status);
    expect(e.message).toMatch(message);
  });
});
