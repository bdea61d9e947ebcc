import { describe } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { decodedSegment } from "./paths";

describe("decodedSegment: a path segment read back", () => {
  itMaps("%j -> %j", decodedSegment, [
    ["i-1", "i-1"],
    ["a%20b", "a b"],
    ["%C3%A9t%C3%A9", "été"],
    ["%E0%A4%A", null],
    ["%", null],
  ]);
});
