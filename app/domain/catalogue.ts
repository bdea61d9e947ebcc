// Derived values of events and formats (spec sections 3, 4 and 9). Pure: pass `today` (YYYY-MM-DD, Paris
// calendar day) or `now`; no I/O. The SQL in app/db/catalogue/ follows the same definitions.

export const NEW_DAYS = 14;
export const SOON_DAYS = 14;
export const LOW_PLACES_THRESHOLD = 10;
export const HOME_LIMIT = 3;
export const PAGE_SIZES = [6, 12, 18, 24] as const;
export const DEFAULT_PAGE_SIZE = 12;
/**
 * /courses reads at most this many matching events (ten pages of 24, the depth ADR 0025 already walked): deeper
 * pages are not served (the page asks to narrow the search), the count stops there ("Plus de 240 épreuves") and so
 * do the map's points; /formats stops at as many formats. This bounds the work of every list request whatever the
 * size of the catalogue (docs/decisions/0160-catalogue-bounded-work.md).
 */
export const LIST_MAX_ROWS = 240;

export interface Band {
  min: number;
  /** null: open-ended ("30 km et plus"). */
  max: number | null;
  label: string;
}

/** Distance bands in km (spec section 9). Bounds are inclusive: a 15 km course is in 0–15 and in 15–30. */
export const DISTANCE_BANDS = {
  "0-15": { min: 0, max: 15, label: "0 à 15 km" },
  "15-30": { min: 15, max: 30, label: "15 à 30 km" },
  "30+": { min: 30, max: null, label: "30 km et plus" },
} as const satisfies Record<string, Band>;

/** Elevation-gain bands in metres (spec section 9), inclusive bounds. */
export const ELEVATION_BANDS = {
  "0-1000": { min: 0, max: 1000, label: "0 à 1 000 m" },
  "1000-2000": { min: 1000, max: 2000, label: "1 000 à 2 000 m" },
  "2000+": { min: 2000, max: null, label: "2 000 m et plus" },
} as const satisfies Record<string, Band>;

export type DistanceBand = keyof typeof DISTANCE_BANDS;
export type ElevationBand = keyof typeof ELEVATION_BANDS;

/** Sort options of /courses (spec section 9): next date, minimum price, maximum elevation gain. */
export const SORTS = { date: "Date", prix: "Prix", dplus: "Dénivelé" } as const;
export type Sort = keyof typeof SORTS;

export const EVENT_TYPES = { trail: "Trail", rando: "Randonnée", route: "Route" } as const;
export type EventType = keyof typeof EVENT_TYPES;

/** An event's spans over its formats, as the catalogue's summary holds them (null without formats). */
export interface FormatSpans {
  min_distance: number | null;
  max_distance: number | null;
  min_dplus: number | null;
  max_dplus: number | null;
  min_price_cents: number | null;
  /** Lowest price above 0 (null when every format is free): a free kids' race must not read "dès 0,00 €". */
  min_paid_price_cents: number | null;
}

export interface Range {
  min: number;
  max: number;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The earliest format date on or after today. Formats without a date are dropped from date logic. */
export function nextDate(dates: readonly (string | null | undefined)[], today: string): string | null {
  let best: string | null = null;
  for (const d of dates) {
    if (!d || !DATE_RE.test(d) || d < today) continue;
    if (best === null || d < best) best = d;
  }
  return best;
}

/** Lowest format price in cents; null without formats. */
export function minPrice(prices: readonly (number | null | undefined)[]): number | null {
  let best: number | null = null;
  for (const p of prices) if (p != null && Number.isFinite(p) && (best === null || p < best)) best = p;
  return best;
}

/** Min–max of the known values; null when no value is known. */
export function valueRange(values: readonly (number | null | undefined)[]): Range | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v == null || !Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min === Number.POSITIVE_INFINITY ? null : { min, max };
}

