import { describe, expect, it } from "vitest";
import { itMaps, itMapsEqual } from "../../tests/support/cases";
import {
  dateParts,
  formatDate,
  formatDateLong,
  frenchDayOfMonth,
  formatDateTime,
  formatDateTimeLong,
  formatEuros,
  formatFromPrice,
  formatKm,
  formatMeters,
  formatNumber,
  formatPrice,
  formatTime,
  personName,
} from "./format";

const nb = "\u00a0";

describe("formatEuros", () => {
  itMaps("%i cents -> %s", formatEuros, [
    [1250, `12,50${nb}€`],
    [0, `0,00${nb}€`],
    [1, `0,01${nb}€`],
    [4900, `49,00${nb}€`],
    [123456, `1${nb}234,56${nb}€`],
    [-250, `-2,50${nb}€`],
  ]);
  it("shows a dash for missing values", () => {
    expect(formatEuros(null)).toBe("—");
    expect(formatEuros(undefined)).toBe("—");
    expect(formatEuros(Number.NaN)).toBe("—");
  });
});

describe("numbers and units", () => {
  itMaps("%s -> %s", formatNumber, [
    [12.5, "12,5"],
    [1000, `1${nb}000`],
    [42, "42"],
  ]);
  it("adds units", () => {
    expect(formatKm(21.1)).toBe(`21,1${nb}km`); // no line break between a number and its unit
    expect(formatMeters(2450)).toBe(`2${nb}450${nb}m`);
    expect(formatKm(null)).toBe("—");
  });
});

describe("dates in French", () => {
  itMaps("calendar date %s -> %s whatever the time zone", formatDate, [
    ["2026-06-14", "14/06/2026"],
    ["2026-01-01", "01/01/2026"],
    ["2026-12-31", "31/12/2026"],
  ]);
  itMaps("long form %s -> %s (the first of the month is '1er')", formatDateLong, [
    ["2026-06-14", "dimanche 14 juin 2026"],
    ["2026-02-01", "dimanche 1er février 2026"],
    ["2026-02-02", "lundi 2 février 2026"],
    ["2026-02-11", "mercredi 11 février 2026"],
    ["2026-02-21", "samedi 21 février 2026"],
    ["2026-03-31", "mardi 31 mars 2026"],
    ["2026-11-30T23:30:00.000Z", "mardi 1er décembre 2026"],
  ]);
  it("a calendar day's long form is the same when met again, after more days than are kept, and as a Date", () => {
    expect(formatDateLong("2026-02-01")).toBe("dimanche 1er février 2026");
    const start = Date.UTC(2020, 0, 1, 12);
    const days = Array.from({ length: 1500 }, (_, i) => new Date(start + i * 86400_000).toISOString().slice(0, 10));
    const first = days.map((d) => formatDateLong(d));
    expect(days.map((d) => formatDateLong(d))).toEqual(first);
    expect(first[0]).toBe("mercredi 1er janvier 2020");
    expect(formatDateLong("2026-02-01")).toBe("dimanche 1er février 2026");
    expect(formatDateLong(new Date(Date.UTC(2026, 1, 1, 12)))).toBe("dimanche 1er février 2026");
  });
  itMaps("day of the month %s -> %s", frenchDayOfMonth, [
    [1, "1er"],
    ["01", "1er"],
    [2, "2"],
    [11, "11"],
    [21, "21"],
    [31, "31"],
  ]);
  it("timestamps in Paris time (summer and winter)", () => {
    expect(formatDateTime("2026-07-01T10:05:00.000Z")).toBe("01/07/2026 12:05");
    expect(formatDateTime("2026-11-21T23:30:00.000Z")).toBe("22/11/2026 00:30");
  });
  itMaps("deadlines in sentences: %s -> %s", formatDateTimeLong, [
    ["2027-01-12T09:00:00.000Z", "12 janvier 2027 à 10h00"],
    ["2027-07-01T22:05:00.000Z", "2 juillet 2027 à 0h05"],
    ["2027-03-03T10:00:00.000Z", "3 mars 2027 à 11h00"],
    ["2027-02-01T09:00:00.000Z", "1er février 2027 à 10h00"],
    ["2027-01-31T23:15:00.000Z", "1er février 2027 à 0h15"],
    ["2027-02-21T09:00:00.000Z", "21 février 2027 à 10h00"],
  ]);
  it("times", () => {
    expect(formatTime("09:30")).toBe("9h30");
    expect(formatTime("18:00:00")).toBe("18h00");
    expect(formatTime(null)).toBe("—");
  });
  it("invalid input gives a dash", () => {
    expect(formatDate("pas une date")).toBe("—");
    expect(formatDate(null)).toBe("—");
  });
});

describe("prices and date blocks as runners read them", () => {
  itMaps("price %j -> %j", formatPrice, [
    [0, "Gratuit"],
    [1250, "12,50\u00a0€"],
    [null, "—"],
  ]);
  it.each([
    // lowest price, lowest paid price -> line (never "dès 0,00 €")
    [0, null, "Gratuit"],
    [1250, 1250, "dès 12,50\u00a0€"],
    [0, 1200, "dès 12,00\u00a0€ ou gratuit"],
    [null, null, "—"],
  ])("event from %j (paid from %j) -> %j", (min, paid, line) => {
    expect(formatFromPrice(min, paid)).toBe(line);
  });
  itMapsEqual("%j -> %j", dateParts, [
    ["2026-12-02", { day: "2", month: "déc.", year: "2026" }],
    ["2027-01-09", { day: "9", month: "janv.", year: "2027" }],
    ["2027-05-31", { day: "31", month: "mai", year: "2027" }],
    [null, null],
    ["bientôt", null],
  ]);
});

describe("personName", () => {
  it.each([
    [{ prenom: "Léa", nom: "Martin" }, "—", "Léa Martin"],
    [{ prenom: null, nom: "Martin" }, "—", "Martin"],
    [{ prenom: "Léa", nom: "" }, "—", "Léa"],
    [{ prenom: "  ", nom: null }, "—", "—"],
    [{}, "Sans nom", "Sans nom"],
    [{ prenom: " Léa ", nom: " Martin " }, "", "Léa Martin"],
  ])("%o → %s", (p, fallback, expected) => {
    expect(personName(p, fallback)).toBe(expected);
  });
});
