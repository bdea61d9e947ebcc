// Reading an organiser's results file (issue 44, docs/decisions/0217): a CSV with semicolons or commas (Excel in
// France writes semicolons), a header row naming the columns (dossard, temps, and optionally classement, catégorie,
// statut, nom, prénom, club), a BOM or none. The file becomes draft lines (the cells as text, kept until published)
// and the preview checks them: errors (a bad bib or time, a bib twice, an unknown status) block publishing, an
// unknown bib is a warning. Pure: papaparse reads the CSV (quotes, delimiters), the rules are here.
import Papa from "papaparse";
import { parseRaceTime, parseResultStatus, rankResults, type ResultLine, foldWord } from "./results";

/** The columns a results file may have. */
export const RESULT_COLUMNS = [
  "dossard",
  "temps",
  "classement",
  "categorie",
  "statut",
  "nom",
  "prenom",
  "club",
] as const;
export type ResultColumn = (typeof RESULT_COLUMNS)[number];

/** The header words each column is recognised by (folded: lower case, no accent). */
const HEADER_ALIASES: Record<ResultColumn, readonly string[]> = {
  dossard: ["dossard", "dos", "bib", "numero", "n°", "no", "num", "dossard n°"],
  temps: ["temps", "time", "chrono", "temps officiel", "temps reel", "temps final"],
  classement: ["classement", "rang", "rank", "place", "clt", "position", "pos", "scratch"],
  categorie: ["categorie", "cat", "category", "cat."],
  statut: ["statut", "status", "etat"],
  nom: ["nom", "last name", "lastname", "nom de famille"],
  prenom: ["prenom", "first name", "firstname"],
  club: ["club", "equipe", "team", "association"],
};

/** A line of the file as kept in the draft: its number in the file and its cells as text. */
export type DraftLine = { ligne: number } & Record<ResultColumn, string>;

export const IMPORT_MESSAGES = {
  empty: "Le fichier est vide.",
  noHeader: "La première ligne doit nommer les colonnes\u00a0: «\u00a0dossard\u00a0» et «\u00a0temps\u00a0» au moins.",
  noBib: "Colonne «\u00a0dossard\u00a0» introuvable dans la première ligne.",
  noTime: "Colonne «\u00a0temps\u00a0» introuvable dans la première ligne.",
  tooMany: "Le fichier a trop de lignes (20\u00a0000 au plus).",
  unreadable: "Le fichier n'est pas un CSV lisible.",
} as const;

export const MAX_RESULT_LINES = 20_000;

export type CsvReading = { ok: true; lines: DraftLine[] } | { ok: false; message: string };

/** The column each header cell names (null for a column Balise does not use). */
export function detectColumns(header: readonly string[]): (ResultColumn | null)[] {
  const seen = new Set<ResultColumn>();
  return header.map((cell) => {
    const word = foldWord(cell).replace(/[_-]+/g, " ");
    const column = RESULT_COLUMNS.find((c) => !seen.has(c) && HEADER_ALIASES[c].includes(word)) ?? null;
    if (column) seen.add(column);
    return column;
  });
}

/** Semicolons when the header has more of them than commas (French spreadsheets), else commas; or tabs. */
export function detectDelimiter(firstLine: string): string {
  const count = (c: string) => firstLine.split(c).length - 1;
  const counts: [string, number][] = [
    [";", count(";")],
    [",", count(",")],
    ["\t", count("\t")],
  ];
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : ";";
}

/** Reads the file's text into draft lines (empty lines skipped, each line numbered as in the file). */
export function readResultsCsv(text: string): CsvReading {
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") return { ok: false, message: IMPORT_MESSAGES.empty };
  const delimiter = detectDelimiter(body.split(/\r?\n/, 1)[0]);
  const parsed = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false });
  const rows = parsed.data;
  if (!Array.isArray(rows) || rows.length === 0) return { ok: false, message: IMPORT_MESSAGES.unreadable };
  const columns = detectColumns(rows[0]);
  if (!columns.includes("dossard") && !columns.includes("temps"))
    return { ok: false, message: IMPORT_MESSAGES.noHeader };
  if (!columns.includes("dossard")) return { ok: false, message: IMPORT_MESSAGES.noBib };
  if (!columns.includes("temps")) return { ok: false, message: IMPORT_MESSAGES.noTime };
  if (rows.length - 1 > MAX_RESULT_LINES) return { ok: false, message: IMPORT_MESSAGES.tooMany };
  const lines: DraftLine[] = [];
  rows.slice(1).forEach((cells, i) => {
    if (cells.every((c) => c.trim() === "")) return;
    const line = { ligne: i + 2 } as DraftLine;
    for (const c of RESULT_COLUMNS) line[c] = "";
    columns.forEach((c, k) => {
      if (c) line[c] = (cells[k] ?? "").trim().slice(0, 120);
    });
    lines.push(line);
  });
  if (lines.length === 0) return { ok: false, message: IMPORT_MESSAGES.empty };
  return { ok: true, lines };
}

