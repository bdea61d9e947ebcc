import { describe, expect, it } from "vitest";
import { itMaps, itMapsEqual } from "../../tests/support/cases";
import {
  alreadyText,
  CHECK_IN_REFUSALS,
  checkInRefusal,
  earliest,
  isPickedUp,
  mayUndo,
  scanEffect,
  undoneText,
  EXPECTED_STATUTS,
  matchesSearch,
  mayCheckIn,
  parseScan,
  pickupClock,
  pickupCounter,
  scanTime,
  ScanBatchSchema,
  DeskFormSchema,
} from "./check-in";
import { STATUTS } from "./registration-rules/statuses";

describe("mayCheckIn: the desk's « Retirer » for a valid runner not yet picked up", () => {
  itMaps("%j → %s", mayCheckIn, [
    [{ retire_le: null, statut: "validee" }, true],
    [{ retire_le: "2026-10-10T07:00:00.000Z", statut: "validee" }, false],
    [{ retire_le: null, statut: "en_attente" }, false],
    [{ retire_le: null, statut: "remboursee_totalement" }, false],
  ]);
});

describe("checkInRefusal: only a paid, valid registration picks up its bib", () => {
  itMaps("%s → %s", checkInRefusal, [
    ["validee", null],
    ["validée", null],
    ["en_attente", "en_attente"],
    ["refusee", "refusee"],
    ["annulee", "annulee"],
    ["remboursee_partiellement", "remboursee"],
    ["remboursee_totalement", "remboursee"],
    ["transferee", "transferee"],
    ["n'importe quoi", "inconnue"],
  ]);

  it("every status is decided, and every refusal has a French reason", () => {
    for (const s of STATUTS) {
      const r = checkInRefusal(s);
      if (r) expect(CHECK_IN_REFUSALS[r]).toMatch(/\u00a0: /);
    }
    expect(EXPECTED_STATUTS).toEqual(["validee"]);
    expect(CHECK_IN_REFUSALS.transferee).toContain("cédé");
    expect(CHECK_IN_REFUSALS.annulee).toContain("annulée");
  });
});

describe("parseScan: the confirmation URL with its signature", () => {
  const sig = "AbCdEf0123456789_-xy";
  itMapsEqual("%s", parseScan, [
    [`https://balise.fr/mon-inscription/i-1?retrait=${sig}`, { inscriptionId: "i-1", signature: sig }],
    [`http://localhost:8791/mon-inscription/abc/?retrait=${sig}&x=1`, { inscriptionId: "abc", signature: sig }],
    ["https://balise.fr/mon-inscription/i-1", null], // no signature: an old QR
    [`https://balise.fr/courses/i-1?retrait=${sig}`, null],
    [`https://balise.fr/mon-inscription/i-1?retrait=court`, null],
    [`https://balise.fr/mon-inscription/a%20b?retrait=${sig}`, null],
    ["BEGIN:VCARD", null],
    ["", null],
  ]);
});

describe("the time the desk shows (Paris)", () => {
  const now = new Date("2026-06-14T10:00:00Z");
  itMaps("%s → %s", pickupClock, [
    ["2026-06-14T06:12:00Z", "8\u00a0h\u00a012"], // summer: UTC+2
    ["2026-12-05T07:05:00Z", "8\u00a0h\u00a005"], // winter: UTC+1
    ["2026-06-14T22:30:00Z", "0\u00a0h\u00a030"],
  ]);

  it.each([
    ["2026-06-14T06:12:00Z", "Marie Durand", "Déjà retiré à 8\u00a0h\u00a012 par Marie Durand"],
    ["2026-06-14T06:12:00Z", null, "Déjà retiré à 8\u00a0h\u00a012"],
    ["2026-06-13T16:40:00Z", "Paul", "Déjà retiré le 13/06 à 18\u00a0h\u00a040 par Paul"],
  ])("%s by %s", (iso, by, text) => {
    expect(alreadyText(iso, by, now)).toBe(text);
  });
});

describe("conflicts and device clocks", () => {
  it.each([
    ["2026-06-14T06:12:00.000Z", "2026-06-14T06:10:00.000Z", "2026-06-14T06:10:00.000Z"],
    ["2026-06-14T06:10:00.000Z", "2026-06-14T06:12:00.000Z", "2026-06-14T06:10:00.000Z"],
    ["2026-06-14T06:10:00.000Z", "2026-06-14T06:10:00.000Z", "2026-06-14T06:10:00.000Z"],
  ])("earliest(%s, %s) = %s", (a, b, kept) => {
    expect(earliest(a, b)).toBe(kept);
  });

  const now = new Date("2026-06-14T10:00:00.000Z");
  itMaps("scanTime(%s) = %s", (device) => scanTime(device, now), [
    ["2026-06-14T09:58:00.000Z", "2026-06-14T09:58:00.000Z"], // a scan a moment ago, synced now
    ["2026-06-14T10:03:00.000Z", "2026-06-14T10:00:00.000Z"], // a clock a little ahead: not after the server's now
    ["2026-06-14T11:00:00.000Z", "2026-06-14T10:00:00.000Z"], // far ahead: the server's time
    ["2026-05-01T10:00:00.000Z", "2026-06-14T10:00:00.000Z"], // far behind: the server's time
    ["pas une date", "2026-06-14T10:00:00.000Z"],
    [null, "2026-06-14T10:00:00.000Z"],
  ]);
});

