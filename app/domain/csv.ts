// CSV for spreadsheets used in France (Excel, LibreOffice): semicolon delimiter, UTF-8 with a BOM so that
// accents survive, CRLF line ends (RFC 4180). Pure: the export route streams what these functions return.
// docs/decisions/0081-csv-export-streamed.md
import { RUNNER_FIELD_LABELS, RUNNER_IDENTITY_FIELDS, RUNNER_PLACE_FIELDS } from "./runner-fields";
import { hyphenWords } from "./slug";

export const CSV_DELIMITER = ";";
export const CSV_BOM = "\uFEFF";
export const CSV_EOL = "\r\n";

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"), plus tab and CR. */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A phone number written the international way ('+33 6 12 34 56 78', '+33.6.12…'): '+', a digit, then only digits,
 * spaces and dots. No letter, operator, colon or bracket, so a spreadsheet can compute nothing from it.
 */
const INTERNATIONAL_PHONE = /^\+\d[\d .]*$/;

export type CsvValue = string | number | null | undefined;

/**
 * One cell. Numbers are written as they are (a registrant's bib or meal count is never a formula).
 * Text starting with = + - @ (or tab, CR) gets a leading apostrophe so that it is shown, never evaluated; an
 * international phone number ('+33 6 12 34 56 78') is kept as typed.
 * Text holding the delimiter, a double quote or a line break is wrapped in quotes, inner quotes doubled.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = value;
  if (FORMULA_START.test(text) && !INTERNATIONAL_PHONE.test(text)) text = `'${text}`;
  if (/[;"\r\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** One line, delimiter-separated, ending with CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(CSV_DELIMITER) + CSV_EOL;
}

/** The organiser export's columns, in the spec's order (section 7), with their header text. */
export const EXPORT_COLUMNS = [
  ...RUNNER_IDENTITY_FIELDS,
  ...RUNNER_PLACE_FIELDS,
  "dossard",
  "nombre_repas",
  "statut",
  "created_at",
  // A promo code used and its discount in euros (ADR 0214), empty without one.
  "code_promo",
  "remise_euros",
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** Extra columns an organiser may add to the default list. */
export const EXTRA_EXPORT_COLUMNS = [
  "adresse_complement",
  "justificatif_type",
  "numero_licence",
  "pps_identifier",
  "contact_urgence_nom",
  "contact_urgence_telephone",
  "apparaitre_resultats",
] as const;
export type ExtraExportColumn = (typeof EXTRA_EXPORT_COLUMNS)[number];
export type AnyExportColumn = ExportColumn | ExtraExportColumn;
export const ALL_EXPORT_COLUMNS: readonly AnyExportColumn[] = [...EXPORT_COLUMNS, ...EXTRA_EXPORT_COLUMNS];

/** French labels of the column chooser. The CSV header keeps the technical names (stable for imports). */
export const EXPORT_COLUMN_LABELS: Record<AnyExportColumn, string> = {
  ...RUNNER_FIELD_LABELS,
  dossard: "Dossard",
  nombre_repas: "Nombre de repas",
  statut: "Statut",
  created_at: "Date d'inscription",
  code_promo: "Code promo",
  remise_euros: "Remise (€)",
  apparaitre_resultats: "Apparaît dans les résultats",
};

/**
 * The columns asked for in the query string (`col=nom&col=email`), in the canonical order, unknown ones
 * ignored, duplicates dropped. None asked for (or none valid): the spec's default list.
 */
export function parseExportColumns(requested: readonly string[]): AnyExportColumn[] {
  const wanted = new Set(requested);
  const cols = ALL_EXPORT_COLUMNS.filter((c) => wanted.has(c));
  return cols.length > 0 ? cols : [...EXPORT_COLUMNS];
}

/** A French text as a file name's part: ASCII letters and digits joined by hyphens, at most 60 characters. */
export function fileNameSlug(text: string): string {
  return hyphenWords(text).slice(0, 60).replace(/-+$/, "");
}

/** A file name built from the format's name: "inscriptions-course-enfants-1-km.csv". ASCII only. */
export function exportFileName(formatName: string): string {
  return `inscriptions-${fileNameSlug(formatName) || "format"}.csv`;
}
