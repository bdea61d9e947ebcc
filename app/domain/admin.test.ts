import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import {
  adminCsvText,
  adminInscriptionCsvCells,
  adminInscriptionsCsv,
  adminInscriptionsQuery,
  adminPager,
  dayEndExclusive,
  decodeCursor,
  encodeCursor,
  isDay,
  parseAdminInscriptionsQuery,
  searchPrefix,
  type AdminInscriptionRow,
} from "./admin";
import {
  parseAdminPaymentsQuery,
  PayoutActionSchema,
  payoutNoticeFrom,
  payoutNoticeParams,
  payoutNoticeText,
  selectedIds,
  selectionTotals,
} from "./admin-payouts";
import { adminTransferId, autoPayoutTransferId, isActionToken, isPayoutDue, payoutDueOn } from "./payouts";

describe("searchPrefix (what an index on lower(column) can find)", () => {
  it.each([
    ["Bern", "bern", "berm".replace("m", "o")],
    ["  BERNARD ", "bernard", "bernare"],
    ["é", "é", "ê"],
    ["Élodie", "Élodie", "Élodif"], // SQLite's lower() leaves É as it is: so do we
    ["a@b", "a@b", "a@c"],
  ])("%j → [%j, %j)", (q, from, to) => {
    expect(searchPrefix(q)).toEqual({ from, to });
    // Every text that starts with the search sorts inside the range, and nothing else.
    expect(`${from}zzz` >= from && `${from}zzz` < to).toBe(true);
    expect(to.startsWith(from)).toBe(false);
  });
  it("is null for an empty search", () => expect(searchPrefix("   ")).toBeNull());
});

describe("dates and cursors", () => {
  itMaps("isDay(%j) = %s", isDay, [
    ["2026-11-22", true],
    ["2026-02-30", false],
    ["2026-13-01", false],
    ["22/11/2026", false],
    ["", false],
  ]);
  it("'au' includes its whole day", () => expect(dayEndExclusive("2026-12-31")).toBe("2027-01-01T00:00:00.000Z"));
  it("a cursor survives the round trip and refuses garbage", () => {
    const c = { created_at: "2026-11-22T10:00:00.123Z", id: "e575dd1a-880e-4c00-a1bc-4ac265c417fe" };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    for (const bad of ["", "x", "~id", "2026-11-22~id", "2026-11-22T10:00:00Z~a b", "2026-11-22T10:00:00Z~'; DROP"])
      expect(decodeCursor(bad)).toBeNull();
  });
});

describe("the registrations filters", () => {
  const parse = (q: string) => parseAdminInscriptionsQuery(new URLSearchParams(q));
  it("defaults: everything, 50 a page, page 1", () => {
    const { filters } = parse("");
    expect(filters).toMatchObject({
      q: "",
      statut: "",
      course: "",
      format: "",
      du: "",
      au: "",
      taille: 50,
      page: 1,
      after: null,
      before: null,
    });
  });
  it.each([
    ["taille=25", { taille: 25 }],
    ["taille=100", { taille: 100 }],
    ["taille=7", { taille: 50 }],
    ["statut=validee", { statut: "validee" }],
    ["statut=n'importe", { statut: "" }],
    ["format=f1", { format: "" }], // a format only inside its event
    ["course=c1&format=f1", { course: "c1", format: "f1" }],
    ["course=c1';--", { course: "" }],
    ["page=0", { page: 1 }],
  ])("%s", (q, expected) => expect(parse(q).filters).toMatchObject(expected));
  it("a bad date or an end before the start gets a French message and is left out", () => {
    expect(parse("du=2026-02-30").errors.du).toBe("Date invalide (format attendu : jj/mm/aaaa).");
    const r = parse("du=2026-03-10&au=2026-03-01");
    expect(r.errors.au).toBe("La date de fin doit être postérieure ou égale à la date de début.");
    expect(r.filters.du).toBe("");
    expect(r.filters.au).toBe("");
    expect(r.values.au).toBe("2026-03-01");
  });
  it("links keep the filters, not the defaults", () => {
    const { filters } = parse("q=bern&taille=50&statut=validee");
    expect(adminInscriptionsQuery(filters, { page: "2" })).toBe("?q=bern&statut=validee&page=2");
  });
});

