import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { barChart, dailySeries, niceMax, weeklySeries, weekStart } from "./charts";

/** A query's rows, one a day, in the order written. */
const rowsByDay = (values: Record<string, number>) => Object.entries(values).map(([jour, value]) => ({ jour, value }));
/** A series' points, in the order written. */
const seriesOf = (values: Record<string, number>) => Object.entries(values).map(([day, value]) => ({ day, value }));

describe("dailySeries", () => {
  it("fills the days without rows with zeros, oldest first, ending on the last day", () => {
    const s = dailySeries(rowsByDay({ "2026-11-20": 3, "2026-11-22": 1, "2026-08-01": 9 }), "2026-11-22", 4);
    expect(s).toEqual(seriesOf({ "2026-11-19": 0, "2026-11-20": 3, "2026-11-21": 0, "2026-11-22": 1 }));
  });
  it("has 90 points by default, across months", () => {
    const s = dailySeries([], "2026-03-01");
    expect(s).toHaveLength(90);
    expect(s[0].day).toBe("2025-12-02");
  });
});

describe("weeks", () => {
  itMaps("the week of %s starts on %s", weekStart, [
    ["2026-11-23", "2026-11-23"], // Monday
    ["2026-11-22", "2026-11-16"], // Sunday
    ["2026-11-18", "2026-11-16"],
    ["2026-01-01", "2025-12-29"], // across the year
  ]);

  it("sums days per week, a partial first week keeping its days only", () => {
    const daily = dailySeries(rowsByDay({ "2026-11-15": 100, "2026-11-16": 5, "2026-11-22": 7 }), "2026-11-23", 10);
    expect(weeklySeries(daily)).toEqual(seriesOf({ "2026-11-09": 100, "2026-11-16": 12, "2026-11-23": 0 }));
    const total = (xs: { value: number }[]) => xs.reduce((a, b) => a + b.value, 0);
    expect(total(weeklySeries(daily))).toBe(total(daily));
  });
});

describe("the scale", () => {
  itMaps("niceMax(%i) = %i", niceMax, [
    [0, 1],
    [-3, 1],
    [1, 1],
    [3, 5],
    [5, 5],
    [6, 10],
    [11, 20],
    [99, 100],
    [101, 200],
    [4999, 5000],
    [5001, 10000],
    [123456, 200000],
  ]);

  it("draws bars proportional to the values inside the plot", () => {
    const g = barChart(
      [
        { day: "a", value: 0 },
        { day: "b", value: 5 },
        { day: "c", value: 10 },
      ],
      { width: 300, height: 150 },
    );
    expect(g.top).toBe(10);
    const [zero, half, full] = g.bars;
    expect(zero.height).toBe(0);
    expect(full.y).toBeCloseTo(g.plot.top);
    expect(half.height).toBeCloseTo(full.height / 2);
    expect(g.bars.every((b) => b.x >= g.plot.left && b.x + b.width <= g.plot.right + 1e-9)).toBe(true);
    expect(g.ticks.map((t) => t.value)).toEqual([0, 5, 10]);
  });

  it("has no middle line that is not a whole value", () => {
    expect(barChart([{ day: "a", value: 4 }]).ticks.map((t) => t.value)).toEqual([0, 5]);
  });
});
