import { describe, expect, it } from "vitest";
import { elevationProfile, parseGpx } from "../domain/gpx.ts";
import * as paths from "../domain/paths.ts";
import { buildDemoData } from "./demo-data.ts";

/** The values of one `INSERT … (cols) VALUES (…)` statement, by column (strings unquoted, numbers as numbers). */
function row(statement: string): Record<string, string | number | null> {
  const m = /\(([^)]*)\) VALUES \((.*)\);$/s.exec(statement);
  if (!m) throw new Error(`not an insert: ${statement.slice(0, 80)}`);
  const cols = m[1].split(", ");
  const values: (string | number | null)[] = [];
  const re = /\s*(?:'((?:[^']|'')*)'|(NULL)|(-?[\d.]+))\s*(?:,|$)/gy;
  let v: RegExpExecArray | null;
  while (re.lastIndex < m[2].length && (v = re.exec(m[2]))) {
    values.push(v[1] !== undefined ? v[1].replace(/''/g, "'") : v[2] ? null : Number(v[3]));
  }
  expect(values).toHaveLength(cols.length);
  return Object.fromEntries(cols.map((c, i) => [c, values[i]]));
}

describe("demo GPX tracks", () => {
  const { statements, files } = buildDemoData(new Date("2026-03-01T10:00:00Z"), "hash");
  const formats = statements.filter((s) => s.startsWith("INSERT OR IGNORE INTO formats ")).map(row);
  const withTrack = formats.filter((f) => f.gpx_url !== null);

  it("every format with a track has its file", () => {
    expect(withTrack.length).toBeGreaterThan(5);
    for (const f of withTrack) {
      expect(files.some((file) => paths.storedFile(file.key) === f.gpx_url)).toBe(true);
    }
  });

  it.each(withTrack.map((f) => [f.nom, f] as const))(
    "%s: the track's length, as the event page measures it, is within 3 % of the format's distance",
    (_nom, f) => {
      const file = files.find((x) => paths.storedFile(x.key) === f.gpx_url)!;
      const measured = elevationProfile(parseGpx(file.body)).distanceKm;
      const stated = Number(f.distance_km);
      expect(Math.abs(measured - stated) / stated, `${measured} km measured for ${stated} km`).toBeLessThanOrEqual(
        0.03,
      );
    },
  );
});
