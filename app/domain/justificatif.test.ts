import { describe, expect, it } from "vitest";
import {
  canDecide,
  checkJustificatifDocument,
  JUSTIFICATIF_DOCUMENT_MAX_BYTES,
  checkLicence,
  checkPps,
  DOCUMENT_MSG,
  documentLimitIssue,
  documentPurgeRaceDay,
  JUSTIFICATIF_ACCOUNT_MAX_BYTES,
  JUSTIFICATIF_PENDING_MAX,
  justificatifEtat,
  justificatifVersion,
  parseRefusal,
  ppsExpiryIssue,
  refusalText,
  type JustificatifContent,
} from "./justificatif";

describe("licence numbers", () => {
  it.each<[string, { ok: true; value: string } | { ok: false; code: string }]>([
    ["1234567", { ok: true, value: "1234567" }],
    ["929 472", { ok: true, value: "929472" }],
    ["12-34-567", { ok: true, value: "1234567" }],
    ["1234", { ok: true, value: "1234" }], // an old short number
    ["12345678", { ok: true, value: "12345678" }],
    ["123", { ok: false, code: "licence_format" }],
    ["123456789", { ok: false, code: "licence_format" }],
    ["A123456", { ok: false, code: "licence_format" }],
    ["non", { ok: false, code: "licence_format" }],
    ["P9F28C586EB", { ok: false, code: "licence_ressemble_pps" }], // a PPS typed as a licence
    ["p9f28c586eb", { ok: false, code: "licence_ressemble_pps" }],
  ])("%j", (raw, expected) => expect(checkLicence(raw)).toEqual(expected));
});

describe("PPS identifiers", () => {
  it.each<[string, { ok: true; value: string } | { ok: false; code: string }]>([
    ["P9F28C586EB", { ok: true, value: "P9F28C586EB" }],
    [" p9f2 8c58 6eb ", { ok: true, value: "P9F28C586EB" }],
    ["PPS-2026-42", { ok: true, value: "PPS202642" }],
    ["AB12CD", { ok: true, value: "AB12CD" }], // 6 characters: the shortest accepted
    ["A1B2C", { ok: false, code: "pps_format" }],
    ["P".padEnd(21, "1"), { ok: false, code: "pps_format" }],
    ["PPSABCDEF", { ok: false, code: "pps_format" }], // no digit
    ["P9F28C586E!", { ok: false, code: "pps_format" }],
    ["1234567", { ok: false, code: "pps_ressemble_licence" }], // a licence number typed as a PPS
  ])("%j", (raw, expected) => expect(checkPps(raw)).toEqual(expected));
});

describe("PPS expiry against today and the race", () => {
  const today = "2026-11-21";
  it.each<[string, string | null, string | null]>([
    ["2026-11-20", null, "pps_expire"],
    ["2026-11-21", null, null], // valid until today included
    ["2027-05-02", "2027-05-03", "pps_expire_avant_course"],
    ["2027-05-03", "2027-05-03", null], // valid on race day
    ["2027-11-22", null, null], // 366 days ahead
    ["2027-11-23", null, "pps_expiration_trop_loin"],
    ["2026-11-20", "2027-05-03", "pps_expire"],
  ])("expires %s, race %s → %s", (expiration, raceDate, code) => {
    expect(ppsExpiryIssue(expiration, { today, raceDate })?.code ?? null).toBe(code);
  });

  it("the message names the expiry date", () => {
    expect(ppsExpiryIssue("2027-05-03", { today, raceDate: "2027-06-01" })?.message).toBe(
      "Votre PPS expire avant la course (le 3\u00a0mai\u00a02027).",
    );
  });
});

const content = (p: Partial<JustificatifContent & { justificatif_decision: string | null }>) => ({
  justificatif_type: "pps",
  numero_licence: null,
  pps_identifier: null,
  pps_expiration: null,
  justificatif_document_id: null,
  justificatif_decision: null,
  ...p,
});

describe("the check state", () => {
  it.each<[string, ReturnType<typeof content>, boolean, string]>([
    ["a walk needs nothing", content({}), false, "non_requis"],
    [
      "a walk, even with a refused document",
      content({ justificatif_decision: "refuse", justificatif_document_id: "d" }),
      false,
      "non_requis",
    ],
    ["nothing given", content({}), true, "manquant"],
    ["a licence chosen, no number", content({ justificatif_type: "licence" }), true, "manquant"],
    ["a PPS number", content({ pps_identifier: "P9F28C586EB", pps_expiration: "2027-01-01" }), true, "a_verifier"],
    ["a document only", content({ justificatif_type: null, justificatif_document_id: "d" }), true, "a_verifier"],
    [
      "the number of the other type does not count",
      content({ justificatif_type: "licence", pps_identifier: "P9F28C586EB" }),
      true,
      "manquant",
    ],
    ["validated", content({ pps_identifier: "P9F28C586EB", justificatif_decision: "valide" }), true, "valide"],
    ["refused", content({ pps_identifier: "P9F28C586EB", justificatif_decision: "refuse" }), true, "refuse"],
  ])("%s", (_l, c, competition, etat) => expect(justificatifEtat(c, competition)).toBe(etat));

  it.each<[string, "valide" | "refuse", boolean]>([
    ["a_verifier", "valide", true],
    ["a_verifier", "refuse", true],
    ["refuse", "valide", true],
    ["refuse", "refuse", false],
    ["valide", "refuse", true],
    ["valide", "valide", false],
    ["manquant", "valide", false],
    ["manquant", "refuse", false],
    ["non_requis", "valide", false],
  ])("from %s, %s allowed: %s", (etat, decision, allowed) => {
    expect(canDecide(etat as Parameters<typeof canDecide>[0], decision)).toBe(allowed);
  });

  it("the version changes with every part of the content", () => {
    const base = content({
      pps_identifier: "P9F28C586EB",
      pps_expiration: "2027-01-01",
      justificatif_document_id: "d1",
    });
    const v = justificatifVersion(base);
    for (const patch of [
      { pps_identifier: "P9F28C586EC" },
      { pps_expiration: "2027-01-02" },
      { justificatif_document_id: "d2" },
      { justificatif_type: "licence" },
    ]) {
      expect(justificatifVersion({ ...base, ...patch })).not.toBe(v);
    }
  });
});

