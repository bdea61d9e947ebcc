// Results page benchmark (issue 44; a script that prints figures, not a test). From the repository root, after
// `npm run build`:
//   npx node bench/results-page/run.mjs [--finishers 10000] [--port 8994] [--requests 100] [--keep]
//     [--profile PORT [--profile-path /resultats/…]]
// 1. a fresh local D1 (.wrangler/bench-results) with the real migrations, one online event and one format with
//    --finishers registrations (bibs 1..N, one in ten opted out of the results) and their published results (the
//    `anonyme` flag and the category ranks as the publish batch writes them);
// 2. the production build under `wrangler dev` (APP_ENV=production, BENCH_QUERY_COUNT=1) on its own port;
// 3. each page --requests times, one at a time, rendered for the request (a cookie no route reads: no page cache):
//    the first page by rank, a deep page, sorted by name, a name search, a club search; the first page for a
//    signed-in runner (a real session cookie: the session look-up and the results in one D1 round trip); and the
//    first page as a cookie-less visitor gets it (the data centre's page cache, PAGE_CACHE_SECONDS); p50/p95, D1 statements and SQL
//    time, each page's ratio to a static asset, HTML bytes raw and gzipped;
// 4. prints them against the catalogue's goals (bench/catalogue/bench.mjs, issue 26): p50 ≤ 3× the static asset,
//    SQL p50 ≤ 5 ms, HTML ≤ 30 KB gzipped;
// 5. with --profile PORT: a CPU profile of the Worker (wrangler's inspector on PORT) over 200 requests of
//    --profile-path (default: the first page, rendered for a cookie), one at a time, by function (self time; read it
//    with the catalogue bench's caveats).
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { createCookie } from "@remix-run/cloudflare";
import { sessionCookieName } from "../../app/utils/session-cookie.ts";
import { benchEnv as env, option as opt, productionReadOnlyVars, profileWorker, startWorker } from "../lib.mjs";

const args = process.argv.slice(2);
const N = Number(opt("--finishers", "10000"));
const PORT = Number(opt("--port", "8994"));
const REQUESTS = Number(opt("--requests", "100"));
const PROFILE = opt("--profile", "");
const persistTo = ".wrangler/bench-results";
const base = `http://127.0.0.1:${PORT}`;

if (!existsSync("build/server/index.js")) {
  console.error("Construisez d'abord l'application : npm run build");
  process.exit(1);
}

