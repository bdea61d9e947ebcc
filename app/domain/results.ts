// Race results (issue 44, docs/decisions/0217): the aggregate's rules. A result's statuses with their French labels,
// race times (read from a file, written for the page), ranking when the file gives no rank, the anonymisation rule
// (a runner who chose not to appear) and the public page's query (search, sort, page). Pure: no I/O, no clock.
import { z } from "zod";
import { codesOf } from "./labels";

/** A result's status: ranked, did not finish, did not start, disqualified. */
export const RESULT_STATUSES = {
  classe: "Classé",
  dnf: "Abandon",
  dns: "Non partant",
  dsq: "Disqualifié",
} as const;
export type ResultStatus = keyof typeof RESULT_STATUSES;
export const RESULT_STATUS_CODES = Object.keys(RESULT_STATUSES) as ResultStatus[];

/** What a file may write in the status column, folded (lower case, no accent): its status. */
const STATUS_WORDS: Record<string, ResultStatus> = {
  "": "classe",
  classe: "classe",
  ok: "classe",
  fini: "classe",
  finisher: "classe",
  arrive: "classe",
  dnf: "dnf",
  abandon: "dnf",
  ab: "dnf",
  dns: "dns",
  "non partant": "dns",
  np: "dns",
  dsq: "dsq",
  disqualifie: "dsq",
  disq: "dsq",
};

/** Lower case without French accents, trimmed: how the file's words are compared. */
export function foldWord(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
}

/** The status a file's cell names, or null when it names none ('classé', 'DNF', 'abandon', 'DNS', 'DSQ'…). */
export function parseResultStatus(text: string): ResultStatus | null {
  return STATUS_WORDS[foldWord(text)] ?? null;
}

/** The shortest status code as the page shows it beside a runner without rank. */
export const RESULT_STATUS_SHORT: Record<ResultStatus, string> = { classe: "", dnf: "DNF", dns: "DNS", dsq: "DSQ" };

export type ParsedTime = { ok: true; seconds: number } | { ok: false; message: string };

export const TIME_MESSAGES = {
  empty: "Temps manquant.",
  unreadable: "Temps illisible\u00a0: écrivez h:mm:ss ou mm:ss (par exemple 1:02:03 ou 45:10).",
  range: "Temps impossible\u00a0: minutes et secondes vont de 00 à 59.",
  tooLong: "Temps impossible\u00a0: plus de 99 heures.",
} as const;

