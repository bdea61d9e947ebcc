import type { AidStation } from "~/domain/aid-stations";
import type { ProfilePoint } from "~/domain/gpx";
import { formatKm, formatMeters, formatNumber } from "~/domain/format";
import { type ProfileMarker, markersDescription, markerText, profileMarkers } from "~/domain/profile-markers";

/** Two drawings of the same profile: wide for tablets and desktops, narrow for phones (CSS shows one), so that the
 * 12 px labels stay about 12 px on screen instead of shrinking with a wide drawing scaled down to a phone. */
const GEOMETRY = {
  wide: { W: 720, H: 230, PAD: { top: 24, right: 12, bottom: 28, left: 48 }, xTicks: 6, yTicks: 4 },
  narrow: { W: 360, H: 220, PAD: { top: 24, right: 10, bottom: 26, left: 42 }, xTicks: 4, yTicks: 4 },
} as const;

function niceStep(span: number, target: number): number {
  const raw = span / target;
  const pow = 10 ** Math.floor(Math.log10(raw || 1));
  const n = raw / pow;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * pow;
}

/**
 * Elevation profile drawn on the server as SVG: distance (km) on x, altitude (m) on y; with `stations`, each aid
 * station as a numbered marker on the line, named in the drawing's description and in a legend (decision 0235).
 * No JavaScript needed; scales with the page width.
 */
export function ElevationProfile({
  points,
  distanceKm,
  dplus,
  dmoins,
  minEle,
  maxEle,
  stations = [],
}: {
  points: ProfilePoint[];
  distanceKm: number;
  dplus: number;
  dmoins: number;
  minEle: number;
  maxEle: number;
  stations?: Pick<AidStation, "label" | "km">[];
}) {
  const markers = profileMarkers(points, stations, distanceKm);
  const label = `Profil altimétrique\u00a0: ${formatKm(distanceKm)}, D+ ${formatMeters(dplus)}, D- ${formatMeters(dmoins)}, altitude de ${formatMeters(minEle)} à ${formatMeters(maxEle)}${markersDescription(markers)}`;
  return (
    <figure className="profile">
      {VARIANTS.map((variant) => (
        <ProfileSvg key={variant} variant={variant} {...{ label, points, distanceKm, minEle, maxEle, markers }} />
      ))}
      <figcaption className="profile-stats">
        <span>
          Distance <strong>{formatKm(distanceKm)}</strong>
        </span>
        <span>
          D+ <strong>{formatMeters(dplus)}</strong>
        </span>
        <span>
          D- <strong>{formatMeters(dmoins)}</strong>
        </span>
        <span>
          Altitude{" "}
          <strong>
            {formatMeters(minEle)} – {formatMeters(maxEle)}
          </strong>
        </span>
      </figcaption>
      {markers.length > 0 ? (
        <ol className="profile-legend" aria-label="Ravitaillements sur le profil">
          {markers.map((m) => (
            <li key={m.n} value={m.n}>
              {markerText(m)}
            </li>
          ))}
        </ol>
      ) : null}
    </figure>
  );
}

/** The drawings, in the order the figure holds them. */
const VARIANTS = ["wide", "narrow"] as const;

function ProfileSvg({
  variant,
  label,
  points,
  distanceKm,
  minEle,
  maxEle,
  markers,
}: {
  variant: keyof typeof GEOMETRY;
  label: string;
  points: ProfilePoint[];
  distanceKm: number;
  minEle: number;
  maxEle: number;
  markers: ProfileMarker[];
}) {
  const { W, H, PAD, xTicks: xTarget, yTicks: yTarget } = GEOMETRY[variant];
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const stepY = niceStep(Math.max(1, maxEle - minEle), yTarget);
  const lo = Math.floor(minEle / stepY) * stepY;
  const hi = Math.max(lo + stepY, Math.ceil(maxEle / stepY) * stepY);
  const maxD = Math.max(distanceKm, points[points.length - 1]?.d ?? 0, 0.001);
  const x = (d: number) => PAD.left + (d / maxD) * innerW;
  const y = (e: number) => PAD.top + innerH - ((e - lo) / (hi - lo)) * innerH;
  const line = points.map((p, i) => `${i === 0 ? "M" : "L"}${x(p.d).toFixed(1)} ${y(p.e).toFixed(1)}`).join("");
  const area =
    points.length > 1
      ? `${line}L${x(points[points.length - 1].d).toFixed(1)} ${PAD.top + innerH}L${x(points[0].d).toFixed(1)} ${PAD.top + innerH}Z`
      : "";
  const yTicks: number[] = [];
  for (let v = lo; v <= hi + 1e-9; v += stepY) yTicks.push(v);
  const stepX = niceStep(maxD, xTarget);
  const xTicks: number[] = [];
  // No tick label under the unit "km" at the right end.
  for (let v = 0; v <= maxD + 1e-9; v += stepX) if (x(v) < W - PAD.right - 26) xTicks.push(v);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className={`profile-svg profile-${variant}`}>
      <title>{label}</title>
      {yTicks.map((v) => (
        <g key={`y${v}`}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="profile-grid" />
          <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className="profile-tick">
            {formatNumber(v)}
          </text>
        </g>
      ))}
      {xTicks.map((v) => (
        <text key={`x${v}`} x={x(v)} y={H - 8} textAnchor="middle" className="profile-tick">
          {formatNumber(v)}
        </text>
      ))}
      <path d={area} className="profile-area" />
      <path d={line} className="profile-line" />
      <Markers markers={markers} x={x} y={y} top={PAD.top} />
      <text x={W - PAD.right} y={H - 8} textAnchor="end" className="profile-unit">
        km
      </text>
      <text x={4} y={12} className="profile-unit">
        m
      </text>
    </svg>
  );
}

/** Numbered markers: a stem from the top to the line and a dot on it; a number too close to the previous one goes on
 * a second row. Each has a tooltip (its <title>); the drawing's label names them all. */
function Markers({
  markers,
  x,
  y,
  top,
}: {
  markers: ProfileMarker[];
  x: (d: number) => number;
  y: (e: number) => number;
  top: number;
}) {
  let previousX = Number.NEGATIVE_INFINITY;
  let previousRow = 1;
  return (
    <>
      {markers.map((m) => {
        const mx = x(m.km);
        const row = mx - previousX < 16 && previousRow === 0 ? 1 : 0;
        previousX = mx;
        previousRow = row;
        const ty = row === 0 ? top - 12 : top - 2;
        return (
          <g key={m.n} className="profile-marker">
            <title>{markerText(m)}</title>
            <line x1={mx} x2={mx} y1={ty + 3} y2={y(m.ele)} className="profile-marker-stem" />
            <circle cx={mx} cy={y(m.ele)} r={4} className="profile-marker-dot" />
            <text x={mx} y={ty} textAnchor="middle" className="profile-marker-number">
              {m.n}
            </text>
          </g>
        );
      })}
    </>
  );
}
