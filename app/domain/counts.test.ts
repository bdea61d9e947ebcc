import { describe, expect, test } from "vitest";
import { countsOf } from "./counts";

describe("countsOf", () => {
  test.each([
    ["numbers stay", { a: 3, b: 0 }, { a: 3, b: 0 }],
    ["a sum handed over as text", { a: "1250", b: "7" }, { a: 1250, b: 7 }],
    ["a null sum (no row matched)", { a: null, b: 4 }, { a: 0, b: 4 }],
    ["a missing column", { b: 2 }, { a: 0, b: 2 }],
    ["no row at all", undefined, { a: 0, b: 0 }],
    ["null instead of a row", null, { a: 0, b: 0 }],
  ])("%s", (_name, row, expected) => {
    expect(countsOf(row as Record<string, unknown> | null | undefined, ["a", "b"])).toEqual(expected);
  });

  test("only the named columns, in their order", () => {
    expect(Object.keys(countsOf({ z: 1, b: 2, a: 3 }, ["a", "b"]))).toEqual(["a", "b"]);
  });
});
