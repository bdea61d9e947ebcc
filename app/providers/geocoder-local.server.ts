// Approximate geographic centres of the French departments, keyed by department code (department-centroids.json).
// Enough to place every event on the map offline; the organiser can refine the position.
import centroids from "./department-centroids.json";

const CENTROIDS: Record<string, { lat: number; lng: number; nom: string }> = centroids;

/** The department code of a French postal code: "74400" -> "74", "20000" -> "2A", "20200" -> "2B", "97400" -> "974". */
export function departmentCode(codePostal: string): string | null {
  const cp = codePostal.trim();
  if (!/^\d{5}$/.test(cp)) return null;
  if (cp.startsWith("97")) return cp.slice(0, 3);
  if (cp.startsWith("20")) return Number(cp) < 20200 ? "2A" : "2B";
  return cp.slice(0, 2);
}

export function departmentCentroid(codePostal: string): { code: string; nom: string; lat: number; lng: number } | null {
  const code = departmentCode(codePostal);
  const c = code ? CENTROIDS[code] : undefined;
  return c && code ? { code, nom: c.nom, lat: c.lat, lng: c.lng } : null;
}

export const DEPARTMENT_CODES = Object.keys(CENTROIDS);
