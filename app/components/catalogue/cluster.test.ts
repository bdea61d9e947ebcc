import { describe, expect, it } from "vitest";
import { clusterLabel, gridClusters } from "./cluster";

describe("gridClusters", () => {
  const at = (x: number, y: number, id: string) => ({ x, y, id });
  const ids = (groups: { id: string }[][]) => groups.map((g) => g.map((p) => p.id));

  it.each([
    ["far apart: one marker each", [at(0, 0, "a"), at(100, 0, "b"), at(0, 100, "c")], [["a"], ["b"], ["c"]]],
    ["same cell: one cluster", [at(1, 1, "a"), at(20, 30, "b"), at(59, 59, "c")], [["a", "b", "c"]]],
    ["cell borders", [at(59.9, 0, "a"), at(60, 0, "b")], [["a"], ["b"]]],
    ["negative coordinates", [at(-1, -1, "a"), at(-59, -2, "b"), at(1, 1, "c")], [["a", "b"], ["c"]]],
    ["order of first appearance", [at(200, 0, "a"), at(0, 0, "b"), at(210, 5, "c")], [["a", "c"], ["b"]]],
    ["nothing", [], []],
  ] as const)("%s", (_label, points, expected) => {
    expect(ids(gridClusters(points, (p) => p, 60))).toEqual(expected);
  });

  it("refuses a cell of zero", () => {
    expect(() => gridClusters([at(0, 0, "a")], (p) => p, 0)).toThrow(RangeError);
  });

  it("says how many events a cluster holds", () => {
    expect(clusterLabel(12)).toBe("12 épreuves à cet endroit\u00a0: zoomer pour les voir");
  });
});
