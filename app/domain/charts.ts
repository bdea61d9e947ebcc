// Admin charts (issue 16): registrations per day and gross revenue per week over the last 90 days, drawn on
// the server as SVG. Pure: series with the missing days filled with zeros, weeks starting on Monday, a rounded
// scale and the bars' geometry. No I/O, no clock (the last day is passed in).
import { addDays, daysBetween } from "./catalogue";

export const CHART_DAYS = 90;

export interface Point {
  /** YYYY-MM-DD: the day, or the Monday that starts the week. */
  day: string;
  value: number;
}

/** `days` points ending with `lastDay`, oldest first; days without a row count 0. */
export function dailySeries(
  rows: readonly { jour: string; value: number }[],
  lastDay: string,
  days = CHART_DAYS,
): Point[] {
  const byDay = new Map<string, number>();
  for (const r of rows) byDay.set(r.jour, (byDay.get(r.jour) ?? 0) + Number(r.value));
  const first = addDays(lastDay, -(days - 1));
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(first, i);
    return { day, value: byDay.get(day) ?? 0 };
  });
}

/** The Monday of the week of `day`. */
export function weekStart(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // Monday = 0
  return addDays(day, -weekday);
}

/** Daily points summed per week (Monday first), oldest first; a partial first or last week keeps its days only. */
export function weeklySeries(daily: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const p of daily) {
    const w = weekStart(p.day);
    const last = out[out.length - 1];
    if (last && last.day === w) last.value += p.value;
    else out.push({ day: w, value: p.value });
  }
  return out;
}

/** The smallest 1, 2 or 5 × 10^k at or above `max` (at least 1): the top of the scale. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const exp = Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) {
    const v = m * 10 ** exp;
    if (v >= max) return v;
  }
  return 10 ** (exp + 1);
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
  point: Point;
}

export interface ChartGeometry {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  top: number;
  bars: Bar[];
  /** Scale lines: value and y. */
  ticks: { value: number; y: number }[];
}

/** Bars of equal width side by side; heights proportional to the values against a rounded top. */
export function barChart(points: readonly Point[], opts: { width?: number; height?: number } = {}): ChartGeometry {
  // Small enough that the labels stay readable when a phone draws the chart 330 px wide.
  const width = opts.width ?? 480;
  const height = opts.height ?? 220;
  const plot = { left: 72, top: 12, right: width - 8, bottom: height - 26 };
  const top = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const n = Math.max(points.length, 1);
  const slot = (plot.right - plot.left) / n;
  const barWidth = Math.max(1, slot * 0.8);
  const scale = (plot.bottom - plot.top) / top;
  const bars = points.map((point, i) => {
    const h = Math.max(0, point.value) * scale;
    return { x: plot.left + i * slot + (slot - barWidth) / 2, y: plot.bottom - h, width: barWidth, height: h, point };
  });
  // The middle line only when it falls on a whole value (a count of 5 has no line at 2.5).
  const ticks = (Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top]).map((value) => ({
    value,
    y: plot.bottom - value * scale,
  }));
  return { width, height, plot, top, bars, ticks };
}

/** Number of days between two YYYY-MM-DD, re-exported for the chart's captions. */
export const spanDays = daysBetween;
