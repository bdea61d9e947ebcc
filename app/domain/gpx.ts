// GPX parsing and elevation profile. Pure: no I/O, no DOM (runs in the Worker, in Node and in the browser).
// The parser is a tolerant scanner over the text (regular expressions, linear in the size), enough for the
// GPX 1.0/1.1 files that watches and route planners export: tracks (<trk>/<trkseg>/<trkpt>) and routes
// (<rte>/<rtept>). Files up to GPX_MAX_BYTES; a malformed file gives a GpxError with a code and a French
// message, never an exception of another kind.

import { DomainError } from "./errors.ts";

export const GPX_MAX_BYTES = 10 * 1024 * 1024;

export type GpxErrorCode = "empty_file" | "too_large" | "not_gpx" | "truncated" | "bad_point" | "no_points";

export const GPX_ERROR_MESSAGES: Record<GpxErrorCode, string> = {
  empty_file: "Le fichier GPX est vide.",
  too_large: "Le fichier GPX dépasse 10 Mo.",
  not_gpx: "Ce fichier n'est pas un GPX valide (balise <gpx> absente).",
  truncated: "Le fichier GPX est incomplet ou mal formé (une balise n'est pas fermée).",
  bad_point: "Le fichier GPX contient un point sans latitude ou longitude valide.",
  no_points: "Le fichier GPX ne contient aucun point de trace.",
};

/** A file that cannot be read as a GPX: the upload is refused (400), whatever the code. */
export class GpxError extends DomainError<GpxErrorCode> {
  readonly detail?: string;
  constructor(code: GpxErrorCode, detail?: string) {
    super(code, 400, detail ? `${GPX_ERROR_MESSAGES[code]} ${detail}` : GPX_ERROR_MESSAGES[code]);
    this.name = "GpxError";
    this.detail = detail;
  }
}

export interface GpxPoint {
  lat: number;
  lon: number;
  /** Metres; null when the point has no (readable) <ele>. */
  ele: number | null;
  /** ISO-8601 UTC of the point's <time>, null when absent or unreadable; only with `parseGpx(text, { times: true })`. */
  time?: string | null;
}

export interface ParsedGpx {
  name: string | null;
  /** Each track segment (or route) in file order; never empty, each segment has at least one point. */
  segments: GpxPoint[][];
  pointCount: number;
}

function decodeEntities(s: string): string {
  return s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&amp;/g, "&")
    .trim();
}

function count(text: string, re: RegExp): number {
  let n = 0;
  re.lastIndex = 0;
  while (re.exec(text)) n++;
  return n;
}

const POINT_RE = /<(trkpt|rtept)\b([^>]*?)(\/>|>([\s\S]*?)<\/\1\s*>)/g;
const LAT_RE = /\blat\s*=\s*["']\s*([^"']*?)\s*["']/;
const LON_RE = /\blon\s*=\s*["']\s*([^"']*?)\s*["']/;
const ELE_RE = /<ele\s*>\s*([^<]*?)\s*<\/ele\s*>/;
const TIME_RE = /<time\s*>\s*([^<]*?)\s*<\/time\s*>/;

/** A <time> as ISO-8601 UTC, or null when it is not a date. */
function readTime(inner: string | undefined): string | null {
  const raw = inner ? TIME_RE.exec(inner)?.[1] : undefined;
  if (!raw) return null;
  const ms = Date.parse(raw);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** What parseGpx reads beyond positions and elevations. */
export interface GpxParseOptions {
  /** Read each point's <time> (an activity's recording; a course's GPX has no use for it). */
  times?: boolean;
}

function parsePoints(block: string, offset: number, opts: GpxParseOptions = {}): GpxPoint[] {
  const points: GpxPoint[] = [];
  POINT_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = POINT_RE.exec(block))) {
    const attrs = m[2];
    const latS = LAT_RE.exec(attrs)?.[1];
    const lonS = LON_RE.exec(attrs)?.[1];
    const lat = latS === undefined || latS === "" ? Number.NaN : Number(latS);
    const lon = lonS === undefined || lonS === "" ? Number.NaN : Number(lonS);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
      throw new GpxError("bad_point", `(point n° ${offset + points.length + 1})`);
    }
    let ele: number | null = null;
    const inner = m[4];
    if (inner) {
      const e = ELE_RE.exec(inner)?.[1];
      if (e !== undefined && e !== "") {
        const v = Number(e);
        ele = Number.isFinite(v) ? v : null;
      }
    }
    points.push(opts.times ? { lat, lon, ele, time: readTime(inner) } : { lat, lon, ele });
  }
  return points;
}

/**
 * Parses a GPX document. Throws GpxError (code + French message) when the text is not a usable GPX.
 * Tolerates missing elevations, several tracks and segments, routes instead of tracks, namespaces' absence.
 */
