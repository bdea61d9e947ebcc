// The references the finish-time estimate offers from what Balise already knows of the runner (issue 47, decision
// 0234): their own published results and their recent activities. Each becomes a race-time reference (`Reference`
// kind "course" of finish-estimate.ts, converted to an index by the same `indexOf`), or is left out with the reason.
// Pure: no I/O, no clock (pass `today` or `now`).
import type { ActivitySport, ActivitySummary } from "./activity.ts";
import { DomainError } from "./errors.ts";
import {
  COURSE_DPLUS_MAX,
  COURSE_KM_MAX,
  COURSE_KM_MIN,
  INDEX_MAX,
  INDEX_MIN,
  indexOf,
  type Reference,
} from "./finish-estimate.ts";

export type CourseReference = Extract<Reference, { kind: "course" }>;

/** A result is offered when the race is at most this old (ITRA's performance index also reads 36 months). */
export const RESULT_MAX_AGE_YEARS = 3;
/** An activity is offered from this distance (a shorter run says little about a trail's effort)… */
export const ACTIVITY_MIN_KM = 5;
/** …when it started at most this many days ago (about six months: fitness changes). */
export const ACTIVITY_MAX_AGE_DAYS = 183;
/** Running only: a walk or another sport is not a running effort. */
export const ACTIVITY_SPORTS_FOR_ESTIMATE: readonly ActivitySport[] = ["course", "trail"];
/** At most this many of each are listed (the newest). */
export const MAX_CHOICES = 10;

/** One of the runner's results as the estimate reads it (its format's declared distance and D+). */
export interface ResultCandidate {
  id: string;
  courseNom: string;
  formatNom: string;
  /** The race day, YYYY-MM-DD (null when the format has none). */
  date: string | null;
  distanceKm: number | null;
  dplus: number | null;
  statut: string;
  seconds: number | null;
}

/** One of the runner's activities as the estimate reads it: its summary (moving time) and its id. */
export type ActivityCandidate = Pick<
  ActivitySummary,
  "startedAt" | "name" | "sport" | "distanceM" | "elevationGainM" | "movingTimeSec"
> & { id: string };

/** Why a result or an activity cannot be a reference. */
export type Refusal =
  | "statut"
  | "temps"
  | "distance"
  | "denivele"
  | "ancien"
  | "futur"
  | "sport"
  | "court"
  | "invraisemblable";

export type Qualified = { ok: true; reference: CourseReference; index: number } | { ok: false; why: Refusal };

/** The date `years` years before `today` (YYYY-MM-DD; compared as text, 29 February included). */
function yearsBefore(today: string, years: number): string {
  return `${String(Number(today.slice(0, 4)) - years).padStart(4, "0")}${today.slice(4, 10)}`;
}

function withIndex(reference: CourseReference): Qualified {
  return { ok: true, reference, index: Math.round(indexOf(reference)) };
}

/**
 * A result as a reference: a finish (status « classé ») with its time, on a format whose distance (3–400 km) and D+
 * (0–30 000 m) the organiser gave, raced at most RESULT_MAX_AGE_YEARS before `today` (YYYY-MM-DD). An official time
 * is taken as it is, however slow.
 */
export function resultReference(r: ResultCandidate, today: string): Qualified {
  if (r.statut !== "classe") return { ok: false, why: "statut" };
  if (r.seconds == null || r.seconds <= 0) return { ok: false, why: "temps" };
  if (r.distanceKm == null || r.distanceKm < COURSE_KM_MIN || r.distanceKm > COURSE_KM_MAX)
    return { ok: false, why: "distance" };
  if (r.dplus == null || r.dplus < 0 || r.dplus > COURSE_DPLUS_MAX) return { ok: false, why: "denivele" };
  if (r.date != null && r.date > today) return { ok: false, why: "futur" };
  if (r.date != null && r.date < yearsBefore(today, RESULT_MAX_AGE_YEARS)) return { ok: false, why: "ancien" };
  return withIndex({ kind: "course", distanceKm: r.distanceKm, dplus: Math.round(r.dplus), seconds: r.seconds });
}

const DAY_MS = 86_400_000;

/**
 * An activity as a reference: a run (course or trail) of at least ACTIVITY_MIN_KM, started in the last
 * ACTIVITY_MAX_AGE_DAYS before `now`, its moving time as the time (the only duration kept, decision 0231), whose
 * index is a plausible one (INDEX_MIN–INDEX_MAX: below is a walk or a watch left running, above a GPS error or a
 * ride). Distance to 0.1 km and D+ to the metre, as the form shows them back.
 */
