// /formats: the upcoming formats of online events, by start date and time.
import { sql } from "drizzle-orm";
import { LIST_MAX_ROWS } from "~/domain/catalogue";
import type { Db } from "../client.server";

export interface FormatRow {
  id: string;
  nom: string;
  date: string;
  heure_depart: string | null;
  distance_km: number | null;
  denivele_dplus: number | null;
  denivele_dmoins: number | null;
  prix_cents: number;
  type_epreuve: string;
  course_id: string;
  course_slug: string;
  course_nom: string;
  lieu: string;
}

/**
 * /formats: upcoming formats of online events by start date and time; `hasNext` from one extra row. Like the
 * list, it reads at most LIST_MAX_ROWS formats deep (the walk of formats_date_idx passes every earlier row): a
 * page beyond reads no row, and says the list is cut there (`tooDeep`) only when more than LIST_MAX_ROWS formats
 * really come (a bounded count: at most LIST_MAX_ROWS + 1 rows of the index); past the last page of a shorter list
 * it is simply empty (issue 42).
 */
export async function listUpcomingFormats(
  db: Db,
  today: string,
  page: number,
  size: number,
): Promise<{ rows: FormatRow[]; hasNext: boolean; tooDeep: boolean }> {
  const offset = (page - 1) * size;
  const beyond = offset >= LIST_MAX_ROWS;
  const upcoming = sql`FROM formats f CROSS JOIN courses c ON c.id = f.course_id WHERE f.date >= ${today} AND c.en_ligne = 1`;
  const tooDeep =
    beyond &&
    Number(
      (
        await db.all<{ n: number }>(
          sql`SELECT count(*) AS n FROM (SELECT 1 ${upcoming} ORDER BY f.date, f.heure_depart LIMIT ${LIST_MAX_ROWS + 1})`,
        )
      )[0]?.n ?? 0,
    ) > LIST_MAX_ROWS;
  const limit = beyond ? 0 : Math.min(size + 1, LIST_MAX_ROWS - offset);
  const rows = await db.all<FormatRow>(sql`
    SELECT f.id, f.nom, f.date, f.heure_depart, f.distance_km, f.denivele_dplus, f.denivele_dmoins, f.prix_cents, f.type_epreuve,
           c.id AS course_id, c.slug AS course_slug, c.nom AS course_nom, c.lieu
    FROM formats f CROSS JOIN courses c ON c.id = f.course_id -- formats first: the date index gives the order
    WHERE f.date >= ${today} AND c.en_ligne = 1
    ORDER BY f.date, f.heure_depart
    LIMIT ${limit} OFFSET ${beyond ? 0 : offset}`);
  return { rows: rows.slice(0, size), hasNext: rows.length > size && offset + size < LIST_MAX_ROWS, tooDeep };
}
