// Bench: export N registrants (default 20,000) of one format as CSV through the real Worker (wrangler dev,
// local D1), and report time, size and the peak memory (RSS) of the workerd processes while streaming.
//
//   npm exec -- node bench/csv-export/run.mjs [--rows 20000] [--port 8898] [--keep]
//
// It uses its own state directory (.wrangler/bench-csv-export) and its own port: it never touches the dev
// or e2e databases. It needs a production build (npm run build). Prints one JSON summary at the end.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hashPassword } from "../../app/utils/password.server.ts";
import { benchEnv as env, option as opt, rssKb, startWorker, workerdPids } from "../lib.mjs";

const args = process.argv.slice(2);
const ROWS = Number(opt("--rows", "20000"));
const PORT = Number(opt("--port", "8898"));
const persistTo = ".wrangler/bench-csv-export";
const base = `http://localhost:${PORT}`;
const log = (...a) => console.log("[bench]", ...a);

// ---------------------------------------------------------------- 1. fresh database with N registrants
rmSync(persistTo, { recursive: true, force: true });
mkdirSync(persistTo, { recursive: true });
execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], {
  stdio: ["ignore", "ignore", "inherit"],
  env,
});

const USER = "bench000-0000-4000-a000-000000000001";
const COURSE = "bench000-0000-4000-8000-000000000001";
const FORMAT = "bench000-0000-4000-8000-000000000101";
const EMAIL = "bench-organisateur@balise.test";
const PASSWORD = "bench-csv-export";
const q = (v) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
const now = new Date().toISOString();
const lines = [
  `INSERT INTO users (id, email, password_hash, email_confirmed_at, created_at, updated_at) VALUES (${q(USER)}, ${q(EMAIL)}, ${q(await hashPassword(PASSWORD))}, ${q(now)}, ${q(now)}, ${q(now)});`,
  `INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (${q(COURSE)}, 'Bench Trail', 'Rennes', 'Ille-et-Vilaine', '35000', ${q(USER)}, 1, 'bench-trail');`,
  `INSERT INTO formats (id, course_id, nom, prix_cents, stock_repas, prix_repas_cents, nb_max_coureurs) VALUES (${q(FORMAT)}, ${q(COURSE)}, 'Marathon bench 42 km', 4500, 3, 1200, 25000);`,
];
const firstNames = ["Léa", "Hugo", "Chloé", "Lucas", "Inès", "Jules", "Zoé", "Nathan", "Élise", "Gabriel"];
const clubs = ["Rennes Athlé", "Trail Club; Brocéliande", 'US "Les Lièvres"', null, "=Club", "AC Saint-Malo"];
const cols =
  "(id, course_id, format_id, statut, paiement_trace_id, nom, prenom, genre, date_naissance, nationalite, email, telephone, adresse, code_postal, ville, pays, club, nombre_repas, prix_total_repas_cents, prix_total_coureur_cents, dossard, created_at, updated_at)";
const start = Date.UTC(2026, 0, 1);
for (let i = 0; i < ROWS; i += 250) {
  const values = [];
  for (let k = i; k < Math.min(ROWS, i + 250); k++) {
    const created = new Date(start + k * 37_000).toISOString();
    const meals = k % 4;
    values.push(
      `(${[
        `bench-${String(k).padStart(6, "0")}`,
        COURSE,
        FORMAT,
        k % 17 === 0 ? "en_attente" : "validee",
        `trace-bench-${k}`,
        `Nom${k}`,
        firstNames[k % firstNames.length],
        k % 2 ? "Homme" : "Femme",
        `19${String(60 + (k % 40)).padStart(2, "0")}-0${1 + (k % 9)}-1${k % 10}`,
        "Française",
        `coureur${k}@exemple.fr`,
        `+33 6 ${String(k).padStart(8, "0")}`,
        `${k} rue de la Course\nBâtiment B`,
        "35000",
        "Rennes",
        "France",
        clubs[k % clubs.length],
        meals,
        meals * 1200,
        4500 + meals * 1200,
        k + 1,
        created,
        created,
      ]
        .map(q)
        .join(", ")})`,
    );
  }
  lines.push(`INSERT INTO inscriptions ${cols} VALUES ${values.join(",\n")};`);
}
const sqlFile = join(persistTo, "bench-seed.sql");
writeFileSync(sqlFile, `${lines.join("\n")}\n`);
let t = performance.now();
execFileSync("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", sqlFile], {
  stdio: ["ignore", "ignore", "inherit"],
  env,
});
log(`seeded ${ROWS} registrants in ${((performance.now() - t) / 1000).toFixed(1)} s`);

// ---------------------------------------------------------------- 2. the Worker on its own port
const server = startWorker({
  port: PORT,
  base,
  persistTo,
  stdout: "ignore",
  vars: { APP_ENV: "test", APP_URL: base, SESSION_SECRET: "bench-csv-session-secret-0123456789abcdef-0123456789" },
});
const stopServer = server.stop;
const waitUp = () => server.ready(240);

const workerdRss = () => workerdPids(server.pid).reduce((s, p) => s + rssKb(p), 0);

try {
  await waitUp();
  // ---------------------------------------------------------------- 3. log in through the real form
  const login = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: EMAIL, password: PASSWORD, redirectTo: "/" }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  const cookie = (login.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(";")[0])
    .filter((c) => c.includes("session"))
    .join("; ");
  if (!cookie) throw new Error(`login failed (${login.status})`);
  // Warm-up: the page (and the Worker's code) once, then the baseline memory.
  await (await fetch(`${base}/organisateur/inscriptions/${FORMAT}`, { headers: { cookie } })).text();
  await new Promise((r) => setTimeout(r, 500));
  const baseline = workerdRss();

  // ---------------------------------------------------------------- 4. the export, sampled every 10 ms
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, workerdRss());
  }, 10);
  t = performance.now();
  const res = await fetch(`${base}/organisateur/inscriptions/${FORMAT}/export.csv`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`export answered ${res.status}`);
  let ttfb = null;
  let bytes = 0;
  let newlines = 0;
  let chunks = 0;
  let head = null;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (ttfb === null) ttfb = performance.now() - t;
    if (head === null) head = value.subarray(0, 3);
    chunks++;
    bytes += value.length;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) newlines++;
  }
  const total = performance.now() - t;
  clearInterval(sampler);
  peak = Math.max(peak, workerdRss());
  // Rows contain quoted line breaks (the address): 2 LF per data row, 1 for the header.
  const rows = (newlines - 1) / 2;
  const summary = {
    rows_seeded: ROWS,
    rows_exported: rows,
    bom: head && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf,
    bytes,
    chunks_received: chunks,
    content_disposition: res.headers.get("content-disposition"),
    time_to_first_byte_ms: Math.round(ttfb ?? 0),
    total_ms: Math.round(total),
    rows_per_s: Math.round(rows / (total / 1000)),
    workerd_rss_baseline_mb: +(baseline / 1024).toFixed(1),
    workerd_rss_peak_mb: +(peak / 1024).toFixed(1),
    workerd_rss_growth_mb: +((peak - baseline) / 1024).toFixed(1),
    csv_size_mb: +(bytes / 1024 / 1024).toFixed(1),
  };
  console.log(JSON.stringify(summary, null, 2));
  if (rows !== ROWS) {
    console.error(`[bench] expected ${ROWS} rows, got ${rows}`);
    process.exitCode = 1;
  }
} finally {
  stopServer();
  if (!args.includes("--keep")) rmSync(persistTo, { recursive: true, force: true });
}
