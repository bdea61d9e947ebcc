import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { codesOf, isOneOf, labelOf } from "./labels";

const COLOURS = { rouge: "Rouge", vert: "Vert", bleu: "Bleu" };

describe("codesOf", () => {
  it("lists a label table's codes in the order they are written", () => {
    expect(codesOf(COLOURS)).toEqual(["rouge", "vert", "bleu"]);
  });
  it("refuses an empty table (z.enum needs one code at least)", () => {
    expect(() => codesOf({})).toThrow(/at least one code/);
  });
});

describe("labelOf", () => {
  it.each([
    ["vert", undefined, "Vert"],
    ["violet", undefined, "violet"],
    ["violet", "Autre", "Autre"],
    ["", "Autre", "Autre"],
    ["toString", undefined, "toString"],
  ])("%s (fallback %s) -> %s", (code, fallback, label) => {
    expect(labelOf(COLOURS, code, fallback)).toBe(label);
  });
});

describe("isOneOf", () => {
  const CODES = codesOf(COLOURS);
  itMaps("%s -> %s", (v: unknown) => isOneOf(CODES, v), [
    ["vert", true],
    ["bleu", true],
    ["Vert", false],
    ["", false],
    [null, false],
    [undefined, false],
    [42, false],
    ["toString", false],
  ]);
});
