// What a format's opening queue (party/format-queue.ts) reads from the database: the format's places (its cap,
// places taken and validated: the registration store's capacity rule), and, for its draw, who the entrants are (the
// profile's identity: one ticket per person, issue 40). docs/decisions/0203.
import { inArray, sql } from "drizzle-orm";
import type { Places } from "~/domain/opening-admission";
import type { Db } from "./client.server";
import { personKeys, personOf } from "./identity";
import { placesTakenSql } from "./registration-store/capacity.server";
import { profils_utilisateurs } from "./schema";

/** The format's places now (an unknown format: no place at all). */
export async function readFormatPlaces(db: Db, formatId: string, nowIso: string): Promise<Places> {
  const [row] = await db.all<{ cap: number | null; taken: number; validated: number }>(sql`
    SELECT f.nb_max_coureurs AS cap, ${placesTakenSql(sql.raw("f.id"), nowIso)} AS taken,
      (SELECT count(*) FROM inscriptions v WHERE v.format_id = f.id AND v.statut = 'validee') AS validated
    FROM formats f WHERE f.id = ${formatId}`);
  if (!row) return { cap: 0, taken: 0, validated: 0 };
  return {
    cap: row.cap == null ? null : Number(row.cap),
    taken: Number(row.taken),
    validated: Number(row.validated),
  };
}

/** D1 binds at most 100 parameters per statement. */
const CHUNK = 90;

/** The identity keys of these accounts' profiles (an account without a known identity has none). */
export async function readPersonKeys(db: Db, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (let k = 0; k < userIds.length; k += CHUNK) {
    const rows = await db
      .select({
        user_id: profils_utilisateurs.user_id,
        nom: profils_utilisateurs.nom,
        prenom: profils_utilisateurs.prenom,
        date_naissance: profils_utilisateurs.date_naissance,
        numero_licence: profils_utilisateurs.numero_licence,
        pps_identifier: profils_utilisateurs.pps_identifier,
      })
      .from(profils_utilisateurs)
      .where(inArray(profils_utilisateurs.user_id, userIds.slice(k, k + CHUNK)));
    for (const r of rows) out.set(r.user_id, personKeys(personOf(r)));
  }
  return out;
}
