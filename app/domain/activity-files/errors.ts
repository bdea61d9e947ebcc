// The errors of an imported activity file (.gpx, .fit, .tcx; issue 47, decision 0231): one code each, one French
// message each, all beside the upload field ("fichier") with a 400.
import { DomainError } from "../errors.ts";

/** The largest file accepted, whatever its format (a 10-hour GPX recorded every second is about 5 Mo). */
export const ACTIVITY_FILE_MAX_BYTES = 10 * 1024 * 1024;

export const ACTIVITY_FILE_FIELD = "fichier";

export type ActivityFileErrorCode =
  | "no_file"
  | "empty_file"
  | "too_large"
  | "unknown_format"
  | "invalid_gpx"
  | "invalid_tcx"
  | "invalid_fit"
  | "no_time"
  | "no_distance";

export const ACTIVITY_FILE_ERROR_MESSAGES: Record<ActivityFileErrorCode, string> = {
  no_file: "Choisissez un fichier d'activité (.gpx, .fit ou .tcx).",
  empty_file: "Le fichier est vide.",
  too_large: "Le fichier dépasse 10\u00a0Mo.",
  unknown_format: "Format non reconnu\u00a0: déposez un fichier .gpx, .fit ou .tcx.",
  invalid_gpx: "Ce fichier GPX ne peut pas être lu.",
  invalid_tcx: "Ce fichier TCX ne peut pas être lu (balise <TrainingCenterDatabase> ou tours absents).",
  invalid_fit: "Ce fichier FIT ne peut pas être lu (fichier abîmé ou sans résumé de séance).",
  no_time: "Le fichier ne contient pas d'horaires\u00a0: c'est un tracé d'itinéraire, pas une activité enregistrée.",
  no_distance: "L'activité ne contient aucune distance parcourue.",
};

/** A file that cannot be imported as an activity: refused with a 400, the message beside the upload field. */
export class ActivityFileError extends DomainError<ActivityFileErrorCode> {
  constructor(code: ActivityFileErrorCode, detail?: string) {
    const base = ACTIVITY_FILE_ERROR_MESSAGES[code];
    super(code, 400, detail ? `${base} ${detail}` : base, ACTIVITY_FILE_FIELD);
    this.name = "ActivityFileError";
  }
}
