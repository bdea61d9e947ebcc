// Registration rules (spec sections 4, 5, 8 and 9): totals in cents, meal counts, place holds and capacity,
// and the one form schema shared by /inscription/{courseId}'s form and action. Pure: no I/O, no clock.
import { z } from "zod";
import type { RaceFormat } from "./eligibility";
import { DomainError } from "./errors";
import { LOGIN_TO_PAY } from "./registration-messages";
import {
  JUSTIFICATIF_TYPES,
  makeRunnerFieldsSchema,
  RUNNER_FIELD_MSG,
  RUNNER_FIELD_LABELS,
  RUNNER_PERSONAL_FIELDS,
  type RunnerPersonalField,
} from "./runner-fields";
import { availability, type Availability } from "./waitlist";
import { fieldErrors, fieldOfIssue } from "./form-errors";
import { fullness, type PricedFormat, REGISTRATION_PERSONAL_COLUMNS, registrationTotals } from "./registration-rules";

export const REGISTRATION_MSG = {
  login: LOGIN_TO_PAY,
  format: "Veuillez sélectionner un format.",
  formatUnknown: "Ce format n'existe pas pour cette course.",
  formatFullNamed: (name: string) => `Le format ${name} est complet.`,
  formatFull: "Ce format est complet.",
  formatHeld: (name: string) =>
    `Toutes les places du format ${name} sont prises, dont certaines par des paiements en cours : si l'un d'eux n'aboutit pas, la place revient en vente. Réessayez dans quelques minutes.`,
  formatFullWaitlist: (name: string) =>
    `Le format ${name} est complet : rejoignez sa liste d'attente, la prochaine place libérée vous sera proposée dans l'ordre.`,
  waitlistOpen: (name: string) => `Des places sont disponibles dans le format ${name} : inscrivez-vous directement.`,
  waitlistClosed: (name: string) => `Le format ${name} n'a pas de liste d'attente.`,
  outsideWindow: (name: string) => `Les inscriptions au format ${name} ne sont pas ouvertes en ce moment.`,
  email: RUNNER_FIELD_MSG.email,
  emailInvalid: RUNNER_FIELD_MSG.emailInvalid,
  nom: RUNNER_FIELD_MSG.nom,
  prenom: RUNNER_FIELD_MSG.prenom,
  repas: (stock: number) =>
    stock > 0
      ? `Le nombre de repas doit être un nombre entier entre 0 et ${stock}.`
      : "Aucun repas n'est proposé pour ce format.",
  repasEpuises: (left: number) =>
    left > 0
      ? `Il ne reste que ${left} repas pour ce format : choisissez-en ${left} au plus.`
      : "Il n'y a plus de repas disponibles pour ce format.",
  alreadyRegistered: (name: string) =>
    `Vous avez déjà une inscription au format ${name} : un coureur ne prend qu'une place par format.`,
  personRegistered: (name: string) =>
    `Ce coureur a déjà une place au format ${name} (même nom et date de naissance, ou même licence ou PPS) : un coureur ne prend qu'une place par format.`,
  paiementEnCours:
    "Votre paiement précédent pour ce format est en cours de validation : votre inscription sera confirmée avec ce qui a été payé. Revenez dans quelques minutes pour la modifier.",
  justificatif: RUNNER_FIELD_MSG.justificatifRequired,
  tooLong: RUNNER_FIELD_MSG.tooLong,
  saveError: "Erreur lors de l'enregistrement de l'inscription.",
  paymentError: "Erreur lors de la création du paiement.",
  paymentNoUrl: "Erreur lors de la création du paiement (pas d'URL).",
  noFormat: "Aucun format disponible pour cette course.",
  closed:
    "Les inscriptions ne sont pas encore ouvertes pour cette course\u00a0: l'organisateur doit finaliser la configuration de son compte de paiement.",
  offline: "Cette épreuve est hors-ligne.",
  missingParams: "Paramètres manquants.",
  verifyError: "Erreur de vérification.",
  retryError: "Impossible de relancer le paiement.",
  retryNoUrl: "URL de redirection manquante.",
  success: "Inscription validée ! Un e-mail de confirmation a été envoyé.",
} as const;