describe("refusals", () => {
  it.each<[unknown, unknown, { ok: boolean; code?: string }]>([
    ["illisible", "", { ok: true }],
    ["autre", "  ", { ok: false, code: "commentaire_requis" }],
    ["autre", "Photo coupée", { ok: true }],
    ["", "", { ok: false, code: "motif_requis" }],
    ["n'importe quoi", "", { ok: false, code: "motif_requis" }],
    ["expire", "x".repeat(301), { ok: false, code: "commentaire_trop_long" }],
  ])("%j %j", (motif, commentaire, expected) => {
    const r = parseRefusal(motif, commentaire);
    expect(r.ok).toBe(expected.ok);
    if (!r.ok) expect(r.code).toBe(expected.code);
  });

  it("reads the reason", () => {
    expect(refusalText("illisible", null)).toBe("Document illisible ou incomplet");
    expect(refusalText("autre", "Photo coupée")).toBe("Autre motif\u00a0: Photo coupée");
  });
});

describe("retention", () => {
  it("documents of races 90 days ago or more are purged", () => {
    expect(documentPurgeRaceDay("2026-11-21")).toBe("2026-08-23");
  });
});

describe("the uploaded document: PDF or image by its first bytes, 5 MB at most", () => {
  const bytes = (...b: number[]) => new Uint8Array([...b, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  it.each<[string, number, Uint8Array | null, ReturnType<typeof checkJustificatifDocument>]>([
    ["a PDF", 17, bytes(0x25, 0x50, 0x44, 0x46, 0x2d), { ok: true, contentType: "application/pdf", extension: "pdf" }],
    ["a JPEG", 15, bytes(0xff, 0xd8, 0xff), { ok: true, contentType: "image/jpeg", extension: "jpg" }],
    [
      "a PNG",
      20,
      bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
      { ok: true, contentType: "image/png", extension: "png" },
    ],
    ["text named .pdf", 14, new TextEncoder().encode("hello, not pdf"), { ok: false, code: "document_type" }],
    ["an HTML page", 15, new TextEncoder().encode("<html><script>"), { ok: false, code: "document_type" }],
    ["empty", 0, null, { ok: false, code: "document_vide" }],
    ["too large before reading", JUSTIFICATIF_DOCUMENT_MAX_BYTES + 1, null, { ok: false, code: "document_trop_lourd" }],
    ["5 MB exactly, not read yet", JUSTIFICATIF_DOCUMENT_MAX_BYTES, null, { ok: true, contentType: "", extension: "" }],
  ])("%s", (_label, size, b, expected) => {
    expect(checkJustificatifDocument(size, b)).toEqual(expected);
  });
});

describe("what one account may store (decision 0190)", () => {
  const MB = 1024 * 1024;
  it.each<[string, { pending: number; bytes: number }, number, ReturnType<typeof documentLimitIssue>]>([
    ["a first document", { pending: 0, bytes: 0 }, 5 * MB, null],
    ["a fifth waiting document", { pending: JUSTIFICATIF_PENDING_MAX - 1, bytes: 20 * MB }, 5 * MB, null],
    ["a sixth waiting document", { pending: JUSTIFICATIF_PENDING_MAX, bytes: 1000 }, 1000, "documents_en_attente"],
    ["up to the total exactly", { pending: 0, bytes: JUSTIFICATIF_ACCOUNT_MAX_BYTES - 10 }, 10, null],
    [
      "one byte over the total",
      { pending: 0, bytes: JUSTIFICATIF_ACCOUNT_MAX_BYTES - 10 },
      11,
      "documents_trop_lourds",
    ],
    [
      "both: the waiting ones are named",
      { pending: 9, bytes: JUSTIFICATIF_ACCOUNT_MAX_BYTES },
      1,
      "documents_en_attente",
    ],
  ])("%s", (_label, usage, size, expected) => {
    expect(documentLimitIssue(usage, size)).toBe(expected);
  });

  it("the limits: 5 waiting (25 MB at most), 50 MB in all; the messages say them in French", () => {
    expect(JUSTIFICATIF_PENDING_MAX).toBe(5);
    expect(JUSTIFICATIF_ACCOUNT_MAX_BYTES).toBe(50 * MB);
    expect(DOCUMENT_MSG.documents_en_attente).toBe(
      "Vous avez déjà 5\u00a0documents déposés qui ne sont joints à aucune inscription\u00a0: enregistrez le formulaire avec le document déjà joint, ou réessayez dans 24\u00a0heures.",
    );
    expect(DOCUMENT_MSG.documents_trop_lourds).toContain("50\u00a0Mo en tout\u00a0:");
  });
});
