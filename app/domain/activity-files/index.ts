// Reads an uploaded activity file (.gpx, .tcx, .fit) into its summary (issue 47, decision 0231). The format is the
// file's extension; a FIT file is also recognised by its header, whatever its name. Pure: the bytes in, a summary or
// an ActivityFileError (code, French message, field "fichier") out.
import type { ActivitySummary } from "../activity.ts";
import { ACTIVITY_FILE_MAX_BYTES, ActivityFileError } from "./errors.ts";
import { summariseFit } from "./fit-activity.ts";
import { summariseGpx } from "./gpx-activity.ts";
import { summariseTcx } from "./tcx-activity.ts";

export { ACTIVITY_FILE_FIELD, ACTIVITY_FILE_MAX_BYTES, ActivityFileError } from "./errors.ts";
export type { ActivityFileErrorCode } from "./errors.ts";

export const ACTIVITY_FILE_EXTENSIONS = [".gpx", ".fit", ".tcx"] as const;
export type ActivityFileKind = "gpx" | "fit" | "tcx";

function looksLikeFit(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && String.fromCharCode(bytes[8], bytes[9], bytes[10], bytes[11]) === ".FIT";
}

/** The file's format from its name (and a FIT header); null when it is none of the three. */
export function activityFileKind(fileName: string, bytes: Uint8Array): ActivityFileKind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (ext === "gpx" || ext === "tcx" || ext === "fit") return ext;
  return looksLikeFit(bytes) ? "fit" : null;
}

/** The summary of an uploaded activity file; throws ActivityFileError when it cannot be read. */
export function readActivityFile(fileName: string, bytes: Uint8Array): ActivitySummary {
  if (bytes.byteLength === 0) throw new ActivityFileError("empty_file");
  if (bytes.byteLength > ACTIVITY_FILE_MAX_BYTES) throw new ActivityFileError("too_large");
  const kind = activityFileKind(fileName, bytes);
  if (kind === null) throw new ActivityFileError("unknown_format");
  if (kind === "fit") return summariseFit(bytes);
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  return kind === "gpx" ? summariseGpx(text) : summariseTcx(text);
}
