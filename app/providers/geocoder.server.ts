// Geocoding a place (postal code + town, France) to coordinates. Two implementations:
// - local (default): the centroid of the department the postal code belongs to, offline and instant;
// - ban (GEOCODER=ban): the French national address API, first result, 3 s timeout.
// A failure never blocks saving: the coordinates are then null and the organiser may type them.
import type { AppEnv } from "~/utils/env.server";
import { departmentCentroid } from "./geocoder-local.server";

export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface GeocodeQuery {
  codePostal: string;
  ville: string;
}

export interface Geocoder {
  readonly name: "local" | "ban";
  geocode(q: GeocodeQuery): Promise<GeoPoint | null>;
}

export function createLocalGeocoder(): Geocoder {
  return {
    name: "local",
    async geocode(q) {
      const c = departmentCentroid(q.codePostal);
      return c ? { lat: c.lat, lng: c.lng } : null;
    },
  };
}

export const BAN_URL = "https://api-adresse.data.gouv.fr/search/";
export const BAN_TIMEOUT_MS = 3000;

export function createBanGeocoder(opts: { url?: string; fetch?: typeof fetch; timeoutMs?: number } = {}): Geocoder {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: "ban",
    async geocode(q) {
      const url = new URL(opts.url ?? BAN_URL);
      url.searchParams.set("q", q.ville.trim() || q.codePostal.trim());
      if (/^\d{5}$/.test(q.codePostal.trim())) url.searchParams.set("postcode", q.codePostal.trim());
      url.searchParams.set("limit", "1");
      try {
        const res = await doFetch(url.toString(), {
          headers: { Accept: "application/json" },
          signal: AbortSignal.timeout(opts.timeoutMs ?? BAN_TIMEOUT_MS),
        });
        if (!res.ok) return null;
        const body = (await res.json()) as { features?: { geometry?: { coordinates?: unknown } }[] };
        const coords = body.features?.[0]?.geometry?.coordinates;
        if (!Array.isArray(coords) || coords.length < 2) return null;
        const [lng, lat] = coords.map(Number);
        if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
        return { lat, lng };
      } catch {
        return null;
      }
    },
  };
}

export function createGeocoder(env: Pick<AppEnv, "GEOCODER" | "GEOCODER_URL">, fetchImpl?: typeof fetch): Geocoder {
  return env.GEOCODER === "ban"
    ? createBanGeocoder({ url: env.GEOCODER_URL, fetch: fetchImpl })
    : createLocalGeocoder();
}
