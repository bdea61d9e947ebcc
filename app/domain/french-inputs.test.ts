import { describe, expect, it } from "vitest";
import { itMaps, itMapsEqual } from "../../tests/support/cases";
import { centsToInput, parseEurosToCents, parseFrDecimal, parseFrInteger } from "./french-inputs";

describe("parseEurosToCents (never through floats)", () => {
  itMaps("%j -> %j", parseEurosToCents, [
    ["12,50", 1250],
    ["12,5", 1250],
    ["12.5", 1250],
    ["0,10", 10],
    ["0,29", 29],
    ["1,15", 115],
    ["19,99", 1999],
    ["1 200", 120000],
    ["25 €", 2500],
    ["25", 2500],
    ["0", 0],
    ["", null],
    ["   ", null],
  ]);

  it.each(["abc", "12,505", "-5", "12,5,0", "1e3"])("%j is invalid", (raw) => {
    expect(parseEurosToCents(raw)).toBeNaN();
  });

  it("every cent from 0,00 to 99,99 round-trips exactly", () => {
    for (let c = 0; c < 10000; c++) expect(parseEurosToCents(centsToInput(c))).toBe(c);
  });
});

describe("French numbers", () => {
  itMapsEqual("decimal %j -> %j", parseFrDecimal, [
    ["12,5", 12.5],
    ["42.195", 42.195],
    ["7", 7],
    ["21,1 km", 21.1],
    ["", null],
    ["douze", Number.NaN],
    ["-3", Number.NaN],
  ]);

  itMapsEqual("integer %j -> %j", parseFrInteger, [
    ["1 800", 1800],
    ["650 m", 650],
    ["", null],
    ["12,5", Number.NaN],
    ["beaucoup", Number.NaN],
  ]);
});
