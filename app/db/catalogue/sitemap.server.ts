// The sitemap's reads (decision 0175): the events' highest row number and a part's online events.
import { sql } from "drizzle-orm";
import { batchAll } from "../batch.server";
import type { Db } from "../client.server";

/**
 * The sitemap (decision 0175), in one round trip: the highest row number of the events (one seek; null: none yet)
 * and, for a part, the online events whose row number is in (`after`, `upTo`], by row number.
 */
export async function readSitemap(
  db: Db,
  range: { after: number; upTo: number } | null,
): Promise<{ maxRowid: number | null; courses: { slug: string; updated_at: string }[] }> {
  const statements = [sql`SELECT max(rowid) AS m FROM courses`];
  // NOT INDEXED: the range of row numbers, never the index of online events (which would read them all).
  if (range !== null)
    statements.push(sql`SELECT slug, updated_at FROM courses NOT INDEXED
      WHERE rowid > ${range.after} AND rowid <= ${range.upTo} AND en_ligne = 1 ORDER BY rowid`);
  const [[row], courses = []] = await batchAll<[{ m: number | null }[], { slug: string; updated_at: string }[]?]>(
    db,
    statements,
  );
  return { maxRowid: row?.m ?? null, courses };
}
