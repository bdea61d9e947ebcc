import { Encoder, type FileIdMesg, Profile, type SessionMesg } from "@garmin/fitsdk";
import { describe, expect, it } from "vitest";
import { itMaps } from "../../../tests/support/cases";
import { ACTIVITY_FILE_MAX_BYTES, ActivityFileError, activityFileKind, readActivityFile } from "./index.ts";
import { activityName, movingSeconds, positiveGain, sportFromLabel } from "./rules.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const T0 = Date.parse("2026-11-21T08:00:00.000Z");
const iso = (sec: number) => new Date(T0 + sec * 1000).toISOString();

/** A GPX track going north from 45°N: each point [seconds, metres north of the start, elevation]. */
function gpx(points: [number, number, number | null][][], opts: { name?: string; type?: string } = {}): string {
  const segs = points
    .map(
      (seg) =>
        `<trkseg>${seg
          .map(
            ([t, m, e]) =>
              `<trkpt lat="${(45 + m / 111_195).toFixed(7)}" lon="6"><time>${iso(t)}</time>${e == null ? "" : `<ele>${e}</ele>`}</trkpt>`,
          )
          .join("")}</trkseg>`,
    )
    .join("");
  const name = opts.name ? `<name>${opts.name}</name>` : "";
  const type = opts.type ? `<type>${opts.type}</type>` : "";
  return `<?xml version="1.0"?><gpx version="1.1" creator="test"><trk>${name}${type}${segs}</trk></gpx>`;
}

function tcx(laps: { start: number; seconds?: number; metres?: number; points: [number, number, number][] }[]) {
  const body = laps
    .map(
      (l) =>
        `<Lap StartTime="${iso(l.start)}">${l.seconds == null ? "" : `<TotalTimeSeconds>${l.seconds}</TotalTimeSeconds>`}${
          l.metres == null ? "" : `<DistanceMeters>${l.metres}</DistanceMeters>`
        }<Track>${l.points
          .map(
            ([t, d, e]) =>
              `<Trackpoint><Time>${iso(t)}</Time><AltitudeMeters>${e}</AltitudeMeters><DistanceMeters>${d}</DistanceMeters></Trackpoint>`,
          )
          .join("")}</Track></Lap>`,
    )
    .join("");
  return `<?xml version="1.0"?><TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="Running"><Id>${iso(0)}</Id>${body}</Activity></Activities></TrainingCenterDatabase>`;
}

function fitFile(sessions: Record<string, unknown>[]): Uint8Array {
  const e = new Encoder();
  e.onMesg(Profile.MesgNum.FILE_ID, <FileIdMesg>{
    manufacturer: "development",
    product: 1,
    timeCreated: new Date(T0),
    type: "activity",
  });
  for (const s of sessions) e.onMesg(Profile.MesgNum.SESSION, s as SessionMesg);
  return e.close();
}

describe("moving time and climb rules", () => {
  it.each([
    { name: "running at 3 m/s", intervals: [{ seconds: 10, metres: 30, climb: 0 }], sec: 10 },
    { name: "standing still", intervals: [{ seconds: 60, metres: 2, climb: 0 }], sec: 0 },
    { name: "a steep climb barely advancing", intervals: [{ seconds: 60, metres: 10, climb: 4 }], sec: 60 },
    {
      name: "a pause gap",
      intervals: [
        { seconds: 10, metres: 30, climb: 0 },
        { seconds: 600, metres: 5, climb: 0 },
      ],
      sec: 10,
    },
    { name: "clock going backwards", intervals: [{ seconds: -5, metres: 30, climb: 0 }], sec: 0 },
  ])("$name → $sec s", ({ intervals, sec }) => {
    expect(movingSeconds(intervals)).toBe(sec);
  });

  it.each([
    { e: [100, 110, 105, 120], up: 25 },
    { e: [100, null, 130], up: 30 },
    { e: [null, null], up: 0 },
  ])("D+ of $e is $up", ({ e, up }) => expect(positiveGain(e)).toBe(up));

  itMaps("sport %j → %s", (labels) => sportFromLabel(...labels), [
    [["TrailRun"], "trail"],
    [["running", "trail"], "trail"],
    [["Run"], "course"],
    [["Running"], "course"],
    [["hiking", "trail"], "marche"],
    [["Walk"], "marche"],
    [["cycling"], "autre"],
    [[null], "course"],
  ] as const);

  it("names an activity after its file, or after its sport", () => {
    expect(activityName("  Sortie   longue ", "trail")).toBe("Sortie longue");
    expect(activityName(null, "trail")).toBe("Trail");
    expect(activityName("x".repeat(300), "course")).toHaveLength(120);
  });
});

