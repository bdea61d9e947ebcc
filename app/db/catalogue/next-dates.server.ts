// The cron's renewal of the catalogue's day and of the summaries' next dates (decision 0172).
import { sql } from "drizzle-orm";
import { batchAll } from "../batch.server";
import type { Db } from "../client.server";
import { CATALOGUE_DAY } from "./sql.server";

/**
 * The cron's renewal of the summaries' next dates (decision 0172): the catalogue's day moves to `today` (never back),
 * then the next dates that went by before it are counted again from it, at most `limit` rows a run (the rows of the
 * events whose date passed since the last run: a few hundred a day at 100,000 events). Returns how many it renewed.
 * Until renewed, the walks read such a row apart and compute its next date.
 */
export async function renewNextDates(db: Db, today: string, limit: number): Promise<number> {
  const [, renewed] = await batchAll<[unknown[], unknown[]]>(db, [
    sql`INSERT INTO catalogue_jour (id, jour) VALUES (1, ${today})
      ON CONFLICT (id) DO UPDATE SET jour = excluded.jour WHERE excluded.jour > catalogue_jour.jour`,
    // A write of null: the summary's trigger counts the next date again from the day (migration 0042).
    sql`UPDATE course_stats SET next_date = NULL
      WHERE course_id IN (SELECT s.course_id FROM course_stats s INDEXED BY course_stats_next_date_idx WHERE s.next_date < ${CATALOGUE_DAY} LIMIT ${limit})
      RETURNING course_id`,
  ]);
  return renewed.length;
}
