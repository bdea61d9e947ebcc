// Who may run a format, from the runner's birth date on race day: the format's minimum age (set by the organiser)
// and the FFA's limits for young runners by age category (distance in km-effort = km + D+/100 for a trail, km on
// the road; over 500 m D+ only cadets and older). Walks (rando) are not competitions: only the minimum age counts.
// Pure: the race date is passed in. docs/decisions/0151-age-and-category-rules.md
import { frenchDay } from "./french-dates";

export type FormatType = "trail" | "route" | "rando";

/** What the rules need to know about a format. */
export interface RaceFormat {
  /** YYYY-MM-DD, the Paris day of the race; null when the organiser has not set it (no rule can apply). */
  date: string | null;
  type_epreuve: string | null;
  distance_km: number | null;
  denivele_dplus: number | null;
  age_minimum: number | null;
}

/** trail | route | rando; anything else is a trail (spec section 5: 'type_epreuve falls back to trail'). */
export function formatType(t: string | null | undefined): FormatType {
  return t === "route" || t === "rando" ? t : "trail";
}

/** A walk is not timed: no justificatif, no category limit (field notes: 'untimed walks (rando) are exempt'). */
export function isCompetition(f: { type_epreuve?: string | null }): boolean {
  return formatType(f.type_epreuve) !== "rando";
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(day: string): [number, number, number] | null {
  const m = YMD.exec(day);
  return m ? [+m[1], +m[2], +m[3]] : null;
}

/** Whole years of someone born on `birth` on the day `on` (a birthday counts from its day; 29 February: 1 March). */
export function ageOn(birth: string, on: string): number | null {
  const b = parts(birth);
  const d = parts(on);
  if (!b || !d) return null;
  let age = d[0] - b[0];
  if (d[1] < b[1] || (d[1] === b[1] && d[2] < b[2])) age -= 1;
  return age;
}

/**
 * The FFA season a day belongs to, named by the year it ends: categories change on 1 September (since the 2022-2023
 * season; before, on 1 November). 2026-08-31 → 2026, 2026-09-01 → 2027.
 */
export function ffaSeason(day: string): number | null {
  const d = parts(day);
  if (!d) return null;
  return d[1] >= 9 ? d[0] + 1 : d[0];
}

export const FFA_CATEGORIES = [
  // [code, label, highest age in the season's year (season − birth year)]
  { code: "BB", label: "Baby Athlé", maxAge: 6 },
  { code: "EA", label: "École d'athlétisme", maxAge: 9 },
  { code: "PO", label: "Poussins", maxAge: 11 },
  { code: "BE", label: "Benjamins", maxAge: 13 },
  { code: "MI", label: "Minimes", maxAge: 15 },
  { code: "CA", label: "Cadets", maxAge: 17 },
  { code: "JU", label: "Juniors", maxAge: 19 },
  { code: "ES", label: "Espoirs", maxAge: 22 },
  { code: "SE", label: "Seniors", maxAge: 34 },
  { code: "MA", label: "Masters", maxAge: Number.POSITIVE_INFINITY },
] as const;

export type FfaCategoryCode = (typeof FFA_CATEGORIES)[number]["code"];

export interface FfaCategory {
  code: FfaCategoryCode;
  label: string;
  /** The birth years of the category in that season, for the message ('nés en 2010 ou 2011'). */
  born: [number, number] | null;
}

/** The FFA category of a runner born on `birth` at the race on `raceDay`: by birth year, in the race's season. */
export function ffaCategory(birth: string, raceDay: string): FfaCategory | null {
  const b = parts(birth);
  const season = ffaSeason(raceDay);
  if (!b || season == null) return null;
  const yearAge = season - b[0];
  let previousMax = -1;
  for (const c of FFA_CATEGORIES) {
    if (yearAge <= c.maxAge) {
      const born: [number, number] | null = Number.isFinite(c.maxAge)
        ? [season - c.maxAge, season - previousMax - 1]
        : null;
      return { code: c.code, label: c.label, born };
    }
    previousMax = c.maxAge;
  }
  return null;
}

/**
 * The longest race a young category may run, in km-effort (FFA rules for races outside the stadium; field notes:
 * juniors 25, cadets 15, minimes 5; benjamins 3, poussins 2; younger ones only non-competitive races up to 1 km).
 */
export const CATEGORY_MAX_KM_EFFORT: Partial<Record<FfaCategoryCode, number>> = {
  BB: 1,
  EA: 1,
  PO: 2,
  BE: 3,
  MI: 5,
  CA: 15,
  JU: 25,
};

/** Over this elevation gain a race is for cadets and older (field notes: 'over 500 m D+ means cadet or older'). */
export const DPLUS_CADET_OR_OLDER = 500;
const UNDER_CADET: readonly FfaCategoryCode[] = ["BB", "EA", "PO", "BE", "MI"];

/** km-effort: km + D+/100 for a trail (its climbing counts), the distance on the road; rounded to 0.1. */
export function kmEffort(f: Pick<RaceFormat, "type_epreuve" | "distance_km" | "denivele_dplus">): number | null {
  if (f.distance_km == null) return null;
  const climb = formatType(f.type_epreuve) === "trail" ? (f.denivele_dplus ?? 0) / 100 : 0;
  return Math.round((f.distance_km + climb) * 10) / 10;
}

/** Whether a registration for this format needs the birth date: a competition (categories), or a minimum age. */
export function needsBirthDate(f: RaceFormat): boolean {
  if (!f.date) return false;
  return isCompetition(f) || (f.age_minimum != null && f.age_minimum > 0);
}

export type EligibilityCode = "age_minimum" | "categorie_distance" | "categorie_denivele";

export interface EligibilityIssue {
  code: EligibilityCode;
  /** The reason, in French, for the runner (next to the birth date). */
  message: string;
}

const km = (n: number) => `${String(n).replace(".", ",")}\u00a0km`;

function bornIn(c: FfaCategory): string {
  if (!c.born) return "";
  const [a, b] = c.born;
  return a === b ? ` (nés en ${a})` : ` (nés de ${a} à ${b})`;
}

/**
 * Why a runner born on `birth` may not run this format, or null when nothing forbids it (or nothing can be checked:
 * no birth date, no race date). Order: the organiser's minimum age, then the FFA category limits (competitions only).
 */
export function eligibilityIssue(birth: string | null | undefined, f: RaceFormat): EligibilityIssue | null {
  if (!birth || !f.date) return null;
  const age = ageOn(birth, f.date);
  if (age == null) return null;
  if (f.age_minimum != null && f.age_minimum > 0 && age < f.age_minimum) {
    return {
      code: "age_minimum",
      message: `Âge minimum pour ce format\u00a0: ${f.age_minimum}\u00a0ans le jour de la course. Vous aurez ${age}\u00a0an${age > 1 ? "s" : ""} le ${frenchDay(f.date)}.`,
    };
  }
  if (!isCompetition(f)) return null;
  const cat = ffaCategory(birth, f.date);
  if (!cat) return null;
  const dplus = f.denivele_dplus ?? 0;
  if (formatType(f.type_epreuve) === "trail" && dplus > DPLUS_CADET_OR_OLDER && UNDER_CADET.includes(cat.code)) {
    return {
      code: "categorie_denivele",
      message: `Catégorie ${cat.label}${bornIn(cat)}\u00a0: au-delà de ${DPLUS_CADET_OR_OLDER}\u00a0m de dénivelé positif, la course est réservée aux cadets et plus âgés (ce format\u00a0: ${dplus}\u00a0m D+).`,
    };
  }
  const limit = CATEGORY_MAX_KM_EFFORT[cat.code];
  const effort = kmEffort(f);
  if (limit != null && effort != null && effort > limit) {
    const trail = formatType(f.type_epreuve) === "trail";
    const what = trail ? `${km(effort)}-effort (${km(f.distance_km ?? 0)} et ${dplus}\u00a0m D+)` : km(effort);
    return {
      code: "categorie_distance",
      message: `Catégorie ${cat.label}${bornIn(cat)}\u00a0: la FFA limite la distance à ${km(limit)}${trail ? "-effort" : ""}, ce format en compte ${what}.`,
    };
  }
  return null;
}
