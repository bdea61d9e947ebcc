import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import {
  checkUpload,
  checkUploadSize,
  isRegulationKey,
  keyFromUrl,
  MB,
  regulationFileName,
  sniffType,
} from "./uploads";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50]);
const PDF = new TextEncoder().encode("%PDF-1.7\n%âãÏÓ\n1 0 obj");
const RIFF_WAV = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45]);
const TEXT = new TextEncoder().encode("Bonjour, ceci n'est pas un fichier utile.");
const GPX = new TextEncoder().encode(
  `<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>` +
    `<trkpt lat="45.9" lon="6.8"><ele>1000</ele></trkpt><trkpt lat="45.91" lon="6.81"><ele>1050</ele></trkpt>` +
    `</trkseg></trk></gpx>`,
);
const GPX_ROUTE = new TextEncoder().encode(
  `<gpx><rte><rtept lat="43.2" lon="5.4"/><rtept lat="43.21" lon="5.41"/></rte></gpx>`,
);
const GPX_EMPTY = new TextEncoder().encode(
  `<?xml version="1.0"?><gpx version="1.1"><metadata><name>vide</name></metadata></gpx>`,
);

describe("sniffType", () => {
  it.each([
    ["PNG", PNG, "image/png"],
    ["JPEG", JPEG, "image/jpeg"],
    ["WebP", WEBP, "image/webp"],
    ["PDF", PDF, "application/pdf"],
    ["RIFF/WAVE", RIFF_WAV, null],
    ["text", TEXT, null],
    ["GPX", GPX, null],
    ["nothing", new Uint8Array(), null],
  ])("%s", (_name, bytes, type) => {
    expect(sniffType(bytes)).toBe(type);
  });
});

describe("checkUpload", () => {
  it.each([
    ["course_image", PNG, true, "image/png"],
    ["course_image", JPEG, true, "image/jpeg"],
    ["format_image", WEBP, true, "image/webp"],
    ["course_image", PDF, false, "Ce fichier n'est pas une image JPEG, PNG ou WebP."],
    ["format_image", TEXT, false, "Ce fichier n'est pas une image JPEG, PNG ou WebP."],
    ["reglement", PDF, true, "application/pdf"],
    ["reglement", PNG, false, "Le règlement doit être un fichier PDF."],
    ["gpx", GPX, true, "application/gpx+xml"],
    ["gpx", GPX_ROUTE, true, "application/gpx+xml"],
    ["gpx", TEXT, false, /GPX/],
    ["gpx", GPX_EMPTY, false, /aucun point/],
    ["gpx", PNG, false, "Ce fichier n'est pas un GPX valide."],
  ] as const)("%s with %#", (kind, bytes, ok, expected) => {
    const r = checkUpload(kind, bytes);
    expect(r.ok).toBe(ok);
    if (r.ok) expect(r.contentType).toBe(expected);
    else if (typeof expected === "string") expect(r.message).toBe(expected);
    else expect(r.message).toMatch(expected);
  });

  it("refuses an image over 5 MB and accepts one at exactly 5 MB", () => {
    const big = new Uint8Array(5 * MB + 1);
    big.set(PNG);
    expect(checkUpload("course_image", big)).toMatchObject({
      ok: false,
      code: "too_large",
      message: "Image trop lourde\u00a0: 5 Mo au plus.",
    });
    const limit = new Uint8Array(5 * MB);
    limit.set(PNG);
    expect(checkUpload("course_image", limit).ok).toBe(true);
  });

  it.each([
    ["gpx", 10 * MB, null],
    ["gpx", 10 * MB + 1, "Fichier GPX trop lourd\u00a0: 10 Mo au plus."],
    ["reglement", 10 * MB + 1, "Règlement trop lourd\u00a0: 10 Mo au plus."],
    ["format_image", 6 * MB, "Image trop lourde\u00a0: 5 Mo au plus."],
    ["format_image", 0, "Le fichier image est vide."],
  ] as const)("size check %s %i", (kind, size, message) => {
    const r = checkUploadSize(kind, size);
    if (message == null) expect(r).toBeNull();
    else expect(r).toMatchObject({ ok: false, message });
  });
});

describe("keyFromUrl", () => {
  itMaps("%j -> %j", keyFromUrl, [
    ["/fichiers/gpx/a.gpx", "gpx/a.gpx"],
    ["/fichiers/../x", null],
    ["https://x/fichiers/a", null],
    [null, null],
  ]);
});

describe("the name a regulation PDF downloads under", () => {
  itMaps("%s -> %s", regulationFileName, [
    ["Trail des Aiguilles Rouges", "reglement-trail-des-aiguilles-rouges.pdf"],
    ["Trail de l'Œil — Été 42 km", "reglement-trail-de-l-oeil-ete-42-km.pdf"],
    ['../"évil"; name.pdf', "reglement-evil-name-pdf.pdf"],
    ["", "reglement-epreuve.pdf"],
  ]);
  itMaps("%s is a regulation key: %s", isRegulationKey, [
    ["reglements/3f1c.pdf", true],
    ["gpx/3f1c.gpx", false],
    ["courses/reglements/x.pdf", false],
  ]);
});
