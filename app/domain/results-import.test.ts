import { describe, expect, it } from "vitest";
import { itMapsEqual, itRefuses } from "../../tests/support/cases";
import {
  correctDraftLine,
  detectColumns,
  IMPORT_MESSAGES,
  LINE_MESSAGES,
  previewResults,
  readResultsCsv,
} from "./results-import";
import { TIME_MESSAGES } from "./results";

describe("detectColumns", () => {
  itMapsEqual("%j", detectColumns, [
    [
      ["Dossard", "Temps"],
      ["dossard", "temps"],
    ],
    [
      ["bib", "time", "rank", "category", "status"],
      ["dossard", "temps", "classement", "categorie", "statut"],
    ],
    [
      ["Rang", "Dos", "Nom", "Prénom", "Club", "Catégorie", "Chrono"],
      ["classement", "dossard", "nom", "prenom", "club", "categorie", "temps"],
    ],
    [
      ["dossard", "ville", "temps", "dossard"],
      ["dossard", null, "temps", null],
    ],
  ]);
});

describe("readResultsCsv", () => {
  it.each([
    ["semicolons", "dossard;temps;categorie\r\n12;1:02:03;SEH\r\n13;45:10;V1F\r\n"],
    ["commas", "bib,time,category\n12,1:02:03,SEH\n13,45:10,V1F\n"],
    ["a BOM", "\uFEFFDossard;Temps;Catégorie\n12;1:02:03;SEH\n\n13;45:10;V1F"],
    ["quoted cells", 'dossard,temps,categorie\n"12","1:02:03","SEH"\n13,45:10,"V1F"\n'],
  ])("reads %s", (_, text) => {
    const r = readResultsCsv(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.lines.map((l) => [l.dossard, l.temps, l.categorie])).toEqual([
      ["12", "1:02:03", "SEH"],
      ["13", "45:10", "V1F"],
    ]);
  });

  it("numbers lines as in the file, empty lines skipped", () => {
    const r = readResultsCsv("\uFEFFdossard;temps\n1;1:00:00\n\n3;1:00:01\n");
    expect(r.ok && r.lines.map((l) => l.ligne)).toEqual([2, 4]);
  });

  it("keeps a club holding the other delimiter", () => {
    const r = readResultsCsv('dossard;temps;club\n7;1:00:00;"Trail, Club; Brocéliande"\n');
    expect(r.ok && r.lines[0].club).toBe("Trail, Club; Brocéliande");
  });

  itRefuses("refuses %j", readResultsCsv, [
    [IMPORT_MESSAGES.empty, ["", "\uFEFF\n\n", "dossard;temps\n\n"]],
    [IMPORT_MESSAGES.noHeader, ["nom;prenom\nA;B"]],
    [IMPORT_MESSAGES.noBib, ["temps;nom\n1:00:00;A"]],
    [IMPORT_MESSAGES.noTime, ["dossard;nom\n1;A"]],
  ]);
});

function lines(text: string) {
  const r = readResultsCsv(text);
  if (!r.ok) throw new Error(r.message);
  return r.lines;
}

describe("previewResults", () => {
  const known = new Set([1, 2, 3, 4, 5]);
  it("flags bad times, bad bibs, duplicates, statuses and ranks with their line numbers; unknown bibs are warnings", () => {
    const p = previewResults(
      lines(
        "dossard;temps;statut;classement\n1;1:00:00;;\n2;1:0x:00;;\n1;1:01:00;;\nabc;1:02:00;;\n3;;DNF;\n4;1:03:00;perdu;\n5;1:04:00;;0\n99;1:05:00;;\n",
      ),
      known,
    );
    expect(p.errors).toEqual([
      { ligne: 3, colonne: "temps", message: TIME_MESSAGES.unreadable },
      { ligne: 4, colonne: "dossard", message: LINE_MESSAGES.duplicate(2) },
      { ligne: 5, colonne: "dossard", message: LINE_MESSAGES.bib },
      { ligne: 7, colonne: "statut", message: LINE_MESSAGES.status },
      { ligne: 8, colonne: "classement", message: LINE_MESSAGES.rank },
    ]);
    expect(p.warnings).toEqual([{ ligne: 9, colonne: "dossard", message: LINE_MESSAGES.unknownBib }]);
    expect(p.counts).toEqual({ lignes: 8, classes: 2, dnf: 1, dns: 0, dsq: 0 });
    expect(p.results.map((r) => [r.dossard, r.classement, r.statut])).toEqual([
      [1, 1, "classe"],
      [3, null, "dnf"],
      [99, 2, "classe"],
    ]);
  });

  it("a ranked line needs a time", () => {
    const p = previewResults(lines("dossard;temps\n1;\n"), known);
    expect(p.errors).toEqual([{ ligne: 2, colonne: "temps", message: TIME_MESSAGES.empty }]);
  });

  it("a corrected line passes", () => {
    const draft = lines("dossard;temps\n1;1:00:00\n2;1:0x:00\n");
    const fixed = correctDraftLine(draft, 3, { temps: "1:01:00" });
    expect(fixed && previewResults(fixed, known).errors).toEqual([]);
    expect(correctDraftLine(draft, 42, { temps: "1:01:00" })).toBeNull();
  });
});