// ---------------------------------------------------------------- 1. dataset
rmSync(persistTo, { recursive: true, force: true });
mkdirSync(persistTo, { recursive: true });
execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], {
  stdio: ["ignore", "ignore", "inherit"],
  env,
});
const USER = "bench000-0000-4000-a000-000000000044";
const COURSE = "bench000-0000-4000-8000-000000000044";
const FORMAT = "bench000-0000-4000-8000-000000000144";
const q = (v) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
const now = new Date().toISOString();
const lines = [
  `INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES (${q(USER)}, 'bench-resultats@balise.test', 'x', ${q(now)}, ${q(now)});`,
  `INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (${q(COURSE)}, 'Marathon du Bench', 'Lyon', 'Rhône', '69000', ${q(USER)}, 1, 'marathon-du-bench');`,
  `INSERT INTO formats (id, course_id, nom, date, prix_cents, nb_max_coureurs) VALUES (${q(FORMAT)}, ${q(COURSE)}, 'Marathon 42 km', '2026-10-04', 4500, ${N + 10});`,
];
const firstNames = ["Léa", "Hugo", "Chloé", "Lucas", "Inès", "Jules", "Zoé", "Nathan", "Élise", "Gabriel"];
const lastNames = ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau"];
const clubs = ["Lyon Athlé", "ASPTT Lyon", "Trail Club des Monts d'Or", null, "US Villeurbanne", "AC Vénissieux"];
const categories = ["SEH", "SEF", "M0H", "M0F", "M1H", "M1F", "M2H", "M3H", "ESH", "ESF"];
for (let i = 0; i < N; i += 250) {
  const regs = [];
  const results = [];
  for (let k = i; k < Math.min(N, i + 250); k++) {
    const id = `bench-res-${String(k).padStart(6, "0")}`;
    const statut = k % 97 === 0 ? "dnf" : "classe";
    regs.push(
      `(${[id, COURSE, FORMAT, "validee", `trace-res-${k}`, `${lastNames[k % 10]}${k}`, firstNames[(k >> 3) % 10], clubs[k % 6], k + 1, k % 10 === 7 ? 0 : 1, now, now].map(q).join(", ")})`,
    );
    const fold = (t) =>
      t
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase();
    const nom = `${lastNames[k % 10]}${k}`;
    const prenom = firstNames[(k >> 3) % 10];
    results.push(
      `(${[
        FORMAT,
        id,
        k + 2,
        k + 1,
        statut === "dnf" ? null : 7200 + k * 3,
        statut === "dnf" ? null : k + 1,
        categories[k % 10],
        statut,
        k % 10 === 7 ? 1 : 0,
        fold(`${nom} ${prenom} ${clubs[k % 6] ?? ""}`),
        fold(`${nom} ${prenom}`),
      ]
        .map(q)
        .join(", ")})`,
    );
  }
  lines.push(
    `INSERT INTO inscriptions (id, course_id, format_id, statut, paiement_trace_id, nom, prenom, club, dossard, apparaitre_resultats, created_at, updated_at) VALUES ${regs.join(",\n")};`,
  );
  lines.push(
    `INSERT INTO resultats (format_id, inscription_id, ligne, dossard, temps_secondes, classement, categorie, statut, anonyme, recherche, nom_tri) VALUES ${results.join(",\n")};`,
  );
}
// The category ranks, as the publish batch computes them (app/db/results.server.ts).
lines.push(
  `UPDATE resultats SET rang_categorie = w.rc FROM (SELECT id, rank() OVER (PARTITION BY categorie ORDER BY classement) AS rc FROM resultats WHERE classement IS NOT NULL) w WHERE resultats.id = w.id;`,
);
lines.push(
  `INSERT INTO resultats_formats (format_id, publie_at, publie_par, lignes_publiees) VALUES (${q(FORMAT)}, ${q(now)}, ${q(USER)}, ${N});`,
);
// A signed-in runner: a session of the organiser's account, and its signed cookie as the app makes it
// (app/utils/session.server.ts).
const token = randomBytes(32).toString("hex");
const expires = new Date(Date.now() + 86400_000).toISOString();
lines.push(
  `INSERT INTO sessions (id, user_id, expires_at) VALUES (${q(createHash("sha256").update(token).digest("hex"))}, ${q(USER)}, ${q(expires)});`,
);
const vars = productionReadOnlyVars({ BENCH_QUERY_COUNT: "1" });
const sessionCookie = createCookie(sessionCookieName(vars.APP_ENV), { path: "/", secrets: [vars.SESSION_SECRET] });
const SIGNED_IN = { cookie: (await sessionCookie.serialize({ t: token, u: USER })).split(";")[0] };
const sqlFile = join(persistTo, "bench-seed.sql");
writeFileSync(sqlFile, `${lines.join("\n")}\n`);
const t = performance.now();
execFileSync("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", sqlFile], {
  stdio: ["ignore", "ignore", "inherit"],
  env,
});
console.log(`${N} coureurs classés chargés en ${((performance.now() - t) / 1000).toFixed(1)} s.`);

// ---------------------------------------------------------------- 2. server
const server = startWorker({
  port: PORT,
  base,
  persistTo,
  stdout: "ignore",
  vars,
  args: PROFILE ? ["--inspector-port", PROFILE] : [],
});

// ---------------------------------------------------------------- 3. measures
const RENDERED = { cookie: "balise_bench=1" };
async function once(url, headers = {}) {
  const start = performance.now();
  const res = await fetch(url, { headers: { "accept-encoding": "identity", ...headers } });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    ms: performance.now() - start,
    status: res.status,
    body,
    queries: res.headers.get("x-query-count"),
    roundTrips: res.headers.get("x-round-trips"),
    sqlMs: Number(res.headers.get("x-query-ms") ?? Number.NaN),
    cache: res.headers.get("x-page-cache"),
  };
}
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
async function serial(path, headers = {}) {
  for (let i = 0; i < 10; i++) await once(`${base}${path}`, headers);
  const times = [];
  const sql = [];
  let last;
  for (let i = 0; i < REQUESTS; i++) {
    last = await once(`${base}${path}`, headers);
    if (last.status !== 200) throw new Error(`${path} → HTTP ${last.status}`);
    times.push(last.ms);
    sql.push(last.sqlMs);
  }
  times.sort((a, b) => a - b);
  sql.sort((a, b) => a - b);
  return {
    p50: pct(times, 50),
    p95: pct(times, 95),
    sqlP50: pct(sql, 50),
    queries: last.queries,
    roundTrips: last.roundTrips,
    cache: last.cache,
    bytes: last.body.length,
    gz: gzipSync(last.body).length,
    html: last.body.toString("utf8"),
  };
}

