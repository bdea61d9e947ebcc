import { describe, expect, it } from "vitest";
import { itReadsTyped } from "../../tests/support/cases";
import { centsToInput, parseEurosToCents, parseFrDecimal, parseFrInteger } from "./french-inputs";

describe("parseEurosToCents (never through floats)", () => {
  itReadsTyped("%j -> %s", parseEurosToCents, {
    reads: [
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
    ],
    blank: ["", "   "],
    unreadable: ["abc", "12,505", "-5", "12,5,0", "1e3"],
  });

  it("every cent from 0,00 to 99,99 round-trips exactly", () => {
    for (let c = 0; c < 10000; c++) expect(parseEurosToCents(centsToInput(c))).toBe(c);
  });
});

describe("French numbers", () => {
  itReadsTyped("decimal %j -> %s", parseFrDecimal, {
    reads: [
      ["12,5", 12.5],
      ["42.195", 42.195],
      ["7", 7],
      ["21,1 km", 21.1],
    ],
    unreadable: ["douze", "-3"],
  });

  itReadsTyped("integer %j -> %s", parseFrInteger, {
    reads: [
      ["1 800", 1800],
      ["650 m", 650],
    ],
    unreadable: ["12,5", "beaucoup"],
  });
});
