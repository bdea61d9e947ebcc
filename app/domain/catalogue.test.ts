import { describe, expect, it } from "vitest";
import {
  addDays,
  courseBadges,
  daysBetween,
  DISTANCE_BANDS,
  ELEVATION_BANDS,
  hasMeals,
  isCourseFull,
  isFormatFull,
  isLowPlaces,
  isNew,
  isSoon,
  minPrice,
  nextDate,
  overlapsBand,
  placesLeft,
  rangeText,
  splitSupplies,
  valueRange,
} from "./catalogue";

const today = "2026-11-21";
const now = new Date("2026-11-21T14:00:00.000Z");

describe("nextDate", () => {
  it.each<[(string | null)[], string | null]>([
    [[], null],
    [[null, null], null],
    [["2026-12-01", "2026-11-25"], "2026-11-25"],
    [["2026-11-21"], "2026-11-21"], // today counts
    [["2026-11-20", "2027-01-02"], "2027-01-02"], // past dates dropped
    [["2026-11-20"], null],
    [[null, "2026-12-24", "pas une date"], "2026-12-24"],
  ])("%j -> %s", (dates, expected) => expect(nextDate(dates, today)).toBe(expected));
});

describe("minPrice", () => {
  it.each<[(number | null)[], number | null]>([
    [[], null],
    [[2200, 3800, 6500], 2200],
    [[0, 300], 0],
    [[null, 1200], 1200],
  ])("%j -> %s", (prices, expected) => expect(minPrice(prices)).toBe(expected));
});

describe("valueRange", () => {
  it.each<[(number | null)[], { min: number; max: number } | null]>([
    [[], null],
    [[null], null],
    [[12, 28, 55], { min: 12, max: 55 }],
    [[21.1], { min: 21.1, max: 21.1 }],
    [[null, 10, null, 5], { min: 5, max: 10 }],
  ])("%j -> %j", (values, expected) => expect(valueRange(values)).toEqual(expected));
});

describe("hasMeals", () => {
  it.each<[(number | null)[], boolean]>([
    [[], false],
    [[0, 0], false],
    [[0, 150], true],
    [[null], false],
  ])("%j -> %s", (stocks, expected) => expect(hasMeals(stocks)).toBe(expected));
});

describe("format capacity", () => {
  it.each<[number | null, number | null, number | null, boolean | null, boolean]>([
    // max, taken, left, full, low
    [null, 5, null, false, false], // no cap: never full
    [null, null, null, false, false],
    [300, null, null, null, false], // count unavailable: unknown
    [300, 0, 300, false, false],
    [300, 289, 11, false, false],
    [300, 290, 10, false, true], // 10 left: warning
    [300, 299, 1, false, true],
    [3, 3, 0, true, false], // full, no "0 restantes" warning
    [3, 5, 0, true, false], // over-booked: never negative
  ])("max %s, taken %s", (max, taken, left, full, low) => {
    expect(placesLeft(max, taken)).toBe(left);
    expect(isFormatFull(max, taken)).toBe(full);
    expect(isLowPlaces(placesLeft(max, taken))).toBe(low);
  });
});

describe("isCourseFull", () => {
  const f = (nb_max_coureurs: number | null, taken: number | null) => ({ nb_max_coureurs, taken });
  it.each<[string, ReturnType<typeof f>[], boolean | null]>([
    ["no format", [], false],
    ["one capped and full", [f(3, 3)], true],
    ["all capped and full", [f(3, 3), f(10, 12)], true],
    ["one still open", [f(3, 3), f(10, 9)], false],
    ["one uncapped", [f(3, 3), f(null, 100)], false],
    ["counts unavailable", [f(3, null), f(5, 5)], null],
    ["open wins over unknown", [f(3, null), f(5, 1)], false],
  ])("%s", (_l, formats, expected) => expect(isCourseFull(formats)).toBe(expected));
});

describe("isNew (created under 14 days ago)", () => {
  it.each<[string | null, boolean]>([
    [null, false],
    ["2026-11-21T13:00:00.000Z", true],
    ["2026-11-08T14:00:01.000Z", true], // 13 days 23:59:59
    ["2026-11-07T14:00:00.000Z", false], // exactly 14 days
    ["2026-10-01T00:00:00.000Z", false],
    ["2026-11-22T00:00:00.000Z", false], // in the future: clock skew, not new
    ["n'importe quoi", false],
  ])("%s -> %s", (created, expected) => expect(isNew(created, now)).toBe(expected));
});

