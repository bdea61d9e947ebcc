import { describe } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { formatDuration } from "./format-duration.ts";

describe("formatDuration", () => {
  itMaps("%s s → %s", formatDuration, [
    [0, "0\u00a0min"],
    [29, "0\u00a0min"],
    [30, "1\u00a0min"],
    [52 * 60, "52\u00a0min"],
    [3600, "1\u00a0h"],
    [6720, "1\u00a0h\u00a052\u00a0min"],
    [3 * 3600 + 5 * 60, "3\u00a0h\u00a005\u00a0min"],
    [3599.6, "1\u00a0h"],
    [-1, "—"],
    [Number.NaN, "—"],
  ]);
});
