// Synthetic but realistic GPX tracks for the demo data: a loop around a start point with a smooth
// elevation profile (sum of sines), sampled every ~50 m. Deterministic for a given seed. The loop is scaled so that
// its length, measured as the event page measures it (haversineKm, app/domain/gpx.ts), is the format's distance.
import { haversineKm } from "./gpx.ts";
import { escapeHtml } from "./markup.ts";

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0xffffffff;
  };
}

export interface SynthOptions {
  name: string;
  lat: number;
  lng: number;
  distanceKm: number;
  baseElevation: number;
  dplus: number;
  seed: number;
}

export function synthGpx(o: SynthOptions): string {
  const rand = rng(o.seed);
  const n = Math.max(40, Math.round((o.distanceKm * 1000) / 50));
  const radiusKm = o.distanceKm / (2 * Math.PI);
  const phases = [rand() * 6, rand() * 6, rand() * 6];
  const waves = Math.max(1, Math.round(o.dplus / 600));
  // Raw profile, then scaled so that the total climb is close to dplus.
  const raw: number[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    raw.push(
      Math.sin(Math.PI * 2 * waves * t + phases[0]) * 0.6 +
        Math.sin(Math.PI * 2 * (waves * 3 + 1) * t + phases[1]) * 0.25 +
        Math.sin(Math.PI * 2 * 11 * t + phases[2]) * 0.08,
    );
  }
  let climb = 0;
  for (let i = 1; i < raw.length; i++) if (raw[i] > raw[i - 1]) climb += raw[i] - raw[i - 1];
  const scale = climb > 0 ? o.dplus / climb : 0;
  const min = Math.min(...raw);
  // The loop's shape in kilometres (north, east) from the start, for a nominal radius; then scaled to its length.
  const shape: { north: number; east: number }[] = [];
  for (let i = 0; i <= n; i++) {
    const a = (i / n) * Math.PI * 2;
    const wobble = 1 + 0.15 * Math.sin(a * 5 + phases[1]);
    shape.push({ north: radiusKm * wobble * Math.sin(a), east: radiusKm * wobble * (1 - Math.cos(a)) });
  }
  const kmPerLng = 111.2 * Math.cos((o.lat * Math.PI) / 180);
  const at = (p: { north: number; east: number }, k: number) => ({
    lat: o.lat + (p.north * k) / 111.2,
    lon: o.lng + (p.east * k) / kmPerLng,
  });
  let length = 0;
  for (let i = 1; i <= n; i++) length += haversineKm(at(shape[i - 1], 1), at(shape[i], 1));
  const k = length > 0 ? o.distanceKm / length : 1;
  const pts: string[] = [];
  for (let i = 0; i <= n; i++) {
    const { lat, lon } = at(shape[i], k);
    const ele = o.baseElevation + (raw[i] - min) * scale;
    pts.push(`      <trkpt lat="${lat.toFixed(6)}" lon="${lon.toFixed(6)}"><ele>${ele.toFixed(1)}</ele></trkpt>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Balise" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><name>${escapeHtml(o.name)}</name></metadata>
  <trk>
    <name>${escapeHtml(o.name)}</name>
    <trkseg>
${pts.join("\n")}
    </trkseg>
  </trk>
</gpx>
`;
}
