// The shared action of the create and edit pages: uploads first (so chosen files stay attached whatever
// button was pressed), then either re-render with a format added/duplicated/deleted, or validate and save.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { offerFreedPlacesForCourse } from "./waitlist-offers.server";
import { CourseError } from "~/domain/course-errors";
import {
  applyIntent,
  formatFieldName,
  geoOrigin,
  needsGeocoding,
  parseCourseForm,
  parseIntent,
  readCourseForm,
  type CourseFormValues,
  type FieldErrors,
  type FormatField,
} from "~/domain/course-form";
import type { UploadKind } from "~/domain/uploads";
import { createGeocoder } from "~/providers/geocoder.server";
import { auditCourseEdit } from "./course-audit.server";
import { createCourse, getCourseForOwner, updateCourse, type Actor, type SavedCourse } from "./courses.server";
import { checkFormatDates, sendPostponementEmails } from "./format-dates.server";
import { endClosedTransferOffers } from "./transfer-close.server";
import { chosenFile, storeUpload } from "./uploads.server";

/** What the organiser reads after an unexpected failure (the spec's prefix, then this). */
const UNEXPECTED_SAVE_ERROR = "une erreur inattendue est survenue. Réessayez dans un instant.";
export interface CourseFormState {
  values: CourseFormValues;
  errors: FieldErrors;
  formError: string | null;
  /** Changes on every response so the form re-mounts with the server's values. */
  rev: string;
}

export type CourseFormOutcome =
  | { kind: "saved"; saved: SavedCourse }
  | { kind: "form"; status: number; state: CourseFormState };

const FORMAT_FILES: [input: string, field: FormatField, kind: UploadKind][] = [
  ["image_file", "image_url", "format_image"],
  ["gpx_file", "gpx_url", "gpx"],
  ["reglement_file", "reglement_pdf_url", "reglement"],
];

/** Max request body we read: 1 image + per format 1 image, 1 GPX, 1 PDF — the caller checks Content-Length. */
export const MAX_FORM_BYTES = 100 * 1024 * 1024;

export async function handleCourseForm(
  context: AppLoadContext,
  request: Request,
  actor: Actor,
  mode: { kind: "create" } | { kind: "edit"; courseId: string },
): Promise<CourseFormOutcome> {
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_FORM_BYTES) throw new Response("Envoi trop volumineux", { status: 413 });
  const fd = await request.formData();
  const values = readCourseForm(fd);
  const errors: FieldErrors = {};

  // Removing a file keeps nothing; choosing a new one replaces it (the old object goes once the event is saved).
  if (fd.get("image_remove") === "on") values.image_url = "";
  const courseImage = chosenFile(fd.get("image_file"));
  if (courseImage) {
    const r = await storeUpload(context, actor.id, "course_image", courseImage);
    if (r.ok) values.image_url = r.url;
    else errors.image_file = r.message;
  }
  for (const [pos, block] of values.formats.entries()) {
    const src = block.src ?? pos;
    for (const [input, field, kind] of FORMAT_FILES) {
      if (fd.get(formatFieldName(src, `${field}_remove`)) === "on") block[field] = "";
      const file = chosenFile(fd.get(formatFieldName(src, input)));
      if (!file) continue;
      const r = await storeUpload(context, actor.id, kind, file);
      if (r.ok) block[field] = r.url;
      else errors[formatFieldName(pos, input)] = r.message;
    }
  }

  const intent = parseIntent(fd.get("intent"));
  const rev = crypto.randomUUID();
  if (intent.kind !== "save") {
    return { kind: "form", status: 200, state: { values: applyIntent(values, intent), errors, formError: null, rev } };
  }

  const parsed = parseCourseForm(values);
  // The race dates against the stored ones: never past when set or changed, never earlier once paid (decision 0196).
  const dates = parsed.ok
    ? await checkFormatDates(context, mode.kind === "edit" ? mode.courseId : null, parsed.data.formats)
    : null;
  if (!parsed.ok || !dates || Object.keys(errors).length > 0 || Object.keys(dates.errors).length > 0) {
    const all = { ...(parsed.ok ? dates?.errors : parsed.errors), ...errors };
    return {
      kind: "form",
      status: 400,
      state: {
        values,
        errors: all,
        formError: "Le formulaire contient des erreurs : corrigez les champs signalés ci-dessous.",
        rev,
      },
    };
  }

  let geo = null;
  if (needsGeocoding(values)) {
    geo = await createGeocoder(context.env).geocode({ codePostal: parsed.data.code_postal, ville: parsed.data.lieu });
    // A place that changed with the old position kept: the new lookup wins (null if it failed).
    parsed.data.lat = null;
    parsed.data.lng = null;
  }
  try {
    const before =
      mode.kind === "edit" ? await getCourseForOwner(context.db, actor, mode.courseId, { needs: "epreuve" }) : null;
    const saved =
      mode.kind === "create"
        ? await createCourse(context, actor.id, parsed.data, geo)
        : await updateCourse(context, actor, mode.courseId, parsed.data, geo);
    if (mode.kind === "edit" && before) {
      await auditCourseEdit(context, actor, before);
      // More places (or an event back online): runners waiting get them first, in order (issue 20).
      await offerFreedPlacesForCourse(context, mode.courseId);
      // Transfers turned off, or their last day moved into the past: the offers running end (decision 0196).
      await endClosedTransferOffers(context, { courseId: mode.courseId });
      await sendPostponementEmails(context, dates.postponed);
    }
    return { kind: "saved", saved };
  } catch (e) {
    if (
      e instanceof CourseError &&
      (e.code === "not_found" || e.code === "forbidden" || e.code === "format_not_found")
    ) {
      throw new Response(e.message, { status: e.status });
    }
    // A domain error says what went wrong in French; anything else (a database error) is logged, never shown.
    if (!(e instanceof CourseError)) console.error("course form: save failed", e);
    const message = e instanceof CourseError ? e.message : UNEXPECTED_SAVE_ERROR;
    const formError =
      mode.kind === "create"
        ? `Erreur enregistrement épreuve : ${message}`
        : `Erreur lors de l'enregistrement : ${message}`;
    return {
      kind: "form",
      status: e instanceof CourseError ? e.status : 500,
      state: { values, errors, formError, rev },
    };
  }
}

export function initialState(values: CourseFormValues): CourseFormState {
  return {
    values: { ...values, geo_origin: values.geo_origin || (values.lat || values.lng ? geoOrigin(values) : "") },
    errors: {},
    formError: null,
    rev: "initial",
  };
}
