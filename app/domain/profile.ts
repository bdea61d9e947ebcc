// Runner and organiser profiles: choices, validation and normalisation (spec section 5). Pure.
import { z } from "zod";
import {
  birthDateIssue,
  checkRunnerField,
  GENRES_SIMPLE,
  makeRunnerFieldsSchema,
  NATIONALITES,
  PAYS,
  RUNNER_FIELD_MSG,
} from "./runner-fields";

export const GENRES = ["Homme", "Femme"] as const;
export { GENRES_SIMPLE, NATIONALITES, PAYS, birthDateIssue };
export const JUSTIFICATIFS = [
  { value: "licence", label: "Licence FFA" },
  { value: "pps", label: "PPS (Parcours/Pass Prévention Santé)" },
] as const;

export const CONDITIONS_VERSION = "2025-08-17";

export const PROFILE_MSG = {
  ...RUNNER_FIELD_MSG,
  saved: "Profil mis à jour !",
  organiserSaved: "Profil sauvegardé ✅",
  saveError: "Erreur lors de la mise à jour.",
  conditions: "Vous devez accepter les conditions pour continuer.",
  organisation: "Le nom de l'organisation est obligatoire.",
  siteWeb: "Adresse de site web invalide (ex. https://mon-club.fr).",
} as const;

const requiredText = (message: string, max = 100) =>
  z.string({ required_error: message }).trim().min(1, message).max(max, PROFILE_MSG.tooLong);

/** The organiser's phone: the runner fields' telephone rule. */
const optionalPhone = z
  .string()
  .optional()
  .transform((s, ctx) => {
    const r = checkRunnerField("telephone", s, "9999-12-31");
    if (!r.ok) {
      ctx.addIssue({ code: "custom", message: r.error });
      return z.NEVER;
    }
    return r.value;
  });

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("1"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

/** Profile-only required fields (spec section 5, runner profile): identity, gender, birth date, nationality, e-mail. */
const PROFILE_REQUIRED = ["genre", "date_naissance", "nationalite", "email"] as const;

/**
 * The improved runner profile (/monprofilcoureur). `today` is the Paris calendar day (YYYY-MM-DD), passed in.
 * The runner fields' rules (app/domain/runner-fields.ts) with the profile's required fields and genders.
 * Output: the columns of profils_coureurs, empty strings as null, licence number only for a licence,
 * PPS identifier only for a PPS.
 */
export function makeRunnerProfileSchema(today: string) {
  return makeRunnerFieldsSchema(today, { required: PROFILE_REQUIRED, genres: GENRES });
}

export type RunnerProfileInput = z.output<ReturnType<typeof makeRunnerProfileSchema>>;

const SIMPLE_FIELDS = ["nom", "prenom", "genre", "date_naissance", "nationalite", "email", "telephone"] as const;

/** The simple profile (/monprofil): identity only, gender with 'Autre'. Saving goes to /courses. */
export function makeSimpleProfileSchema(today: string) {
  return makeRunnerFieldsSchema(today, { required: PROFILE_REQUIRED, fields: SIMPLE_FIELDS }).transform((v) => ({
    nom: v.nom as string,
    prenom: v.prenom as string,
    genre: v.genre,
    date_naissance: v.date_naissance,
    nationalite: v.nationalite,
    email: v.email as string,
    telephone: v.telephone,
  }));
}

export type SimpleProfileInput = z.output<ReturnType<typeof makeSimpleProfileSchema>>;

/** 'mon-club.fr' -> 'https://mon-club.fr'; only http(s) URLs with a dotted host are accepted. */
export function normaliseWebsite(raw: string): string | null {
  const s = raw.trim();
  if (!s) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`;
  try {
    const u = new URL(withScheme);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    if (!u.hostname.includes(".") || u.hostname.startsWith(".") || u.hostname.endsWith(".")) return null;
    return u.toString();
  } catch {
    return null;
  }
}

/**
 * Organiser profile form. Ticking the conditions is required unless the current version was already accepted
 * (then the checkbox is locked and its value ignored).
 */
export function makeOrganiserProfileSchema(alreadyAccepted: boolean) {
  return z
    .object({
      organisation_nom: requiredText(PROFILE_MSG.organisation, 150),
      site_web: z
        .string()
        .optional()
        .transform((s) => s ?? "")
        .superRefine((s, ctx) => {
          if (s.trim() !== "" && normaliseWebsite(s) === null)
            ctx.addIssue({ code: "custom", message: PROFILE_MSG.siteWeb });
        })
        .transform((s) => normaliseWebsite(s)),
      telephone: optionalPhone,
      conditions: checkbox,
    })
    .superRefine((v, ctx) => {
      if (!alreadyAccepted && !v.conditions)
        ctx.addIssue({ code: "custom", path: ["conditions"], message: PROFILE_MSG.conditions });
    });
}

export type OrganiserProfileInput = z.output<ReturnType<typeof makeOrganiserProfileSchema>>;

/** The conditions are accepted when the stored version is the current one. */
export function conditionsAccepted(
  p: { conditions_acceptees: boolean; conditions_version: string | null } | null | undefined,
): boolean {
  return !!p && p.conditions_acceptees && p.conditions_version === CONDITIONS_VERSION;
}

/** What a registration form needs from the runner profile, in the order the /coureur page lists what is missing. */
const COMPLETENESS_ITEMS = [
  { label: "Nom et prénom", done: (p: ProfileLike) => !!(p.nom && p.prenom) },
  { label: "Genre", done: (p: ProfileLike) => !!p.genre },
  { label: "Date de naissance", done: (p: ProfileLike) => !!p.date_naissance },
  { label: "Nationalité", done: (p: ProfileLike) => !!p.nationalite },
  { label: "Email", done: (p: ProfileLike) => !!p.email },
  { label: "Téléphone", done: (p: ProfileLike) => !!p.telephone },
  { label: "Adresse (code postal et ville)", done: (p: ProfileLike) => !!(p.code_postal && p.ville) },
  {
    label: "Licence ou PPS",
    done: (p: ProfileLike) =>
      (p.justificatif_type === "licence" && !!p.numero_licence) ||
      (p.justificatif_type === "pps" && !!p.pps_identifier),
  },
  { label: "Contact d'urgence", done: (p: ProfileLike) => !!(p.contact_urgence_nom && p.contact_urgence_telephone) },
] as const;

type ProfileLike = Partial<
  Record<
    | "nom"
    | "prenom"
    | "genre"
    | "date_naissance"
    | "nationalite"
    | "email"
    | "telephone"
    | "code_postal"
    | "ville"
    | "justificatif_type"
    | "numero_licence"
    | "pps_identifier"
    | "contact_urgence_nom"
    | "contact_urgence_telephone",
    string | null
  >
>;

/**
 * How complete the runner profile is, for the runner's home: the share of the items a registration pre-fills
 * (identity, contact, licence or PPS, emergency contact) and the labels of those still missing.
 */
export function runnerProfileCompleteness(p: ProfileLike | null | undefined): {
  done: number;
  total: number;
  percent: number;
  missing: string[];
} {
  const total = COMPLETENESS_ITEMS.length;
  const missing = COMPLETENESS_ITEMS.filter((item) => !p || !item.done(p)).map((item) => item.label);
  const done = total - missing.length;
  return { done, total, percent: Math.round((done / total) * 100), missing };
}