describe("the desk's search and counter", () => {
  const runner = { nom: "Lefèvre", prenom: "Élodie", dossard: 42 };
  itMaps("'%s' → %s", (q) => matchesSearch(runner, q), [
    ["", true],
    ["42", true],
    ["4", false],
    ["elodie", true],
    ["LEFEVRE elo", true],
    ["martin", false],
  ]);

  it("counts the picked-up bibs among the expected runners only", () => {
    const rows = [
      { statut: "validee", retire_le: "2026-06-14T06:12:00Z" },
      { statut: "validee", retire_le: null },
      { statut: "annulee", retire_le: null },
      { statut: "transferee", retire_le: null },
    ];
    expect(pickupCounter(rows)).toEqual({ retires: 1, attendus: 2 });
  });

  it("a batch needs at least one scan and well-formed ids", () => {
    expect(ScanBatchSchema.safeParse({ scans: [] }).success).toBe(false);
    expect(ScanBatchSchema.safeParse({ scans: [{ inscriptionId: "x'; DROP" }] }).success).toBe(false);
    expect(ScanBatchSchema.safeParse({ appareil: "tel-1", scans: [{ inscriptionId: "i-1" }] }).success).toBe(true);
  });
});

describe("the undo of a pick-up: a scan made before it never hands the bib out again", () => {
  const at = (hhmm: string) => `2027-10-10T${hhmm}:00.000Z`;
  it.each([
    // [row, scan time, effect]
    [null, at("07:00"), "nouveau"],
    [{ retire_le: at("07:00"), annule_le: null }, at("06:50"), "plus_tot"],
    [{ retire_le: at("07:00"), annule_le: null }, at("07:10"), "deja"],
    [{ retire_le: at("07:00"), annule_le: null }, at("07:00"), "deja"],
    // Undone at 07:20: older scans (an offline phone's) are ignored; a newer one is a new pick-up.
    [{ retire_le: at("07:00"), annule_le: at("07:20") }, at("06:50"), "avant_undo"],
    [{ retire_le: at("07:00"), annule_le: at("07:20") }, at("07:10"), "avant_undo"],
    [{ retire_le: at("07:00"), annule_le: at("07:20") }, at("07:20"), "avant_undo"],
    [{ retire_le: at("07:00"), annule_le: at("07:20") }, at("07:30"), "nouveau"],
    // Picked up again at 07:30 after the 07:20 undo: an earlier scan after the undo moves the time back, one
    // before the undo still does not.
    [{ retire_le: at("07:30"), annule_le: at("07:20") }, at("07:25"), "plus_tot"],
    [{ retire_le: at("07:30"), annule_le: at("07:20") }, at("07:10"), "avant_undo"],
    [{ retire_le: at("07:30"), annule_le: at("07:20") }, at("07:40"), "deja"],
  ] as const)("%j, scan at %s → %s", (row, at, effect) => {
    expect(scanEffect(row, at)).toBe(effect);
  });

  itMaps("isPickedUp(%j) = %s", isPickedUp, [
    [{ retire_le: at("07:00"), annule_le: null }, true],
    [{ retire_le: at("07:00"), annule_le: at("07:20") }, false],
    [{ retire_le: at("07:00"), annule_le: at("07:00") }, false], // undone at the very time of the pick-up
    [{ retire_le: at("07:30"), annule_le: at("07:20") }, true],
  ]);

  it("offers the undo only for a bib handed out", () => {
    expect(mayUndo({ retire_le: at("07:00") })).toBe(true);
    expect(mayUndo({ retire_le: null })).toBe(false);
  });

  it("says when and by whom, in Paris time", () => {
    expect(undoneText("2027-10-10T06:20:00.000Z", "Marie Durand")).toBe(
      "Retrait annulé à 8\u00a0h\u00a020 par Marie Durand",
    );
    expect(undoneText("2027-10-10T06:20:00.000Z", null)).toBe("Retrait annulé à 8\u00a0h\u00a020");
  });

  it("the desk's form takes « annuler » with a registration id", () => {
    expect(DeskFormSchema.safeParse({ intent: "annuler", id: "abc-123" }).success).toBe(true);
    expect(DeskFormSchema.safeParse({ intent: "annuler", id: "../x" }).success).toBe(false);
  });
});
