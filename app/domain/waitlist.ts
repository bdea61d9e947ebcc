// The waiting list of a full format (issue 20): who may join, the order, what a freed place becomes (an offer held
// for the first runner in order, with a deadline that shrinks as race day nears), and the French texts. Pure: no
// I/O, no clock read (pass `now`). The use cases are app/services/waitlist.server.ts. docs/decisions/0131-waiting-list.md
import { z } from "zod";
import { codesOf, labelOf } from "./labels";
import { csvRow, type CsvValue } from "./csv";
import { tabledError } from "./errors";
import { closesAt } from "./registration-window";

/** An offer is held this long… */
export const OFFER_HOURS = 48;
/** …or this long when the race starts within NEAR_RACE_DAYS days… */
export const OFFER_HOURS_NEAR_RACE = 12;
export const NEAR_RACE_DAYS = 7;
/** …and never past the close of registrations; an offer shorter than this is not made (nobody could act on it). */
export const MIN_OFFER_MINUTES = 60;

export const WAITLIST_STATUT_LABELS = {
  en_liste: "En attente",
  offre: "Offre envoyée",
  acceptee: "Offre acceptée",
  offre_expiree: "Offre expirée",
  retiree: "A quitté la liste",
  supprimee: "Retiré par l'organisateur",
};
export type WaitlistStatut = keyof typeof WAITLIST_STATUT_LABELS;
export const WAITLIST_STATUTS = codesOf(WAITLIST_STATUT_LABELS);
/** Entries that still wait for a place, or hold one on offer: one per runner and format. */
export const RUNNING_STATUTS: readonly WaitlistStatut[] = ["en_liste", "offre"];

export function waitlistStatutLabel(statut: string): string {
  return labelOf(WAITLIST_STATUT_LABELS, statut);
}

/** When registrations to the format close (app/domain/registration-window.ts): offers never run past it. */
export const registrationClosesAt = closesAt;

/**
 * The deadline of an offer made at `now`: 48 h, 12 h when the race starts within 7 days, never past the close of
 * registrations. Null when the offer could not last MIN_OFFER_MINUTES (too late: no offer is made).
 */
export function offerDeadline(now: Date, closesAt: Date | null): Date | null {
  const nearRace = closesAt != null && closesAt.getTime() - now.getTime() <= NEAR_RACE_DAYS * 86_400_000;
  let end = now.getTime() + (nearRace ? OFFER_HOURS_NEAR_RACE : OFFER_HOURS) * 3_600_000;
  if (closesAt && closesAt.getTime() < end) end = closesAt.getTime();
  if (end - now.getTime() < MIN_OFFER_MINUTES * 60_000) return null;
  // Whole seconds: the deadline is shown and compared as text.
  return new Date(Math.floor(end / 1000) * 1000);
}

export type Availability = "open" | "waitlist" | "full";

/**
 * What a newcomer finds in a format: 'open' (a place to take now), 'waitlist' (full, or places being offered to
 * the runners already waiting: join the list), 'full' (full and no list). Places taken are counted as
 * app/db/registration-store/capacity.server.ts counts them (validated, running holds, running offers).
 */
export function availability(f: {
  cap: number | null | undefined;
  taken: number;
  waiting: number;
  listEnabled: boolean;
}): Availability {
  if (f.cap == null) return "open";
  const placeFree = f.taken < f.cap;
  if (placeFree && (!f.listEnabled || f.waiting === 0)) return "open";
  return f.listEnabled ? "waitlist" : "full";
}

/** How many offers a format can make now: its free places, at most the runners waiting. */
export function offersToMake(cap: number | null | undefined, taken: number, waiting: number): number {
  if (cap == null) return Math.max(0, waiting);
  return Math.max(0, Math.min(cap - taken, waiting));
}

/** The meals an offer takes: the ones asked for when joining if that many are left, else none (said in the offer). */
export function offerMeals(wanted: number, left: number): number {
  return wanted > 0 && wanted <= left ? wanted : 0;
}

/** French ordinal: 1er (1re for a woman), 2e, 3e… */
export function ordinal(n: number, genre?: string | null): string {
  if (n === 1) return genre === "Femme" ? "1re" : "1er";
  return `${n}e`;
}

/** 'Vous êtes 4e sur la liste d'attente' */
export function positionSentence(position: number, genre?: string | null): string {
  return `Vous êtes ${ordinal(position, genre)} sur la liste d'attente`;
}

