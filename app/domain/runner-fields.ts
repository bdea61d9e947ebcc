// The runner's personal fields, in the order of spec section 3 (Inscription), and the one set of rules that checks
// them, wherever they are typed: the registration form, the runner's self-edit (/mon-inscription/{id}), the
// organiser's edits and add form, and the runner profile. Each context only says which fields it requires; the
// rule of a field (format, choices, length, a birth date not in the future) is the same everywhere.
// Pure: `today` (the Paris calendar day, YYYY-MM-DD) is passed in. docs/decisions/0110-one-schema-for-runner-fields.md
// With a race (the format registered for), the same schema applies the race's rules: no justificatif for a walk, a
// PPS valid on race day, the birth date against the format's minimum age and the FFA category limits (decisions 0150,
// 0151).
import { z } from "zod";
import { eligibilityIssue, isCompetition, needsBirthDate, type RaceFormat } from "./eligibility";
import {
  checkLicence,
  checkPps,
  JUSTIFICATIF_FORMAT_MSG,
  PPS_EXPIRATION_INVALID,
  PPS_EXPIRATION_REQUIRED,
  ppsExpiryIssue,
} from "./justificatif";
import { isOneOf } from "./labels";

/** Who the runner is and how to reach them: the first columns of the organiser's export too. */
export const RUNNER_IDENTITY_FIELDS = [
  "nom",
  "prenom",
  "genre",
  "date_naissance",
  "nationalite",
  "email",
  "telephone",
  "adresse",
] as const;
/** Where the runner lives and their club: the export's next columns. */
export const RUNNER_PLACE_FIELDS = ["code_postal", "ville", "pays", "club"] as const;
/** The runner's justificatif (licence or PPS) and whom to call in an emergency: what a bib's buyer types too. */
export const RUNNER_RACE_FIELDS = [
  "justificatif_type",
  "numero_licence",
  "pps_identifier",
  "pps_expiration",
  "contact_urgence_nom",
  "contact_urgence_telephone",
] as const;

export const RUNNER_PERSONAL_FIELDS = [
  ...RUNNER_IDENTITY_FIELDS,
  "adresse_complement",
  ...RUNNER_PLACE_FIELDS,
  ...RUNNER_RACE_FIELDS,
] as const;
export type RunnerPersonalField = (typeof RUNNER_PERSONAL_FIELDS)[number];

/** The fields' labels, as the organiser's table, its export and the runner's forms name them. */
export const RUNNER_FIELD_LABELS: Record<RunnerPersonalField, string> = {
  nom: "Nom",
  prenom: "Prénom",
  genre: "Genre",
  date_naissance: "Date de naissance",
  nationalite: "Nationalité",
  email: "Email",
  telephone: "Téléphone",
  adresse: "Adresse",
  adresse_complement: "Complément d'adresse",
  code_postal: "Code postal",
  ville: "Ville",
  pays: "Pays",
  club: "Club",
  justificatif_type: "Justificatif",
  numero_licence: "Numéro de licence",
  pps_identifier: "Identifiant PPS",
  pps_expiration: "Fin de validité du PPS",
  contact_urgence_nom: "Contact d'urgence (nom)",
  contact_urgence_telephone: "Contact d'urgence (téléphone)",
};

/** Gender choices of a registration (spec section 5: Homme, Femme, and Autre in the simple version). */
export const GENRES_SIMPLE = ["Homme", "Femme", "Autre"] as const;
export const NATIONALITES = ["Française", "Espagnole", "Italienne", "Allemande", "Portugaise", "Autre"] as const;
export const PAYS = ["France", "Espagne", "Italie", "Allemagne", "Portugal", "Suisse", "Belgique"] as const;
export const JUSTIFICATIF_TYPES = ["licence", "pps"] as const;

export const RUNNER_FIELD_MSG = {
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
  justificatifRequired: "Veuillez choisir licence ou PPS.",
  licence: JUSTIFICATIF_FORMAT_MSG.licence_format,
  pps: JUSTIFICATIF_FORMAT_MSG.pps_format,
  ppsExpiration: PPS_EXPIRATION_INVALID,
  birthDateForRace: "La date de naissance est obligatoire pour ce format (âge et catégorie FFA le jour de la course).",
  tooLong: "Texte trop long.",
} as const;