describe("the page's CSV (spec section 7)", () => {
  const row: AdminInscriptionRow = {
    inscription_id: "i1",
    created_at: "2026-11-22T10:00:00.000Z",
    statut: "validee",
    course_nom: "Trail; des Cimes",
    format_nom: "=1+1",
    coureur_nom: "Bernard",
    coureur_prenom: "Camille",
    coureur_email: "c@b.fr",
    dossard: 12,
    nombre_repas: 2,
    prix_total_repas_cents: 3000,
    montant_total_cents: 7500,
    course_id: "c",
    format_id: "f",
    code_promo: "NOEL",
    remise_cents: 500,
  };
  it.each([
    ["winter (UTC+1)", "2026-11-22T10:00:00.000Z", "22/11/2026 11:00"],
    ["summer (UTC+2)", "2026-07-01T10:05:00.000Z", "01/07/2026 12:05"],
    ["late evening UTC is the next day in Paris", "2026-12-31T23:30:00.000Z", "01/01/2027 00:30"],
  ])("writes the registration date in Paris time, French format: %s", (_, iso, text) => {
    expect(adminInscriptionCsvCells({ ...row, created_at: iso })[0]).toBe(text);
  });
  it("replaces semicolons with spaces and neutralises formulas", () => {
    expect(adminCsvText("a;b;c")).toBe("a b c");
    const cells = adminInscriptionCsvCells(row);
    expect(cells).toEqual([
      "22/11/2026 11:00",
      "Trail  des Cimes",
      "=1+1",
      "Bernard",
      "Camille",
      "c@b.fr",
      "Validée",
      "45,00",
      2,
      "30,00",
      "75,00",
      12,
      "NOEL",
      "5,00",
    ]);
    const file = adminInscriptionsCsv([row]);
    expect(file.startsWith("\uFEFF")).toBe(true);
    expect(file).toContain(";'=1+1;");
    expect(file.split("\r\n")).toHaveLength(3);
  });
});

describe("the payouts screen", () => {
  it("parses its filters", () => {
    expect(parseAdminPaymentsQuery(new URLSearchParams("status=refunded&q=ch_1")).filters).toMatchObject({
      status: "refunded",
      q: "ch_1",
    });
    expect(parseAdminPaymentsQuery(new URLSearchParams("status=autre")).filters.status).toBe("");
  });
  it("adds up the selection", () => {
    const p = {
      amount_total_cents: 4200,
      fee_total_cents: 88,
      platform_fee_cents: 210,
      transferred_total_cents: 1951,
      refunded_cents: 0,
      net_remaining_cents: 1951,
      compensation_cents: 0,
    };
    expect(selectionTotals([p, { ...p, refunded_cents: 100, net_remaining_cents: 1851 }])).toEqual({
      count: 2,
      gross: 8400,
      fees: 176,
      commission: 420,
      transferred: 3902,
      refunded: 100,
      netRemaining: 3802,
    });
    expect(selectionTotals([]).count).toBe(0);
  });
  it("keeps well-formed unique ids, at most 300", () => {
    expect(selectedIds(["a", "a", "b", "x y", "", "c'd"])).toEqual(["a", "b"]);
    expect(selectedIds(Array.from({ length: 400 }, (_, i) => `id-${i}`))).toHaveLength(300);
  });
  itMaps("action %j valid: %s", (form) => PayoutActionSchema.safeParse(form).success, [
    [{ intent: "commission", commission: "7,5" }, true],
    [{ intent: "commission", commission: "0" }, true],
    [{ intent: "commission", commission: "50" }, true],
    [{ intent: "commission", commission: "50.1" }, false],
    [{ intent: "commission", commission: "7.55" }, false],
    [{ intent: "commission", commission: "-1" }, false],
    [{ intent: "commission", commission: "abc" }, false],
    [{ intent: "acompte", acompte: "50" }, true],
    [{ intent: "acompte", acompte: "100" }, true],
    [{ intent: "acompte", acompte: "101" }, false],
    [{ intent: "acompte", acompte: "12,5" }, false],
    [{ intent: "tout" }, true],
    [{ intent: "supprimer" }, false],
  ]);
  it.each([
    [{ kind: "commission", n: 3 } as const, "Commission plateforme mise à jour sur 3 paiement(s)."],
    [{ kind: "transferts", ok: 2, failed: 1 } as const, "Transferts terminés: 2 OK, 1 échec(s)."],
    [{ kind: "vide" } as const, "Sélection vide"],
  ])("notice %j", (notice, text) => {
    expect(payoutNoticeText(notice)).toBe(text);
    expect(payoutNoticeFrom(new URLSearchParams(payoutNoticeParams(notice)))).toEqual(notice);
  });
  it("never shows text from the URL", () => {
    expect(payoutNoticeFrom(new URLSearchParams("fait=autre"))).toBeNull();
    expect(payoutNoticeFrom(new URLSearchParams("fait=commission&n=<script>"))).toEqual({ kind: "commission", n: 0 });
  });
});

