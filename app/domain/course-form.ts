// The create/edit event form (spec section 5): what was typed (strings, kept as typed) and what it means
// (numbers, integer cents, nulls). One zod schema shared by the form component and the action.
import { z } from "zod";
import { MAX_DRAW_MINUTES } from "./opening-queue";
import { parisInstant, parisWallClock } from "./paris-time";
import { CLOSING_AFTER_RACE_MESSAGE, closesAfterRace } from "./registration-window";
import { transferFeeAbovePrice, transferFeeAbovePriceMessage } from "./transfer";
import { fieldErrors, fieldOfIssue } from "./form-errors";
import {
  coordinate,
  dateField,
  decimal,
  euros,
  fileUrl,
  idField,
  integer,
  optionalText,
  required,
  text,
  timeField,
} from "./french-inputs";

export {
  centsToInput,
  numberToInput,
  parseEurosToCents,
  parseFrDecimal,
  parseFrInteger,
} from "./french-inputs";
import { isOneOf } from "./labels";

export const FORMAT_TYPES = ["trail", "rando", "route"] as const;
export type FormatType = (typeof FORMAT_TYPES)[number];
export const DEFAULT_FORMAT_NAME = "Format sans nom";

/** Every text field of a format block, as named in the form ("formats[2].prix"). */
export const FORMAT_FIELDS = [
  "id",
  "nom",
  "type_epreuve",
  "date",
  "heure_depart",
  "distance_km",
  "denivele_dplus",
  "denivele_dmoins",
  "adresse_depart",
  "adresse_arrivee",
  "prix",
  "stock_repas",
  "prix_repas",
  "ravitaillements",
  "remise_dossards",
  "dotation",
  "age_minimum",
  "hebergements",
  "nb_max_coureurs",
  "presentation_parcours",
  "image_url",
  "gpx_url",
  "reglement_pdf_url",
  "ouverture_date",
  "ouverture_heure",
  "cloture_date",
  "cloture_heure",
  "tirage_minutes",
  // Bib transfer (issue 22): 'oui' or '' (select), the last day, the fee in euros, 'nouveau' or '' (the bib follows).
  "cession_active",
  "cession_cloture",
  "cession_frais",
  "cession_dossard",
  "cession_repas",
] as const;
export type FormatField = (typeof FORMAT_FIELDS)[number];
/** `src`: the block's index in the submitted form (file inputs are named by it). */
export type FormatValues = Record<FormatField, string> & { key: string; confirmDelete?: boolean; src?: number };

export const COURSE_FIELDS = [
  "nom",
  "lieu",
  "code_postal",
  "departement",
  "presentation",
  "image_url",
  "lat",
  "lng",
  "geo_origin",
  "update_slug",
] as const;
export type CourseField = (typeof COURSE_FIELDS)[number];
export type CourseFormValues = Record<CourseField, string> & { formats: FormatValues[] };

/** Field-name -> French message, keyed like the inputs ("nom", "formats[1].prix"). */
export type FieldErrors = Record<string, string>;

export const formatFieldName = (i: number, field: string) => `formats[${i}].${field}`;

let keyCounter = 0;
/** A key for React lists; stable across re-renders because it travels in a hidden field. */
export function newFormatKey(seed?: string): string {
  keyCounter = (keyCounter + 1) % 1_000_000;
  return `k${(seed ?? "").replace(/[^a-z0-9]/gi, "").slice(0, 8)}${Date.now().toString(36)}${keyCounter.toString(36)}`;
}

export function emptyFormat(key = newFormatKey()): FormatValues {
  const v = Object.fromEntries(FORMAT_FIELDS.map((f) => [f, ""])) as Record<FormatField, string>;
  return { ...v, type_epreuve: "trail", prix: "0", stock_repas: "0", prix_repas: "0", key };
}

export function emptyCourseForm(): CourseFormValues {
  const v = Object.fromEntries(COURSE_FIELDS.map((f) => [f, ""])) as Record<CourseField, string>;
  return { ...v, formats: [emptyFormat()] };
}

const FORMAT_KEY = /^formats\[(\d{1,3})\]\.([a-z_]+)$/;

/** Reads what was typed from a submitted form. Files are handled elsewhere; only strings here. */
export function readCourseForm(fd: FormData): CourseFormValues {
  const values = emptyCourseForm();
  for (const f of COURSE_FIELDS) {
    const v = fd.get(f);
    values[f] = typeof v === "string" ? v : "";
  }
  const byIndex = new Map<number, FormatValues>();
  for (const [name, v] of fd.entries()) {
    const m = FORMAT_KEY.exec(name);
    if (!m || typeof v !== "string") continue;
    const i = Number(m[1]);
    const field = m[2];
    if (!byIndex.has(i))
      byIndex.set(i, { ...emptyFormat(""), prix: "", stock_repas: "", prix_repas: "", type_epreuve: "" });
    const block = byIndex.get(i)!;
    if (field === "key") block.key = v.replace(/[^a-z0-9]/gi, "").slice(0, 40);
    else if (isOneOf(FORMAT_FIELDS, field)) block[field] = v;
  }
  values.formats = [...byIndex.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([i, b]) => ({ ...b, key: b.key || newFormatKey(), src: i }));
  return values;
}

