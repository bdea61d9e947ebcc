import { sql } from "drizzle-orm";
import type { Db } from "./client.server";

export interface HomeCourse {
  id: string;
  slug: string;
  nom: string;
  lieu: string;
  departement: string;
  image_url: string | null;
  created_at: string;
  next_date: string | null;
  min_distance: number | null;
  max_distance: number | null;
  max_dplus: number | null;
  min_price_cents: number | null;
}

/** The newest online events with their summary, in one query. */
export async function newestOnlineCourses(db: Db, limit: number, today: string): Promise<HomeCourse[]> {
  return db.all<HomeCourse>(sql`
    SELECT c.id, c.slug, c.nom, c.lieu, c.departement, c.image_url, c.created_at,
      (SELECT min(f.date) FROM formats f WHERE f.course_id = c.id AND f.date >= ${today}) AS next_date,
      (SELECT min(f.distance_km) FROM formats f WHERE f.course_id = c.id) AS min_distance,
      (SELECT max(f.distance_km) FROM formats f WHERE f.course_id = c.id) AS max_distance,
      (SELECT max(f.denivele_dplus) FROM formats f WHERE f.course_id = c.id) AS max_dplus,
      (SELECT min(f.prix_cents) FROM formats f WHERE f.course_id = c.id) AS min_price_cents
    FROM courses c
    WHERE c.en_ligne = 1
    ORDER BY c.created_at DESC
    LIMIT ${limit}`);
}
