// Organiser registrants (spec sections 2, 5, 7, 8): which fields an organiser may edit and how each is
// validated, the add-runner form, meal totals, bib assignment, paging and the export's cell values.
// Pure: no I/O, no clock. docs/decisions/0080-registrants-editing.md
import { z } from "zod";
import { codesOf, labelOf, isOneOf } from "./labels";
import { csvRow, type AnyExportColumn, type CsvValue } from "./csv";
import { centsToDecimal } from "./money";
import { tabledError } from "./errors";
import { formatDateTime } from "~/domain/format";
import { ppsExpiryIssue } from "./justificatif";
import { normaliseStatut, STATUT_LABELS, type Statut } from "./registration-rules";
import {
  checkRunnerField,
  postcodeIssue,
  RUNNER_FIELD_LABELS,
  RUNNER_FIELD_MSG,
  RUNNER_PERSONAL_FIELDS,
  type RunnerPersonalField,
} from "./runner-fields";

export const PAGE_SIZE = 50;

// ---------------------------------------------------------------- errors
export type RegistrantErrorCode =
  | "not_found"
  | "bib_taken"
  | "capacity_full"
  | "save_failed"
  | "invalid"
  | "erase_refused"
  | "erase_unconfirmed";

export const REGISTRANT_MESSAGES: Record<RegistrantErrorCode, string> = {
  not_found: "Inscription introuvable.",
  bib_taken: "Ce dossard est déjà attribué dans ce format.",
  capacity_full: "Ce format est complet. Cochez « Dépasser la capacité » pour inscrire ce coureur quand même.",
  save_failed: "Erreur lors de l'enregistrement.",
  invalid: "Valeur invalide.",
  erase_refused:
    "Seules les données d'une inscription refusée, annulée, remboursée ou cédée peuvent être effacées ; celles-ci le sont peut-être déjà.",
  erase_unconfirmed: "Cochez la case pour confirmer l'effacement.",
};

/** The HTTP status of each code: missing (or not this organiser's) 404, a refused value 400, a failed write 500. */
export const REGISTRANT_ERROR_STATUS: Record<RegistrantErrorCode, number> = {
  not_found: 404,
  bib_taken: 409,
  capacity_full: 409,
  save_failed: 500,
  invalid: 400,
  erase_refused: 409,
  erase_unconfirmed: 400,
};

/** A registrant's change refused; `message` is a more precise French text (a field's rule), `field` the field. */
export class RegistrantError extends tabledError<RegistrantErrorCode>(
  "RegistrantError",
  REGISTRANT_ERROR_STATUS,
  REGISTRANT_MESSAGES,
) {}

// ---------------------------------------------------------------- statuses
/**
 * The statuses an organiser may set and filter on (spec: en attente, validé, refusé, annulé), with the labels of the
 * organiser's list and filter, as the spec spells them there. Refunds come from the refund flow.
 */
export const ORGANISER_STATUT_LABELS = {
  en_attente: "en attente",
  validee: "validé",
  refusee: "refusé",
  annulee: "annulé",
} satisfies Partial<Record<Statut, string>>;
export type OrganiserStatut = keyof typeof ORGANISER_STATUT_LABELS;
export const ORGANISER_STATUTS = codesOf(ORGANISER_STATUT_LABELS);

export function statutLabel(statut: string): string {
  const s = normaliseStatut(statut);
  if (!s) return statut;
  return labelOf(ORGANISER_STATUT_LABELS, s, STATUT_LABELS[s]);
}

/** The status filter of the list: one of the four, or null for all (anything else counts as all). */
export function parseStatutFilter(value: string | null | undefined): OrganiserStatut | null {
  const s = normaliseStatut(value);
  return isOneOf(ORGANISER_STATUTS, s) ? s : null;
}

// ---------------------------------------------------------------- paging
export interface PageInfo {
  page: number;
  pages: number;
  offset: number;
}

/** Page numbers start at 1; out-of-range or garbage pages are clamped; an empty list still has page 1 / 1. */
export function pageInfo(requested: string | number | null | undefined, total: number, size = PAGE_SIZE): PageInfo {
  const pages = Math.max(1, Math.ceil(total / size));
  const n = typeof requested === "number" ? requested : Number.parseInt(String(requested ?? ""), 10);
  const page = Number.isFinite(n) ? Math.min(Math.max(1, Math.trunc(n)), pages) : 1;
  return { page, pages, offset: (page - 1) * size };
}

