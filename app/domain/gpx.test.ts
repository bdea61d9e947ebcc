import { describe, expect, it } from "vitest";
import { thrownBy } from "../../tests/support/cases";
import { synthGpx } from "./gpx-synth";
import {
  elevationProfile,
  GPX_ERROR_MESSAGES,
  GpxError,
  haversineKm,
  parseGpx,
  validateGpx,
  type GpxErrorCode,
} from "./gpx";

const wrap = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">${inner}</gpx>`;
const pt = (lat: number, lon: number, ele?: number | string) =>
  ele === undefined
    ? `<trkpt lat="${lat}" lon="${lon}"></trkpt>`
    : `<trkpt lat="${lat}" lon="${lon}"><ele>${ele}</ele></trkpt>`;

describe("parseGpx: valid files", () => {
  it("reads one segment with elevations and the track name", () => {
    const gpx = parseGpx(
      wrap(`<trk><name>Boucle &amp; crêtes</name><trkseg>${pt(45, 6, 1000)}${pt(45.001, 6, 1010)}</trkseg></trk>`),
    );
    expect(gpx.name).toBe("Boucle & crêtes");
    expect(gpx.pointCount).toBe(2);
    expect(gpx.segments).toEqual([
      [
        { lat: 45, lon: 6, ele: 1000 },
        { lat: 45.001, lon: 6, ele: 1010 },
      ],
    ]);
  });

  it("tolerates missing or unreadable elevations (null, never 0)", () => {
    const gpx = parseGpx(wrap(`<trk><trkseg>${pt(45, 6)}${pt(45.001, 6, "abc")}${pt(45.002, 6, 12.5)}</trkseg></trk>`));
    expect(gpx.segments[0].map((p) => p.ele)).toEqual([null, null, 12.5]);
  });

  it("reads several tracks and segments in file order, and self-closing points", () => {
    const text = wrap(
      `<trk><trkseg>${pt(1, 1, 1)}</trkseg><trkseg><trkpt lat='2' lon='2'/><trkpt lat="3" lon="3" /></trkseg></trk>` +
        `<trk><trkseg>${pt(4, 4, 4)}</trkseg></trk>`,
    );
    const gpx = parseGpx(text);
    expect(gpx.segments.map((s) => s.map((p) => p.lat))).toEqual([[1], [2, 3], [4]]);
    expect(gpx.pointCount).toBe(4);
  });

  it("reads routes (rtept) and skips empty segments", () => {
    const gpx = parseGpx(
      wrap(`<trk><trkseg></trkseg></trk><rte><name>R</name><rtept lat="1" lon="2"><ele>3</ele></rtept></rte>`),
    );
    expect(gpx.segments).toEqual([[{ lat: 1, lon: 2, ele: 3 }]]);
  });

  it("accepts a BOM, attributes in any order and a metadata name", () => {
    const gpx = parseGpx(
      `\ufeff${wrap(`<metadata><name>Méta</name></metadata><trk><trkseg><trkpt lon="6.5" lat="45.5"><ele> 100 </ele></trkpt></trkseg></trk>`)}`,
    );
    expect(gpx.name).toBe("Méta");
    expect(gpx.segments[0][0]).toEqual({ lat: 45.5, lon: 6.5, ele: 100 });
  });

  it("parses the demo tracks", () => {
    const text = synthGpx({
      name: "Démo",
      lat: 45.9,
      lng: 6.87,
      distanceKm: 28,
      baseElevation: 1050,
      dplus: 1800,
      seed: 7,
    });
    const gpx = parseGpx(text);
    expect(gpx.pointCount).toBeGreaterThan(500);
  });

  it("parses a 9 MB file in reasonable time", () => {
    const one = (i: number) =>
      `<trkpt lat="${(45 + i * 1e-5).toFixed(6)}" lon="6.000000"><ele>${(1000 + (i % 100)).toFixed(1)}</ele><time>2026-01-01T00:00:00Z</time></trkpt>\n`;
    const chunks: string[] = [];
    let size = 0;
    let i = 0;
    while (size < 9 * 1024 * 1024) {
      const s = one(i++);
      chunks.push(s);
      size += s.length;
    }
    const text = wrap(`<trk><trkseg>${chunks.join("")}</trkseg></trk>`);
    const t0 = performance.now();
    const gpx = parseGpx(text);
    const profile = elevationProfile(gpx);
    const ms = performance.now() - t0;
    expect(gpx.pointCount).toBe(i);
    expect(profile.points.length).toBeLessThanOrEqual(400);
    expect(ms).toBeLessThan(5000);
  });
});

