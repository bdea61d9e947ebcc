// Waiting-list offer cron (issue 20; a script that prints figures, not a test). From the repository root, after
// `npm run build`:
//   npx node bench/waitlist/bench.mjs [--port 8994] [--waiting 1000] [--freed 100]
// 1. prepares its own local database (--persist-to .wrangler/bench-waitlist) with the real migrations: one online
//    format full with its validated registrations, --waiting runners on its list, then --freed more places (the
//    organiser raised the capacity; nothing offered them yet);
// 2. starts the production build with `wrangler dev --test-scheduled` (APP_ENV=test, BENCH_QUERY_COUNT=1);
// 3. triggers the cron once (/__scheduled) and reads its `cron.done` log line: offers made, wall time, D1 statements,
//    round trips and the time SQLite reports; the rest of the wall time is an upper bound of the CPU time (it also
//    holds the transport to D1, the local mailer's and the runtime's waits). Workers limits: 30 s CPU per cron invocation (paid plan
//    default; up to 5 min configurable), 1,000 D1 queries per invocation (paid plan).
// 4. checks through the database: exactly --freed offers, to the first --freed runners in order; places taken = cap.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { benchEnv as env, option as opt, startWorker } from "../lib.mjs";

const port = Number(opt("--port", "8994"));
const WAITING = Number(opt("--waiting", "1000"));
const FREED = Number(opt("--freed", "100"));
const TAKEN = 900;
const persistTo = ".wrangler/bench-waitlist";
const base = `http://127.0.0.1:${port}`;

if (!existsSync("build/server/index.js")) {
  console.error("Construisez d'abord l'application : npm run build");
  process.exit(1);
}

const COURSE = "wl-course-0001";
const FORMAT = "wl-format-0001";
const ORG = "wl-organiser";
const q = (s) => `'${String(s).replace(/'/g, "''")}'`;
const pad = (k) => String(k).padStart(5, "0");
const lines = [
  `INSERT INTO users (id, email, password_hash) VALUES (${q(ORG)}, 'wl-org@balise.test', 'bench-no-login');`,
  `INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (${q(COURSE)}, 'Trail de l''attente', 'Annecy', 'Haute-Savoie', '74000', ${q(ORG)}, 1, 'trail-de-l-attente');`,
  `INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, nb_max_coureurs) VALUES (${q(FORMAT)}, ${q(COURSE)}, 'Marathon', date('now', '+60 days'), '08:00', 5000, ${TAKEN});`,
];
for (let k = 0; k < TAKEN; k++) {
  lines.push(`INSERT INTO users (id, email, password_hash) VALUES ('wl-holder-${pad(k)}', 'holder${k}@wl.test', 'x');`);
  lines.push(
    `INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id, nom, prenom, email, prix_total_coureur_cents, last_event, last_actor) VALUES ('wl-ins-${pad(k)}', ${q(COURSE)}, ${q(FORMAT)}, 'wl-holder-${pad(k)}', 'validee', 'wl-trace-${pad(k)}', 'Titulaire', 'N${k}', 'holder${k}@wl.test', 5000, 'created', 'organiser');`,
  );
}
for (let k = 0; k < WAITING; k++) {
  const donnees = JSON.stringify({
    nom: "Attente",
    prenom: `R${k}`,
    email: `waiter${k}@wl.test`,
    genre: "Homme",
    justificatif_type: "licence",
    numero_licence: "1234567",
    apparaitre_resultats: true,
  });
  lines.push(`INSERT INTO users (id, email, password_hash) VALUES ('wl-waiter-${pad(k)}', 'waiter${k}@wl.test', 'x');`);
  lines.push(
    `INSERT INTO liste_attente (id, rang, course_id, format_id, coureur_id, statut, nom, prenom, email, donnees, nombre_repas) VALUES ('wl-entry-${pad(k)}', ${k + 1}, ${q(COURSE)}, ${q(FORMAT)}, 'wl-waiter-${pad(k)}', 'en_liste', 'Attente', 'R${k}', 'waiter${k}@wl.test', ${q(donnees)}, 0);`,
  );
}
// The organiser raised the capacity: FREED places are free and nobody has been offered them yet.
lines.push(`UPDATE formats SET nb_max_coureurs = ${TAKEN + FREED} WHERE id = ${q(FORMAT)};`);