/** Domain error codes of the registration use case, each mapped to the spec's French message. */
export type RegistrationErrorCode =
  | "non_connecte"
  | "format_manquant"
  | "format_inconnu"
  | "format_complet"
  | "format_en_paiement"
  | "format_liste_attente"
  | "hors_periode"
  | "inscriptions_fermees"
  | "epreuve_hors_ligne"
  | "enregistrement"
  | "paiement"
  | "paiement_sans_url"
  | "relance_impossible"
  | "repas_epuises"
  | "paiement_en_cours"
  | "deja_inscrit"
  | "coureur_deja_inscrit";

/** The HTTP status of each code: the provider failing 502, any refusal of the registration 409. */
export const REGISTRATION_ERROR_STATUS: Record<RegistrationErrorCode, number> = {
  non_connecte: 401,
  format_manquant: 400,
  format_inconnu: 404,
  format_complet: 409,
  format_en_paiement: 409,
  format_liste_attente: 409,
  hors_periode: 409,
  inscriptions_fermees: 409,
  epreuve_hors_ligne: 409,
  enregistrement: 409,
  paiement: 502,
  paiement_sans_url: 502,
  relance_impossible: 409,
  repas_epuises: 409,
  paiement_en_cours: 409,
  deja_inscrit: 409,
  coureur_deja_inscrit: 409,
};

/** The registration form's field a code's message goes beside: the format chosen, or the number of meals. */
const REGISTRATION_ERROR_FIELD: Partial<Record<RegistrationErrorCode, string>> = {
  format_complet: "format_id",
  format_en_paiement: "format_id",
  format_liste_attente: "format_id",
  hors_periode: "format_id",
  repas_epuises: "nombre_repas",
};

export class RegistrationError extends DomainError<RegistrationErrorCode> {
  readonly formatName?: string | null;
  /** The runner's own registration the error is about ('deja_inscrit'): the page links to it. */
  readonly inscriptionId?: string;
  constructor(code: RegistrationErrorCode, formatName?: string | null, inscriptionId?: string) {
    super(
      code,
      REGISTRATION_ERROR_STATUS[code],
      registrationErrorMessage(code, formatName),
      REGISTRATION_ERROR_FIELD[code],
    );
    this.name = "RegistrationError";
    this.formatName = formatName;
    this.inscriptionId = inscriptionId;
  }
}

/** Each code's French text; `formatName` is the format's name (for `repas_epuises`, the meals left). */
const REGISTRATION_ERROR_TEXT: Record<RegistrationErrorCode, (formatName?: string | null) => string> = {
  non_connecte: () => REGISTRATION_MSG.login,
  format_manquant: () => REGISTRATION_MSG.format,
  format_inconnu: () => REGISTRATION_MSG.formatUnknown,
  format_complet: (formatName) =>
    formatName ? REGISTRATION_MSG.formatFullNamed(formatName) : REGISTRATION_MSG.formatFull,
  format_en_paiement: (formatName) => REGISTRATION_MSG.formatHeld(formatName ?? ""),
  hors_periode: (formatName) => REGISTRATION_MSG.outsideWindow(formatName ?? ""),
  format_liste_attente: (formatName) => REGISTRATION_MSG.formatFullWaitlist(formatName ?? ""),
  inscriptions_fermees: () => REGISTRATION_MSG.closed,
  epreuve_hors_ligne: () => REGISTRATION_MSG.offline,
  enregistrement: () => REGISTRATION_MSG.saveError,
  paiement: () => REGISTRATION_MSG.paymentError,
  paiement_sans_url: () => REGISTRATION_MSG.paymentNoUrl,
  relance_impossible: () => REGISTRATION_MSG.retryError,
  repas_epuises: (formatName) => REGISTRATION_MSG.repasEpuises(Number(formatName ?? 0)),
  paiement_en_cours: () => REGISTRATION_MSG.paiementEnCours,
  deja_inscrit: (formatName) => REGISTRATION_MSG.alreadyRegistered(formatName ?? ""),
  coureur_deja_inscrit: (formatName) => REGISTRATION_MSG.personRegistered(formatName ?? ""),
};

export function registrationErrorMessage(code: RegistrationErrorCode, formatName?: string | null): string {
  return REGISTRATION_ERROR_TEXT[code](formatName);
}

/**
 * Registrations are open when the organiser's payment account exists and may take card payments (spec section 2:
 * 'Payment is blocked until the organiser's payment account is configured'). The event page hides 'S'inscrire'
 * and the registration page refuses to start a checkout otherwise.
 */
export function canTakePayments(organiser: {
  accountId: string | null | undefined;
  chargesEnabled: boolean | number | null | undefined;
}): boolean {
  return Boolean(organiser.accountId) && Boolean(organiser.chargesEnabled);
}

