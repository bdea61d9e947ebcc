// The Premium tools' home (issue 47): which of the runner's races the course tools (estimate, pace comparator) can
// work on: the formats of their registrations that hold a place, with a GPX, not yet run. Reads only.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import { courses, formats, inscriptions } from "~/db/schema";
import { parisWallClock } from "~/domain/paris-time";
import { STATUTS, STATUT_TONES } from "~/domain/registration-rules";

export interface PremiumRace {
  formatId: string;
  formatNom: string;
  courseNom: string;
  date: string | null;
}

/** The statuses whose registration is the runner's place (tone `active`), from the registration's rules. */
const PLACE_STATUSES = STATUTS.filter((s) => STATUT_TONES[s] === "active");

/** The runner's coming races with a GPX (one line per format, soonest first). */
export async function premiumRaces(context: AppLoadContext, userId: string): Promise<PremiumRace[]> {
  const today = parisWallClock(context.clock.now()).date;
  const rows = await context.db
    .selectDistinct({ formatId: formats.id, formatNom: formats.nom, courseNom: courses.nom, date: formats.date })
    .from(inscriptions)
    .innerJoin(formats, eq(formats.id, inscriptions.format_id))
    .innerJoin(courses, eq(courses.id, formats.course_id))
    .where(
      and(
        eq(inscriptions.coureur_id, userId),
        inArray(inscriptions.statut, PLACE_STATUSES),
        isNotNull(formats.gpx_url),
        gte(formats.date, today),
      ),
    )
    .orderBy(asc(formats.date))
    .limit(20);
  return rows;
}
