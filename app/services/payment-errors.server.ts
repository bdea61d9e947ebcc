// The payments' domain errors: a code each, its French message, and the one function that turns any error of the
// money paths (ours, the money rules', the provider's) into what a runner, an organiser or an admin reads.
import { DomainError } from "~/domain/errors";
import { MoneyError } from "~/domain/money";
import { isPaymentProviderError } from "~/providers/payments";

export type PaymentErrorCode =
  | "inscription_introuvable"
  | "inscription_deja_payee"
  | "inscription_non_payable"
  | "paiement_en_ouverture"
  | "compte_organisateur_non_configure"
  | "montant_invalide"
  | "paiement_introuvable"
  | "paiement_non_reversable"
  | "conflit"
  | "remboursement_impossible"
  | "transfert_impossible"
  | "erreur_fournisseur"
  | "recu_sans_trace"
  | "recu_impossible"
  | "recu_introuvable"
  | "recu_erreur"
  | "formulaire_expire";

export const PAYMENT_ERROR_MESSAGES: Record<PaymentErrorCode, string> = {
  inscription_introuvable: "Inscription introuvable.",
  inscription_deja_payee: "Cette inscription est déjà payée.",
  inscription_non_payable: "Cette inscription ne peut plus être payée.",
  paiement_en_ouverture:
    "Le paiement de cette inscription est en cours d'ouverture dans une autre fenêtre : patientez quelques secondes, puis réessayez.",
  compte_organisateur_non_configure:
    "Le paiement en ligne n'est pas encore ouvert pour cette épreuve : l'organisateur doit finaliser la configuration de son compte de paiement.",
  montant_invalide: "Le montant à payer doit être d'au moins 0,50 €.",
  paiement_introuvable: "Paiement introuvable.",
  paiement_non_reversable: "Ce paiement n'est pas encaissé : rien à reverser.",
  conflit: "Le paiement a été modifié en même temps par une autre opération : réessayez.",
  remboursement_impossible: "Le remboursement n'a pas pu être effectué.",
  transfert_impossible: "Le transfert n'a pas pu être effectué.",
  erreur_fournisseur: "Erreur lors de la création du paiement.",
  recu_sans_trace: "Aucun paiement_trace_id disponible pour cette inscription.",
  recu_impossible: "Impossible de récupérer le reçu.",
  recu_introuvable: "Aucun reçu trouvé.",
  recu_erreur: "Erreur lors de la récupération du reçu.",
  formulaire_expire:
    "Ce formulaire a expiré ou n'a pas été envoyé en entier : rechargez la page, puis recommencez. Aucun transfert n'a été fait.",
};

/**
 * The HTTP status of each code: a money operation refused 409 (shown on the form that asked), a receipt that does not
 * exist 404, the provider unable to give one 502.
 */
export const PAYMENT_ERROR_STATUS: Record<PaymentErrorCode, number> = {
  inscription_introuvable: 409,
  inscription_deja_payee: 409,
  inscription_non_payable: 409,
  paiement_en_ouverture: 409,
  compte_organisateur_non_configure: 409,
  montant_invalide: 409,
  paiement_introuvable: 409,
  paiement_non_reversable: 409,
  conflit: 409,
  remboursement_impossible: 409,
  transfert_impossible: 409,
  erreur_fournisseur: 409,
  recu_sans_trace: 404,
  recu_impossible: 502,
  recu_introuvable: 404,
  recu_erreur: 502,
  formulaire_expire: 409,
};

export class PaymentError extends DomainError<PaymentErrorCode> {
  /** The provider's own words, shown after the message in brackets. */
  readonly detail?: string;
  constructor(code: PaymentErrorCode, detail?: string) {
    super(
      code,
      PAYMENT_ERROR_STATUS[code],
      detail ? `${PAYMENT_ERROR_MESSAGES[code]} (${detail})` : PAYMENT_ERROR_MESSAGES[code],
    );
    this.name = "PaymentError";
    this.detail = detail;
  }
}

/** French message for any error thrown by this module (domain, provider or unexpected). */
export function paymentErrorMessage(e: unknown): string {
  if (e instanceof PaymentError || e instanceof MoneyError) return e.message;
  if (isPaymentProviderError(e)) return `Erreur du prestataire de paiement : ${e.message}`;
  return "Erreur inattendue lors du paiement.";
}
