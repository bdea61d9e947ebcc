import type { ProfilePoint } from "~/domain/gpx";
import { formatKm, formatMeters, formatNumber } from "~/utils/format";

const W = 720;
const H = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 48 };

function niceStep(span: number, target: number): number {
  const raw = span / target;
  const pow = 10 ** Math.floor(Math.log10(raw || 1));
  const n = raw / pow;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * pow;
}

/**
 * Elevation profile drawn on the server as SVG: distance (km) on x, altitude (m) on y.
 * No JavaScript needed; scales with the page width.
 */
export function ElevationProfile({ points, distanceKm, dplus, dmoins, minEle, maxEle }: {
  points: ProfilePoint[];
  distanceKm: number;
  dplus: number;
  dmoins: number;
  minEle: number;
  maxEle: number;
}) {
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const stepY = niceStep(Math.max(1, maxEle - minEle), 4);
  const lo = Math.floor(minEle / stepY) * stepY;
  const hi = Math.max(lo + stepY, Math.ceil(maxEle / stepY) * stepY);
  const maxD = Math.max(distanceKm, points[points.length - 1]?.d ?? 0, 0.001);
  const x = (d: number) => PAD.left + (d / maxD) * innerW;
  const y = (e: number) => PAD.top + innerH - ((e - lo) / (hi - lo)) * innerH;
  const line = points.map((p, i) => `${i === 0 ? "M" : "L"}${x(p.d).toFixed(1)} ${y(p.e).toFixed(1)}`).join("");
  const area = points.length > 1 ? `${line}L${x(points[points.length - 1].d).toFixed(1)} ${PAD.top + innerH}L${x(points[0].d).toFixed(1)} ${PAD.top + innerH}Z` : "";
  const yTicks: number[] = [];
  for (let v = lo; v <= hi + 1e-9; v += stepY) yTicks.push(v);
  const stepX = niceStep(maxD, 6);
  const xTicks: number[] = [];
  for (let v = 0; v <= maxD + 1e-9; v += stepX) xTicks.push(v);
  const label = `Profil altimétrique : ${formatKm(distanceKm)}, D+ ${formatMeters(dplus)}, D- ${formatMeters(dmoins)}, altitude de ${formatMeters(minEle)} à ${formatMeters(maxEle)}`;
  return (
    <figure className="profile">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className="profile-svg">
        <title>{label}</title>
        {yTicks.map((v) => (
          <g key={`y${v}`}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="profile-grid" />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className="profile-tick">{formatNumber(v)}</text>
          </g>
        ))}
        {xTicks.map((v) => (
          <text key={`x${v}`} x={x(v)} y={H - 8} textAnchor="middle" className="profile-tick">{formatNumber(v)}</text>
        ))}
        <path d={area} className="profile-area" />
        <path d={line} className="profile-line" />
        <text x={W - PAD.right} y={H - 8} textAnchor="end" className="profile-unit">km</text>
        <text x={4} y={PAD.top + 4} className="profile-unit">m</text>
      </svg>
      <figcaption className="profile-stats">
        <span>Distance <strong>{formatKm(distanceKm)}</strong></span>
        <span>D+ <strong>{formatMeters(dplus)}</strong></span>
        <span>D- <strong>{formatMeters(dmoins)}</strong></span>
        <span>Altitude <strong>{formatMeters(minEle)} – {formatMeters(maxEle)}</strong></span>
      </figcaption>
    </figure>
  );
}
