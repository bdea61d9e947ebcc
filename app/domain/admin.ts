// Admin screens (spec sections 2, 7, 8, 9): the filters of /admin/inscriptions and /admin/payouts, keyset
// paging, name/e-mail search by first letters, the page's CSV, the totals of a selection of payments and the
// result messages. Pure: no I/O, no clock. docs/decisions/0120-admin-money-screens.md
import { z } from "zod";
import { CSV_BOM, csvRow, type CsvValue } from "./csv";
import { STATUT_LABELS, STATUTS, type Statut } from "./registration-rules";
import { formatDateTime } from "~/domain/format";
import { codesOf, labelOf } from "./labels";

export const ADMIN_PAGE_SIZES = [25, 50, 100] as const;
export type AdminPageSize = (typeof ADMIN_PAGE_SIZES)[number];
export const ADMIN_DEFAULT_PAGE_SIZE: AdminPageSize = 50;
/** Payments view cap (spec section 9). */
export const ADMIN_PAYMENTS_CAP = 300;
/** Above this, a search's total is not counted: 'Plus de 10 000 inscriptions correspondent à cette recherche'. */
export const ADMIN_SEARCH_COUNT_CAP = 10_000;
/** What an admin may type in a search box. */
const ADMIN_SEARCH_MAX = 100;

export const ADMIN_FORBIDDEN = "403 — Accès réservé aux administrateurs.";
export const ADMIN_LOGIN_REQUIRED = "403 — Connectez-vous.";

export const PAYMENT_STATUS_LABELS = {
  succeeded: "Encaissé",
  pending: "En attente",
  failed: "Échoué",
  refunded: "Remboursé",
};
export type PaymentStatus = keyof typeof PAYMENT_STATUS_LABELS;
export const PAYMENT_STATUSES = codesOf(PAYMENT_STATUS_LABELS);

// ---------------------------------------------------------------- dates and search
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** 'du' is the start of its day; 'au' includes its whole day (timestamps are ISO UTC strings). */
export function dayStart(day: string): string {
  return `${day}T00:00:00.000Z`;
}
export function dayEndExclusive(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString();
}

/**
 * The search as SQLite's lower() folds it (ASCII letters only), and the half-open range [from, to) of every
 * text that starts with it: an index on lower(column) then reads only the matches.
 */
export function searchPrefix(q: string): { from: string; to: string } | null {
  const folded = q.trim().replace(/[A-Z]/g, (c) => c.toLowerCase());
  if (!folded) return null;
  const last = folded.codePointAt(folded.length - 1)!;
  const head = folded.slice(0, folded.length - (last > 0xffff ? 2 : 1));
  return { from: folded, to: head + String.fromCodePoint(last + 1) };
}

// ---------------------------------------------------------------- keyset cursor (newest first)
export interface Cursor {
  created_at: string;
  id: string;
}

export function encodeCursor(c: Cursor): string {
  return `${c.created_at}~${c.id}`;
}

export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (!value || value.length > 200) return null;
  const i = value.indexOf("~");
  if (i <= 0) return null;
  const created_at = value.slice(0, i);
  const id = value.slice(i + 1);
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(created_at) || !id || !/^[\w-]+$/.test(id)) return null;
  return { created_at, id };
}

// ---------------------------------------------------------------- /admin/inscriptions filters
export const optionalId = z
  .string()
  .trim()
  .max(100)
  .regex(/^[\w-]*$/)
  .catch("");

export const dayField = z.string().trim().max(10).catch("");
/** The search box: trimmed and capped; anything odd reads as no search. */
export const searchField = z.string().trim().max(ADMIN_SEARCH_MAX).catch("");
/** A filter among `values`; absent or unknown reads as "" (all). */
export const choiceOrAll = <T extends string>(values: readonly [T, ...T[]]) =>
  z.enum(values).or(z.literal("")).catch("");

