// A registration read with its event and format: the one join the runner-facing reads of a registration make
// (its page, its e-mails, its cancellation, its checkout).
import { eq } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { courses, formats, inscriptions } from "./schema";

/** Adds `JOIN courses JOIN formats` of the registration to `SELECT … FROM inscriptions` (built with `.$dynamic()`). */
export function withEvent<T extends SQLiteSelect>(query: T) {
  return query
    .innerJoin(courses, eq(courses.id, inscriptions.course_id))
    .innerJoin(formats, eq(formats.id, inscriptions.format_id));
}

/** Who a registration's e-mail goes to and the race it names, for a select joined withEvent. */
export const raceMailColumns = {
  email: inscriptions.email,
  prenom: inscriptions.prenom,
  courseNom: courses.nom,
  formatNom: formats.nom,
};

/**
 * A format's name, start and the columns its race rules read (RaceFormat in app/domain/eligibility.ts), for a select:
 * the registration page and the cancellation read the same.
 */
export const raceFormatColumns = {
  id: formats.id,
  nom: formats.nom,
  date: formats.date,
  heure_depart: formats.heure_depart,
  distance_km: formats.distance_km,
  denivele_dplus: formats.denivele_dplus,
  type_epreuve: formats.type_epreuve,
  age_minimum: formats.age_minimum,
};
