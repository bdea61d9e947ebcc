// Errors of the results use cases (issue 44): a code for the program, a French message for the organiser.
import { tabledError } from "./errors";

export type ResultsErrorCode =
  | "not_found"
  | "no_file"
  | "file_too_big"
  | "unreadable"
  | "no_draft"
  | "draft_changed"
  | "has_errors"
  | "line_not_found"
  | "invalid";

export const RESULTS_MESSAGES: Record<ResultsErrorCode, string> = {
  not_found: "Résultats introuvables.",
  no_file: "Choisissez le fichier des résultats (CSV).",
  file_too_big: "Le fichier dépasse 2\u00a0Mo.",
  unreadable: "Le fichier n'est pas un CSV lisible.",
  no_draft: "Aucun fichier en cours d'import pour ce format\u00a0: importez d'abord le fichier.",
  draft_changed:
    "L'aperçu a changé entre-temps (un autre onglet\u00a0?)\u00a0: vérifiez-le à nouveau avant de publier.",
  has_errors: "Corrigez d'abord les lignes en erreur\u00a0: rien n'est publié tant qu'il en reste.",
  line_not_found: "Cette ligne n'existe pas.",
  invalid: "Valeur invalide.",
};

const STATUS: Record<ResultsErrorCode, number> = {
  not_found: 404,
  no_file: 400,
  file_too_big: 413,
  unreadable: 400,
  no_draft: 409,
  draft_changed: 409,
  has_errors: 409,
  line_not_found: 404,
  invalid: 400,
};

/** A results action refused; `message` is a more precise French text (a reading's), `field` the form field. */
export class ResultsError extends tabledError<ResultsErrorCode>("ResultsError", STATUS, RESULTS_MESSAGES) {}