export const AdminInscriptionsQuerySchema = z.object({
  q: searchField,
  statut: choiceOrAll(STATUTS),
  course: optionalId,
  format: optionalId,
  du: dayField,
  au: dayField,
  taille: z.coerce
    .number()
    .refine((n): n is AdminPageSize => (ADMIN_PAGE_SIZES as readonly number[]).includes(n))
    .catch(ADMIN_DEFAULT_PAGE_SIZE),
  apres: z.string().max(200).catch(""),
  avant: z.string().max(200).catch(""),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export interface AdminInscriptionsFilters {
  q: string;
  statut: Statut | "";
  course: string;
  format: string;
  du: string;
  au: string;
  taille: AdminPageSize;
  after: Cursor | null;
  before: Cursor | null;
  page: number;
}

export type DateFilterErrors = Partial<Record<"du" | "au", string>>;

export const ADMIN_MESSAGES = {
  badDay: "Date invalide (format attendu : jj/mm/aaaa).",
  dayOrder: "La date de fin doit être postérieure ou égale à la date de début.",
  emptySelection: "Sélection vide",
  commission: "La commission doit être comprise entre 0 et 50 % (pas de 0,1).",
  deposit: "L'acompte doit être un pourcentage entier entre 0 et 100.",
  error: (detail: string) => `Erreur: ${detail}`,
} as const;

export function checkDays(du: string, au: string): { du: string; au: string; errors: DateFilterErrors } {
  const errors: DateFilterErrors = {};
  if (du && !isDay(du)) errors.du = ADMIN_MESSAGES.badDay;
  if (au && !isDay(au)) errors.au = ADMIN_MESSAGES.badDay;
  if (!errors.du && !errors.au && du && au && au < du) errors.au = ADMIN_MESSAGES.dayOrder;
  // A bad date is shown with its message and left out of the query (the rest of the filters still apply).
  return { du: errors.du || errors.au === ADMIN_MESSAGES.dayOrder ? "" : du, au: errors.au ? "" : au, errors };
}

/** Query string → filters (unknown values fall back to 'all'), plus messages for dates that cannot be used. */
export interface AdminInscriptionsValues {
  q: string;
  statut: string;
  course: string;
  format: string;
  du: string;
  au: string;
  taille: string;
}

export function parseAdminInscriptionsQuery(params: URLSearchParams): {
  filters: AdminInscriptionsFilters;
  values: AdminInscriptionsValues;
  errors: DateFilterErrors;
} {
  const raw = Object.fromEntries([...params.entries()]);
  const p = AdminInscriptionsQuerySchema.parse(raw);
  const { du, au, errors } = checkDays(p.du, p.au);
  // A format filter only makes sense inside its event: without an event, it is dropped.
  const format = p.course ? p.format : "";
  return {
    filters: {
      q: p.q,
      statut: p.statut,
      course: p.course,
      format,
      du,
      au,
      taille: p.taille,
      after: decodeCursor(p.apres),
      before: decodeCursor(p.avant),
      page: p.page,
    },
    values: { q: p.q, statut: p.statut, course: p.course, format, du: p.du, au: p.au, taille: String(p.taille) },
    errors,
  };
}

/** The filters as a query string (paging and export links keep them). */
export function adminInscriptionsQuery(
  f: Pick<AdminInscriptionsFilters, "q" | "statut" | "course" | "format" | "du" | "au" | "taille">,
  extra: Record<string, string> = {},
): string {
  const p = new URLSearchParams();
  for (const k of ["q", "statut", "course", "format", "du", "au"] as const) if (f[k]) p.set(k, f[k]);
  if (f.taille !== ADMIN_DEFAULT_PAGE_SIZE) p.set("taille", String(f.taille));
  for (const [k, v] of Object.entries(extra)) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : "";
}

// ---------------------------------------------------------------- the page's CSV
export interface AdminInscriptionRow {
  inscription_id: string;
  created_at: string;
  statut: string;
  course_nom: string;
  format_nom: string;
  coureur_nom: string | null;
  coureur_prenom: string | null;
  coureur_email: string | null;
  dossard: number | null;
  nombre_repas: number;
  prix_total_repas_cents: number;
  montant_total_cents: number;
  course_id: string;
  format_id: string;
  /** The promo code used and its discount (ADR 0214). */
  code_promo: string | null;
  remise_cents: number;
}

export const ADMIN_CSV_HEADER = [
  "Date",
  "Course",
  "Format",
  "Nom",
  "Prénom",
  "Email",
  "Statut",
  "Montant (€)",
  "Repas",
  "Repas (€)",
  "Total (€)",
  "Dossard",
  "Code promo",
  "Remise (€)",
] as const;

/** Euros with a comma, two decimals, no symbol (spreadsheets read it as a number in a French locale). */
export function csvEuros(cents: number): string {
  return (cents / 100).toFixed(2).replace(".", ",");
}

/** Admin export rule (spec section 7): semicolons in text become spaces (then the usual escaping applies). */
export function adminCsvText(value: string | null | undefined): CsvValue {
  return value == null ? null : value.replace(/;/g, " ");
}

export function adminInscriptionCsvCells(r: AdminInscriptionRow): CsvValue[] {
  const statut = labelOf(STATUT_LABELS, r.statut);
  return [
    formatDateTime(r.created_at),
    adminCsvText(r.course_nom),
    adminCsvText(r.format_nom),
    adminCsvText(r.coureur_nom),
    adminCsvText(r.coureur_prenom),
    adminCsvText(r.coureur_email),
    statut,
    csvEuros(r.montant_total_cents - r.prix_total_repas_cents),
    r.nombre_repas,
    csvEuros(r.prix_total_repas_cents),
    csvEuros(r.montant_total_cents),
    r.dossard,
    adminCsvText(r.code_promo),
    r.remise_cents > 0 ? csvEuros(r.remise_cents) : null,
  ];
}

/** The whole file of one page: BOM, header, one line per row. */
export function adminInscriptionsCsv(rows: readonly AdminInscriptionRow[]): string {
  return CSV_BOM + csvRow([...ADMIN_CSV_HEADER]) + rows.map((r) => csvRow(adminInscriptionCsvCells(r))).join("");
}

/**
 * The page label's numbers, from what the list holds, not what the URL says: without a cursor the list shows its
 * first page (whatever `page=` claims); with one, the page asked for, at least 2 and never past the last page.
 * `pages` is null when the total is not counted (a broad search).
 */
export function adminPager(
  f: Pick<AdminInscriptionsFilters, "page" | "after" | "before" | "taille">,
  total: number | null,
): { pageNumber: number; pages: number | null } {
  const pages = total == null ? null : Math.max(1, Math.ceil(total / f.taille));
  const cursor = !!(f.after || f.before);
  const asked = cursor ? Math.max(2, f.page) : 1;
  return { pageNumber: pages == null ? asked : Math.min(asked, pages), pages };
}

export function adminCsvFileName(page: number): string {
  return `inscriptions-page-${page}.csv`;
}