/** A problem of one line, with its French message. */
export interface LineIssue {
  ligne: number;
  colonne: ResultColumn;
  message: string;
}

export const LINE_MESSAGES = {
  bib: "Dossard manquant ou invalide\u00a0: un nombre entier positif est attendu.",
  duplicate: (first: number) => `Dossard en double\u00a0: déjà à la ligne ${first}.`,
  rank: "Classement invalide\u00a0: un nombre entier positif est attendu.",
  status: "Statut inconnu\u00a0: écrivez classé, DNF (abandon), DNS (non partant) ou DSQ (disqualifié).",
  unknownBib:
    "Dossard inconnu\u00a0: aucun inscrit de ce format ne le porte (la ligne sera publiée avec le nom du fichier).",
} as const;

export interface ResultsPreview {
  results: ResultLine[];
  errors: LineIssue[];
  warnings: LineIssue[];
  counts: { lignes: number; classes: number; dnf: number; dns: number; dsq: number };
}

function positiveInt(text: string): number | null {
  const t = text.trim().replace(/^n°\s*/i, "");
  if (!/^\d{1,7}$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
}

/** One draft line checked: its result, or the issues that keep it out. */
function checkLine(line: DraftLine, errors: LineIssue[]): ResultLine | null {
  const at = (colonne: ResultColumn, message: string) => errors.push({ ligne: line.ligne, colonne, message });
  const before = errors.length;
  const dossard = positiveInt(line.dossard);
  if (dossard === null) at("dossard", LINE_MESSAGES.bib);
  const statut = parseResultStatus(line.statut);
  if (statut === null) at("statut", LINE_MESSAGES.status);
  let temps: number | null = null;
  // A runner who did not finish may have no time; a ranked one needs one.
  if (line.temps !== "" || statut === "classe") {
    const t = parseRaceTime(line.temps);
    if (t.ok) temps = t.seconds;
    else at("temps", t.message);
  }
  const classement = line.classement === "" ? null : positiveInt(line.classement);
  if (line.classement !== "" && classement === null) at("classement", LINE_MESSAGES.rank);
  if (errors.length > before) return null;
  return {
    ligne: line.ligne,
    dossard: dossard as number,
    temps_secondes: temps,
    classement,
    categorie: line.categorie || null,
    statut: statut ?? "classe",
    nom: line.nom || null,
    prenom: line.prenom || null,
    club: line.club || null,
  };
}

/**
 * The preview of draft lines against the bibs of the format's registrations: every line's errors (by line number,
 * in file order), the unknown bibs as warnings, the counts, and the ranked results (all of them publishable only
 * when there is no error).
 */
export function previewResults(lines: readonly DraftLine[], knownBibs: ReadonlySet<number>): ResultsPreview {
  const errors: LineIssue[] = [];
  const warnings: LineIssue[] = [];
  const firstLineOfBib = new Map<number, number>();
  const results: ResultLine[] = [];
  for (const line of lines) {
    const result = checkLine(line, errors);
    if (!result) continue;
    const first = firstLineOfBib.get(result.dossard);
    if (first !== undefined) {
      errors.push({ ligne: line.ligne, colonne: "dossard", message: LINE_MESSAGES.duplicate(first) });
      continue;
    }
    firstLineOfBib.set(result.dossard, line.ligne);
    if (!knownBibs.has(result.dossard)) {
      warnings.push({ ligne: line.ligne, colonne: "dossard", message: LINE_MESSAGES.unknownBib });
    }
    results.push(result);
  }
  errors.sort((a, b) => a.ligne - b.ligne);
  const ranked = rankResults(results);
  const count = (s: string) => ranked.filter((r) => r.statut === s).length;
  return {
    results: ranked,
    errors,
    warnings,
    counts: { lignes: lines.length, classes: count("classe"), dnf: count("dnf"), dns: count("dns"), dsq: count("dsq") },
  };
}

/** A draft line replaced by the organiser's correction (the same line number); other lines unchanged. */
export function correctDraftLine(
  lines: readonly DraftLine[],
  ligne: number,
  values: Partial<Record<ResultColumn, string>>,
): DraftLine[] | null {
  const index = lines.findIndex((l) => l.ligne === ligne);
  if (index < 0) return null;
  const next = [...lines];
  const corrected = { ...lines[index] };
  for (const c of RESULT_COLUMNS) {
    const v = values[c];
    if (v !== undefined) corrected[c] = v.trim().slice(0, 120);
  }
  next[index] = corrected;
  return next;
}

/** The draft without line `ligne` (a line the organiser removes); null when there is no such line. */
export function removeDraftLine(lines: readonly DraftLine[], ligne: number): DraftLine[] | null {
  const next = lines.filter((l) => l.ligne !== ligne);
  return next.length === lines.length ? null : next;
}