/** The message shown when a required field is empty. */
const REQUIRED_MSG: Record<RunnerPersonalField, string> = {
  nom: RUNNER_FIELD_MSG.nom,
  prenom: RUNNER_FIELD_MSG.prenom,
  genre: RUNNER_FIELD_MSG.genre,
  date_naissance: RUNNER_FIELD_MSG.dateRequired,
  nationalite: RUNNER_FIELD_MSG.nationalite,
  email: RUNNER_FIELD_MSG.email,
  telephone: "Le téléphone est obligatoire.",
  adresse: "L'adresse est obligatoire.",
  adresse_complement: "Le complément d'adresse est obligatoire.",
  code_postal: "Le code postal est obligatoire.",
  ville: "La ville est obligatoire.",
  pays: "Le pays est obligatoire.",
  club: "Le club est obligatoire.",
  justificatif_type: RUNNER_FIELD_MSG.justificatifRequired,
  numero_licence: "Le numéro de licence est obligatoire.",
  pps_identifier: "L'identifiant PPS est obligatoire.",
  pps_expiration: PPS_EXPIRATION_REQUIRED,
  contact_urgence_nom: "Le contact d'urgence est obligatoire.",
  contact_urgence_telephone: "Le téléphone du contact d'urgence est obligatoire.",
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 .\-()]{7,19}$/;

/** A real calendar day YYYY-MM-DD from 1900 to 2999. */
function isCalendarDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [+m[1], +m[2], +m[3]];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d && y >= 1900 && y < 3000;
}

/** A valid calendar date YYYY-MM-DD from 1900 to `today` included, else the message to show. */
export function birthDateIssue(value: string, today: string): string | null {
  if (!isCalendarDay(value)) return RUNNER_FIELD_MSG.dateInvalid;
  if (value > today) return RUNNER_FIELD_MSG.dateFuture;
  return null;
}

export interface FieldRuleOptions {
  /** Gender choices; registrations accept GENRES_SIMPLE, the improved profile narrows them (spec section 5). */
  genres?: readonly string[];
}

/**
 * The rule of one field for a trimmed, non-empty value: the value to store (e-mail lower-cased), or the message.
 * Empty values never reach it: `checkRunnerField` turns them into null or the field's "required" message.
 */
function fieldRule(
  field: RunnerPersonalField,
  t: string,
  today: string,
  opts: FieldRuleOptions,
): { ok: true; value: string } | { ok: false; error: string } {
  const ok = (value = t) => ({ ok: true as const, value });
  const no = (error: string) => ({ ok: false as const, error });
  const max = (n: number) => t.length <= n;
  switch (field) {
    case "nom":
    case "prenom":
      return max(100) ? ok() : no(RUNNER_FIELD_MSG.tooLong);
    case "genre":
      return (opts.genres ?? GENRES_SIMPLE).includes(t) ? ok() : no(RUNNER_FIELD_MSG.genre);
    case "date_naissance": {
      const issue = birthDateIssue(t, today);
      return issue ? no(issue) : ok();
    }
    case "nationalite":
      return isOneOf(NATIONALITES, t) ? ok() : no(RUNNER_FIELD_MSG.nationalite);
    case "email":
      return t.length <= 254 && EMAIL.test(t) ? ok(t.toLowerCase()) : no(RUNNER_FIELD_MSG.emailInvalid);
    case "telephone":
    case "contact_urgence_telephone":
      return PHONE.test(t) && t.replace(/\D/g, "").length >= 8 ? ok() : no(RUNNER_FIELD_MSG.telephone);
    case "code_postal":
      return max(10) ? ok() : no(RUNNER_FIELD_MSG.tooLong);
    case "pays":
      return isOneOf(PAYS, t) ? ok() : no(RUNNER_FIELD_MSG.pays);
    case "justificatif_type":
      return isOneOf(JUSTIFICATIF_TYPES, t) ? ok() : no(RUNNER_FIELD_MSG.justificatif);
    case "numero_licence": {
      const r = checkLicence(t);
      return r.ok ? ok(r.value) : no(JUSTIFICATIF_FORMAT_MSG[r.code]);
    }
    case "pps_identifier": {
      const r = checkPps(t);
      return r.ok ? ok(r.value) : no(JUSTIFICATIF_FORMAT_MSG[r.code]);
    }
    case "pps_expiration":
      return isCalendarDay(t) ? ok() : no(RUNNER_FIELD_MSG.ppsExpiration);
    case "adresse":
    case "adresse_complement":
      return max(200) ? ok() : no(RUNNER_FIELD_MSG.tooLong);
    case "ville":
      return max(100) ? ok() : no(RUNNER_FIELD_MSG.tooLong);
    case "club":
    case "contact_urgence_nom":
      return max(120) ? ok() : no(RUNNER_FIELD_MSG.tooLong);
  }
}

export type RunnerFieldResult = { ok: true; value: string | null } | { ok: false; error: string };

/**
 * One field as typed (any string, or nothing): trimmed; empty becomes null, or the "required" message when the
 * context requires it. The one rule used by every form and by the organiser's one-field edits.
 */
export function checkRunnerField(
  field: RunnerPersonalField,
  raw: unknown,
  today: string,
  opts: FieldRuleOptions & { required?: boolean; requiredMessage?: string } = {},
): RunnerFieldResult {
  const typed = typeof raw === "string" ? raw.trim() : "";
  // The justificatif is a code: 'PPS' typed or sent by an older form is 'pps'.
  const t = field === "justificatif_type" ? typed.toLowerCase() : typed;
  if (t === "")
    return opts.required
      ? { ok: false, error: opts.requiredMessage ?? REQUIRED_MSG[field] }
      : { ok: true, value: null };
  return fieldRule(field, t, today, opts);
}

