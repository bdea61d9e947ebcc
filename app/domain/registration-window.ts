// When a format takes registrations (issue 21): the organiser's opening time (none: open now) and closing time
// (none: the race's start, Europe/Paris). Before the opening the event page states it ('Ouverture des inscriptions
// le 12 janvier 2027 à 10h00') and the server refuses every registration; after the close, likewise. Pure: pass
// `now`. The same rule in SQL: registrationWindowOpenSql in app/db/registration-store/capacity.server.ts.
import { drawRule } from "./opening-queue";
import { parisInstant } from "./paris-time";

export type WindowState = "avant" | "ouvert" | "clos";

export interface WindowFormat {
  ouverture_inscriptions?: string | null;
  cloture_inscriptions?: string | null;
  date?: string | null;
  heure_depart?: string | null;
  /** The organiser's draw at the opening (issue 21), stated with the opening; it needs a capped format. */
  tirage_minutes?: number | null;
  nb_max_coureurs?: number | null;
}

/**
 * The instant registrations close: the start (date and time, Europe/Paris; midnight of race day when no time is
 * given), or the organiser's closing time when earlier. Null: no date and no closing time, never.
 */
export function closesAt(f: WindowFormat): Date | null {
  const start = f.date ? parisInstant(f.date, f.heure_depart ?? null) : null;
  const close = f.cloture_inscriptions ? new Date(f.cloture_inscriptions) : null;
  if (start && close) return new Date(Math.min(start.getTime(), close.getTime()));
  return start ?? close;
}

export function windowState(f: WindowFormat, now: Date): WindowState {
  if (f.ouverture_inscriptions && now.getTime() < Date.parse(f.ouverture_inscriptions)) return "avant";
  const close = closesAt(f);
  if (close && now.getTime() >= close.getTime()) return "clos";
  return "ouvert";
}

/**
 * The statement shown instead of 'S'inscrire' (null while open), with the organiser's draw when there is one:
 * 'Ouverture des inscriptions le 12 janvier 2027 à 10h00 (tirage au sort des arrivées des 10 premières minutes)'. `formatInstant` renders an instant as
 * "12 janvier 2027 à 10h00" (app/domain/format.ts, formatDateTimeLong).
 */
export function windowStatement(f: WindowFormat, now: Date, formatInstant: (iso: string) => string): string | null {
  const state = windowState(f, now);
  if (state === "avant") {
    const draw = f.nb_max_coureurs != null ? drawRule(f.tirage_minutes) : "";
    return `Ouverture des inscriptions le ${formatInstant(f.ouverture_inscriptions!)}${draw ? ` (${draw})` : ""}`;
  }
  if (state === "clos") return "Inscriptions closes";
  return null;
}

export const CLOSING_AFTER_RACE_MESSAGE =
  "La clôture des inscriptions doit avoir lieu au plus tard au départ de la course.";

/**
 * Does the registration window the organiser set end after the race (decision 0196)? Its closing instant is after
 * the start (the race's date and time, Paris); with no start time known, after the end of the race's day.
 */
export function closesAfterRace(f: WindowFormat): boolean {
  if (!f.date || !f.cloture_inscriptions) return false;
  const start = parisInstant(f.date, f.heure_depart ?? "23:59");
  return start !== null && Date.parse(f.cloture_inscriptions) > start.getTime();
}
