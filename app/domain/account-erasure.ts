// The erasure of an account at its owner's request (issue 45, decision 0218): when it is refused, and why, in French.
// The facts come from the database (app/db/account-erasure.server.ts); what each table becomes is the personal data
// map's (app/domain/personal-data.ts).
import { z } from "zod";
import { DomainError } from "./errors";

export type ErasureRefusal = "inscription_active" | "argent_en_cours" | "epreuves" | "abonnement";

export const ERASURE_REFUSAL_MESSAGES: Record<ErasureRefusal, string> = {
  inscription_active:
    "Vous avez une inscription (ou une place en liste d'attente) pour une course à venir : annulez-la d'abord depuis « Mes inscriptions ».",
  argent_en_cours:
    "Un remboursement, une annulation ou une cession de dossard est en cours : réessayez quand il sera terminé.",
  abonnement:
    "Votre abonnement Premium est en cours : résiliez-le depuis « Gérer mon abonnement » ; vous pourrez effacer votre compte quand il aura pris fin.",
  epreuves:
    "Vous organisez des épreuves : supprimez-les ou écrivez-nous pour les confier à un autre organisateur avant d'effacer votre compte.",
};

export interface ErasureFacts {
  /** Registrations holding a place, and waiting-list entries still open, for a race today or later. */
  activeRegistrations: number;
  /** Refunds and cancellations not finished, bib transfer offers open or whose seller is not refunded yet. */
  moneyInFlight: number;
  /** Events the account owns. */
  ownedEvents: number;
  /** Premium subscriptions not ended yet (they would renew, or charge, an account that no longer exists). */
  liveSubscriptions: number;
}

/** Why the account may not be erased now, or null when it may. */
export function erasureRefusal(f: ErasureFacts): ErasureRefusal | null {
  if (f.ownedEvents > 0) return "epreuves";
  if (f.activeRegistrations > 0) return "inscription_active";
  if (f.moneyInFlight > 0) return "argent_en_cours";
  if (f.liveSubscriptions > 0) return "abonnement";
  return null;
}

export class ErasureError extends DomainError<ErasureRefusal> {
  constructor(code: ErasureRefusal) {
    super(code, 409, ERASURE_REFUSAL_MESSAGES[code]);
    this.name = "ErasureError";
  }
}

/** The author a message keeps once its account is erased: the conversation stays readable, nobody is named. */
export const ANONYMOUS_AUTHOR_ID = "compte-efface";

// ---------------------------------------------------------------- the request (decision 0220)

export type ErasureRequestCode = "mot_de_passe_incorrect" | "trop_de_tentatives" | "trop_de_liens" | "lien_invalide";

export const ERASURE_REQUEST_MESSAGES: Record<ErasureRequestCode, string> = {
  mot_de_passe_incorrect: "Mot de passe incorrect.",
  trop_de_tentatives: "Trop de tentatives. Réessayez dans 15 minutes.",
  trop_de_liens: "Trop de liens demandés. Utilisez le dernier reçu ou réessayez dans une heure.",
  lien_invalide:
    "Ce lien de suppression est invalide, expiré ou déjà utilisé, ou il a été envoyé pour un autre compte. Demandez-en un nouveau.",
};

const REQUEST_STATUS: Record<ErasureRequestCode, number> = {
  mot_de_passe_incorrect: 400,
  trop_de_tentatives: 429,
  trop_de_liens: 429,
  lien_invalide: 400,
};

/** A refusal of the request itself (the password, the link); the message goes beside the password for its codes. */
export class ErasureRequestError extends DomainError<ErasureRequestCode> {
  constructor(code: ErasureRequestCode) {
    super(
      code,
      REQUEST_STATUS[code],
      ERASURE_REQUEST_MESSAGES[code],
      code === "lien_invalide" ? undefined : "password",
    );
    this.name = "ErasureRequestError";
  }
}

/** Step 1's form: the account's password, and the tick saying the person knows it cannot be undone. */
export const ErasureRequestSchema = z.object({
  password: z
    .string({ required_error: "Saisissez votre mot de passe." })
    .min(1, "Saisissez votre mot de passe.")
    .max(1000, "Mot de passe trop long."),
  definitif: z.literal("on", {
    errorMap: () => ({ message: "Cochez cette case pour confirmer que la suppression est définitive." }),
  }),
});

/** Step 2's form: the link's token, carried by the confirmation page. */
export const ErasureConfirmSchema = z.object({ token: z.string().min(1).max(200) });
