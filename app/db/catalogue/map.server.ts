// The map view of /courses (decision 0176): the walk's first events with coordinates, as one JSON array on the list
// statement's first row, so that the walk is read once for the page, the count and the map.
import { sql, type SQL } from "drizzle-orm";
import { LIST_MAX_ROWS } from "~/domain/catalogue";
import type { CourseFilters } from "~/domain/filters";
import { orderBy } from "./sql.server";

/** A point of the map view: every filtered event with coordinates, not only the page's (no card columns). */
export interface CourseMarker {
  slug: string;
  nom: string;
  lieu: string;
  departement: string;
  lat: number;
  lng: number;
}

/** The map never receives more points than this (the first ones in the list's order: decision 0176). */
export const MAP_MAX_MARKERS = LIST_MAX_ROWS;

/** The map's points from the list statement's JSON array of [slug, nom, lieu, departement, lat, lng]. */
export function markersFromJson(json: string | null): CourseMarker[] {
  if (json === null) return [];
  return (JSON.parse(json) as [string, string, string, string, number, number][]).map(
    ([slug, nom, lieu, departement, lat, lng]) => ({ slug, nom, lieu, departement, lat, lng }),
  );
}

/**
 * The CTE of the map's points, as one JSON array of [slug, nom, lieu, departement, lat, lng]: the first
 * MAP_MAX_MARKERS events of the list's walk (`walk`) with coordinates, in the page's order.
 */
export function mapPointsSql(tri: CourseFilters["tri"]): SQL {
  return sql`pts AS MATERIALIZED (SELECT json_group_array(json_array(c.slug, c.nom, c.lieu, c.departement, c.lat, c.lng)) AS j
          FROM (SELECT w.id FROM walk w ORDER BY ${orderBy(tri, "w")} LIMIT ${MAP_MAX_MARKERS}) w
          CROSS JOIN courses c ON c.id = w.id WHERE c.lat IS NOT NULL AND c.lng IS NOT NULL)`;
}

/** The list's column holding the map's points: on the statement's first row only (the count's row when the page is empty). */
export function mapPointsColumnSql(tri: CourseFilters["tri"]): SQL {
  return sql`CASE WHEN p.id IS NULL OR p.id = (SELECT p1.id FROM page p1 ORDER BY ${orderBy(tri, "p1")} LIMIT 1) THEN (SELECT j FROM pts) END`;
}