// ---------------------------------------------------------------- the schema

export const FormatSchema = z
  .object({
    key: z.string(),
    id: idField,
    nom: text(200).transform((s) => s || DEFAULT_FORMAT_NAME),
    type_epreuve: z.string().transform((s): FormatType => {
      const t = s.trim();
      return isOneOf(FORMAT_TYPES, t) ? t : "trail";
    }),
    date: dateField,
    heure_depart: timeField,
    distance_km: decimal("Distance invalide\u00a0: un nombre de kilomètres, par exemple 12,5.", 1000),
    denivele_dplus: integer("D+ invalide\u00a0: un nombre entier de mètres.", 30000),
    denivele_dmoins: integer("D- invalide\u00a0: un nombre entier de mètres.", 30000),
    adresse_depart: optionalText(300),
    adresse_arrivee: optionalText(300),
    prix: euros("Prix invalide\u00a0: un montant en euros, par exemple 25 ou 12,50."),
    stock_repas: integer("Stock de repas invalide\u00a0: un nombre entier.", 100000).transform((n) => n ?? 0),
    prix_repas: euros("Prix du repas invalide\u00a0: un montant en euros, par exemple 12,50."),
    ravitaillements: optionalText(2000),
    remise_dossards: optionalText(1000),
    dotation: optionalText(1000),
    age_minimum: integer("Âge minimum invalide\u00a0: un nombre entier d'années.", 120),
    hebergements: optionalText(2000),
    nb_max_coureurs: integer("Nombre de places invalide\u00a0: un nombre entier.", 1000000),
    presentation_parcours: optionalText(10000),
    image_url: fileUrl,
    gpx_url: fileUrl,
    reglement_pdf_url: fileUrl,
    ouverture_date: dateField,
    ouverture_heure: timeField,
    cloture_date: dateField,
    cloture_heure: timeField,
    tirage_minutes: integer(
      `Tirage au sort invalide\u00a0: un nombre entier de minutes, ${MAX_DRAW_MINUTES} au plus.`,
      MAX_DRAW_MINUTES,
    ).transform((n) => n ?? 0),
    cession_active: z.string().transform((s) => s.trim() === "oui"),
    cession_cloture: dateField,
    cession_frais: euros("Frais de transfert invalides\u00a0: un montant en euros, par exemple 5 ou 2,50."),
    cession_dossard: z.string().transform((s) => s.trim() !== "nouveau"),
    cession_repas: z.string().transform((s) => s.trim() === "suivent"),
  })
  .transform((f, ctx) => {
    // The meal price counts only when meals are on sale (spec section 5). It is kept as typed either way: an
    // organiser who turns meals off then on again (the 'Repas proposé' toggle) finds the price they typed.
    const {
      prix,
      prix_repas,
      key: _key,
      ouverture_date,
      ouverture_heure,
      cloture_date,
      cloture_heure,
      cession_frais,
      cession_dossard,
      cession_repas,
      ...rest
    } = f;
    const mealCounted = f.stock_repas > 0 ? prix_repas : 0;
    // Opening and closing of registrations (issue 21): Paris wall-clock date and time, stored as instants.
    const instant = (date: string | null, time: string | null, field: "ouverture" | "cloture") => {
      if (!date) {
        if (time)
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: [`${field}_date`],
            message: "Indiquez la date (jj/mm/aaaa) de cette heure.",
          });
        return null;
      }
      return parisInstant(date, time ?? (field === "ouverture" ? "00:00" : "23:59"))?.toISOString() ?? null;
    };
    const ouverture = instant(ouverture_date, ouverture_heure, "ouverture");
    const cloture = instant(cloture_date, cloture_heure, "cloture");
    // The draw orders the opening's queue (issue 21): it needs an opening time and a number of places.
    if (f.tirage_minutes > 0 && !ouverture)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["tirage_minutes"],
        message: "Le tirage au sort a lieu à l'ouverture\u00a0: indiquez la date d'ouverture des inscriptions.",
      });
    else if (f.tirage_minutes > 0 && f.nb_max_coureurs == null)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["tirage_minutes"],
        message:
          "Le tirage au sort départage les arrivées pour des places limitées\u00a0: indiquez le nombre de places.",
      });
    if (ouverture && cloture && cloture <= ouverture) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["cloture_date"],
        message: "La clôture des inscriptions doit suivre leur ouverture.",
      });
    } else if (closesAfterRace({ date: f.date, heure_depart: f.heure_depart, cloture_inscriptions: cloture })) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["cloture_date"],
        message: CLOSING_AFTER_RACE_MESSAGE,
      });
    }
    if (transferFeeAbovePrice({ cession_frais_cents: cession_frais, prix_cents: prix }))
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["cession_frais"],
        message: transferFeeAbovePriceMessage(prix),
      });
    return {
      ...rest,
      prix_cents: prix,
      prix_repas_cents: prix_repas,
      prix_total_inscription_cents: prix + mealCounted,
      ouverture_inscriptions: ouverture,
      cloture_inscriptions: cloture,
      cession_frais_cents: cession_frais,
      cession_dossard_suit: cession_dossard,
      cession_repas_suivent: cession_repas,
    };
  });

