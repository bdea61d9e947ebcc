import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import {
  ageOn,
  eligibilityIssue,
  ffaCategory,
  ffaSeason,
  kmEffort,
  needsBirthDate,
  type RaceFormat,
} from "./eligibility";
import { frenchDay } from "./french-dates";

describe("ageOn: whole years on race day", () => {
  it.each<[string, string, number]>([
    ["2008-06-14", "2026-06-13", 17], // the day before the birthday
    ["2008-06-14", "2026-06-14", 18], // the birthday itself
    ["2008-06-14", "2026-06-15", 18],
    ["2008-02-29", "2026-02-28", 17], // born on 29 February: a year older on 1 March
    ["2008-02-29", "2026-03-01", 18],
    ["1991-04-12", "2027-01-20", 35],
  ])("born %s, on %s: %i", (birth, on, age) => {
    expect(ageOn(birth, on)).toBe(age);
  });
});

describe("FFA season and category (categories change on 1 September)", () => {
  it.each<[string, number]>([
    ["2026-08-31", 2026],
    ["2026-09-01", 2027],
    ["2027-01-01", 2027],
  ])("%s is in season %i", (day, season) => expect(ffaSeason(day)).toBe(season));

  // Season 2026 (1 Sept 2025 – 31 Aug 2026): minimes 2011–2012, cadets 2009–2010, juniors 2007–2008, espoirs 2004–2006,
  // seniors 1992–2003, masters 1991 and before.
  it.each<[string, string, string, [number, number] | null]>([
    ["2020-05-01", "2026-06-01", "BB", [2020, 2026]],
    ["2019-12-31", "2026-06-01", "EA", [2017, 2019]],
    ["2015-01-01", "2026-06-01", "PO", [2015, 2016]],
    ["2014-07-01", "2026-06-01", "BE", [2013, 2014]],
    ["2012-12-31", "2026-06-01", "MI", [2011, 2012]],
    ["2011-01-01", "2026-06-01", "MI", [2011, 2012]],
    ["2010-12-31", "2026-06-01", "CA", [2009, 2010]],
    ["2009-01-01", "2026-06-01", "CA", [2009, 2010]],
    ["2008-12-31", "2026-06-01", "JU", [2007, 2008]],
    ["2007-01-01", "2026-06-01", "JU", [2007, 2008]],
    ["2006-06-01", "2026-06-01", "ES", [2004, 2006]],
    ["2004-01-01", "2026-06-01", "ES", [2004, 2006]],
    ["2003-12-31", "2026-06-01", "SE", [1992, 2003]],
    ["1992-01-01", "2026-06-01", "SE", [1992, 2003]],
    ["1991-12-31", "2026-06-01", "MA", null],
    // The same runner changes category on 1 September (season 2027): born 2010, cadet until 31 August, then cadet
    // still (2027 − 2010 = 17); born 2009: cadet until 31 August 2026, junior from 1 September.
    ["2009-10-01", "2026-08-31", "CA", [2009, 2010]],
    ["2009-10-01", "2026-09-01", "JU", [2008, 2009]],
  ])("born %s, race %s: %s", (birth, race, code, born) => {
    const c = ffaCategory(birth, race);
    expect(c?.code).toBe(code);
    expect(c?.born).toEqual(born);
  });
});

describe("kmEffort", () => {
  it.each<[RaceFormat["type_epreuve"], number, number, number]>([
    ["trail", 12, 650, 18.5],
    ["trail", 10, 0, 10],
    ["route", 10, 180, 10], // the road counts the distance
    ["trail", 14.95, 1, 15], // rounded to 0.1
  ])("%s %f km %i m D+ → %f", (type, km, dplus, effort) => {
    expect(kmEffort({ type_epreuve: type, distance_km: km, denivele_dplus: dplus })).toBe(effort);
  });
});

const race = (p: Partial<RaceFormat>): RaceFormat => ({
  date: "2026-06-14",
  type_epreuve: "trail",
  distance_km: 10,
  denivele_dplus: 0,
  age_minimum: null,
  ...p,
});