describe("J+1 payout rules", () => {
  itMaps("a format on %j is paid out on %j", payoutDueOn, [
    ["2027-07-10", "2027-07-11"],
    ["2027-12-31", "2028-01-01"],
    ["2028-02-28", "2028-02-29"],
    [null, null],
    ["bientôt", null],
  ]);
  it.each([
    ["2027-07-11", "2027-07-10", false],
    ["2027-07-11", "2027-07-11", true],
    ["2027-07-11", "2027-08-01", true],
    [null, "2027-08-01", false],
  ])("due on %j, today %s: %s", (due, today, yes) => expect(isPayoutDue(due, today)).toBe(yes));
  it("derives one transfer id per payment and day, and per form token", () => {
    expect(autoPayoutTransferId("p1", "2027-07-11")).toBe("j1-2027-07-11-p1");
    expect(autoPayoutTransferId("p1", "2027-07-12")).not.toBe(autoPayoutTransferId("p1", "2027-07-11"));
    expect(adminTransferId("t".repeat(20), "p1", "acompte")).not.toBe(adminTransferId("t".repeat(20), "p1", "tout"));
    expect(isActionToken("abcDEF0123456789_-")).toBe(true);
    expect(isActionToken("short")).toBe(false);
    expect(isActionToken("x".repeat(65))).toBe(false);
  });
});

describe("the registrations page's label (page N / M) says what the list shows", () => {
  const cursor = { created_at: "2026-11-22T10:00:00.000Z", id: "i1" };
  it.each([
    ["no cursor: the first page, whatever page= says", { page: 9999, after: null, before: null }, 530, 1, 11],
    ["the first page", { page: 1, after: null, before: null }, 530, 1, 11],
    ["a page past the last one is the last one", { page: 9999, after: cursor, before: null }, 530, 11, 11],
    ["a page in range", { page: 3, after: cursor, before: null }, 530, 3, 11],
    ["with a cursor, never page 1", { page: 1, after: cursor, before: null }, 530, 2, 11],
    ["going back", { page: 4, after: null, before: cursor }, 530, 4, 11],
    ["one page only", { page: 7, after: cursor, before: null }, 20, 1, 1],
    ["nothing found: page 1 / 1", { page: 5, after: null, before: null }, 0, 1, 1],
    [
      "total not counted (broad search): the page asked for",
      { page: 9999, after: cursor, before: null },
      null,
      9999,
      null,
    ],
  ])("%s", (_, f, total, pageNumber, pages) => {
    expect(adminPager({ ...f, taille: 50 }, total)).toEqual({ pageNumber, pages });
  });
});
