// The files of a « Mes données » ZIP (decision 0219): each table's rows as JSON and as CSV (the French spreadsheet
// CSV of app/domain/csv.ts: semicolons, BOM, formulas defused), the consents, and a README.txt saying what each file
// holds. Pure: the service reads the rows and the documents, and zips what these functions return.
import { CSV_BOM, type CsvValue, csvRow } from "./csv";
import { type ConsentRow, EXPORTED_TABLES, type ExportedTable, type ExportedTableName } from "./data-export";
import { formatDateTime } from "./format";

export type Row = Record<string, unknown>;

/** A cell for the CSV: numbers as they are, booleans as 1/0, objects as JSON, the rest as text. */
function cell(v: unknown): CsvValue {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

/** A table's rows as CSV: the header (every column, even with no row), then one line per row. */
export function rowsCsv(columns: readonly string[], rows: readonly Row[]): string {
  return CSV_BOM + csvRow(columns) + rows.map((r) => csvRow(columns.map((c) => cell(r[c])))).join("");
}

/** A table's rows as pretty-printed JSON. */
export const rowsJson = (rows: readonly Row[]): string => `${JSON.stringify(rows, null, 2)}\n`;

/** A row without the columns the export leaves out (secrets, hashes, computed search keys). */
export function keptColumns(table: ExportedTableName, columns: readonly string[]): string[] {
  const omit = EXPORTED_TABLES[table].omit ?? [];
  return columns.filter((c) => !omit.includes(c) && c !== "__rowid");
}

export const pick = (row: Row, columns: readonly string[]): Row =>
  Object.fromEntries(columns.map((c) => [c, row[c] ?? null]));

export const tableFile = (table: string, ext: "json" | "csv") => `donnees/${table}.${ext}`;
export const CONSENTS_FILE = "consentements";
export const documentFile = (id: string, originalName: string | null, contentType: string) => {
  const ext = contentType === "application/pdf" ? "pdf" : (contentType.split("/")[1] ?? "bin");
  const base = (originalName ?? "justificatif").replace(/[^A-Za-z0-9._-]+/g, "_").replace(/\.[A-Za-z0-9]{1,5}$/, "");
  return `justificatifs/${id}-${base.slice(0, 60) || "justificatif"}.${ext}`;
};

export const consentsCsv = (rows: readonly ConsentRow[]) =>
  rowsCsv(
    ["consentement", "valeur", "date"],
    rows.map((r) => ({ ...r })),
  );

/** The README.txt: who, when, what each file holds (with its row count), what is not in it and why. */
export function exportReadme(input: {
  email: string;
  madeAt: Date;
  counts: Partial<Record<ExportedTableName, number>>;
  documents: number;
  excluded: Record<string, string>;
}): string {
  const lines = [
    "Balise — vos données personnelles (« Mes données »)",
    "",
    `Compte : ${input.email}`,
    `Archive préparée le ${formatDateTime(input.madeAt)} (heure de Paris).`,
    "",
    "Cette archive contient tout ce que Balise conserve à votre sujet (RGPD, articles 15 et 20).",
    "Chaque catégorie est donnée deux fois : en JSON (lisible par un programme) et en CSV (tableur, séparateur « ; »).",
    "Les dates sont en temps universel (UTC, format ISO 8601), les montants en centimes d'euro.",
    "",
  ];
  const byCategory = new Map<string, string[]>();
  for (const [table, def] of Object.entries(EXPORTED_TABLES) as [ExportedTableName, ExportedTable][]) {
    const list = byCategory.get(def.categorie) ?? [];
    list.push(`  - ${tableFile(table, "json")} et .csv : ${def.contenu} (${input.counts[table] ?? 0} ligne(s))`);
    byCategory.set(def.categorie, list);
  }
  for (const [categorie, list] of byCategory) lines.push(`${categorie} :`, ...list, "");
  lines.push(
    "Consentements :",
    `  - ${CONSENTS_FILE}.json et .csv : vos consentements et choix, avec leur date`,
    "",
    "Justificatifs :",
    `  - justificatifs/ : les fichiers de vos licences ou PPS encore conservés (${input.documents} fichier(s))`,
    "",
    "Activités Premium : cette offre n'existe pas encore sur Balise ; aucune donnée de ce type n'est conservée.",
    "",
    "Ce qui n'est pas dans l'archive, et pourquoi :",
    ...Object.entries(input.excluded).map(([table, why]) => `  - ${table} : ${why}`),
    "  - les mots de passe (seule une empreinte est gardée) et les jetons secrets ne sont jamais exportés",
    "",
    "Une question sur vos données ? Écrivez-nous en répondant à l'e-mail qui vous a apporté ce lien.",
    "",
  );
  return lines.join("\r\n");
}