const TIME = /^(?:(\d{1,2})[:h])?(\d{1,2})[:'m](\d{2})(?:[.,]\d+)?(?:s|")?$/;

/**
 * A race time from a file: 'h:mm:ss' or 'mm:ss' (also '1h02:03', '1h02m03s', a fraction of a second dropped).
 * Minutes and seconds 00 to 59 (minutes above 59 only without hours: '75:30' is 1 h 15 min 30 s).
 */
export function parseRaceTime(text: string): ParsedTime {
  const t = text.trim().replace(/\s+/g, "");
  if (t === "") return { ok: false, message: TIME_MESSAGES.empty };
  const m = TIME.exec(t);
  if (!m) return { ok: false, message: TIME_MESSAGES.unreadable };
  const hours = m[1] === undefined ? 0 : Number(m[1]);
  const minutes = Number(m[2]);
  const seconds = Number(m[3]);
  if (seconds > 59 || (m[1] !== undefined && minutes > 59)) return { ok: false, message: TIME_MESSAGES.range };
  const total = hours * 3600 + minutes * 60 + seconds;
  if (total >= 100 * 3600) return { ok: false, message: TIME_MESSAGES.tooLong };
  return { ok: true, seconds: total };
}

/** A time as the page writes it: '1:02:03', '0:45:10'. */
export function formatRaceTime(seconds: number | null): string {
  if (seconds === null) return "";
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/** One result as stored (the file's names only for a bib no registration holds). */
export interface ResultLine {
  ligne: number;
  dossard: number;
  temps_secondes: number | null;
  classement: number | null;
  categorie: string | null;
  statut: ResultStatus;
  nom: string | null;
  prenom: string | null;
  club: string | null;
}

/**
 * The ranks: when the file gave a rank to every ranked line, they are kept; otherwise ranked lines are ranked by
 * time (equal times share a rank: 1, 2, 2, 4). Lines that did not finish, start or were disqualified have no rank.
 */
export function rankResults(lines: readonly ResultLine[]): ResultLine[] {
  const ranked = lines.filter((l) => l.statut === "classe");
  if (ranked.length > 0 && ranked.every((l) => l.classement !== null)) {
    return lines.map((l) => (l.statut === "classe" ? l : { ...l, classement: null }));
  }
  const byTime = [...ranked].sort(
    (a, b) =>
      (a.temps_secondes ?? Number.MAX_SAFE_INTEGER) - (b.temps_secondes ?? Number.MAX_SAFE_INTEGER) ||
      a.ligne - b.ligne,
  );
  const rank = new Map<number, number>();
  byTime.forEach((l, i) => {
    const previous = byTime[i - 1];
    const same = previous && previous.temps_secondes === l.temps_secondes;
    rank.set(l.ligne, same ? (rank.get(previous.ligne) as number) : i + 1);
  });
  return lines.map((l) => ({ ...l, classement: l.statut === "classe" ? (rank.get(l.ligne) ?? null) : null }));
}

/** How an anonymous runner is named on the public page. */
export const ANONYMOUS_RUNNER = "Coureur anonyme";

/**
 * A runner who chose not to appear (docs/decisions/0217): any of their choices says no — the registration's, or the
 * account's (runner profile or user profile). Unknown (a line with no registration, no account) is not a refusal.
 * The SQL twin is `anonymousSql` in app/db/results.server.ts.
 */
export function isAnonymous(choices: {
  registration: boolean | null;
  runnerProfile: boolean | null;
  userProfile: boolean | null;
}): boolean {
  return choices.registration === false || choices.runnerProfile === false || choices.userProfile === false;
}

export const RESULTS_PAGE_SIZE = 50;
export const RESULT_SORT_LABELS = {
  classement: "Classement",
  temps: "Temps",
  nom: "Nom",
  categorie: "Catégorie",
};
export type ResultSort = keyof typeof RESULT_SORT_LABELS;
export const RESULT_SORTS = codesOf(RESULT_SORT_LABELS);

/** The public page's query (a GET form): text searched in names, clubs and categories, a sort, a page. */
export const ResultsQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(80)
    .catch("")
    .transform((s) => s.slice(0, 80)),
  tri: z.enum(RESULT_SORTS).catch("classement"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type ResultsQuery = z.output<typeof ResultsQuerySchema>;

export function parseResultsQuery(search: URLSearchParams): ResultsQuery {
  return ResultsQuerySchema.parse({
    q: search.get("q") ?? "",
    tri: search.get("tri") ?? "classement",
    page: search.get("page") ?? "1",
  });
}

/** The query string of a page of results (defaults left out, so each page has one address). */
export function resultsQueryParams(q: ResultsQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (q.q) out.q = q.q;
  if (q.tri !== "classement") out.tri = q.tri;
  if (q.page > 1) out.page = String(q.page);
  return out;
}

/** A rank in words: '1er', '2e', '12e'. */
export function rankOrdinal(rank: number): string {
  return rank === 1 ? "1er" : `${rank}e`;
}

/** A category with the runner's rank in it, as the public page shows it: 'M1H (3e)', 'M1H', ''. */
export function categoryWithRank(r: { categorie: string | null; rang_categorie: number | null }): string {
  if (!r.categorie) return "";
  return r.rang_categorie === null ? r.categorie : `${r.categorie} (${rankOrdinal(r.rang_categorie)})`;
}

/** What a runner sees of their own result ('12e — 1:02:03', 'Abandon'). */
export function resultSummary(r: { classement: number | null; temps_secondes: number | null; statut: string }): string {
  const statut = (r.statut in RESULT_STATUSES ? r.statut : "classe") as ResultStatus;
  if (statut !== "classe") return RESULT_STATUSES[statut];
  const rank = r.classement === null ? "" : rankOrdinal(r.classement);
  const time = formatRaceTime(r.temps_secondes);
  return [rank, time].filter(Boolean).join(" — ");
}

/** One line of the public page: no name, club or bib when the runner chose not to appear (`anonyme` 1). */
export interface PublicResultRow {
  dossard: number | null;
  temps_secondes: number | null;
  classement: number | null;
  /** The rank within the category (equal ranks share it); null without a category or a rank. */
  rang_categorie: number | null;
  categorie: string | null;
  statut: string;
  nom: string | null;
  prenom: string | null;
  club: string | null;
  anonyme: number;
}

/** A runner's result as their own pages show it, with the number of runners ranked in the format. */
export interface OwnResult {
  inscription_id: string;
  format_id: string;
  classement: number | null;
  temps_secondes: number | null;
  statut: string;
  categorie: string | null;
  classes: number;
}
