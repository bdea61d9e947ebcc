// The advance on request (issue 43, decision 0215): an organiser asks for an advance on an event's collected net; an
// admin releases it (a percentage of each collected payment's net remaining, 50 % by default, through the same
// transfers as the admin's 'Transférer l'acompte') or refuses it with a reason; the J+1 payout then sends what remains.
// Pure: statuses, labels, what may be asked, the estimate, the forms' schemas and the error table. No I/O, no clock.
import { z } from "zod";
import { codesOf, isOneOf } from "./labels";
import { tabledError } from "./errors";
import { wholePercentField } from "./admin-payouts";
import { DEFAULT_DEPOSIT_PERCENT, depositAmount } from "./money";

export const ADVANCE_STATUS_LABELS = {
  en_attente: "En attente",
  versee: "Versé",
  refusee: "Refusé",
};
export type AdvanceStatus = keyof typeof ADVANCE_STATUS_LABELS;
export const ADVANCE_STATUSES = codesOf(ADVANCE_STATUS_LABELS);

/** What a status looks like (the page maps a tone to its colour; no component matches a French label). */
export const ADVANCE_STATUS_TONES: Record<AdvanceStatus, "waiting" | "active" | "ended"> = {
  en_attente: "waiting",
  versee: "active",
  refusee: "ended",
};

export function isAdvanceStatus(v: unknown): v is AdvanceStatus {
  return isOneOf(ADVANCE_STATUSES, v);
}

export const ADVANCE_MESSAGE_MAX = 500;
export const ADVANCE_REASON_MAX = 500;

export type AdvanceErrorCode =
  | "introuvable"
  | "rien_a_avancer"
  | "deja_demandee"
  | "deja_traitee"
  | "motif_requis"
  | "pourcentage_invalide"
  | "message_trop_long";

const ADVANCE_ERROR_STATUS: Record<AdvanceErrorCode, number> = {
  introuvable: 404,
  rien_a_avancer: 409,
  deja_demandee: 409,
  deja_traitee: 409,
  motif_requis: 400,
  pourcentage_invalide: 400,
  message_trop_long: 400,
};

export const ADVANCE_ERROR_MESSAGES: Record<AdvanceErrorCode, string> = {
  introuvable: "Demande d'acompte introuvable.",
  rien_a_avancer:
    "Aucun montant encaissé ne reste à reverser sur cette épreuve\u00a0: il n'y a pas d'acompte à demander.",
  deja_demandee: "Une demande d'acompte est déjà en attente pour cette épreuve.",
  deja_traitee: "Cette demande d'acompte a déjà été traitée.",
  motif_requis: "Indiquez le motif du refus (3 caractères au moins).",
  pourcentage_invalide: "L'acompte doit être un pourcentage entier entre 1 et 100.",
  message_trop_long: `Le message ne peut pas dépasser ${ADVANCE_MESSAGE_MAX} caractères.`,
};

/** The form field each error's message goes beside (absent: the whole form). */
const ADVANCE_ERROR_FIELDS: Partial<Record<AdvanceErrorCode, string>> = {
  motif_requis: "motif",
  pourcentage_invalide: "pourcentage",
  message_trop_long: "message",
};

export class AdvanceError extends tabledError<AdvanceErrorCode>(
  "AdvanceError",
  ADVANCE_ERROR_STATUS,
  ADVANCE_ERROR_MESSAGES,
  ADVANCE_ERROR_FIELDS,
) {}

/**
 * The advance a release of `percent` % would send: each payment's own share (the transfers are per payment, each
 * rounded as `depositAmount` rounds), added up. Never more than the net remaining.
 */
export function advanceEstimate(netRemainings: readonly number[], percent: number = DEFAULT_DEPOSIT_PERCENT): number {
  return netRemainings.reduce((sum, net) => sum + depositAmount(net, percent), 0);
}

/** Why a new request cannot be made now (null: it can): nothing left to pay out, or one already waiting. */
export function advanceRefusal(input: { netRemainingCents: number; pending: boolean }): AdvanceErrorCode | null {
  if (input.pending) return "deja_demandee";
  if (!(input.netRemainingCents > 0)) return "rien_a_avancer";
  return null;
}

/** The organiser's request form: an optional message to the admin. */
export const AdvanceRequestSchema = z.object({
  message: z
    .string()
    .trim()
    .max(ADVANCE_MESSAGE_MAX, ADVANCE_ERROR_MESSAGES.message_trop_long)
    .transform((s) => (s === "" ? null : s)),
});

/** The admin's decision on a request: release at a percentage, or refuse with a reason. */
export const AdvanceDecisionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("verser"),
    pourcentage: wholePercentField(1, ADVANCE_ERROR_MESSAGES.pourcentage_invalide),
  }),
  z.object({
    intent: z.literal("refuser"),
    motif: z
      .string()
      .trim()
      .min(3, ADVANCE_ERROR_MESSAGES.motif_requis)
      .max(ADVANCE_REASON_MAX, `Le motif ne peut pas dépasser ${ADVANCE_REASON_MAX} caractères.`),
  }),
]);

export type AdvanceDecision = z.infer<typeof AdvanceDecisionSchema>;