export function activityReference(a: ActivityCandidate, now: Date): Qualified {
  if (!ACTIVITY_SPORTS_FOR_ESTIMATE.includes(a.sport)) return { ok: false, why: "sport" };
  const started = Date.parse(a.startedAt);
  if (Number.isNaN(started) || started > now.getTime()) return { ok: false, why: "futur" };
  if (now.getTime() - started > ACTIVITY_MAX_AGE_DAYS * DAY_MS) return { ok: false, why: "ancien" };
  const distanceKm = Math.round(a.distanceM / 100) / 10;
  if (distanceKm < ACTIVITY_MIN_KM) return { ok: false, why: "court" };
  if (distanceKm > COURSE_KM_MAX) return { ok: false, why: "distance" };
  const dplus = Math.round(a.elevationGainM);
  if (dplus < 0 || dplus > COURSE_DPLUS_MAX) return { ok: false, why: "denivele" };
  const seconds = Math.round(a.movingTimeSec);
  if (seconds <= 0) return { ok: false, why: "temps" };
  const qualified = withIndex({ kind: "course", distanceKm, dplus, seconds });
  if (qualified.ok && (qualified.index < INDEX_MIN || qualified.index > INDEX_MAX))
    return { ok: false, why: "invraisemblable" };
  return qualified;
}

export interface ReferenceChoice<T> {
  item: T;
  reference: CourseReference;
  index: number;
}

function choices<T>(items: readonly T[], qualify: (t: T) => Qualified, newer: (a: T, b: T) => number) {
  const out: ReferenceChoice<T>[] = [];
  for (const item of [...items].sort(newer)) {
    const q = qualify(item);
    if (q.ok) out.push({ item, reference: q.reference, index: q.index });
    if (out.length === MAX_CHOICES) break;
  }
  return out;
}

/** The runner's results that can be a reference, newest first, at most MAX_CHOICES. */
export function resultChoices(results: readonly ResultCandidate[], today: string) {
  return choices(
    results,
    (r) => resultReference(r, today),
    (a, b) => (b.date ?? "").localeCompare(a.date ?? "") || a.id.localeCompare(b.id),
  );
}

/** The runner's activities that can be a reference, newest first, at most MAX_CHOICES. */
export function activityChoices(activities: readonly ActivityCandidate[], now: Date) {
  return choices(
    activities,
    (a) => activityReference(a, now),
    (a, b) => b.startedAt.localeCompare(a.startedAt) || a.id.localeCompare(b.id),
  );
}

// ---------------------------------------------------------------- errors

/** Why, in French, after « ne peut pas servir de référence : ». */
export const REFUSAL_TEXTS: Record<Refusal, string> = {
  statut: "seule une course terminée compte (pas un abandon, un non-départ ni une disqualification)",
  temps: "son temps n'est pas connu",
  distance: `sa distance n'est pas connue ou sort de ${COURSE_KM_MIN} à ${COURSE_KM_MAX}\u00a0km`,
  denivele: "son dénivelé positif n'est pas connu",
  ancien: "elle est trop ancienne",
  futur: "elle n'a pas encore eu lieu",
  sport: "seules la course à pied et le trail comptent (pas la marche ni un autre sport)",
  court: `elle fait moins de ${ACTIVITY_MIN_KM}\u00a0km`,
  invraisemblable:
    "son allure, rapportée au dénivelé, n'est pas celle d'une course (marche, montre restée en marche ou erreur du GPS)",
};

export type EstimateReferenceErrorCode = "resultat_introuvable" | "resultat_inutilisable" | "activite_inutilisable";

export const ESTIMATE_REFERENCE_MESSAGES: Record<EstimateReferenceErrorCode, string> = {
  resultat_introuvable:
    "Ce résultat n'existe pas ou n'est pas le vôtre\u00a0: seuls vos propres résultats publiés peuvent servir de référence.",
  resultat_inutilisable: "Ce résultat ne peut pas servir de référence",
  activite_inutilisable: "Cette sortie ne peut pas servir de référence",
};

const STATUS: Record<EstimateReferenceErrorCode, number> = {
  resultat_introuvable: 404,
  resultat_inutilisable: 409,
  activite_inutilisable: 409,
};

export class EstimateReferenceError extends DomainError<EstimateReferenceErrorCode> {
  constructor(code: EstimateReferenceErrorCode, why?: Refusal) {
    const base = ESTIMATE_REFERENCE_MESSAGES[code];
    super(code, STATUS[code], why ? `${base}\u00a0: ${REFUSAL_TEXTS[why]}.` : base);
    this.name = "EstimateReferenceError";
  }
}