/** Repas: some format has meal stock above zero. */
export function hasMeals(stocks: readonly (number | null | undefined)[]): boolean {
  return stocks.some((s) => s != null && s > 0);
}

/** Places left in a format: null when uncapped or when the count is unknown. Never negative. */
export function placesLeft(max: number | null | undefined, taken: number | null | undefined): number | null {
  if (max == null || taken == null) return null;
  return Math.max(0, max - taken);
}

/** Full when the count reaches the cap; uncapped formats are never full; unknown count on a capped format: null. */
export function isFormatFull(max: number | null | undefined, taken: number | null | undefined): boolean | null {
  if (max == null) return false;
  if (taken == null) return null;
  return taken >= max;
}

/** 'N restantes' warning: 10 or fewer places left, and not full. */
export function isLowPlaces(left: number | null): boolean {
  return left != null && left > 0 && left <= LOW_PLACES_THRESHOLD;
}

/**
 * Complet: every format has a cap and is full. null ("unknown") when a capped format's count is unavailable,
 * so that no Complet badge is shown on a guess. An event without formats is not full.
 */
export function isCourseFull(
  formats: readonly { nb_max_coureurs: number | null; taken: number | null }[],
): boolean | null {
  if (formats.length === 0) return false;
  let unknown = false;
  for (const f of formats) {
    const full = isFormatFull(f.nb_max_coureurs, f.taken);
    if (full === false) return false;
    if (full === null) unknown = true;
  }
  return unknown ? null : true;
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = from.split("-").map(Number);
  const [y2, m2, d2] = to.split("-").map(Number);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** Nouveau: created less than 14 days ago. */
export function isNew(createdAt: string | null | undefined, now: Date): boolean {
  if (!createdAt) return false;
  const t = Date.parse(createdAt);
  if (Number.isNaN(t)) return false;
  const age = now.getTime() - t;
  return age >= 0 && age < NEW_DAYS * 86_400_000;
}

/** Bientôt: the next date is today or within the next 14 days. */
export function isSoon(next: string | null | undefined, today: string): boolean {
  if (!next) return false;
  const d = daysBetween(today, next);
  return d >= 0 && d <= SOON_DAYS;
}

/** The `YYYY-MM-DD` that is `days` after `day`. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A course's min–max range overlaps a band (inclusive). A course without a value never matches a band. */
export function overlapsBand(range: Range | null, band: Band): boolean {
  if (!range) return false;
  return range.max >= band.min && (band.max === null || range.min <= band.max);
}

/** Ravitaillements: one item per line, semicolon or comma; blanks dropped. */
export function splitSupplies(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(/[\r\n;,]+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export type BadgeCode = "bientot" | "repas" | "complet" | "nouveau" | "hors_ligne";

export const BADGE_LABELS: Record<BadgeCode, string> = {
  bientot: "Bientôt",
  repas: "Repas",
  complet: "Complet",
  nouveau: "Nouveau",
  hors_ligne: "Hors-ligne",
};

/** The badges of an event, in display order. `isFull` null (unknown) never shows Complet. */
export function courseBadges(input: {
  nextDate: string | null;
  hasMeals: boolean;
  isFull: boolean | null;
  createdAt: string | null;
  enLigne: boolean;
  now: Date;
  today: string;
}): BadgeCode[] {
  const out: BadgeCode[] = [];
  if (!input.enLigne) out.push("hors_ligne");
  if (input.isFull === true) out.push("complet");
  if (isSoon(input.nextDate, input.today)) out.push("bientot");
  if (isNew(input.createdAt, input.now)) out.push("nouveau");
  if (input.hasMeals) out.push("repas");
  return out;
}

/** "10 à 28 km" style range text; a single value when min = max; null when unknown. */
export function rangeText(range: Range | null, format: (n: number) => string): string | null {
  if (!range) return null;
  return range.min === range.max ? format(range.min) : `${format(range.min)} à ${format(range.max)}`;
}
