import { sql } from "drizzle-orm";
import type { Db } from "./client.server";

export interface AdminStats {
  nb_courses: number;
  nb_formats: number;
  nb_inscriptions: number;
  nb_organisateurs: number;
  ca_brut_cents: number;
}

export interface AdminCourseKpi {
  course_id: string;
  course_nom: string;
  total_inscriptions: number;
  inscriptions_validees: number;
  ca_brut_cents: number;
}

export const ADMIN_COURSES_LIMIT = 100;

export async function adminStats(db: Db): Promise<AdminStats> {
  const rows = await db.all<AdminStats>(sql`SELECT nb_courses, nb_formats, nb_inscriptions, nb_organisateurs, ca_brut_cents FROM admin_stats_v`);
  return rows[0];
}

export async function adminCourseKpis(db: Db, limit = ADMIN_COURSES_LIMIT): Promise<AdminCourseKpi[]> {
  return db.all<AdminCourseKpi>(sql`
    SELECT course_id, course_nom, total_inscriptions, inscriptions_validees, ca_brut_cents
    FROM admin_courses_kpis_v ORDER BY ca_brut_cents DESC, total_inscriptions DESC, course_nom LIMIT ${limit}`);
}