describe("eligibilityIssue: minimum age and category limits, with the reason", () => {
  it.each<[string, string | null, Partial<RaceFormat>, string | null]>([
    // The organiser's minimum age, on race day.
    ["18 the day of the race", "2008-06-14", { age_minimum: 18 }, null],
    ["17 the day of the race", "2008-06-15", { age_minimum: 18, type_epreuve: "rando" }, "age_minimum"],
    [
      "minimum age applies to walks too",
      "2015-01-01",
      { age_minimum: 12, type_epreuve: "rando", distance_km: 30 },
      "age_minimum",
    ],
    // Juniors: 25 km-effort (boundary included).
    ["junior, 25 km-effort exactly", "2008-01-01", { distance_km: 20, denivele_dplus: 500 }, null],
    ["junior, 25.1 km-effort", "2008-01-01", { distance_km: 20, denivele_dplus: 510 }, "categorie_distance"],
    // Cadets: 15 km-effort.
    ["cadet, 15 km on the road", "2010-01-01", { type_epreuve: "route", distance_km: 15, denivele_dplus: 400 }, null],
    ["cadet, 15.1 km on the road", "2010-01-01", { type_epreuve: "route", distance_km: 15.1 }, "categorie_distance"],
    [
      "cadet, trail 12 km + 400 m = 16 km-effort",
      "2010-01-01",
      { distance_km: 12, denivele_dplus: 400 },
      "categorie_distance",
    ],
    ["cadet, 600 m D+ on a short trail: allowed (cadet)", "2010-01-01", { distance_km: 5, denivele_dplus: 600 }, null],
    // Minimes: 5 km-effort, and no trail over 500 m D+.
    ["minime, 5 km road", "2012-01-01", { type_epreuve: "route", distance_km: 5 }, null],
    ["minime, 6 km road", "2012-01-01", { type_epreuve: "route", distance_km: 6 }, "categorie_distance"],
    ["minime, 501 m D+", "2012-01-01", { distance_km: 1, denivele_dplus: 501 }, "categorie_denivele"],
    ["minime, 500 m D+ but 6 km-effort", "2012-01-01", { distance_km: 1, denivele_dplus: 500 }, "categorie_distance"],
    ["benjamin, 3 km road", "2014-01-01", { type_epreuve: "route", distance_km: 3 }, null],
    ["poussin, 3 km road", "2016-01-01", { type_epreuve: "route", distance_km: 3 }, "categorie_distance"],
    ["école d'athlétisme, 1 km", "2018-01-01", { type_epreuve: "route", distance_km: 1, denivele_dplus: 5 }, null],
    [
      "walks have no category limit",
      "2012-01-01",
      { type_epreuve: "rando", distance_km: 25, denivele_dplus: 900 },
      null,
    ],
    ["espoir: no limit", "2005-01-01", { distance_km: 80, denivele_dplus: 5000 }, null],
    ["no birth date: nothing to check", null, { age_minimum: 18 }, null],
    ["no race date: nothing to check", "2012-01-01", { date: null, distance_km: 40 }, null],
  ])("%s", (_label, birth, f, code) => {
    expect(eligibilityIssue(birth, race(f))?.code ?? null).toBe(code);
  });

  it("says why, in French", () => {
    expect(eligibilityIssue("2008-06-15", race({ age_minimum: 18 }))?.message).toBe(
      `Âge minimum pour ce format\u00a0: 18\u00a0ans le jour de la course. Vous aurez 17\u00a0ans le ${frenchDay("2026-06-14")}.`,
    );
    expect(eligibilityIssue("2010-01-01", race({ distance_km: 12, denivele_dplus: 650 }))?.message).toBe(
      "Catégorie Cadets (nés de 2009 à 2010)\u00a0: la FFA limite la distance à 15\u00a0km-effort, ce format en compte 18,5\u00a0km-effort (12\u00a0km et 650\u00a0m D+).",
    );
    expect(eligibilityIssue("2012-01-01", race({ type_epreuve: "route", distance_km: 10 }))?.message).toBe(
      "Catégorie Minimes (nés de 2011 à 2012)\u00a0: la FFA limite la distance à 5\u00a0km, ce format en compte 10\u00a0km.",
    );
  });
});

describe("needsBirthDate", () => {
  it.each<[Partial<RaceFormat>, boolean]>([
    [{ type_epreuve: "trail" }, true],
    [{ type_epreuve: "route" }, true],
    [{ type_epreuve: "rando" }, false],
    [{ type_epreuve: "rando", age_minimum: 16 }, true],
    [{ type_epreuve: "trail", date: null }, false],
  ])("%j → %s", (f, needed) => expect(needsBirthDate(race(f))).toBe(needed));
});

describe("frenchDay", () => {
  itMaps("%s → %s", frenchDay, [
    ["2027-05-03", "3\u00a0mai\u00a02027"],
    ["2027-05-01", "1er\u00a0mai\u00a02027"],
    ["2026-12-25", "25\u00a0décembre\u00a02026"],
  ]);
});
