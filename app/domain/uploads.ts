// Checking uploaded files before they reach R2: the type comes from the first bytes (never the name or the
// browser's claim), sizes are bounded, and a GPX must parse with a track or a route. Pure.
import { validateGpx } from "./gpx";
import { slugify } from "./slug";

export type UploadKind = "course_image" | "format_image" | "gpx" | "reglement";

export const MB = 1024 * 1024;
export const UPLOAD_LIMITS: Record<UploadKind, number> = {
  course_image: 5 * MB,
  format_image: 5 * MB,
  gpx: 10 * MB,
  reglement: 10 * MB,
};

export type SniffedType = "image/jpeg" | "image/png" | "image/webp" | "application/pdf";

const EXTENSIONS: Record<SniffedType | "application/gpx+xml", string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "application/pdf": "pdf",
  "application/gpx+xml": "gpx",
};

function startsWith(bytes: Uint8Array, sig: number[], offset = 0): boolean {
  if (bytes.length < offset + sig.length) return false;
  return sig.every((b, i) => bytes[offset + i] === b);
}

/** The file type from its magic bytes, or null when it is none of the types we accept. */
export function sniffType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return "image/webp";
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"; // %PDF-
  return null;
}

export type UploadErrorCode = "too_large" | "empty" | "not_image" | "not_pdf" | "not_gpx";

export const UPLOAD_ERROR_MESSAGES: Record<UploadKind, Record<UploadErrorCode, string>> = {
  course_image: {
    too_large: "Image trop lourde\u00a0: 5 Mo au plus.",
    empty: "Le fichier image est vide.",
    not_image: "Ce fichier n'est pas une image JPEG, PNG ou WebP.",
    not_pdf: "Ce fichier n'est pas une image JPEG, PNG ou WebP.",
    not_gpx: "Ce fichier n'est pas une image JPEG, PNG ou WebP.",
  },
  format_image: {
    too_large: "Image trop lourde\u00a0: 5 Mo au plus.",
    empty: "Le fichier image est vide.",
    not_image: "Ce fichier n'est pas une image JPEG, PNG ou WebP.",
    not_pdf: "Ce fichier n'est pas une image JPEG, PNG ou WebP.",
    not_gpx: "Ce fichier n'est pas une image JPEG, PNG ou WebP.",
  },
  gpx: {
    too_large: "Fichier GPX trop lourd\u00a0: 10 Mo au plus.",
    empty: "Le fichier GPX est vide.",
    not_image: "Ce fichier n'est pas un GPX valide.",
    not_pdf: "Ce fichier n'est pas un GPX valide.",
    not_gpx: "Ce fichier n'est pas un GPX valide.",
  },
  reglement: {
    too_large: "Règlement trop lourd\u00a0: 10 Mo au plus.",
    empty: "Le fichier du règlement est vide.",
    not_image: "Le règlement doit être un fichier PDF.",
    not_pdf: "Le règlement doit être un fichier PDF.",
    not_gpx: "Le règlement doit être un fichier PDF.",
  },
};

export type UploadCheck =
  | { ok: true; contentType: SniffedType | "application/gpx+xml"; extension: string }
  | { ok: false; code: UploadErrorCode; message: string };

function fail(kind: UploadKind, code: UploadErrorCode, detail?: string): UploadCheck {
  const message = detail ? `${UPLOAD_ERROR_MESSAGES[kind][code]} ${detail}` : UPLOAD_ERROR_MESSAGES[kind][code];
  return { ok: false, code, message };
}

/** Size first (callers check `size` before reading the body), then content. */
export function checkUploadSize(kind: UploadKind, size: number): UploadCheck | null {
  if (size <= 0) return fail(kind, "empty");
  if (size > UPLOAD_LIMITS[kind]) return fail(kind, "too_large");
  return null;
}

export function checkUpload(kind: UploadKind, bytes: Uint8Array): UploadCheck {
  const sizeError = checkUploadSize(kind, bytes.byteLength);
  if (sizeError) return sizeError;
  if (kind === "gpx") {
    if (sniffType(bytes)) return fail(kind, "not_gpx");
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      return fail(kind, "not_gpx");
    }
    const parsed = validateGpx(text);
    if (!parsed.ok) return { ok: false, code: "not_gpx", message: parsed.message };
    return { ok: true, contentType: "application/gpx+xml", extension: EXTENSIONS["application/gpx+xml"] };
  }
  const type = sniffType(bytes);
  if (kind === "reglement") {
    if (type !== "application/pdf") return fail(kind, "not_pdf");
    return { ok: true, contentType: type, extension: EXTENSIONS[type] };
  }
  if (type !== "image/jpeg" && type !== "image/png" && type !== "image/webp") return fail(kind, "not_image");
  return { ok: true, contentType: type, extension: EXTENSIONS[type] };
}

/** R2 key prefix per kind: "courses/…", "formats/…", "gpx/…", "reglements/…". */
export const UPLOAD_PREFIX: Record<UploadKind, string> = {
  course_image: "courses",
  format_image: "formats",
  gpx: "gpx",
  reglement: "reglements",
};

/** "/fichiers/gpx/abc.gpx" -> "gpx/abc.gpx"; anything else -> null. */
export function keyFromUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const m = /^\/fichiers\/([a-z0-9][a-z0-9/_.-]{0,200})$/i.exec(url);
  return m && !m[1].includes("..") ? m[1] : null;
}

/** Is this R2 key an event's regulation PDF ("reglements/…")? */
export function isRegulationKey(key: string): boolean {
  return key.startsWith(`${UPLOAD_PREFIX.reglement}/`);
}

/** The name a regulation PDF downloads under, from its event's name: "reglement-trail-des-aiguilles-rouges.pdf". */
export function regulationFileName(eventName: string): string {
  return `reglement-${slugify(eventName)}.pdf`;
}