/** The free-text search, trimmed and bounded; LIKE wildcards are escaped by the repository. */
export function parseSearch(value: string | null | undefined): string {
  return (value ?? "").trim().slice(0, 100);
}

/** `%`, `_` and the escape character itself, escaped for `LIKE ? ESCAPE '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// ---------------------------------------------------------------- fields
export const TEXT_MAX = 200;
export const BIB_MAX = 999_999;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const MSG = {
  nameRequired: "Nom et prénom sont obligatoires.",
  emailInvalid: "Email invalide.",
  bibInvalid: `Le dossard doit être un nombre entier entre 1 et ${BIB_MAX}.`,
  mealsInvalid: (stock: number) =>
    stock > 0
      ? `Le nombre de repas doit être un entier entre 0 et ${stock}.`
      : "Ce format ne propose pas de repas\u00a0: 0 repas.",
  statutInvalid: "Statut inconnu\u00a0: choisissez en attente, validé, refusé ou annulé.",
  dateInvalid: RUNNER_FIELD_MSG.dateInvalid,
  justificatifInvalid: RUNNER_FIELD_MSG.justificatif,
  tooLong: RUNNER_FIELD_MSG.tooLong,
  startInvalid: `Le premier numéro doit être un entier entre 1 et ${BIB_MAX}.`,
} as const;

/** Fields an organiser may change on a registration (never ids, money paid, trace or payment fields). */
export const EDITABLE_FIELDS = [
  ...RUNNER_PERSONAL_FIELDS,
  "apparaitre_resultats",
  "statut",
  "dossard",
  "nombre_repas",
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** The table's inline-editable cells (spec: nom, prénom, dossard, email, club, repas, statut). */
export const TABLE_FIELDS = [
  "nom",
  "prenom",
  "dossard",
  "email",
  "club",
  "nombre_repas",
  "statut",
] as const satisfies readonly EditableField[];
export type TableField = (typeof TABLE_FIELDS)[number];

export const FIELD_LABELS: Record<EditableField, string> = {
  ...RUNNER_FIELD_LABELS,
  apparaitre_resultats: "Apparaître dans les résultats publics.",
  statut: "Statut",
  dossard: "Dossard",
  nombre_repas: "Repas",
};

export type FieldValue = string | number | boolean | null;
export type FieldResult = { ok: true; value: FieldValue } | { ok: false; error: string };

export interface FieldContext {
  /** The format's meal stock: the maximum meals per registration (spec section 9). */
  stockRepas: number;
  /** The registration's current status: kept as an allowed value even if it is a refund status. */
  currentStatut?: string | null;
  /** The Paris calendar day (YYYY-MM-DD): no birth date after it. */
  today: string;
  /** The registration's country, for the postcode rule (5 digits in France). */
  pays?: string | null;
}

/**
 * Validates one field typed by the organiser, from its raw form text, and returns the value to store.
 * The runner's personal fields follow the one set of rules of app/domain/runner-fields.ts (the same as the
 * registration form and the runner's self-edit); nom and prénom are required with the add form's message, the
 * e-mail is optional here (spec: 'if given'). An empty bib becomes null; booleans come as "true"/"false"/"on".
 */
export function parseField(field: EditableField, raw: string, ctx: FieldContext): FieldResult {
  if (isOneOf(RUNNER_PERSONAL_FIELDS, field)) {
    const f: RunnerPersonalField = field;
    const r = checkRunnerField(f, raw, ctx.today, {
      required: f === "nom" || f === "prenom",
      requiredMessage: MSG.nameRequired,
    });
    if (!r.ok) return r;
    // A PPS's end of validity: the runner's own rule (not expired today, valid one year at most).
    if (f === "pps_expiration" && typeof r.value === "string") {
      const issue = ppsExpiryIssue(r.value, { today: ctx.today });
      if (issue) return { ok: false, error: issue.message };
    }
    if (f === "code_postal") {
      const issue = postcodeIssue(r.value, ctx.pays ?? null);
      if (issue) return { ok: false, error: issue };
    }
    return r;
  }
  switch (field) {
    case "dossard": {
      const t = raw.trim();
      if (t === "") return { ok: true, value: null };
      if (!/^\d+$/.test(t)) return { ok: false, error: MSG.bibInvalid };
      const n = Number(t);
      if (n < 1 || n > BIB_MAX) return { ok: false, error: MSG.bibInvalid };
      return { ok: true, value: n };
    }
    case "nombre_repas": {
      const t = raw.trim() === "" ? "0" : raw.trim();
      const max = Math.max(0, ctx.stockRepas);
      if (!/^\d+$/.test(t) || Number(t) > max) return { ok: false, error: MSG.mealsInvalid(max) };
      return { ok: true, value: Number(t) };
    }
    case "statut": {
      const s = normaliseStatut(raw);
      const current = normaliseStatut(ctx.currentStatut);
      if (!s) return { ok: false, error: MSG.statutInvalid };
      if (isOneOf(ORGANISER_STATUTS, s) || s === current) return { ok: true, value: s };
      return { ok: false, error: MSG.statutInvalid };
    }
    case "apparaitre_resultats":
      return { ok: true, value: raw === "true" || raw === "on" || raw === "1" };
  }
  return { ok: false, error: REGISTRANT_MESSAGES.invalid };
}

// ---------------------------------------------------------------- forms (one zod schema each)
export const str = z.string().max(10_000).optional().default("");

/** One cell saved on blur (JS) — `intent=cell`. */
export const CellEditSchema = z.object({
  intent: z.literal("cell"),
  id: z.string().min(1).max(64),
  field: z.enum(TABLE_FIELDS),
  value: str,
});

/** One row's edit form (no JS) — `intent=row`. */
export const RowEditSchema = z.object({
  intent: z.literal("row"),
  id: z.string().min(1).max(64),
  nom: str,
  prenom: str,
  dossard: str,
  email: str,
  club: str,
  nombre_repas: str,
  statut: str,
});

/** Bib assignment — `intent=bibs`. */
export const AssignBibsSchema = z.object({
  intent: z.literal("bibs"),
  debut: str,
});

/** One field of the runner details page (a form per field). */
export const DetailFieldSchema = z.object({
  field: z.enum(EDITABLE_FIELDS),
  value: str,
});

/** The add-runner form (spec section 2, 'Add-runner modal'). Raw text in; `validateNewRunner` makes the row. */
// ---------------------------------------------------------------- bibs
/** The first bib number chosen by the organiser. */
export function parseBibStart(raw: string): { ok: true; value: number } | { ok: false; error: string } {
  const t = raw.trim();
  if (!/^\d+$/.test(t)) return { ok: false, error: MSG.startInvalid };
  const n = Number(t);
  if (n < 1 || n > BIB_MAX) return { ok: false, error: MSG.startInvalid };
  return { ok: true, value: n };
}

/**
 * Bibs for runners without one, in the given order (registration order), counting up from `start` and
 * skipping every number already used in the format. Stops at BIB_MAX (the remaining runners get none).
 */
export function planBibs(
  runnerIds: readonly string[],
  usedBibs: Iterable<number>,
  start: number,
): { id: string; dossard: number }[] {
  const used = new Set(usedBibs);
  const plan: { id: string; dossard: number }[] = [];
  let next = start;
  for (const id of runnerIds) {
    while (used.has(next)) next++;
    if (next > BIB_MAX) break;
    plan.push({ id, dossard: next });
    used.add(next);
    next++;
  }
  return plan;
}

// ---------------------------------------------------------------- export cells
export type ExportRow = Record<AnyExportColumn, string | number | boolean | null>;

/** One registrant's CSV line for the chosen columns: French status label, French dates, Oui/Non. */
export function exportLine(row: ExportRow, columns: readonly AnyExportColumn[]): string {
  const cells: CsvValue[] = columns.map((c) => {
    const v = row[c];
    if (v === null || v === undefined) return null;
    if (c === "statut") return statutLabel(String(v));
    if (c === "created_at") return formatDateTime(String(v));
    if (c === "date_naissance") {
      const m = DATE_RE.exec(String(v));
      return m ? `${m[3]}/${m[2]}/${m[1]}` : String(v);
    }
    if (c === "apparaitre_resultats") return v === true || v === 1 ? "Oui" : "Non";
    if (c === "dossard" || c === "nombre_repas") return typeof v === "number" ? v : Number(v);
    if (c === "remise_euros") return Number(v) > 0 ? centsToDecimal(Number(v)).replace(".", ",") : null;
    return String(v);
  });
  return csvRow(cells);
}
