// Synthetic but realistic GPX tracks for the demo data: a loop around a start point with a smooth
// elevation profile (sum of sines), sampled every ~50 m. Deterministic for a given seed.
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
  const pts: string[] = [];
  for (let i = 0; i <= n; i++) {
    const a = (i / n) * Math.PI * 2;
    const wobble = 1 + 0.15 * Math.sin(a * 5 + phases[1]);
    const dLat = (radiusKm * wobble * Math.sin(a)) / 111.2;
    const dLng = (radiusKm * wobble * (1 - Math.cos(a))) / (111.2 * Math.cos((o.lat * Math.PI) / 180));
    const ele = o.baseElevation + (raw[i] - min) * scale;
    pts.push(
      `      <trkpt lat="${(o.lat + dLat).toFixed(6)}" lon="${(o.lng + dLng).toFixed(6)}"><ele>${ele.toFixed(1)}</ele></trkpt>`,
    );
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
