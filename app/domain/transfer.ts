// Bib transfer (issue 22): a runner who cannot run hands their place to another runner, through Balise, at face
// value. The rules: when a transfer may be offered, how long the offer lasts, the money split, the forms and the
// French texts. Pure: no I/O, no clock read (pass `now`). The use cases are app/services/transfer.server.ts.
// docs/decisions/0170-bib-transfer.md
import { z } from "zod";
import { codesOf, labelOf } from "./labels";
import { formatEuros } from "~/domain/format";
import type { RaceFormat } from "./eligibility";
import { DomainError } from "./errors";
import { parisInstant } from "./paris-time";
import { parseMealCount } from "./registration";
import { makeRunnerFieldsSchema, RUNNER_RACE_FIELDS, type RunnerPersonalField } from "./runner-fields";
import { closesAt } from "./registration-window";

/** An offer is held this long, never past the format's transfer closing date nor the race's start. */
export const TRANSFER_OFFER_HOURS = 72;
/** An offer shorter than this is not made (nobody could act on it). */
export const MIN_TRANSFER_OFFER_MINUTES = 60;

/** The statuses of a transfer offer (table `cessions`). */
export const CESSION_STATUT_LABELS = {
  ouverte: "Proposée",
  payee: "Transférée",
  retiree: "Retirée",
  expiree: "Expirée",
};
export type CessionStatut = keyof typeof CESSION_STATUT_LABELS;
export const CESSION_STATUTS = codesOf(CESSION_STATUT_LABELS);

export function cessionStatutLabel(statut: string): string {
  return labelOf(CESSION_STATUT_LABELS, statut);
}

/** The format's transfer settings (set by the organiser in the event form). */
export interface TransferSettings {
  cession_active: boolean | number;
  /** Last day (YYYY-MM-DD, Paris) a transfer may be offered and paid; null: until the race's start. */
  cession_cloture: string | null;
  cession_frais_cents: number;
  date: string | null;
  heure_depart: string | null;
  /** The bib number follows the place (default), or the organiser gives a new one. */
  cession_dossard_suit?: boolean | number;
  /** The seller's meals follow the place (the buyer takes and pays them); by default each chooses their own. */
  cession_repas_suivent?: boolean | number;
}

/** When transfers close: the end of the closing day (Paris), never after the race's start. Null: no end known. */
export function transferClosesAt(f: TransferSettings): Date | null {
  const start = closesAt({ date: f.date, heure_depart: f.heure_depart });
  let close: Date | null = null;
  if (f.cession_cloture) {
    const day = parisInstant(f.cession_cloture);
    // The whole closing day: up to the next midnight, Paris.
    if (day) close = parisInstant(nextDay(f.cession_cloture)) ?? new Date(day.getTime() + 86_400_000);
  }
  if (start && close) return new Date(Math.min(start.getTime(), close.getTime()));
  return start ?? close;
}

function nextDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The deadline of an offer made at `now`: 72 h, never past the transfer close. Null when it could not last an hour. */
export function transferOfferDeadline(now: Date, closes: Date | null): Date | null {
  let end = now.getTime() + TRANSFER_OFFER_HOURS * 3_600_000;
  if (closes && closes.getTime() < end) end = closes.getTime();
  if (end - now.getTime() < MIN_TRANSFER_OFFER_MINUTES * 60_000) return null;
  return new Date(Math.floor(end / 1000) * 1000);
}

/** Why a format no longer takes transfers: turned off by the organiser, or their last day (or the start) went by. */
export type TransferClosedReason = "cession_fermee" | "cession_close";

/**
 * Does the format still take transfers now? Null when it does; otherwise why not: the organiser turned them off
 * ('cession_fermee'), or their last day (or the race's start) went by ('cession_close'). Checked when an offer is
 * accepted and when its payment arrives, and by the cron and the event form's save for the offers running
 * (decision 0196).
 */
export function transferClosedReason(f: TransferSettings, now: Date): TransferClosedReason | null {
  if (!f.cession_active) return "cession_fermee";
  const closes = transferClosesAt(f);
  return closes && closes.getTime() <= now.getTime() ? "cession_close" : null;
}