export type WaitlistErrorCode =
  | "liste_fermee"
  | "places_disponibles"
  | "deja_en_liste"
  | "deja_inscrit"
  | "introuvable"
  | "offre_expiree"
  | "inscriptions_closes";

export const WAITLIST_MESSAGES: Record<WaitlistErrorCode, string> = {
  liste_fermee: "Ce format n'a pas de liste d'attente.",
  places_disponibles: "Des places sont disponibles : inscrivez-vous directement.",
  deja_en_liste: "Vous êtes déjà sur la liste d'attente de ce format.",
  deja_inscrit: "Vous avez déjà une place dans ce format.",
  introuvable: "Cette place en liste d'attente est introuvable.",
  offre_expiree: "Cette offre a expiré : la place a été proposée au coureur suivant.",
  inscriptions_closes: "Les inscriptions à ce format sont closes.",
};

/** The HTTP status of each code: a missing entry 404, any other refusal 409. */
export const WAITLIST_ERROR_STATUS: Record<WaitlistErrorCode, number> = {
  liste_fermee: 409,
  places_disponibles: 409,
  deja_en_liste: 409,
  deja_inscrit: 409,
  introuvable: 404,
  offre_expiree: 409,
  inscriptions_closes: 409,
};

/** The registration form's field a code's message goes beside (the format chosen). */
const WAITLIST_ERROR_FIELD: Partial<Record<WaitlistErrorCode, string>> = {
  liste_fermee: "format_id",
  places_disponibles: "format_id",
};

export class WaitlistError extends tabledError<WaitlistErrorCode>(
  "WaitlistError",
  WAITLIST_ERROR_STATUS,
  WAITLIST_MESSAGES,
  WAITLIST_ERROR_FIELD,
) {}

/** The flash messages of the runner's waiting-list actions (by code, in the URL). */
export const WAITLIST_NOTICES = {
  rejointe: "Votre inscription sur la liste d'attente est enregistrée. Nous vous écrirons dès qu'une place se libère.",
  quittee: "Vous avez quitté la liste d'attente.",
} as const;
export type WaitlistNotice = keyof typeof WAITLIST_NOTICES;

// ---------------------------------------------------------------- leaving the list (issue 42)

export const WAITLIST_ACTION_MSG = {
  unknown: "Action inconnue.",
  confirm: "Confirmez d'abord que vous quittez la liste d'attente\u00a0: votre place est gardée.",
} as const;

/**
 * The runner's waiting-list page's forms: pay the offer, or leave the list. Leaving loses the rank for good, so the
 * server asks for the confirmation page's field (`confirmation=oui`): a bare 'quitter' removes nothing.
 */
export const waitlistActionSchema = z
  .object({
    intent: z.enum(["payer", "quitter"], { message: WAITLIST_ACTION_MSG.unknown }),
    confirmation: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.intent === "quitter" && v.confirmation !== "oui")
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmation"], message: WAITLIST_ACTION_MSG.confirm });
  });

/** The confirmation page's question: what the runner loses by leaving (their rank, or the place held for them). */
export function leaveQuestion(statut: string, position: number): string {
  const ask = "Voulez-vous vraiment quitter la liste d'attente\u00a0?";
  if (statut === "offre") return `${ask} La place qui vous est réservée sera proposée au coureur suivant.`;
  return `${ask} Vous perdrez votre rang (n°\u00a0${position}).`;
}

// ---------------------------------------------------------------- the organiser's export

export const WAITLIST_CSV_HEADER = [
  "Rang",
  "Nom",
  "Prénom",
  "Email",
  "Inscrit sur la liste le",
  "Statut",
  "Offres envoyées",
  "Offre jusqu'au",
] as const;

export interface WaitlistExportRow {
  position: number;
  nom: string | null;
  prenom: string | null;
  email: string;
  created_at: string;
  statut: string;
  offres_envoyees: number;
  offre_expires_at: string | null;
}

/** One line of the export; dates as the organiser reads them (`formatDateTime`, passed in: no formatting here). */
export function waitlistCsvLine(r: WaitlistExportRow, formatDateTime: (iso: string | null) => string): string {
  const cells: CsvValue[] = [
    r.position,
    r.nom,
    r.prenom,
    r.email,
    formatDateTime(r.created_at),
    waitlistStatutLabel(r.statut),
    r.offres_envoyees,
    r.statut === "offre" ? formatDateTime(r.offre_expires_at) : "",
  ];
  return csvRow(cells);
}