function run(args) {
  return execFileSync("wrangler", args, { stdio: ["ignore", "pipe", "inherit"], env }).toString();
}
rmSync(persistTo, { recursive: true, force: true });
mkdirSync(persistTo, { recursive: true });
run(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
writeFileSync(join(persistTo, "seed.sql"), lines.join("\n"));
run(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", join(persistTo, "seed.sql")]);

const { stop, ready, server } = startWorker({
  port,
  base,
  persistTo,
  logLevel: "log",
  stdout: "pipe",
  args: ["--test-scheduled"],
  vars: {
    APP_ENV: "test",
    APP_URL: base,
    SESSION_SECRET: "bench-waitlist-session-secret-0123456789abcdef",
    BENCH_QUERY_COUNT: "1",
  },
});
// The server's output: the cron's report is one JSON line (app/utils/log.server.ts).
let out = "";
server.stdout.on("data", (chunk) => {
  out += chunk.toString();
});
async function cronReport(after) {
  for (let i = 0; i < 600; i++) {
    const line = out
      .slice(after)
      .split("\n")
      .find((l) => l.includes('"cron.done"'));
    if (line) return JSON.parse(line.slice(line.indexOf("{")));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("pas de ligne cron.done");
}

try {
  await ready();
  const mark = out.length;
  const t0 = performance.now();
  const res = await fetch(`${base}/__scheduled?cron=${encodeURIComponent("*/10 * * * *")}`);
  const wall = performance.now() - t0;
  if (!res.ok) throw new Error(`/__scheduled : ${res.status}`);
  const r = await cronReport(mark);
  if (r.statements === undefined) console.error("ligne cron.done sans compteurs :", JSON.stringify(r));
  const db = (sql) =>
    JSON.parse(run(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", sql]))[0]
      .results;
  stop();
  const offered = db(
    `SELECT id FROM liste_attente WHERE format_id = ${q(FORMAT)} AND statut = 'offre' ORDER BY rang`,
  ).map((x) => x.id);
  const inOrder = offered.every((id, k) => id === `wl-entry-${pad(k)}`);
  const taken = db(
    `SELECT count(*) AS n FROM inscriptions WHERE format_id = ${q(FORMAT)} AND (statut = 'validee' OR (statut = 'en_attente' AND hold_expires_at > strftime('%Y-%m-%dT%H:%M:%fZ','now')))`,
  )[0].n;
  const mails = db(`SELECT count(*) AS n FROM mail_outbox WHERE kind = 'liste_attente_offre'`)[0].n;
  const outside = r.duration_ms - r.sql_ms;
  console.log(
    `Cron des listes d'attente : ${WAITING} coureurs en attente, ${FREED} places libérées (capacité ${TAKEN} → ${TAKEN + FREED})`,
  );
  console.log(
    `  offres faites           : ${r.offers_made} (${offered.length} en base, dans l'ordre : ${inOrder ? "oui" : "NON"}), e-mails d'offre : ${mails}`,
  );
  console.log(`  places prises           : ${taken} / ${TAKEN + FREED}`);
  console.log(`  durée du cron           : ${r.duration_ms} ms (requête /__scheduled : ${wall.toFixed(0)} ms)`);
  console.log(
    `  D1                      : ${r.statements} requêtes, ${r.round_trips} allers-retours, ${r.sql_ms} ms dans SQLite`,
  );
  console.log(
    `  hors SQLite (borne haute du temps CPU) : ${outside} ms   [limites Workers : 30 000 ms CPU par cron, 1 000 requêtes D1 par invocation]`,
  );
  console.log(`  dans les limites        : ${outside < 30_000 && r.statements < 1000 ? "oui" : "NON"}`);
  if (offered.length !== FREED || !inOrder || taken !== TAKEN + FREED) process.exitCode = 1;
} finally {
  stop();
}
