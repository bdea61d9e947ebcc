// The race tools' read (issue 47): one format with what the estimate and the pace card need, and its event's
// publication state. No personal data.
import { sql } from "drizzle-orm";
import type { Db } from "../client.server";

export interface RaceFormatRow {
  id: string;
  nom: string;
  date: string | null;
  heure_depart: string | null;
  gpx_url: string | null;
  ravitaillements: string | null;
  distance_km: number | null;
  denivele_dplus: number | null;
  course_nom: string;
  course_slug: string | null;
  en_ligne: number | boolean;
}

export async function getRaceFormat(db: Db, formatId: string): Promise<RaceFormatRow | null> {
  const rows = await db.all<RaceFormatRow>(sql`
    SELECT f.id, f.nom, f.date, f.heure_depart, f.gpx_url, f.ravitaillements, f.distance_km, f.denivele_dplus,
           c.nom AS course_nom, c.slug AS course_slug, c.en_ligne
    FROM formats f JOIN courses c ON c.id = f.course_id
    WHERE f.id = ${formatId}
    LIMIT 1`);
  return rows[0] ?? null;
}