// ---------------------------------------------------------------- money

/** The meal count typed by the runner, or null when it is not a whole number from 0 to the meal stock. */
export function parseMealCount(raw: unknown, stock: number): number | null {
  const s = typeof raw === "string" ? raw.trim() : raw == null ? "" : String(raw);
  if (s === "") return 0;
  if (!/^\d{1,4}$/.test(s)) return null;
  const n = Number(s);
  return n >= 0 && n <= Math.max(0, stock) ? n : null;
}

// ---------------------------------------------------------------- holds and capacity

// ---------------------------------------------------------------- the form

export interface FormatChoice extends PricedFormat {
  id: string;
  nom: string;
  nb_max_coureurs: number | null;
  taken: number;
  /** Of the places taken, those held by checkouts in progress (they may come back: not 'complet', issue 42). */
  held?: number;
  /** Meals held by registrations that hold their place (the same definition as places). */
  meals_taken?: number;
  /** Runners waiting on the format's list (not yet offered a place), and whether the list is on (issue 20). */
  waiting?: number;
  liste_attente_active?: boolean;
  /** Registrations not open yet, or closed (issue 21): the statement to show; absent or null while open. */
  fenetre?: string | null;
  // What the race's rules need (app/domain/eligibility.ts); unknown values mean no rule depends on them.
  date?: string | null;
  type_epreuve?: string | null;
  distance_km?: number | null;
  denivele_dplus?: number | null;
  age_minimum?: number | null;
}

/** The format as the race rules read it: walks need no justificatif, the race day for the PPS and the age rules. */
export function raceOf(f: FormatChoice): RaceFormat {
  return {
    date: f.date ?? null,
    type_epreuve: f.type_epreuve ?? null,
    distance_km: f.distance_km ?? null,
    denivele_dplus: f.denivele_dplus ?? null,
    age_minimum: f.age_minimum ?? null,
  };
}

/** What a newcomer finds in the format: a place now, the waiting list, or nothing (app/domain/waitlist.ts). */
export function formatAvailability(f: FormatChoice): Availability {
  return availability({
    cap: f.nb_max_coureurs,
    taken: f.taken,
    waiting: f.waiting ?? 0,
    listEnabled: f.liste_attente_active ?? false,
  });
}

/** The form's two submits: take a place and pay, or join the waiting list of a full format. */
export type RegistrationIntent = "register" | "waitlist";

export { JUSTIFICATIF_TYPES };

export const REGISTRATION_FIELDS = ["format_id", ...RUNNER_PERSONAL_FIELDS, "nombre_repas"] as const;

/** The registration form's fields as its error summary names them: the runner's fields' one set of labels. */
export const REGISTRATION_FIELD_LABELS: Record<(typeof REGISTRATION_FIELDS)[number], string> = {
  format_id: "Format",
  ...RUNNER_FIELD_LABELS,
  nombre_repas: "Nombre de repas",
};

export type RegistrationPersonal = Pick<RegistrationInput, (typeof REGISTRATION_PERSONAL_COLUMNS)[number]>;

/** Those columns of a parsed registration. */
export function personalOf(input: RegistrationInput): RegistrationPersonal {
  return Object.fromEntries(REGISTRATION_PERSONAL_COLUMNS.map((k) => [k, input[k]])) as RegistrationPersonal;
}

export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
/** What the form shows: every field as typed, plus the results checkbox and the promo code typed (ADR 0214). */
export type RegistrationValues = Record<RegistrationField, string> & {
  apparaitre_resultats: boolean;
  code_promo?: string;
};

/** What registration requires besides nom and prénom (spec section 5): an e-mail, and licence or PPS (not for a walk). */
export const REGISTRATION_REQUIRED: readonly RunnerPersonalField[] = ["email", "justificatif_type"];

/**
 * The registration form's schema, built for the event's formats (it checks the choice, the capacity shown and
 * the meal stock of the chosen format) and the Paris day `today` (no birth date after it). The runner's fields
 * follow the one set of rules of app/domain/runner-fields.ts, as the self-edit and the organiser's edits do, with the
 * chosen format's race rules (no justificatif for a walk, a PPS valid on race day, age and category).
 */