describe("parseGpx: malformed files give a clear French error", () => {
  const cases: [string, string, GpxErrorCode][] = [
    ["empty", "", "empty_file"],
    ["blank", "   \n ", "empty_file"],
    ["not xml", "bonjour", "not_gpx"],
    ["other xml", "<?xml version='1.0'?><kml></kml>", "not_gpx"],
    ["cut file", wrap(`<trk><trkseg>${pt(1, 1, 1)}</trkseg></trk>`).slice(0, -10), "truncated"],
    ["unclosed segment", wrap(`<trk><trkseg>${pt(1, 1, 1)}</trk>`), "truncated"],
    ["unclosed point", wrap(`<trk><trkseg><trkpt lat="1" lon="1"><ele>3</ele></trkseg></trk>`), "truncated"],
    ["no points", wrap(`<trk><name>x</name></trk>`), "no_points"],
    ["bad latitude", wrap(`<trk><trkseg>${pt(91, 1)}</trkseg></trk>`), "bad_point"],
    ["missing longitude", wrap(`<trk><trkseg><trkpt lat="45"></trkpt></trkseg></trk>`), "bad_point"],
    ["text coordinates", wrap(`<trk><trkseg><trkpt lat="abc" lon="1"></trkpt></trkseg></trk>`), "bad_point"],
  ];
  it.each(cases)("%s", (_label, text, code) => {
    const error = thrownBy(() => parseGpx(text));
    expect(error).toBeInstanceOf(GpxError);
    expect((error as GpxError).code).toBe(code);
    expect((error as GpxError).message).toContain(GPX_ERROR_MESSAGES[code]);
    expect(validateGpx(text)).toMatchObject({ ok: false, code });
  });

  it("refuses files above 10 MB", () => {
    const big = wrap(`<trk><trkseg>${" ".repeat(10 * 1024 * 1024)}</trkseg></trk>`);
    expect(validateGpx(big)).toMatchObject({ ok: false, code: "too_large", message: "Le fichier GPX dépasse 10 Mo." });
  });

  it("never throws anything but GpxError on random garbage", () => {
    const samples = [
      "<gpx>",
      "<gpx></gpx>",
      "<gpx><trkpt lat=1 lon=2/></gpx>",
      '<gpx><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk>',
      "\u0000\u0001<gpx",
    ];
    for (const s of samples) {
      const r = validateGpx(s);
      if (!r.ok) expect(Object.keys(GPX_ERROR_MESSAGES)).toContain(r.code);
    }
    expect(validateGpx('<gpx><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></gpx>').ok).toBe(true);
  });
});

describe("haversineKm", () => {
  it.each([
    [{ lat: 0, lon: 0 }, { lat: 0, lon: 0 }, 0],
    [{ lat: 0, lon: 0 }, { lat: 1, lon: 0 }, 111.19],
    [{ lat: 48.8566, lon: 2.3522 }, { lat: 45.764, lon: 4.8357 }, 391.5],
  ])("%o -> %o = %f km", (a, b, km) => {
    expect(haversineKm(a, b)).toBeCloseTo(km, 0);
  });
});