/** A stored opening or closing instant as the form shows it: Paris date and time ("" when none). */
export function windowInputs(iso: string | null | undefined): { date: string; time: string } {
  return iso ? parisWallClock(new Date(iso)) : { date: "", time: "" };
}

export const CourseFormSchema = z.object({
  nom: required("Le nom de l'épreuve est obligatoire."),
  lieu: required("Le lieu est obligatoire."),
  code_postal: z
    .string()
    .trim()
    .min(1, "Le code postal est obligatoire.")
    .regex(/^\d{5}$/, "Code postal invalide\u00a0: 5 chiffres, par exemple 74400."),
  departement: required("Le département est obligatoire.", 100),
  presentation: optionalText(20000),
  image_url: fileUrl,
  lat: coordinate("Latitude invalide\u00a0: un nombre entre -90 et 90, par exemple 45,92.", 90),
  lng: coordinate("Longitude invalide\u00a0: un nombre entre -180 et 180, par exemple 6,87.", 180),
  geo_origin: z.string(),
  update_slug: z.string().transform((s) => s === "on" || s === "1"),
  formats: z.array(FormatSchema).min(1, "Ajoutez au moins un format.").max(30, "30 formats au plus par épreuve."),
});

export type CourseInput = z.output<typeof CourseFormSchema>;
export type FormatInput = CourseInput["formats"][number];

export type CourseFormResult = { ok: true; data: CourseInput } | { ok: false; errors: FieldErrors };

/** Validates what was typed; errors keyed by input name, first message per field. */
export function parseCourseForm(values: CourseFormValues): CourseFormResult {
  const parsed = CourseFormSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors = fieldErrors(parsed.error, ([head, index, field]) =>
    head === "formats" && typeof index === "number" && typeof field === "string"
      ? formatFieldName(index, field)
      : fieldOfIssue(head === undefined ? [] : [head]),
  ) as FieldErrors;
  return { ok: false, errors };
}

/** "Code postal|lieu|lat|lng" at load time: lets the action tell whether the place changed but the position did not. */
export function geoOrigin(v: { code_postal: string; lieu: string; lat: string; lng: string }): string {
  return [v.code_postal.trim(), v.lieu.trim(), v.lat.trim(), v.lng.trim()].join("|");
}

/**
 * Whether to ask the geocoder: no position typed, or the place changed while the position stayed as loaded.
 */
export function needsGeocoding(v: CourseFormValues): boolean {
  if (v.lat.trim() === "" || v.lng.trim() === "") return true;
  if (!v.geo_origin) return false;
  const [cp, lieu, lat, lng] = v.geo_origin.split("|");
  const placeChanged = cp !== v.code_postal.trim() || lieu !== v.lieu.trim();
  const positionKept = lat === v.lat.trim() && lng === v.lng.trim();
  return placeChanged && positionKept;
}

// ---------------------------------------------------------------- the buttons of the form (intents)

export type Intent =
  | { kind: "save" }
  | { kind: "add" }
  | { kind: "duplicate"; index: number }
  | { kind: "ask-delete"; index: number }
  | { kind: "cancel-delete"; index: number }
  | { kind: "delete"; index: number };

export function parseIntent(raw: unknown): Intent {
  if (typeof raw !== "string" || raw === "save") return { kind: "save" };
  if (raw === "add-format") return { kind: "add" };
  const m = /^(duplicate|ask-delete|cancel-delete|delete)-format:(\d{1,3})$/.exec(raw);
  if (!m) return { kind: "save" };
  const kind = m[1] as "duplicate" | "ask-delete" | "cancel-delete" | "delete";
  return { kind, index: Number(m[2]) };
}

/** Applies an add/duplicate/delete button to what was typed. Pure: returns new values. */
export function applyIntent(values: CourseFormValues, intent: Intent): CourseFormValues {
  const formats: FormatValues[] = values.formats.map((f) => ({ ...f, confirmDelete: false, src: undefined }));
  switch (intent.kind) {
    case "add":
      formats.push(emptyFormat());
      break;
    case "duplicate": {
      const src = formats[intent.index];
      if (src)
        formats.splice(intent.index + 1, 0, {
          ...src,
          id: "",
          key: newFormatKey(),
          nom: `${src.nom || DEFAULT_FORMAT_NAME} (copie)`,
        });
      break;
    }
    case "ask-delete":
      if (formats[intent.index]) formats[intent.index].confirmDelete = true;
      break;
    case "delete":
      if (formats.length > 0 && formats[intent.index]) formats.splice(intent.index, 1);
      if (formats.length === 0) formats.push(emptyFormat());
      break;
    default:
      break;
  }
  return { ...values, formats };
}
