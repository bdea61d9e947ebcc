import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { CSV_BOM, csvCell, csvRow, EXPORT_COLUMNS, exportFileName, parseExportColumns } from "./csv";

describe("csvCell", () => {
  it.each([
    ["plain text stays as is", "Dupont", "Dupont"],
    ["accents stay as is", "Élodie Léger", "Élodie Léger"],
    ["empty string", "", ""],
    ["null is an empty cell", null, ""],
    ["undefined is an empty cell", undefined, ""],
    ["a number", 42, "42"],
    ["zero", 0, "0"],
    ["a NaN is empty", Number.NaN, ""],
    ["a semicolon is quoted", "Trail; club", '"Trail; club"'],
    ["quotes are doubled inside quotes", 'Le "Lièvre"', '"Le ""Lièvre"""'],
    ["a line break is quoted", "ligne 1\nligne 2", '"ligne 1\nligne 2"'],
    ["a CRLF is quoted", "a\r\nb", '"a\r\nb"'],
    ["a comma needs no quotes with ; as delimiter", "Rennes, France", "Rennes, France"],
    ["= starts a formula: neutralised", "=1+1", "'=1+1"],
    ["+ then letters starts a formula: neutralised", "+SUM(A1)", "'+SUM(A1)"],
    ["+ then a sum starts a formula: neutralised", "+1+1", "'+1+1"],
    ["+ then a cell reference: neutralised", "+A1", "'+A1"],
    ["+ then digits and a call: neutralised", "+33 6 CMD()", "'+33 6 CMD()"],
    ["+ then a row range: neutralised", "+3:3", "'+3:3"],
    ["an international phone number is kept as typed", "+33 6 12 34 56 78", "+33 6 12 34 56 78"],
    ["an international phone number without spaces", "+33612345678", "+33612345678"],
    ["an international phone number with dots", "+33.6.12.34.56.78", "+33.6.12.34.56.78"],
    ["a French phone number", "06 12 34 56 78", "06 12 34 56 78"],
    ["a French phone number with dots", "06.12.34.56.78", "06.12.34.56.78"],
    ["a lone +", "+", "'+"],
    ["- starts a formula: neutralised", "-2+3", "'-2+3"],
    ["@ starts a formula: neutralised", "@SUM(A1)", "'@SUM(A1)"],
    ["a leading tab is neutralised", "\tx", "'\tx"],
    [
      "a formula with a semicolon is neutralised then quoted",
      '=HYPERLINK("http://x";"y")',
      '"\'=HYPERLINK(""http://x"";""y"")"',
    ],
    ["= later in the text is harmless", "a=b", "a=b"],
    ["a negative number (typed) is a number, not a formula", -3, "-3"],
  ])("%s", (_name, input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });
});

describe("csvRow", () => {
  it("joins with semicolons and ends with CRLF", () => {
    expect(csvRow(["a", 1, null, "b;c"])).toBe('a;1;;"b;c"\r\n');
  });
  it("an empty row is just CRLF", () => {
    expect(csvRow([])).toBe("\r\n");
  });
  it("exact UTF-8 bytes of BOM + header + a row", () => {
    const text = CSV_BOM + csvRow(["nom", "prenom"]) + csvRow(["Léo", "=A1"]);
    const bytes = [...new TextEncoder().encode(text)];
    expect(bytes).toEqual([
      0xef,
      0xbb,
      0xbf, // BOM
      0x6e,
      0x6f,
      0x6d,
      0x3b,
      0x70,
      0x72,
      0x65,
      0x6e,
      0x6f,
      0x6d,
      0x0d,
      0x0a, // nom;prenom\r\n
      0x4c,
      0xc3,
      0xa9,
      0x6f,
      0x3b,
      0x27,
      0x3d,
      0x41,
      0x31,
      0x0d,
      0x0a, // Léo;'=A1\r\n
    ]);
  });
});

describe("parseExportColumns", () => {
  it("defaults to the spec's 16 columns in order, then the promo code and its discount", () => {
    expect(parseExportColumns([])).toEqual([...EXPORT_COLUMNS]);
    // Spec section 7's list, in its order.
    expect(EXPORT_COLUMNS.join(" ")).toBe(
      "nom prenom genre date_naissance nationalite email telephone adresse code_postal ville pays club dossard " +
        "nombre_repas statut created_at code_promo remise_euros",
    );
  });
  it("keeps the canonical order, drops unknown and duplicate names", () => {
    expect(parseExportColumns(["email", "nom", "password_hash", "email", "numero_licence"])).toEqual([
      "nom",
      "email",
      "numero_licence",
    ]);
  });
  it("only unknown names: the default list", () => {
    expect(parseExportColumns(["coureur_id", "paiement_trace_id"])).toEqual([...EXPORT_COLUMNS]);
  });
});

describe("exportFileName", () => {
  itMaps("%s -> %s", exportFileName, [
    ["Course enfants 1 km", "inscriptions-course-enfants-1-km.csv"],
    ["Trail de l'Œil — 42 km", "inscriptions-trail-de-l-oeil-42-km.csv"],
    ['Été ; "spécial" / ../..', "inscriptions-ete-special.csv"],
    ["???", "inscriptions-format.csv"],
  ]);
});