describe("readActivityFile", () => {
  it("reads a GPX: start, distance, D+, moving time without the pause, name and sport", () => {
    const text = gpx(
      [
        [
          [0, 0, 100],
          [100, 300, 120],
          [200, 600, 110],
          [800, 602, 110], // a 10-minute stop
          [900, 900, 150],
        ],
      ],
      { name: "Sortie &amp; côtes", type: "trail_running" },
    );
    const s = readActivityFile("sortie.gpx", enc(text));
    expect(s).toMatchObject({
      startedAt: iso(0),
      name: "Sortie & côtes",
      sport: "trail",
      source: "gpx",
      movingTimeSec: 300,
    });
    expect(s.distanceM).toBeGreaterThan(895);
    expect(s.distanceM).toBeLessThan(905);
    expect(s.elevationGainM).toBe(60);
  });

  it("does not count the gap between two GPX segments", () => {
    const s = readActivityFile(
      "a.GPX",
      enc(
        gpx([
          [
            [0, 0, null],
            [100, 300, null],
          ],
          [
            [5000, 300, null],
            [5100, 600, null],
          ],
        ]),
      ),
    );
    expect(s.movingTimeSec).toBe(200);
    expect(s.sport).toBe("course");
    expect(s.name).toBe("Course à pied");
  });

  it("reads a TCX: the laps' timer time and distance, D+ from the track points", () => {
    const text = tcx([
      {
        start: 0,
        seconds: 600,
        metres: 2000,
        points: [
          [0, 0, 100],
          [300, 1000, 140],
          [600, 2000, 130],
        ],
      },
      {
        start: 700,
        seconds: 400,
        metres: 1500,
        points: [
          [700, 2000, 130],
          [1100, 3500, 160],
        ],
      },
    ]);
    expect(readActivityFile("run.tcx", enc(text))).toEqual({
      startedAt: iso(0),
      name: "Course à pied",
      sport: "course",
      distanceM: 3500,
      elevationGainM: 70,
      movingTimeSec: 1000,
      source: "tcx",
    });
  });

  it("reads a TCX whose laps give no totals from its points", () => {
    const s = readActivityFile(
      "run.tcx",
      enc(
        tcx([
          {
            start: 0,
            points: [
              [0, 0, 10],
              [100, 300, 10],
              [700, 301, 10],
            ],
          },
        ]),
      ),
    );
    expect(s).toMatchObject({ distanceM: 301, movingTimeSec: 100 });
  });

  it("reads a FIT activity made with the SDK's encoder: the session's totals", () => {
    const bytes = fitFile([
      {
        timestamp: new Date(T0 + 4000_000),
        startTime: new Date(T0),
        totalElapsedTime: 4000,
        totalTimerTime: 3900,
        totalDistance: 12_400,
        totalAscent: 650,
        sport: "running",
        subSport: "trail",
      },
    ]);
    expect(readActivityFile("montre.fit", bytes)).toEqual({
      startedAt: iso(0),
      name: "Trail",
      sport: "trail",
      distanceM: 12_400,
      elevationGainM: 650,
      movingTimeSec: 3900,
      source: "fit",
    });
    expect(activityFileKind("sans-extension", bytes)).toBe("fit");
  });

  const big = new Uint8Array(ACTIVITY_FILE_MAX_BYTES + 1);
  it.each([
    { name: "an empty file", file: "a.gpx", bytes: enc(""), code: "empty_file" },
    { name: "a file too large", file: "a.gpx", bytes: big, code: "too_large" },
    { name: "another format", file: "a.pdf", bytes: enc("%PDF-1.4"), code: "unknown_format" },
    { name: "a GPX that is not one", file: "a.gpx", bytes: enc("<html></html>"), code: "invalid_gpx" },
    {
      name: "a route GPX without times",
      file: "a.gpx",
      bytes: enc('<gpx><rte><rtept lat="45" lon="6"/></rte></gpx>'),
      code: "no_time",
    },
    {
      name: "a GPX standing still",
      file: "a.gpx",
      bytes: enc(
        gpx([
          [
            [0, 0, 1],
            [10, 0, 1],
          ],
        ]),
      ),
      code: "no_distance",
    },
    { name: "a TCX that is not one", file: "a.tcx", bytes: enc("<gpx></gpx>"), code: "invalid_tcx" },
    {
      name: "a TCX without laps",
      file: "a.tcx",
      bytes: enc(
        '<TrainingCenterDatabase><Activities><Activity Sport="Running"></Activity></Activities></TrainingCenterDatabase>',
      ),
      code: "invalid_tcx",
    },
    { name: "a FIT that is not one", file: "a.fit", bytes: enc("not a fit file at all"), code: "invalid_fit" },
    {
      name: "a cut FIT",
      file: "a.fit",
      bytes: fitFile([{ startTime: new Date(T0), totalDistance: 10, totalTimerTime: 5 }]).slice(0, 30),
      code: "invalid_fit",
    },
    { name: "a FIT without session", file: "a.fit", bytes: fitFile([]), code: "invalid_fit" },
  ])("refuses $name ($code), in French, beside the field", ({ file, bytes, code }) => {
    try {
      readActivityFile(file, bytes);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ActivityFileError);
      const err = e as ActivityFileError;
      expect(err.code).toBe(code);
      expect(err.status).toBe(400);
      expect(err.field).toBe("fichier");
      expect(err.message).toMatch(/fichier|Fichier|Format|GPX|TCX|FIT|activité|horaires/);
    }
  });
});
