import { describe, expect, it } from "vitest";
import { EXCLUDED_TABLES } from "./data-export";
import { documentFile, exportReadme, keptColumns, pick, rowsCsv, rowsJson, tableFile } from "./data-export-files";

describe("the export's files", () => {
  it("write a table as French spreadsheet CSV: BOM, header even without rows, formulas defused", () => {
    expect(rowsCsv(["a", "b"], [])).toBe("\uFEFFa;b\r\n");
    expect(rowsCsv(["nom", "n", "ok", "x"], [{ nom: "=SOMME(A1)", n: 3, ok: true, x: null }])).toBe(
      "\uFEFFnom;n;ok;x\r\n'=SOMME(A1);3;1;\r\n",
    );
  });

  it("write JSON with every row", () => {
    expect(JSON.parse(rowsJson([{ a: 1 }, { a: 2 }]))).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it("leave out the secrets and the paging key", () => {
    expect(keptColumns("users", ["__rowid", "id", "email", "password_hash"])).toEqual(["id", "email"]);
    expect(pick({ id: "1", email: "a@b.fr", password_hash: "x" }, ["id", "email", "ville"])).toEqual({
      id: "1",
      email: "a@b.fr",
      ville: null,
    });
  });

  it("name files safely", () => {
    expect(tableFile("inscriptions", "csv")).toBe("donnees/inscriptions.csv");
    expect(documentFile("d1", "Licence FFA 2026 (scan).PDF", "application/pdf")).toBe(
      "justificatifs/d1-Licence_FFA_2026_scan_.pdf",
    );
    expect(documentFile("d2", null, "image/jpeg")).toBe("justificatifs/d2-justificatif.jpeg");
    expect(documentFile("d3", "../../etc/passwd", "image/png")).toBe("justificatifs/d3-.._.._etc_passwd.png");
  });

  it("explain in the README what is there, what is not and that Premium does not exist yet", () => {
    const text = exportReadme({
      email: "coureur@balise.test",
      madeAt: new Date("2026-11-27T10:00:00.000Z"),
      counts: { inscriptions: 2 },
      documents: 1,
      excluded: EXCLUDED_TABLES,
    });
    expect(text).toContain("coureur@balise.test");
    expect(text).toContain("27/11/2026 11:00");
    expect(text).toContain("donnees/inscriptions.json et .csv : vos inscriptions (2 ligne(s))");
    expect(text).toContain("Activités Premium : cette offre n'existe pas encore");
    expect(text).toContain("auth_tokens :");
  });
});
