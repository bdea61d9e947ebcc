// The two GET forms of the race tools (issue 47): the estimate's reference and the pace comparator's targets. One
// zod schema per form; a bad value gives a French message for its field and the page shows back what was typed.
import { z } from "zod";
import { type FieldErrors, fieldErrors } from "./form-errors.ts";
import {
  COURSE_DPLUS_MAX,
  COURSE_KM_MAX,
  COURSE_KM_MIN,
  INDEX_MAX,
  INDEX_MIN,
  type Reference,
} from "./finish-estimate.ts";
import { parseFrDecimal, parseFrInteger, readWith } from "./french-inputs.ts";
import { parseDuration } from "./pace-plan.ts";
import { formatRaceTime } from "./results.ts";

export const REFERENCE_KINDS = ["itra", "utmb", "course"] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export interface EstimateFormValues {
  ref: ReferenceKind;
  indice: string;
  distance: string;
  dplus: string;
  temps: string;
}

const field = z
  .string()
  .trim()
  .max(40, "Valeur trop longue.")
  .optional()
  .transform((s) => s ?? "");

const EstimateQuerySchema = z
  .object({
    ref: z.enum(REFERENCE_KINDS).catch("itra"),
    indice: field,
    distance: field,
    dplus: field,
    temps: field,
  })
  .transform((v, ctx): Reference | null => {
    if (v.ref !== "course") {
      const n = parseFrInteger(v.indice);
      if (n == null || Number.isNaN(n) || n < INDEX_MIN || n > INDEX_MAX) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["indice"],
          message: `Indiquez votre indice, un nombre entier de ${INDEX_MIN} à ${INDEX_MAX} (par exemple 550).`,
        });
        return z.NEVER;
      }
      return { kind: v.ref, index: n };
    }
    const distanceKm = parseFrDecimal(v.distance);
    const dplus = parseFrInteger(v.dplus === "" ? "0" : v.dplus);
    const seconds = parseDuration(v.temps);
    let ok = true;
    if (distanceKm == null || Number.isNaN(distanceKm) || distanceKm < COURSE_KM_MIN || distanceKm > COURSE_KM_MAX) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["distance"],
        message: `Indiquez la distance de la course en kilomètres, de ${COURSE_KM_MIN} à ${COURSE_KM_MAX} (par exemple 42,2).`,
      });
      ok = false;
    }
    if (dplus == null || Number.isNaN(dplus) || dplus > COURSE_DPLUS_MAX) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["dplus"],
        message: "Indiquez le dénivelé positif en mètres, un nombre entier jusqu'à 30 000.",
      });
      ok = false;
    }
    if (seconds == null) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["temps"],
        message: "Indiquez votre temps au format heures:minutes (par exemple 4:35 ou 4h35).",
      });
      ok = false;
    }
    if (!ok) return z.NEVER;
    return { kind: "course", distanceKm: distanceKm as number, dplus: dplus as number, seconds: seconds as number };
  });

export type EstimateForm =
  | { submitted: false; values: EstimateFormValues }
  | { submitted: true; values: EstimateFormValues; reference: Reference; errors: null }
  | { submitted: true; values: EstimateFormValues; reference: null; errors: FieldErrors };

/** The estimate's query string: nothing asked yet, a reference, or the fields' errors (with what was typed). */
export function readEstimateQuery(search: URLSearchParams): EstimateForm {
  const raw = {
    ref: search.get("ref") ?? undefined,
    indice: search.get("indice") ?? undefined,
    distance: search.get("distance") ?? undefined,
    dplus: search.get("dplus") ?? undefined,
    temps: search.get("temps") ?? undefined,
  };
  const values: EstimateFormValues = {
    ref: REFERENCE_KINDS.find((k) => k === raw.ref) ?? "itra",
    indice: (raw.indice ?? "").slice(0, 40),
    distance: (raw.distance ?? "").slice(0, 40),
    dplus: (raw.dplus ?? "").slice(0, 40),
    temps: (raw.temps ?? "").slice(0, 40),
  };
  if (raw.ref === undefined && raw.indice === undefined && raw.temps === undefined) return { submitted: false, values };
  const parsed = EstimateQuerySchema.safeParse(raw);
  if (parsed.success) return { submitted: true, values, reference: parsed.data as Reference, errors: null };
  return { submitted: true, values, reference: null, errors: fieldErrors(parsed.error) };
}

const decimalFr = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1, useGrouping: false });

/** The form's fields as a picked race-time reference fills them (« 12,4 », « 650 », « 2:16:22 »). */
export function referenceFormValues(ref: Extract<Reference, { kind: "course" }>): EstimateFormValues {
  return {
    ref: "course",
    indice: "",
    distance: decimalFr.format(ref.distanceKm),
    dplus: String(ref.dplus),
    temps: formatRaceTime(ref.seconds),
  };
}

/** A reference picked in the lists of the page: one of the runner's results or activities, by its id. */
export type ReferencePick = { source: "resultat"; id: string } | { source: "activite"; id: string };

const pickId = z
  .string()
  .trim()
  .transform((s) => s.slice(0, 64))
  .optional();
const ReferencePickSchema = z.object({ resultat: pickId, activite: pickId });

/**
 * The pick in the query string (`resultat=…` or `activite=…`, the buttons of the lists), or null. The id is only
 * read here: whose it is, and whether it exists, is the server's check (an unknown id is « introuvable »).
 */
export function readReferencePick(search: URLSearchParams): ReferencePick | null {
  const { resultat, activite } = ReferencePickSchema.parse({
    resultat: search.get("resultat") ?? undefined,
    activite: search.get("activite") ?? undefined,
  });
  if (resultat !== undefined) return { source: "resultat", id: resultat };
  if (activite !== undefined) return { source: "activite", id: activite };
  return null;
}

export interface PaceFormValues {
  cible: string;
  cible2: string;
}

const PaceQuerySchema = z.object({
  cible: readWith(
    z.string().trim().max(20, "Valeur trop longue."),
    "Indiquez un temps visé au format heures:minutes (par exemple 5:30).",
    (s) => parseDuration(s) ?? undefined,
  ),
  cible2: readWith(
    z.string().trim().max(20, "Valeur trop longue.").optional(),
    "Indiquez le second temps au format heures:minutes, ou laissez le champ vide.",
    (s) => (s ? (parseDuration(s) ?? undefined) : null),
  ),
});

export type PaceForm =
  | { submitted: false; values: PaceFormValues }
  | { submitted: true; values: PaceFormValues; targets: [number, number | null]; errors: null }
  | { submitted: true; values: PaceFormValues; targets: null; errors: FieldErrors };

/** The pace comparator's query string: one or two targets (seconds), or the fields' errors. */
export function readPaceQuery(search: URLSearchParams): PaceForm {
  const cible = search.get("cible");
  const cible2 = search.get("cible2");
  const values = { cible: (cible ?? "").slice(0, 20), cible2: (cible2 ?? "").slice(0, 20) };
  if (cible === null) return { submitted: false, values };
  const parsed = PaceQuerySchema.safeParse({ cible, cible2: cible2 ?? undefined });
  if (parsed.success)
    return { submitted: true, values, targets: [parsed.data.cible, parsed.data.cible2], errors: null };
  return { submitted: true, values, targets: null, errors: fieldErrors(parsed.error) };
}