export type TransferErrorCode =
  | "inscription_introuvable"
  | "cession_fermee"
  | "cession_close"
  | "non_payee"
  | "deja_proposee"
  | "offre_introuvable"
  | "offre_terminee"
  | "mauvais_compte"
  | "deja_inscrit"
  | "repas_epuises"
  | "cession_en_cours"
  | "liste_vide";

export const TRANSFER_MESSAGES: Record<TransferErrorCode, string> = {
  inscription_introuvable: "Inscription introuvable.",
  cession_fermee: "L'organisateur n'autorise pas le transfert de dossard sur ce format.",
  cession_close: "La date limite de transfert de dossard est passée.",
  non_payee: "Seule une inscription validée et payée peut être transférée.",
  deja_proposee: "Ce dossard est déjà proposé au transfert : retirez d'abord l'offre en cours.",
  offre_introuvable: "Cette offre de transfert n'existe pas ou ne vous est pas destinée.",
  offre_terminee: "Cette offre de transfert n'est plus disponible (retirée, expirée ou déjà acceptée).",
  mauvais_compte:
    "Cette offre a été envoyée à une autre adresse e-mail : connectez-vous avec le compte de cette adresse.",
  deja_inscrit: "Vous êtes déjà inscrit·e sur ce format.",
  repas_epuises: "Il ne reste plus assez de repas : choisissez-en moins.",
  cession_en_cours:
    "Ce dossard est proposé au transfert : retirez l'offre avant d'annuler l'inscription (rien n'a été annulé).",
  liste_vide:
    "Personne n'attend sur la liste d'attente de ce format : proposez votre dossard à une personne de votre choix.",
};

/**
 * The HTTP status of each code: an offer that is not there (or not this account's) 404, one sent to another address
 * 403, any other refusal 409 (shown on the form that asked; a registration not found there too).
 */
export const TRANSFER_ERROR_STATUS: Record<TransferErrorCode, number> = {
  inscription_introuvable: 409,
  cession_fermee: 409,
  cession_close: 409,
  non_payee: 409,
  deja_proposee: 409,
  offre_introuvable: 404,
  offre_terminee: 409,
  mauvais_compte: 403,
  deja_inscrit: 409,
  repas_epuises: 409,
  cession_en_cours: 409,
  liste_vide: 409,
};

export class TransferError extends DomainError<TransferErrorCode> {
  constructor(code: TransferErrorCode) {
    // Too few meals left: the message goes beside the buyer's number of meals.
    super(
      code,
      TRANSFER_ERROR_STATUS[code],
      TRANSFER_MESSAGES[code],
      code === "repas_epuises" ? "nombre_repas" : undefined,
    );
    this.name = "TransferError";
  }
}

/**
 * May the owner of a registration offer it for transfer now? Only a validated, paid registration, in a format whose
 * organiser allows transfers, before the transfer close, and not already on offer.
 */
export function canOfferTransfer(input: {
  statut: string;
  paid: boolean;
  settings: TransferSettings;
  openOffer: boolean;
  now: Date;
}): { ok: true; deadline: Date } | { ok: false; code: TransferErrorCode } {
  if (!input.settings.cession_active) return { ok: false, code: "cession_fermee" };
  if (input.statut !== "validee" || !input.paid) return { ok: false, code: "non_payee" };
  if (input.openOffer) return { ok: false, code: "deja_proposee" };
  const deadline = transferOfferDeadline(input.now, transferClosesAt(input.settings));
  if (!deadline) return { ok: false, code: "cession_close" };
  return { ok: true, deadline };
}

// ---------------------------------------------------------------- money

/** The organiser's fee is kept from the seller's refund: it never exceeds the place's price (decision 0196). */
export function transferFeeAbovePrice(f: { cession_frais_cents: number; prix_cents: number }): boolean {
  return f.cession_frais_cents > f.prix_cents;
}

export const transferFeeAbovePriceMessage = (prixCents: number) =>
  `Les frais de transfert ne peuvent pas dépasser le prix de l'inscription (${formatEuros(prixCents)}).`;

