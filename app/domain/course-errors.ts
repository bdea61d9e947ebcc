// Errors of the organiser's event use cases: a code for the program, a French message for the organiser.
import { DomainError } from "./errors";

export type CourseErrorCode =
  | "not_found"
  | "forbidden"
  | "format_not_found"
  | "format_has_registrations"
  | "has_paid_registrations"
  | "publish_requirements"
  | "save_failed"
  | "duplicate_failed"
  | "publish_failed"
  | "delete_failed";

export const COURSE_ERROR_MESSAGES: Record<CourseErrorCode, string> = {
  not_found: "Épreuve introuvable.",
  forbidden: "Cette épreuve ne vous appartient pas.",
  format_not_found: "Format introuvable pour cette épreuve.",
  format_has_registrations: "Ce format a des inscriptions\u00a0: il ne peut pas être supprimé.",
  has_paid_registrations:
    "Cette épreuve a des inscriptions payées\u00a0: elle ne peut pas être supprimée. Vous pouvez la mettre hors-ligne pour arrêter les inscriptions.",
  publish_requirements: "Impossible de publier\u00a0: votre profil organisateur n'est pas complet.",
  save_failed: "Erreur lors de l'enregistrement",
  duplicate_failed: "Erreur duplication épreuve",
  publish_failed: "Impossible de changer l'état de publication.",
  delete_failed: "Échec de la suppression.",
};

/** The HTTP status of each code: missing 404, someone else's 403, a failure 500, any other refusal 409. */
export const COURSE_ERROR_STATUS: Record<CourseErrorCode, number> = {
  not_found: 404,
  forbidden: 403,
  format_not_found: 404,
  format_has_registrations: 409,
  has_paid_registrations: 409,
  publish_requirements: 409,
  save_failed: 500,
  duplicate_failed: 500,
  publish_failed: 500,
  delete_failed: 500,
};

export class CourseError extends DomainError<CourseErrorCode> {
  readonly detail?: string;
  constructor(code: CourseErrorCode, detail?: string) {
    super(
      code,
      COURSE_ERROR_STATUS[code],
      detail ? `${COURSE_ERROR_MESSAGES[code]} ${detail}` : COURSE_ERROR_MESSAGES[code],
    );
    this.name = "CourseError";
    this.detail = detail;
  }
}

export const CONDITIONS_VERSION = "2025-08-17";

export interface PublishReadiness {
  conditions: boolean;
  charges: boolean;
}

/** What is still missing before the organiser may publish, in French (empty: ready). */
export function publishMissing(r: PublishReadiness): string[] {
  const missing: string[] = [];
  if (!r.conditions)
    missing.push(
      `accepter les conditions organisateurs (version du ${CONDITIONS_VERSION.split("-").reverse().join("/")})`,
    );
  if (!r.charges) missing.push("configurer un compte de paiement capable d'encaisser les inscriptions");
  return missing;
}