describe("elevationProfile", () => {
  it("computes distance, D+ and D- along one segment", () => {
    const gpx = parseGpx(
      wrap(`<trk><trkseg>${pt(45, 6, 100)}${pt(45.01, 6, 150)}${pt(45.02, 6, 120)}${pt(45.03, 6, 200)}</trkseg></trk>`),
    );
    const p = elevationProfile(gpx);
    expect(p.distanceKm).toBeCloseTo(3.34, 1);
    expect(p.dplus).toBe(130);
    expect(p.dmoins).toBe(30);
    expect(p.minEle).toBe(100);
    expect(p.maxEle).toBe(200);
    expect(p.points.map((x) => x.e)).toEqual([100, 150, 120, 200]);
    expect(p.points[0].d).toBe(0);
  });

  it("skips points without elevation instead of reading them as 0", () => {
    const gpx = parseGpx(wrap(`<trk><trkseg>${pt(45, 6, 100)}${pt(45.01, 6)}${pt(45.02, 6, 160)}</trkseg></trk>`));
    const p = elevationProfile(gpx);
    expect(p.dplus).toBe(60);
    expect(p.dmoins).toBe(0);
    expect(p.points).toHaveLength(2);
    expect(p.points[1].d).toBeCloseTo(2.22, 1);
  });

  it("has no profile when no point has an elevation, but still a distance and a track", () => {
    const p = elevationProfile(parseGpx(wrap(`<trk><trkseg>${pt(45, 6)}${pt(45.01, 6)}</trkseg></trk>`)));
    expect(p.hasElevation).toBe(false);
    expect(p.points).toEqual([]);
    expect(p.minEle).toBeNull();
    expect(p.dplus).toBe(0);
    expect(p.distanceKm).toBeCloseTo(1.11, 1);
    expect(p.track).toEqual([
      [
        [45, 6],
        [45.01, 6],
      ],
    ]);
  });

  it("does not join segments: no distance nor climb across the gap", () => {
    const gpx = parseGpx(
      wrap(
        `<trk><trkseg>${pt(45, 6, 100)}${pt(45.01, 6, 110)}</trkseg><trkseg>${pt(46, 6, 900)}${pt(46.01, 6, 890)}</trkseg></trk>`,
      ),
    );
    const p = elevationProfile(gpx);
    expect(p.distanceKm).toBeCloseTo(2.22, 1);
    expect(p.dplus).toBe(10);
    expect(p.dmoins).toBe(10);
    expect(p.track).toHaveLength(2);
    expect(p.bounds).toEqual({ minLat: 45, minLon: 6, maxLat: 46.01, maxLon: 6 });
  });

  it("thins long tracks but keeps the first and last points", () => {
    const text = synthGpx({ name: "x", lat: 45, lng: 6, distanceKm: 55, baseElevation: 1000, dplus: 3600, seed: 3 });
    const gpx = parseGpx(text);
    const p = elevationProfile(gpx, { maxPoints: 100 });
    expect(p.points).toHaveLength(100);
    expect(p.points[0].d).toBe(0);
    expect(p.points[99].d).toBeCloseTo(p.distanceKm, 1);
    // the synthetic track is built so that the climb is the requested D+
    expect(p.dplus).toBeGreaterThan(3400);
    expect(p.dplus).toBeLessThan(3800);
    expect(p.distanceKm).toBeGreaterThan(40);
  });
});

describe("parseGpx with times", () => {
  it("reads each point's <time> as ISO-8601 UTC only when asked, null when absent or unreadable", () => {
    const text = `<gpx><trk><trkseg><trkpt lat="45" lon="6"><time>2026-11-21T09:00:00+01:00</time></trkpt><trkpt lat="45.1" lon="6"/><trkpt lat="45.2" lon="6"><time>hier</time></trkpt></trkseg></trk></gpx>`;
    expect(parseGpx(text, { times: true }).segments[0].map((p) => p.time)).toEqual([
      "2026-11-21T08:00:00.000Z",
      null,
      null,
    ]);
    expect(parseGpx(text).segments[0][0]).toEqual({ lat: 45, lon: 6, ele: null });
  });
});