export function makeRegistrationSchema(
  formats: readonly FormatChoice[],
  today: string,
  intent: RegistrationIntent = "register",
) {
  const runnerSchema = (f: FormatChoice | undefined) =>
    makeRunnerFieldsSchema(today, { required: REGISTRATION_REQUIRED, race: f ? raceOf(f) : null });
  const chosen = (id: string) => (id ? formats.find((x) => x.id === id) : undefined);
  return z
    .object({
      format_id: z.string().trim().min(1, REGISTRATION_MSG.format),
      nombre_repas: z.string(),
      runner: z.record(z.unknown()),
    })
    .superRefine((v, ctx) => {
      const f = chosen(v.format_id);
      if (v.format_id && !f)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["format_id"], message: REGISTRATION_MSG.formatUnknown });
      if (f?.fenetre) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["format_id"], message: `${f.nom} : ${f.fenetre}.` });
      } else if (f) {
        const found = formatAvailability(f);
        const refusal =
          intent === "register"
            ? found === "waitlist"
              ? REGISTRATION_MSG.formatFullWaitlist(f.nom)
              : found === "full"
                ? fullness(f.nb_max_coureurs, f.taken, f.held ?? 0) === "en_paiement"
                  ? REGISTRATION_MSG.formatHeld(f.nom)
                  : REGISTRATION_MSG.formatFullNamed(f.nom)
                : null
            : found === "open"
              ? REGISTRATION_MSG.waitlistOpen(f.nom)
              : found === "full"
                ? REGISTRATION_MSG.waitlistClosed(f.nom)
                : null;
        if (refusal) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["format_id"], message: refusal });
      }
      if (f && parseMealCount(v.nombre_repas, f.stock_repas) === null) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["nombre_repas"],
          message: REGISTRATION_MSG.repas(f.stock_repas),
        });
      }
      // The runner's fields: with the chosen format's rules when there is one, the field rules alone otherwise.
      const r = runnerSchema(f).safeParse(v.runner);
      if (!r.success) {
        for (const issue of r.error.issues)
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["runner", ...issue.path], message: issue.message });
      }
    })
    .transform((v) => {
      const f = chosen(v.format_id)!;
      const runner = runnerSchema(f).parse(v.runner);
      const meals = parseMealCount(v.nombre_repas, f.stock_repas) ?? 0;
      return {
        ...runner,
        email: runner.email as string,
        justificatif_type: runner.justificatif_type as (typeof JUSTIFICATIF_TYPES)[number] | null,
        format_id: v.format_id,
        nombre_repas: meals,
        format: f,
        totals: registrationTotals(f, meals),
      };
    });
}

export type RegistrationInput = z.output<ReturnType<typeof makeRegistrationSchema>>;

/** Reads the posted form as typed (strings), for the schema and to re-render the form. */
export function formValues(form: FormData | URLSearchParams): RegistrationValues {
  const get = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  const values = Object.fromEntries(REGISTRATION_FIELDS.map((k) => [k, get(k)])) as Record<RegistrationField, string>;
  return { ...values, apparaitre_resultats: form.get("apparaitre_resultats") === "on", code_promo: get("code_promo") };
}

export type ParsedRegistration =
  | { ok: true; data: RegistrationInput }
  | { ok: false; errors: Partial<Record<RegistrationField, string>> };

export function parseRegistration(
  values: RegistrationValues,
  formats: readonly FormatChoice[],
  today: string,
  intent: RegistrationIntent = "register",
): ParsedRegistration {
  const r = makeRegistrationSchema(formats, today, intent).safeParse({
    format_id: values.format_id,
    nombre_repas: values.nombre_repas,
    runner: values,
  });
  if (r.success) return { ok: true, data: r.data };
  // The runner's fields are nested under "runner": the message goes next to the field itself.
  const errors = fieldErrors(r.error, (path) => fieldOfIssue(path[0] === "runner" ? path.slice(1) : path)) as Partial<
    Record<RegistrationField, string>
  >;
  return { ok: false, errors };
}

/**
 * The format a page opens with: `?format=` when it is one of the event's open formats (or one whose waiting list
 * the runner can join), else the only open one, else none.
 */
export function preselectFormat(formats: readonly FormatChoice[], wanted: string | null | undefined): string {
  const open = formats.filter((f) => !f.fenetre && formatAvailability(f) === "open");
  if (wanted && formats.some((f) => f.id === wanted && !f.fenetre && formatAvailability(f) === "waitlist"))
    return wanted;
  if (wanted && open.some((f) => f.id === wanted)) return wanted;
  return open.length === 1 ? open[0].id : "";
}