export interface TransferSplitInput {
  /** What the seller paid (their charge's total, meals included) and what was already refunded of it. */
  sellerPaidCents: number;
  sellerRefundedCents?: number;
  /** The provider's fee on the seller's charge: the provider keeps it (non-refundable). */
  sellerProviderFeeCents: number;
  /** The organiser's transfer fee (kept by the organiser), as set on the format. */
  organiserFeeCents: number;
  /** The format's price of a place today. */
  formatPriceCents: number;
  /** What the seller paid for the place itself, meals aside (its face value; null: unknown, the format's price). */
  sellerPlaceCents?: number | null;
  buyerMealsCents?: number;
}

export interface TransferSplit {
  /** Refunded to the seller: price paid − organiser fee − provider's non-refundable fee (never below 0). */
  sellerRefundCents: number;
  /** Kept from the seller's payment: the organiser's fee (as much of it as the payment covers). */
  organiserKeepsCents: number;
  /** Kept from the seller's payment: the provider's fee. */
  providerKeepsCents: number;
  /** The buyer pays the place's face value (and their own meals): never more. */
  buyerPaysCents: number;
}

/**
 * What the buyer pays for a transferred place (issue 42): at most what the seller paid for it (its face value), and
 * never more than the format's price today: a bib bought 20 € costs its buyer 20 € even if the format now costs 30 €.
 */
export function transferPlacePrice(formatPriceCents: number, sellerPlaceCents: number | null | undefined): number {
  const price = Math.max(0, Math.trunc(formatPriceCents));
  if (sellerPlaceCents == null) return price;
  return Math.min(price, Math.max(0, Math.trunc(sellerPlaceCents)));
}

/**
 * The money of a transfer, integer cents. The seller gets back at most what they paid: their payment minus the
 * provider's fee (which the provider keeps) and the organiser's fee; the platform's commission on the seller's
 * payment is given up (the platform takes its commission on the buyer's payment, so once per place). The buyer pays
 * the place's face value (transferPlacePrice: what the seller paid for it, at most the format's price; no mark-up
 * possible: the seller sets no price).
 */
export function transferSplit(input: TransferSplitInput): TransferSplit {
  const cents = (n: number | undefined) => Math.max(0, Math.trunc(n ?? 0));
  const paid = Math.max(0, cents(input.sellerPaidCents) - cents(input.sellerRefundedCents));
  const provider = Math.min(paid, cents(input.sellerProviderFeeCents));
  const organiser = Math.min(paid - provider, cents(input.organiserFeeCents));
  return {
    sellerRefundCents: paid - provider - organiser,
    organiserKeepsCents: organiser,
    providerKeepsCents: provider,
    buyerPaysCents: transferPlacePrice(input.formatPriceCents, input.sellerPlaceCents) + cents(input.buyerMealsCents),
  };
}

// ---------------------------------------------------------------- forms

export const TRANSFER_FORM_MSG = {
  email: "Saisissez l'adresse e-mail de la personne à qui vous cédez votre dossard (exemple\u00a0: nom@exemple.fr).",
  self: "Saisissez l'adresse d'une autre personne que vous.",
  confirm: "Cochez la case pour confirmer que vous cédez votre dossard.",
  offered: "Offre de transfert envoyée : la personne invitée a reçu un lien par e-mail.",
  withdrawn: "Offre de transfert retirée : votre inscription reste valide.",
  offeredToList:
    "Offre de transfert envoyée au premier coureur de la liste d'attente : s'il ne la prend pas à temps, elle passe au suivant.",
} as const;

/** Who the seller offers the bib to: a person they name (an e-mail), or the format's waiting list (decision 0171). */
export type TransferRecipient = "personne" | "liste";
export const transferRecipient = (v: string | undefined): TransferRecipient => (v === "liste" ? "liste" : "personne");

/** The seller's form when the offer goes to the waiting list: only the confirmation. */
export const TransferToWaitlistSchema = z.object({
  cession_confirmation: z
    .string({ required_error: TRANSFER_FORM_MSG.confirm, invalid_type_error: TRANSFER_FORM_MSG.confirm })
    .refine((v) => v === "on", TRANSFER_FORM_MSG.confirm),
});

