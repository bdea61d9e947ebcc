// Cancelling a registration (spec sections 2, 4, 5, 8): the form, the error codes and their French messages,
// and the rules deciding what a runner may do with a registration. Pure: no I/O, no clock.
import { z } from "zod";
import { DomainError } from "./errors";
import type { RefundQuote } from "./refund";
import { isReadOnlyForRunner, normaliseStatut, runnerBadge } from "./registration-rules";
import { isOneOf } from "./labels";

export const CANCEL_REASONS = ["Blessure", "Indisponibilité", "Erreur de commande", "Autre"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const CANCEL_MSG = {
  policy: "Vous devez accepter la politique de remboursement pour confirmer l'annulation.",
  reason: "Motif inconnu\u00a0: choisissez Blessure, Indisponibilité, Erreur de commande ou Autre.",
  zeroRefund: "Aucun remboursement n'est prévu à cette date.",
  /** What cancelling at zero refund still does (issue 42): the place goes to someone else, nothing is paid back. */
  zeroRefundChoice:
    "Vous pouvez tout de même annuler\u00a0: votre place sera libérée (proposée à la liste d'attente s'il y en a une), sans remboursement.",
  saved: "Modifications enregistrées ✅",
} as const;

/** The cancel form ('Annuler mon inscription'): an optional reason and the required policy checkbox. */
export const cancelFormSchema = z.object({
  reason: z
    .string()
    .optional()
    .transform((s) => (s ?? "").trim())
    .refine((s) => s === "" || isOneOf(CANCEL_REASONS, s), CANCEL_MSG.reason)
    .transform((s) => (s === "" ? null : (s as CancelReason))),
  accept_policy: z
    .string({ required_error: CANCEL_MSG.policy, invalid_type_error: CANCEL_MSG.policy })
    .refine((v) => v === "on", CANCEL_MSG.policy),
});
export type CancelFormInput = z.output<typeof cancelFormSchema>;

export type CancelErrorCode =
  | "inscription_introuvable"
  | "deja_annulee"
  | "non_payee"
  | "epreuve_passee"
  | "annulation_en_cours"
  | "remboursement_impossible"
  | "cession_en_cours";

export const CANCEL_ERROR_MESSAGES: Record<CancelErrorCode, string> = {
  inscription_introuvable: "Inscription introuvable.",
  deja_annulee: "Cette inscription est déjà annulée.",
  non_payee: "Le paiement de cette inscription n'est pas finalisé\u00a0: il n'y a rien à rembourser.",
  epreuve_passee: "L'épreuve a eu lieu\u00a0: cette inscription ne peut plus être annulée.",
  annulation_en_cours: "Votre demande d'annulation est déjà en cours de traitement.",
  remboursement_impossible:
    "Le remboursement n'a pas pu être effectué. Réessayez dans quelques minutes ; rien n'a été débité ni annulé.",
  cession_en_cours:
    "Ce dossard est proposé au transfert : retirez l'offre avant d'annuler l'inscription (rien n'a été annulé).",
};

/** The HTTP status of each code: not found 404, the refund failing at the provider 502, any other refusal 409. */
export const CANCEL_ERROR_STATUS: Record<CancelErrorCode, number> = {
  inscription_introuvable: 404,
  deja_annulee: 409,
  non_payee: 409,
  epreuve_passee: 409,
  annulation_en_cours: 409,
  remboursement_impossible: 502,
  cession_en_cours: 409,
};

export class CancelError extends DomainError<CancelErrorCode> {
  /** What went wrong underneath (the provider's words), for the operator: never shown. */
  readonly detail?: string;
  constructor(code: CancelErrorCode, detail?: string) {
    super(code, CANCEL_ERROR_STATUS[code], CANCEL_ERROR_MESSAGES[code]);
    this.name = "CancelError";
    this.detail = detail;
  }
}

/** 'Cette inscription est déjà {status}.' with the badge's wording, lower-cased ('remboursée partiellement'). */
export function readOnlyMessage(statut: string): string | null {
  if (!isReadOnlyForRunner(statut)) return null;
  return `Cette inscription est déjà ${runnerBadge(statut).toLowerCase()}.`;
}

export type CancelAvailability =
  | { ok: true }
  | { ok: false; code: Extract<CancelErrorCode, "deja_annulee" | "non_payee" | "epreuve_passee"> };

/**
 * May the runner confirm a cancellation? A paid ('validee') registration until race day. At zero refund too
 * (issue 42): the runner is told before that nothing is paid back, and may still free the place for someone else.
 */
export function runnerCanCancel(
  statut: string,
  hasPayment: boolean,
  quote: Pick<RefundQuote, "refund_cents" | "days_before">,
): CancelAvailability {
  if (isReadOnlyForRunner(statut)) return { ok: false, code: "deja_annulee" };
  if (normaliseStatut(statut) !== "validee" || !hasPayment) return { ok: false, code: "non_payee" };
  if (quote.days_before < 0) return { ok: false, code: "epreuve_passee" };
  return { ok: true };
}

/**
 * The organiser's cancellation of a paid registration (issue 40): always a full refund (the scale is the runner's own
 * choice), a reason the runner reads in the e-mail, and a confirmation. What it costs beyond the organiser's share
 * (the payment's fees) is taken from their next payouts (decision 0184).
 */
export const ORGANISER_CANCEL_MSG = {
  reason: "Indiquez le motif de l'annulation (5 caractères au moins) : il est envoyé au coureur.",
  reasonTooLong: "Le motif ne doit pas dépasser 500 caractères.",
  confirm: "Cochez la case pour confirmer l'annulation et le remboursement intégral.",
  done: "Inscription annulée : le coureur a été remboursé intégralement et prévenu par e-mail, avec le motif.",
} as const;

export const organiserCancelSchema = z.object({
  reason: z
    .string({ required_error: ORGANISER_CANCEL_MSG.reason, invalid_type_error: ORGANISER_CANCEL_MSG.reason })
    .transform((s) => s.trim())
    .refine((s) => s.length >= 5, ORGANISER_CANCEL_MSG.reason)
    .refine((s) => s.length <= 500, ORGANISER_CANCEL_MSG.reasonTooLong),
  confirm: z
    .string({ required_error: ORGANISER_CANCEL_MSG.confirm, invalid_type_error: ORGANISER_CANCEL_MSG.confirm })
    .refine((v) => v === "on", ORGANISER_CANCEL_MSG.confirm),
});
export type OrganiserCancelInput = z.output<typeof organiserCancelSchema>;
