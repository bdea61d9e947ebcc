// The /courses query string (spec section 5): one zod schema shared by the GET form and the loader.
// Tolerant: a bad value never breaks the page; it is ignored and gets a French message next to its field,
// while the form keeps what was typed.
import { z } from "zod";
import {
  DEFAULT_PAGE_SIZE,
  DISTANCE_BANDS,
  ELEVATION_BANDS,
  EVENT_TYPES,
  PAGE_SIZES,
  SORTS,
  type DistanceBand,
  type ElevationBand,
  type EventType,
  type Sort,
} from "./catalogue";
import { isOneOf } from "./labels";

export { SORTS, type Sort };
export type View = "liste" | "carte";
export const MAX_PAGE = 10_000;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const [y, m, d] = s.split("-").map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

const text = (max: number) => z.string().trim().max(max, `${max} caractères maximum.`);
const date = z
  .string()
  .trim()
  .refine((s) => s === "" || isRealDate(s), "Date invalide (format attendu\u00a0: jj/mm/aaaa).");
const enumOrEmpty = <T extends string>(values: readonly T[], message: string) =>
  z
    .string()
    .trim()
    .refine((s): s is T | "" => s === "" || isOneOf(values, s), message);

/** Raw fields as typed in the form (all strings; absent = undefined). */
export const CourseFiltersSchema = z.object({
  q: text(100).optional(),
  du: date.optional(),
  au: date.optional(),
  departement: text(80).optional(),
  type: enumOrEmpty(Object.keys(EVENT_TYPES) as EventType[], "Type d'épreuve inconnu.").optional(),
  distance: enumOrEmpty(Object.keys(DISTANCE_BANDS) as DistanceBand[], "Tranche de distance inconnue.").optional(),
  denivele: enumOrEmpty(Object.keys(ELEVATION_BANDS) as ElevationBand[], "Tranche de dénivelé inconnue.").optional(),
  repas: z.string().optional(),
  tri: enumOrEmpty(Object.keys(SORTS) as Sort[], "Tri inconnu.").optional(),
  taille: z
    .string()
    .trim()
    .refine(
      (s) => s === "" || (PAGE_SIZES as readonly number[]).includes(Number(s)),
      "Taille de page\u00a0: 6, 12, 18 ou 24.",
    )
    .optional(),
  page: z
    .string()
    .trim()
    .refine((s) => s === "" || (/^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_PAGE), "Numéro de page invalide.")
    .optional(),
  vue: z.string().optional(),
});

export type FilterField = keyof z.infer<typeof CourseFiltersSchema>;

export interface CourseFilters {
  q: string;
  /** null: no lower bound (the field was cleared). Absent from the URL: today. */
  du: string | null;
  au: string | null;
  departement: string | null;
  type: EventType | null;
  distance: DistanceBand | null;
  denivele: ElevationBand | null;
  repas: boolean;
  tri: Sort;
  taille: number;
  page: number;
  vue: View;
}

export interface ParsedFilters {
  filters: CourseFilters;
  /** What the form shows (what was typed, even when refused). */
  values: Record<FilterField, string>;
  errors: Partial<Record<FilterField, string>>;
}

const FIELDS = Object.keys(CourseFiltersSchema.shape) as FilterField[];

/** Parses the /courses query string. `today` (YYYY-MM-DD) is the default of 'Du'. */
export function parseCourseFilters(params: URLSearchParams, today: string): ParsedFilters {
  const raw: Partial<Record<FilterField, string>> = {};
  for (const f of FIELDS) {
    const v = params.get(f);
    if (v !== null) raw[f] = v;
  }
  const errors: Partial<Record<FilterField, string>> = {};
  // Field by field, so that one bad value does not discard the others.
  const ok: Partial<Record<FilterField, string>> = {};
  for (const f of FIELDS) {
    if (raw[f] === undefined) continue;
    const r = CourseFiltersSchema.shape[f].safeParse(raw[f]);
    if (r.success) ok[f] = (r.data as string | undefined) ?? "";
    else errors[f] = r.error.issues[0]?.message ?? "Valeur invalide.";
  }
  const du = ok.du === undefined ? today : ok.du === "" ? null : ok.du;
  let au = ok.au ? ok.au : null;
  if (au && du && au < du) {
    errors.au = "La date « Au » doit être le même jour ou après la date « Du ».";
    au = null;
  }
  const filters: CourseFilters = {
    q: ok.q ?? "",
    du,
    au,
    departement: ok.departement ? ok.departement : null,
    type: (ok.type || null) as EventType | null,
    distance: (ok.distance || null) as DistanceBand | null,
    denivele: (ok.denivele || null) as ElevationBand | null,
    repas: ok.repas !== undefined && ok.repas !== "" && ok.repas !== "0",
    tri: (ok.tri || "date") as Sort,
    taille: ok.taille ? Number(ok.taille) : DEFAULT_PAGE_SIZE,
    page: ok.page ? Number(ok.page) : 1,
    vue: ok.vue === "carte" ? "carte" : "liste",
  };
  const values = {} as Record<FilterField, string>;
  for (const f of FIELDS) values[f] = raw[f] ?? "";
  if (raw.du === undefined) values.du = today;
  if (raw.taille === undefined || errors.taille) values.taille = String(filters.taille);
  if (raw.tri === undefined || errors.tri) values.tri = filters.tri;
  return { filters, values, errors };
}

/**
 * The canonical query string of a set of filters (defaults left out), for pager, view toggle and sharing.
 * 'Du' is written only when it differs from today (empty when cleared).
 */
export function filtersToSearch(f: CourseFilters, today: string, over: Partial<CourseFilters> = {}): string {
  const v = { ...f, ...over };
  const p = new URLSearchParams();
  if (v.q) p.set("q", v.q);
  if (v.du === null) p.set("du", "");
  else if (v.du !== today) p.set("du", v.du);
  if (v.au) p.set("au", v.au);
  if (v.departement) p.set("departement", v.departement);
  if (v.type) p.set("type", v.type);
  if (v.distance) p.set("distance", v.distance);
  if (v.denivele) p.set("denivele", v.denivele);
  if (v.repas) p.set("repas", "1");
  if (v.tri !== "date") p.set("tri", v.tri);
  if (v.taille !== DEFAULT_PAGE_SIZE) p.set("taille", String(v.taille));
  if (v.page > 1) p.set("page", String(v.page));
  if (v.vue !== "liste") p.set("vue", v.vue);
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** True when some filter narrows the list (the reset button then makes sense). */
export function hasActiveFilters(f: CourseFilters, today: string): boolean {
  return !!(f.q || f.du !== today || f.au || f.departement || f.type || f.distance || f.denivele || f.repas);
}