/**
 * The seller's form (on /mon-inscription/{id}, beside the self-edit form whose fields are named after the columns):
 * the invited person's e-mail and the confirmation. `ownEmail` is the seller's account e-mail.
 */
export function makeTransferOfferSchema(ownEmail: string) {
  return z.object({
    cession_email: z
      .string({ required_error: TRANSFER_FORM_MSG.email })
      .trim()
      .toLowerCase()
      .max(254, TRANSFER_FORM_MSG.email)
      .email(TRANSFER_FORM_MSG.email)
      .refine((e) => e !== ownEmail.trim().toLowerCase(), TRANSFER_FORM_MSG.self),
    cession_confirmation: z
      .string({ required_error: TRANSFER_FORM_MSG.confirm, invalid_type_error: TRANSFER_FORM_MSG.confirm })
      .refine((v) => v === "on", TRANSFER_FORM_MSG.confirm),
  });
}
export type TransferOfferInput = z.output<ReturnType<typeof makeTransferOfferSchema>>;

/** The rules shown on the event page and the runner's page, in one sentence. */
export function transferRulesSentence(f: TransferSettings, formatDay: (date: string) => string): string | null {
  if (!f.cession_active) return null;
  const until = f.cession_cloture ? ` jusqu'au ${formatDay(f.cession_cloture)} inclus` : " jusqu'au départ";
  const fee =
    f.cession_frais_cents > 0
      ? `des frais de transfert de ${formatEuros(f.cession_frais_cents)} gardés par l'organisateur`
      : "sans frais de transfert";
  const bib =
    f.cession_dossard_suit === false || f.cession_dossard_suit === 0
      ? "Le nouveau coureur reçoit un nouveau numéro de dossard"
      : "Le numéro de dossard passe au nouveau coureur";
  const meals =
    f.cession_repas_suivent === true || f.cession_repas_suivent === 1
      ? "les repas suivent le dossard (le nouveau coureur les reprend et les paie)"
      : "les repas ne suivent pas (chacun choisit les siens)";
  return `Transfert de dossard possible${until}, au prix de l'inscription, ${fee}. ${bib} ; ${meals}.`;
}

// ---------------------------------------------------------------- the buyer's form

/** The fields the buyer types when accepting (the others come from their profile: one set of rules, 0110). */
export const TRANSFER_ACCEPT_FIELDS = [
  "nom",
  "prenom",
  "genre",
  "date_naissance",
  "telephone",
  "club",
  ...RUNNER_RACE_FIELDS,
] as const satisfies readonly RunnerPersonalField[];

/**
 * The buyer's form: their own runner fields (the rules of app/domain/runner-fields.ts, with the format's race rules:
 * licence or PPS for a competition, age) and the meals, at most `mealsLeft`. Issues carry the field as their path.
 */
export function makeTransferAcceptSchema(today: string, race: RaceFormat, mealsLeft: number) {
  const runner = makeRunnerFieldsSchema(today, {
    required: ["justificatif_type"],
    race,
    fields: TRANSFER_ACCEPT_FIELDS,
  });
  return z.record(z.unknown()).transform((input, ctx) => {
    const r = runner.safeParse(input);
    if (!r.success) for (const issue of r.error.issues) ctx.addIssue(issue);
    const meals = parseMealCount(input.nombre_repas, mealsLeft);
    if (meals === null)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["nombre_repas"],
        message: `Nombre de repas invalide\u00a0: de 0 à ${mealsLeft}.`,
      });
    if (!r.success || meals === null) return z.NEVER;
    return { runner: r.data, meals };
  });
}

/** One bib transfer as the organiser's registrants page lists it. */
export interface OrganiserTransfer {
  id: string;
  statut: string;
  createdAt: string;
  endedAt: string | null;
  email: string;
  fraisCents: number;
  remboursementCents: number | null;
  dossard: number | null;
  vendeur: { id: string; nom: string | null; prenom: string | null };
  acheteur: { id: string; nom: string | null; prenom: string | null } | null;
}
