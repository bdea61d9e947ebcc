// The home page's newest online events, with their summary and badges' inputs, in one query.
import { sql } from "drizzle-orm";
import type { Db } from "../client.server";
import { CARD_COLUMNS, type CourseCard, isFullSql, minPaidPriceSql, nextDateSql } from "./sql.server";

/** Home: the newest online events (ties by id, descending) with their summary and badges, in one query. */
export async function newestOnlineCourses(db: Db, limit: number, today: string, nowIso: string): Promise<CourseCard[]> {
  return db.all<CourseCard>(sql`
    WITH page AS MATERIALIZED (
      SELECT ${CARD_COLUMNS}, ${nextDateSql(today)} AS next_date
      FROM courses c LEFT JOIN course_stats s ON s.course_id = c.id
      WHERE c.en_ligne = 1
      ORDER BY c.created_at DESC, c.id DESC -- courses_online_newest_idx, read backwards: no sort
      LIMIT ${limit}
    )
    SELECT page.*, ${isFullSql(sql.raw("page.id"), nowIso)} AS is_full,
           ${minPaidPriceSql(sql.raw("page.id"))} AS min_paid_price_cents
    FROM page ORDER BY page.created_at DESC, page.id DESC`);
}