const page = `/resultats/${FORMAT}`;
const targets = [
  ["page 1, par classement", page, RENDERED],
  ["page 100, par classement", `${page}?page=100`, RENDERED],
  ["page 50, par nom", `${page}?tri=nom&page=50`, RENDERED],
  ["page 1, par temps", `${page}?tri=temps`, RENDERED],
  ["recherche d'un nom (martin12)", `${page}?q=martin12`, RENDERED],
  ["recherche d'un club (asptt)", `${page}?q=asptt&tri=categorie`, RENDERED],
  ["page 1, coureur connecté (session)", page, SIGNED_IN],
  ["page 1, visiteur sans cookie (cache)", page, {}],
];
try {
  await server.ready(480);
  const staticStart = await serial("/favicon.svg");
  const rows = [];
  for (const [label, path, headers] of targets) rows.push({ label, ...(await serial(path, headers)) });
  const staticEnd = await serial("/favicon.svg");
  const st = (staticStart.p50 + staticEnd.p50) / 2;
  const kb = (n) => `${(n / 1024).toFixed(1).replace(".", ",")} Ko`;
  console.log(`\nPage des résultats, ${N} coureurs, ${REQUESTS} requêtes par page (une à la fois)\n`);
  console.log(
    `${"page".padEnd(40)}${"p50 ms".padStart(8)}${"p95 ms".padStart(8)}${"× statique".padStart(12)}${"requêtes".padStart(10)}${"SQL p50 ms".padStart(12)}${"HTML".padStart(10)}${"gzip".padStart(10)}  cache`,
  );
  for (const r of rows) {
    console.log(
      `${r.label.padEnd(40)}${r.p50.toFixed(2).padStart(8)}${r.p95.toFixed(2).padStart(8)}${(r.p50 / st).toFixed(2).padStart(12)}${String(r.queries ?? "—").padStart(10)}${(Number.isNaN(r.sqlP50) ? "—" : r.sqlP50.toFixed(2)).padStart(12)}${kb(r.bytes).padStart(10)}${kb(r.gz).padStart(10)}  ${r.cache ?? ""}`,
    );
  }
  console.log(
    `\nAsset statique (/favicon.svg) : p50 ${staticStart.p50.toFixed(2)} ms au début, ${staticEnd.p50.toFixed(2)} ms à la fin.`,
  );
  const rendered = rows.filter((r) => r.cache !== "hit");
  const worst = {
    ratio: Math.max(...rendered.map((r) => r.p50 / st)),
    sql: Math.max(...rendered.map((r) => (Number.isNaN(r.sqlP50) ? 0 : r.sqlP50))),
    gz: Math.max(...rows.map((r) => r.gz)),
  };
  const ok = (b) => (b ? "OK" : "NON ATTEINT");
  console.log(
    `Objectifs du catalogue (issue 26) : p50 ≤ 3× statique → pire ${worst.ratio.toFixed(2)}× ${ok(worst.ratio <= 3)} ; SQL p50 ≤ 5 ms → pire ${worst.sql.toFixed(2)} ms ${ok(worst.sql <= 5)} ; HTML ≤ 30 Ko gz → pire ${kb(worst.gz)} ${ok(worst.gz <= 30 * 1024)}`,
  );
  // What the page must show: 50 lines, the anonymous runners hidden.
  const first = rows[0].html;
  const lines = (first.match(/<tr/g) ?? []).length - 1;
  const anonymous = (first.match(/Coureur anonyme/g) ?? []).length;
  console.log(`Contrôle : ${lines} lignes sur la page 1, dont ${anonymous} « Coureur anonyme » (attendu : 50 et 5).`);
  if (lines !== 50 || anonymous !== 5) process.exitCode = 1;
  const signedIn = rows.find((r) => r.label.includes("session"));
  const loggedIn = signedIn.html.includes("Déconnexion");
  console.log(
    `Contrôle : le coureur connecté voit son menu (${loggedIn ? "oui" : "non"}), en ${signedIn.roundTrips} aller-retour D1 (attendu : oui, 1).`,
  );
  if (!loggedIn) process.exitCode = 1;
  if (PROFILE) {
    const path = opt("--profile-path", page);
    for (let i = 0; i < 20; i++) await once(`${base}${path}`, RENDERED); // warm-up
    const profile = await profileWorker(PROFILE, async () => {
      for (let i = 0; i < 200; i++) await once(`${base}${path}`, RENDERED);
    });
    console.log(
      `\nProfil du Worker (200 × ${path}, avec un cookie, temps propre par fonction) :\n${profile.join("\n")}`,
    );
  }
} finally {
  server.stop();
  if (!args.includes("--keep")) rmSync(persistTo, { recursive: true, force: true });
}
