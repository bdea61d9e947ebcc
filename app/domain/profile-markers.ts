// The aid stations drawn on the elevation profile (issue 47, decision 0235): each station at its kilometre, on the
// profile's line (the elevation between the two nearest points), numbered in course order, and the sentence that
// names them for a screen reader. Pure.
import type { AidStation } from "./aid-stations.ts";
import { formatNumber } from "./format.ts";
import type { ProfilePoint } from "./gpx.ts";

export interface ProfileMarker {
  /** 1, 2, 3… in course order: the number drawn above the marker and in the legend. */
  n: number;
  label: string;
  km: number;
  /** Metres: where the marker sits on the line. */
  ele: number;
}

/** The profile's elevation at `km` (linear between the two points around it), null without points. */
export function elevationAt(points: readonly ProfilePoint[], km: number): number | null {
  if (points.length === 0) return null;
  if (km <= points[0].d) return points[0].e;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (km <= b.d) return b.d === a.d ? b.e : a.e + ((b.e - a.e) * (km - a.d)) / (b.d - a.d);
  }
  return points[points.length - 1].e;
}

/** The stations placed on the profile, in course order (those outside 0…distanceKm are left out). */
export function profileMarkers(
  points: readonly ProfilePoint[],
  stations: readonly Pick<AidStation, "label" | "km">[],
  distanceKm: number,
): ProfileMarker[] {
  return stations
    .filter((s) => s.km >= 0 && s.km <= distanceKm)
    .sort((a, b) => a.km - b.km)
    .flatMap((s) => {
      const ele = elevationAt(points, s.km);
      return ele == null ? [] : [{ label: s.label, km: s.km, ele }];
    })
    .map((m, i) => ({ n: i + 1, ...m }));
}

/** A station's kilometre as the profile writes it: "km 9", "km 25,5". */
export function markerKm(km: number): string {
  return `km\u00a0${formatNumber(Math.round(km * 10) / 10)}`;
}

/** "Lac Blanc (km 9)": what a marker says (its tooltip, its legend line). */
export function markerText(m: Pick<ProfileMarker, "label" | "km">): string {
  return `${m.label} (${markerKm(m.km)})`;
}

/** The profile's description of its markers: "; ravitaillements : 1, Lac Blanc (km 9) ; 2, Flégère (km 17)". */
export function markersDescription(markers: readonly ProfileMarker[]): string {
  if (markers.length === 0) return "";
  const what = markers.length === 1 ? "ravitaillement" : "ravitaillements";
  return `\u00a0; ${what}\u00a0: ${markers.map((m) => `${m.n}, ${markerText(m)}`).join("\u00a0; ")}`;
}