describe("isSoon (next date within 14 days)", () => {
  it.each<[string | null, boolean]>([
    [null, false],
    ["2026-11-21", true],
    ["2026-12-05", true], // 14 days
    ["2026-12-06", false], // 15 days
    ["2026-11-20", false], // past
  ])("%s -> %s", (next, expected) => expect(isSoon(next, today)).toBe(expected));
});

describe("dates", () => {
  it.each([
    ["2026-11-21", "2026-11-21", 0],
    ["2026-11-21", "2026-12-05", 14],
    ["2026-12-31", "2027-01-01", 1],
    ["2026-03-28", "2026-03-30", 2], // across the DST change
  ])("%s -> %s = %i days", (a, b, n) => expect(daysBetween(a, b)).toBe(n));
  it("adds days across months and years", () => {
    expect(addDays("2026-12-25", 10)).toBe("2027-01-04");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});

describe("overlapsBand (inclusive, no value never matches)", () => {
  type Range = { min: number; max: number } | null;
  const BANDS = { distance: DISTANCE_BANDS, elevation: ELEVATION_BANDS };
  it.each<
    | ["distance", Range, keyof typeof DISTANCE_BANDS, boolean]
    | ["elevation", Range, keyof typeof ELEVATION_BANDS, boolean]
  >([
    ["distance", null, "0-15", false],
    ["distance", { min: 5, max: 10 }, "0-15", true],
    ["distance", { min: 5, max: 10 }, "15-30", false],
    ["distance", { min: 12, max: 55 }, "15-30", true], // range spans the band
    ["distance", { min: 15, max: 15 }, "0-15", true], // boundary belongs to both
    ["distance", { min: 15, max: 15 }, "15-30", true],
    ["distance", { min: 30.5, max: 78 }, "15-30", false],
    ["distance", { min: 30, max: 30 }, "30+", true],
    ["distance", { min: 10, max: 29.9 }, "30+", false],
    ["elevation", { min: 650, max: 3600 }, "1000-2000", true],
    ["elevation", { min: 10, max: 90 }, "1000-2000", false],
    ["elevation", { min: 2600, max: 2600 }, "2000+", true],
    ["elevation", { min: 0, max: 0 }, "0-1000", true],
  ])("%s %j in %s -> %s", (kind, range, band, expected) =>
    expect(overlapsBand(range, (BANDS[kind] as Record<string, Parameters<typeof overlapsBand>[1]>)[band])).toBe(
      expected,
    ),
  );
});

describe("splitSupplies", () => {
  it.each<[string | null, string[]]>([
    [null, []],
    ["", []],
    [
      "Lac Blanc (km 9) ; Flégère (km 17), La Tête aux Vents",
      ["Lac Blanc (km 9)", "Flégère (km 17)", "La Tête aux Vents"],
    ],
    ["Col de la Schlucht\nHohneck\r\nLac de Longemer", ["Col de la Schlucht", "Hohneck", "Lac de Longemer"]],
    [" ; ,\n", []],
    ["km 5, km 10,, km 15", ["km 5", "km 10", "km 15"]],
  ])("%j", (text, expected) => expect(splitSupplies(text)).toEqual(expected));
});

describe("courseBadges", () => {
  const base = {
    nextDate: null as string | null,
    hasMeals: false,
    isFull: false as boolean | null,
    createdAt: "2026-01-01T00:00:00Z",
    enLigne: true,
    now,
    today,
  };
  it.each<[string, Partial<typeof base>, string[]]>([
    ["none", {}, []],
    ["soon", { nextDate: "2026-12-01" }, ["bientot"]],
    ["meals", { hasMeals: true }, ["repas"]],
    ["full", { isFull: true }, ["complet"]],
    ["unknown fullness shows no Complet", { isFull: null }, []],
    ["new", { createdAt: "2026-11-20T00:00:00Z" }, ["nouveau"]],
    ["offline", { enLigne: false }, ["hors_ligne"]],
    [
      "all",
      { enLigne: false, isFull: true, nextDate: today, createdAt: "2026-11-20T00:00:00Z", hasMeals: true },
      ["hors_ligne", "complet", "bientot", "nouveau", "repas"],
    ],
  ])("%s", (_l, over, expected) => expect(courseBadges({ ...base, ...over })).toEqual(expected));
});

describe("rangeText", () => {
  it.each<[{ min: number; max: number } | null, string | null]>([
    [null, null],
    [{ min: 12, max: 12 }, "12 km"],
    [{ min: 12, max: 55 }, "12 km à 55 km"],
  ])("%j", (r, expected) => expect(rangeText(r, (n) => `${n} km`)).toBe(expected));
});
