// Runner and organiser profiles: choices, validation and normalisation (spec section 5). Pure.
import { z } from "zod";

export const GENRES = ["Homme", "Femme"] as const;
export const GENRES_SIMPLE = ["Homme", "Femme", "Autre"] as const;
export const NATIONALITES = ["Française", "Espagnole", "Italienne", "Allemande", "Portugaise", "Autre"] as const;
export const PAYS = ["France", "Espagne", "Italie", "Allemagne", "Portugal", "Suisse", "Belgique"] as const;
export const JUSTIFICATIFS = [
  { value: "licence", label: "Licence FFA" },
  { value: "pps", label: "PPS (Parcours/Pass Prévention Santé)" },
] as const;

export const CONDITIONS_VERSION = "2025-08-17";

export const PROFILE_MSG = {
  saved: "Profil mis à jour !",
  organiserSaved: "Profil sauvegardé ✅",
  saveError: "Erreur lors de la mise à jour.",
  nom: "Le nom est obligatoire.",
  prenom: "Le prénom est obligatoire.",
  genre: "Veuillez choisir le genre.",
  dateRequired: "La date de naissance est obligatoire.",
  dateInvalid: "Date de naissance invalide.",
  dateFuture: "La date de naissance ne peut pas être dans le futur.",
  nationalite: "Veuillez choisir la nationalité.",
  email: "Veuillez renseigner un email.",
  emailInvalid: "Email invalide.",
  telephone: "Numéro de téléphone invalide.",
  codePostal: "Code postal invalide (5 chiffres en France).",
  pays: "Pays non proposé.",
  justificatif: "Justificatif inconnu.",
  licence: "Numéro de licence invalide.",
  pps: "Identifiant PPS invalide.",
  tooLong: "Texte trop long.",
  conditions: "Vous devez accepter les conditions pour continuer.",
  organisation: "Le nom de l'organisation est obligatoire.",
  siteWeb: "Adresse de site web invalide (ex. https://mon-club.fr).",
} as const;

/** Trimmed string; empty becomes null. */
const optionalText = (max = 200) =>
  z
    .string()
    .optional()
    .transform((s) => (s ?? "").trim())
    .refine((s) => s.length <= max, PROFILE_MSG.tooLong)
    .transform((s) => (s === "" ? null : s));

const requiredText = (message: string, max = 100) =>
  z
    .string({ required_error: message })
    .trim()
    .min(1, message)
    .max(max, PROFILE_MSG.tooLong);

const PHONE = /^\+?[0-9][0-9 .\-()]{7,19}$/;
const optionalPhone = optionalText(25).refine((s) => s === null || (PHONE.test(s) && s.replace(/\D/g, "").length >= 8), PROFILE_MSG.telephone);

const enumChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string({ required_error: message })
    .trim()
    .refine((s): s is T[number] => (values as readonly string[]).includes(s), message);

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  optionalText(50).refine((s) => s === null || (values as readonly string[]).includes(s), message);

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("1"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

/** A valid calendar date YYYY-MM-DD from 1900 to `today` included. */
export function birthDateIssue(value: string, today: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return PROFILE_MSG.dateInvalid;
  const [y, mo, d] = [+m[1], +m[2], +m[3]];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d || y < 1900) return PROFILE_MSG.dateInvalid;
  if (value > today) return PROFILE_MSG.dateFuture;
  return null;
}

const birthDate = (today: string) =>
  z
    .string({ required_error: PROFILE_MSG.dateRequired })
    .trim()
    .min(1, PROFILE_MSG.dateRequired)
    .superRefine((v, ctx) => {
      const issue = birthDateIssue(v, today);
      if (issue) ctx.addIssue({ code: "custom", message: issue });
    });

const email = z
  .string({ required_error: PROFILE_MSG.email })
  .trim()
  .min(1, PROFILE_MSG.email)
  .max(254, PROFILE_MSG.emailInvalid)
  .email(PROFILE_MSG.emailInvalid)
  .transform((s) => s.toLowerCase());

/**
 * The improved runner profile (/monprofilcoureur). `today` is the Paris calendar day (YYYY-MM-DD), passed in.
 * Output: the columns of profils_coureurs, empty strings as null, licence number only for a licence,
 * PPS identifier only for a PPS.
 */
export function makeRunnerProfileSchema(today: string) {
  return z
    .object({
      nom: requiredText(PROFILE_MSG.nom),
      prenom: requiredText(PROFILE_MSG.prenom),
      genre: enumChoice(GENRES, PROFILE_MSG.genre),
      date_naissance: birthDate(today),
      nationalite: enumChoice(NATIONALITES, PROFILE_MSG.nationalite),
      email,
      telephone: optionalPhone,
      adresse: optionalText(200),
      adresse_complement: optionalText(200),
      code_postal: optionalText(10),
      ville: optionalText(100),
      pays: optionalEnum(PAYS, PROFILE_MSG.pays),
      apparaitre_resultats: checkbox,
      club: optionalText(120),
      justificatif_type: optionalEnum(["licence", "pps"] as const, PROFILE_MSG.justificatif),
      numero_licence: optionalText(30).refine((s) => s === null || /^[A-Za-z0-9 \-]{3,30}$/.test(s), PROFILE_MSG.licence),
      pps_identifier: optionalText(40).refine((s) => s === null || /^[A-Za-z0-9\-]{3,40}$/.test(s), PROFILE_MSG.pps),
      contact_urgence_nom: optionalText(120),
      contact_urgence_telephone: optionalPhone,
    })
    .superRefine((v, ctx) => {
      if (v.code_postal && (v.pays ?? "France") === "France" && !/^\d{5}$/.test(v.code_postal)) {
        ctx.addIssue({ code: "custom", path: ["code_postal"], message: PROFILE_MSG.codePostal });
      }
    })
    .transform((v) => ({
      ...v,
      numero_licence: v.justificatif_type === "licence" ? v.numero_licence : null,
      pps_identifier: v.justificatif_type === "pps" ? v.pps_identifier : null,
    }));
}

export type RunnerProfileInput = z.output<ReturnType<typeof makeRunnerProfileSchema>>;

/** The simple profile (/monprofil): identity only, gender with 'Autre'. Saving goes to /courses. */
export function makeSimpleProfileSchema(today: string) {
  return z.object({
    nom: requiredText(PROFILE_MSG.nom),
    prenom: requiredText(PROFILE_MSG.prenom),
    genre: enumChoice(GENRES_SIMPLE, PROFILE_MSG.genre),
    date_naissance: birthDate(today),
    nationalite: enumChoice(NATIONALITES, PROFILE_MSG.nationalite),
    email,
    telephone: optionalPhone,
  });
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
          if (s.trim() !== "" && normaliseWebsite(s) === null) ctx.addIssue({ code: "custom", message: PROFILE_MSG.siteWeb });
        })
        .transform((s) => normaliseWebsite(s)),
      telephone: optionalPhone,
      conditions: checkbox,
    })
    .superRefine((v, ctx) => {
      if (!alreadyAccepted && !v.conditions) ctx.addIssue({ code: "custom", path: ["conditions"], message: PROFILE_MSG.conditions });
    });
}

export type OrganiserProfileInput = z.output<ReturnType<typeof makeOrganiserProfileSchema>>;

/** The conditions are accepted when the stored version is the current one. */
export function conditionsAccepted(p: { conditions_acceptees: boolean; conditions_version: string | null } | null | undefined): boolean {
  return !!p && p.conditions_acceptees && p.conditions_version === CONDITIONS_VERSION;
}