/** A French postcode has 5 digits; abroad (a country other than France chosen) anything up to 10 characters. */
export function postcodeIssue(codePostal: string | null, pays: string | null): string | null {
  if (codePostal && (pays ?? "France") === "France" && !/^\d{5}$/.test(codePostal)) return RUNNER_FIELD_MSG.codePostal;
  return null;
}

export type RunnerFieldValues = { [K in RunnerPersonalField]: string | null } & { apparaitre_resultats: boolean };

const checkbox = (v: unknown) => v === true || v === "on" || v === "true" || v === "1";

export interface RunnerFieldsOptions extends FieldRuleOptions {
  /** Fields the context requires (nom and prénom are always required). */
  required?: readonly RunnerPersonalField[];
  /** Which fields the form carries (default: all of them). */
  fields?: readonly RunnerPersonalField[];
  /**
   * The format registered for, when there is one (registration, the runner's edit): a walk needs no justificatif
   * (its fields are dropped), a PPS must be valid on race day, the birth date is required for a competition or a
   * minimum age and must satisfy them. Without it (the profile), a PPS must only be valid today.
   */
  race?: RaceFormat | null;
}

const JUSTIFICATIF_FIELDS: readonly RunnerPersonalField[] = [
  "justificatif_type",
  "numero_licence",
  "pps_identifier",
  "pps_expiration",
];

/**
 * The zod schema of the runner's personal fields for one context. Output: the columns, empty strings as null,
 * e-mail lower-cased, the licence number kept (and checked) only for a licence and the PPS identifier and expiry
 * only for a PPS, none of them for a walk, and `apparaitre_resultats` as a boolean. Unknown keys are dropped.
 * Issues carry the field as their path.
 */
export function makeRunnerFieldsSchema(today: string, opts: RunnerFieldsOptions = {}) {
  const fields = opts.fields ?? RUNNER_PERSONAL_FIELDS;
  const required = new Set<RunnerPersonalField>(["nom", "prenom", ...(opts.required ?? [])]);
  const race = opts.race ?? null;
  // A walk is not timed: no justificatif is asked, whatever the form sent.
  const exempt = race != null && !isCompetition(race);
  return z.record(z.unknown()).transform((input, ctx) => {
    const out: Record<string, string | null | boolean> = {};
    const wrong = new Set<string>();
    const issue = (f: string, message: string) => {
      wrong.add(f);
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [f], message });
    };
    // The justificatif's own fields are checked only for the type chosen (the other one is dropped anyway).
    let type: string | null = null;
    if (fields.includes("justificatif_type") && !exempt) {
      const r = checkRunnerField("justificatif_type", input.justificatif_type, today, {
        ...opts,
        required: required.has("justificatif_type"),
      });
      if (r.ok) type = r.value;
    }
    const applies = (f: RunnerPersonalField) => {
      if (!JUSTIFICATIF_FIELDS.includes(f)) return true;
      if (exempt) return false;
      if (f === "justificatif_type" || !fields.includes("justificatif_type")) return true;
      return f === "numero_licence" ? type === "licence" : type === "pps";
    };
    for (const f of fields) {
      if (!applies(f)) {
        out[f] = null;
        continue;
      }
      const r = checkRunnerField(f, input[f], today, { ...opts, required: required.has(f) });
      if (r.ok) out[f] = r.value;
      else issue(f, r.error);
    }
    if (fields.includes("code_postal") && !wrong.has("code_postal")) {
      const msg = postcodeIssue((out.code_postal as string | null) ?? null, (out.pays as string | null) ?? null);
      if (msg) issue("code_postal", msg);
    }
    // A PPS is checked against its expiry: required with the identifier, valid today and on race day.
    if (fields.includes("pps_expiration") && type === "pps" && !wrong.has("pps_expiration")) {
      const expiration = out.pps_expiration as string | null;
      if (!expiration && out.pps_identifier) issue("pps_expiration", PPS_EXPIRATION_REQUIRED);
      else if (expiration) {
        const problem = ppsExpiryIssue(expiration, { today, raceDate: race?.date });
        if (problem) issue("pps_expiration", problem.message);
      }
    }
    // The race's age rules, on the birth date (required when a rule depends on it).
    if (race && fields.includes("date_naissance") && !wrong.has("date_naissance")) {
      const birth = out.date_naissance as string | null;
      if (!birth && needsBirthDate(race)) issue("date_naissance", RUNNER_FIELD_MSG.birthDateForRace);
      else {
        const problem = eligibilityIssue(birth, race);
        if (problem) issue("date_naissance", problem.message);
      }
    }
    out.apparaitre_resultats = checkbox(input.apparaitre_resultats);
    return out as RunnerFieldValues;
  });
}