export function parseGpx(input: string, opts: GpxParseOptions = {}): ParsedGpx {
  if (typeof input !== "string" || input.trim() === "") throw new GpxError("empty_file");
  if (input.length > GPX_MAX_BYTES) throw new GpxError("too_large");
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const open = /<gpx\b[^>]*>/i.exec(text);
  if (!open) throw new GpxError("not_gpx");
  if (!/<\/gpx\s*>/i.test(text)) throw new GpxError("truncated");
  const body = text.slice(open.index + open[0].length);

  // Every opened segment, track point and route must be closed: a cut file is refused, not half-read.
  const opens = count(body, /<trkseg\b[^>]*?(?<!\/)>/g);
  const closes = count(body, /<\/trkseg\s*>/g);
  if (opens !== closes) throw new GpxError("truncated");
  if (count(body, /<rte\b[^>]*?(?<!\/)>/g) !== count(body, /<\/rte\s*>/g)) throw new GpxError("truncated");
  const ptOpen = count(body, /<trkpt\b[^>]*?(?<!\/)>/g);
  const ptClose = count(body, /<\/trkpt\s*>/g);
  if (ptOpen !== ptClose) throw new GpxError("truncated");

  const segments: GpxPoint[][] = [];
  let total = 0;
  const segRe = /<trkseg\b[^>]*>([\s\S]*?)<\/trkseg\s*>/g;
  let m: RegExpExecArray | null;
  while ((m = segRe.exec(body))) {
    const pts = parsePoints(m[1], total, opts);
    if (pts.length > 0) {
      segments.push(pts);
      total += pts.length;
    }
  }
  const rteRe = /<rte\b[^>]*>([\s\S]*?)<\/rte\s*>/g;
  while ((m = rteRe.exec(body))) {
    const pts = parsePoints(m[1], total, opts);
    if (pts.length > 0) {
      segments.push(pts);
      total += pts.length;
    }
  }
  if (total === 0) throw new GpxError("no_points");

  const trkName = /<trk\b[^>]*>[\s\S]*?<name\s*>([\s\S]*?)<\/name\s*>/.exec(body)?.[1];
  const metaName = /<metadata\b[^>]*>[\s\S]*?<name\s*>([\s\S]*?)<\/name\s*>[\s\S]*?<\/metadata\s*>/.exec(body)?.[1];
  const rawName = metaName ?? trkName;
  const name = rawName ? decodeEntities(rawName) || null : null;
  return { name, segments, pointCount: total };
}

/** Like parseGpx, but returns the French message instead of throwing (for form validation). */
export function validateGpx(
  text: string,
): { ok: true; gpx: ParsedGpx } | { ok: false; code: GpxErrorCode; message: string } {
  try {
    return { ok: true, gpx: parseGpx(text) };
  } catch (e) {
    if (e instanceof GpxError) return { ok: false, code: e.code, message: e.message };
    return { ok: false, code: "not_gpx", message: GPX_ERROR_MESSAGES.not_gpx };
  }
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in kilometres. */
export function haversineKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(s)));
}

export interface ProfilePoint {
  /** Kilometres from the start. */
  d: number;
  /** Metres. */
  e: number;
}

export interface ElevationProfile {
  distanceKm: number;
  /** Whole metres, summed over consecutive known elevations within each segment. */
  dplus: number;
  dmoins: number;
  minEle: number | null;
  maxEle: number | null;
  hasElevation: boolean;
  /** Downsampled (≤ maxPoints) distance/elevation pairs, for the SVG profile. */
  points: ProfilePoint[];
  /** Downsampled [lat, lon] per segment, for a map. */
  track: [number, number][][];
  bounds: { minLat: number; minLon: number; maxLat: number; maxLon: number };
}

/** Keeps at most `max` items, always the first and the last, evenly spaced. */
function thin<T>(items: T[], max: number): T[] {
  if (items.length <= max || max < 2) return items.slice();
  const out: T[] = [];
  const step = (items.length - 1) / (max - 1);
  for (let i = 0; i < max; i++) out.push(items[Math.round(i * step)]);
  return out;
}

/**
 * Distance along the track (segments are not joined: the gap between two segments adds no distance),
 * D+ and D- from consecutive known elevations (points without elevation are skipped, never read as 0).
 */
export function elevationProfile(
  gpx: ParsedGpx,
  opts: { maxPoints?: number; maxTrackPoints?: number } = {},
): ElevationProfile {
  const maxPoints = opts.maxPoints ?? 400;
  const maxTrack = opts.maxTrackPoints ?? 1500;
  let dist = 0;
  let up = 0;
  let down = 0;
  let minEle = Number.POSITIVE_INFINITY;
  let maxEle = Number.NEGATIVE_INFINITY;
  let minLat = 90,
    minLon = 180,
    maxLat = -90,
    maxLon = -180;
  const profile: ProfilePoint[] = [];
  const track: [number, number][][] = [];
  for (const seg of gpx.segments) {
    let lastEle: number | null = null;
    for (let i = 0; i < seg.length; i++) {
      const p = seg[i];
      if (i > 0) dist += haversineKm(seg[i - 1], p);
      if (p.lat < minLat) minLat = p.lat;
      if (p.lat > maxLat) maxLat = p.lat;
      if (p.lon < minLon) minLon = p.lon;
      if (p.lon > maxLon) maxLon = p.lon;
      if (p.ele != null) {
        if (lastEle != null) {
          const diff = p.ele - lastEle;
          if (diff > 0) up += diff;
          else down -= diff;
        }
        lastEle = p.ele;
        if (p.ele < minEle) minEle = p.ele;
        if (p.ele > maxEle) maxEle = p.ele;
        profile.push({ d: dist, e: p.ele });
      }
    }
    const perSegment = Math.max(2, Math.round((maxTrack * seg.length) / gpx.pointCount));
    track.push(thin(seg, perSegment).map((p) => [round(p.lat, 5), round(p.lon, 5)]));
  }
  const hasElevation = profile.length > 0;
  return {
    distanceKm: round(dist, 2),
    dplus: Math.round(up),
    dmoins: Math.round(down),
    minEle: hasElevation ? Math.round(minEle) : null,
    maxEle: hasElevation ? Math.round(maxEle) : null,
    hasElevation,
    points: thin(profile, maxPoints).map((p) => ({ d: round(p.d, 3), e: round(p.e, 1) })),
    track,
    bounds: { minLat, minLon, maxLat, maxLon },
  };
}

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
