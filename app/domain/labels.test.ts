import { describe, expect, it } from "vitest";
import { codesOf, labelOf } from "./labels";

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
