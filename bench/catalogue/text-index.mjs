// The text indexes alone (a script that prints figures; not a test), on the catalogue bench's data. After
// `npx node bench/catalogue/bench.mjs --events 100000` (which keeps its database in .wrangler/bench-catalogue):
//   npx node bench/catalogue/text-index.mjs [--runs 15]
// prints, for each query, the median time to read the first 6,001 matches (TEXT_DIRECT_CAP + 1, what the
// statement's count and direct plan read at most) and how many there were, through node:sqlite (the project's
// Node 22): the word index's prefix terms (courses_fts) and the trigram index's strings (courses_trigram, decision 0211).
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

const runsAt = process.argv.indexOf("--runs");
const RUNS = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 15;
const root = ".wrangler/bench-catalogue";

function sqliteFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sqliteFiles(path);
    return name.endsWith(".sqlite") ? [path] : [];
  });
}
const file = sqliteFiles(root).sort((a, b) => statSync(b).size - statSync(a).size)[0];
if (!file) {
  console.error("Lancez d'abord le banc du catalogue (bench/catalogue/bench.mjs) : aucune base dans", root);
  process.exit(1);
}
const db = new DatabaseSync(file, { readOnly: true });
const events = db.prepare("SELECT count(*) AS n FROM courses").get().n;
const prefix = "SELECT rowid FROM courses_fts WHERE courses_fts MATCH ?";
const trigram = "SELECT rowid FROM courses_trigram WHERE courses_trigram MATCH ?";
const cases = [
  ["mot (index des mots)", prefix, ['"chamonix"*']],
  ["dans un mot : 'hamoni'", trigram, ['"hamoni"']],
  ["mot courant (index des mots) : 'trail'", prefix, ['"trail"*']],
  ["mot courant (trigrammes) : 'trail'", trigram, ['"trail"']],
  ["3 lettres dans chaque nom : 'rai'", trigram, ['"rai"']],
  ["aucun : 'zzz'", trigram, ['"zzz"']],
  ["mot court : 'de'", prefix, ['"de"*']],
  [
    "long et court : 'trail de' (liste du mot court lue)",
    `${trigram} AND courses_trigram.rowid + 0 IN (${prefix})`,
    ['"trail"', '"de"*'],
  ],
  ["département : 'trail' en Isère", trigram, ['"trail" AND departement : ("Isère")']],
];
console.log(`Index de texte, ${events} épreuves, médiane de ${RUNS} lectures des 6 001 premières correspondances :`);
for (const [label, sql, params] of cases) {
  const statement = db.prepare(`SELECT count(*) AS n FROM (${sql} LIMIT 6001)`);
  const times = [];
  let n = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    n = statement.get(...params).n;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(52)} ${times[Math.floor(RUNS / 2)].toFixed(2).padStart(7)} ms  ${String(n).padStart(5)} corresp.`,
  );
}
db.close();
