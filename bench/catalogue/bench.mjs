// Catalogue benchmark (a script that prints figures; not a test). From the repository root, after `npm run build`:
//   npx node bench/catalogue/bench.mjs [--events 10000] [--port 8991] [--keep] [--requests 200] [--seconds 4] [--seed-only]
//     [--profile PORT [--profile-path /courses?q=chamonix]]
// 1. seeds a large local dataset (--events events, default 10,000; 3 formats each, 10 registrations per format:
//    bench/dataset.mjs) into its own --persist-to directory (.wrangler/bench-catalogue), with the real migrations,
//    into a file that then replaces the local D1's (loadLocalD1: 100,000 events in 52-53 s), and prints the time it
//    took; --seed-only stops there;
// 2. starts the production build with `wrangler dev` (APP_ENV=production) on its own port, with
//    BENCH_QUERY_COUNT=1 so that every response reports its D1 statements in X-Query-Count;
// 3. measures on loopback with a small load generator (Node's fetch), each page twice: as a cookie-less visitor
//    gets it (the catalogue lists from the data centre's page cache, decision 0178) and rendered for the request
//    (a visitor with a cookie): a static asset, the home page, /courses
//    with default filters, /courses with every filter set, text searches (a frequent word, a town, no match, a word in every event), a
//    filtered list sorted by price, a deep page of /courses, one department by price, 'Du' cleared, an event page, /formats (paged), the sitemap's
//    index and a part: p50/p95 at
//    1 connection, requests/s at 10 connections, each page's ratio to the static asset, query counts, D1 round
//    trips and the time SQLite reports for them;
// 4. prints the bytes a first visit transfers (HTML, CSS, JS, gzip) for the home, /courses and an event page;
// 5. with --profile PORT: a CPU profile of the Worker (wrangler's inspector on PORT) over 200 requests of
//    --profile-path, one at a time, printed by function (self time). Read it with care: the sampler charges native
//    work to whichever JS function is on top (it gave createNonce 1 ms a request, which a constant nonce did not
//    save); a build that stops at a given point, measured with the workerd processes' CPU, is the surer test.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { loadLocalD1 } from "../dataset.mjs";
import { benchEnv as env, option as opt, productionReadOnlyVars, profileWorker, startWorker } from "../lib.mjs";

const args = process.argv.slice(2);
const port = Number(opt("--port", "8991"));
const serialRequests = Number(opt("--requests", "200"));
const seconds = Number(opt("--seconds", "4"));
const PROFILE = opt("--profile", "");
const PROFILE_PATH = opt("--profile-path", "/courses?q=chamonix");
const persistTo = ".wrangler/bench-catalogue";
const base = `http://127.0.0.1:${port}`;

if (!existsSync("build/server/index.js")) {
  console.error("Construisez d'abord l'application : npm run build");
  process.exit(1);
}

// ------------------------------------------------------------------ dataset
const EVENTS = Number(opt("--events", "10000"));

function run(cmd, cmdArgs) {
  return new Promise((resolve, reject) => {
    const child = execFile(cmd, cmdArgs, { env }, (error) => (error ? reject(error) : resolve()));
    child.stderr?.pipe(process.stderr);
  });
}

const t0 = Date.now();
rmSync(persistTo, { recursive: true, force: true });
mkdirSync(persistTo, { recursive: true });
console.log(`Jeu de données : ${EVENTS} épreuves…`);
// The migrations and the rows go into a file of their own while wrangler creates the local database's file, which
// the loaded one then replaces (bench/dataset.mjs: loadLocalD1).
const { counts, courseSlug, timings } = await loadLocalD1(persistTo, {
  events: EVENTS,
  createDatabase: () =>
    run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--command", "SELECT 1"]),
});
console.log(
  `${counts.events} épreuves, ${counts.formats} formats, ${counts.registrations} inscriptions chargées en ${((Date.now() - t0) / 1000).toFixed(0)} s (objectif : moins d'une minute).`,
);
const inSeconds = (ms) => `${(ms / 1000).toFixed(1).replace(".", ",")} s`;
const total = timings.reduce((sum, t) => sum + t.ms, 0);
console.log(
  `  dont ${inSeconds(total)} de SQL ; étapes les plus longues : ${timings
    .slice(0, 8)
    .map((t) => `${t.label} ${inSeconds(t.ms)}`)
    .join(", ")}.`,
);
if (args.includes("--seed-only")) process.exit(0);

// ------------------------------------------------------------------ server
const { stop, ready: waitReady } = startWorker({
  port,
  base,
  persistTo,
  logLevel: "warn",
  vars: productionReadOnlyVars({ BENCH_QUERY_COUNT: "1" }),
  args: PROFILE ? ["--inspector-port", PROFILE] : [],
});

// ------------------------------------------------------------------ load generator
// A visitor with a cookie (here one no route reads) always gets a page rendered for them: the figures of a page
// without the data centre's page cache (decision 0178), which a cookie-less visitor gets for the catalogue lists.
const RENDERED = { cookie: "balise_bench=1" };

async function once(url, headers = {}) {
  const start = performance.now();
  const res = await fetch(url, { headers: { "accept-encoding": "identity", ...headers } });
  const body = await res.arrayBuffer();
  return {
    ms: performance.now() - start,
    status: res.status,
    bytes: body.byteLength,
    queries: res.headers.get("x-query-count"),
    trips: res.headers.get("x-round-trips"),
    sqlMs: Number(res.headers.get("x-query-ms") ?? NaN),
    cache: res.headers.get("x-page-cache"),
  };
}

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function serial(url, n, headers = {}) {
  for (let i = 0; i < 20; i++) await once(url, headers); // warm-up
  const times = [];
  const sql = [];
  let last;
  for (let i = 0; i < n; i++) {
    last = await once(url, headers);
    if (last.status !== 200) throw new Error(`${url} → HTTP ${last.status}`);
    times.push(last.ms);
    sql.push(last.sqlMs);
  }
  times.sort((a, b) => a - b);
  sql.sort((a, b) => a - b);
  return {
    p50: pct(times, 50),
    p95: pct(times, 95),
    queries: last.queries,
    trips: last.trips,
    sqlP50: pct(sql, 50),
    bytes: last.bytes,
    cache: last.cache,
  };
}

async function concurrent(url, connections, durationS, headers = {}) {
  const end = performance.now() + durationS * 1000;
  let done = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const r = await once(url, headers);
        if (r.status !== 200) throw new Error(`${url} → HTTP ${r.status}`);
        done++;
      }
    }),
  );
  return done / ((performance.now() - start) / 1000);
}

// ------------------------------------------------------------------ transfer sizes
const gz = (buf) => gzipSync(Buffer.from(buf)).byteLength;
const kb = (n) => `${(n / 1024).toFixed(1)} Ko`;

async function firstVisit(path) {
  const html = await (await fetch(`${base}${path}`)).text();
  const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  const js = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]));
  for (const m of html.matchAll(/import\s*(?:[\w*{}\s,]+from\s*)?["']([^"']+\.js)["']/g)) js.add(m[1]);
  let cssRaw = 0,
    cssGz = 0,
    jsRaw = 0,
    jsGz = 0,
    leaflet = false;
  for (const href of css) {
    const b = await (await fetch(new URL(href, base))).arrayBuffer();
    cssRaw += b.byteLength;
    cssGz += gz(b);
    if (/leaflet/i.test(href)) leaflet = true;
  }
  for (const href of js) {
    const b = await (await fetch(new URL(href, base))).arrayBuffer();
    jsRaw += b.byteLength;
    jsGz += gz(b);
    if (/leaflet|MapView/i.test(href) || Buffer.from(b).includes("leaflet-container")) leaflet = true;
  }
  return {
    htmlRaw: Buffer.byteLength(html),
    htmlGz: gz(html),
    cssRaw,
    cssGz,
    jsRaw,
    jsGz,
    files: js.size + css.length,
    leaflet,
  };
}

function lazyMapChunk() {
  const dir = "build/client/assets";
  const files = readdirSync(dir);
  const js = files.filter((f) => /^MapView/.test(f) && f.endsWith(".js"));
  const css = files.filter((f) => /^MapView/.test(f) && f.endsWith(".css"));
  const size = (list) => list.reduce((s, f) => s + gz(readFileSync(join(dir, f))), 0);
  const raw = (list) => list.reduce((s, f) => s + statSync(join(dir, f)).size, 0);
  return { js, css, jsGz: size(js), cssGz: size(css), jsRaw: raw(js), cssRaw: raw(css) };
}

// ------------------------------------------------------------------ run
try {
  await waitReady();
  const today = new Date().toISOString().slice(0, 10);
  const in180 = new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10);
  const targets = [
    ["asset statique (/favicon.svg)", "/favicon.svg"],
    ["accueil /", "/"],
    ["/courses (filtres par défaut)", "/courses"],
    [
      "/courses (tous les filtres)",
      `/courses?q=trail&du=${today}&au=${in180}&departement=Is%C3%A8re&type=trail&distance=15-30&denivele=1000-2000&repas=1&tri=prix&taille=24`,
    ],
    ["/courses?q=trail (texte)", "/courses?q=trail"],
    // A word of one event in 25 (a town): more matches than are always read directly, too few for a short walk.
    ["/courses?q=chamonix (texte, 4 %)", "/courses?q=chamonix"],
    ["/courses?q=zzz (texte, aucun)", "/courses?q=zzz"],
    // Inside words (decision 0211): a town's inner letters, and three letters inside every event's name.
    ["/courses?q=hamoni (dans un mot, 4 %)", "/courses?q=hamoni"],
    ["/courses?q=rai (dans un mot courant)", "/courses?q=rai"],
    // A short word found in every event's name ('Trail de …'): its list of matches is the whole catalogue.
    ["/courses?q=trail de (texte, mot courant)", "/courses?q=trail+de"],
    ["/courses filtrée (q, bandes, repas, prix)", "/courses?q=a&distance=15-30&denivele=0-1000&repas=on&tri=prix"],
    ["/courses?page=20 (page profonde)", "/courses?page=20"],
    ["/courses?departement=Isère&tri=prix", "/courses?departement=Is%C3%A8re&tri=prix"],
    ["/courses?du= ('Du' effacé)", "/courses?du="],
    ["épreuve /courses/{slug}", `/courses/${courseSlug(1)}`],
    ["/formats?page=3", "/formats?page=3"],
    // The sitemap's index and one of its parts (decision 0175): a bounded range of events each.
    ["/sitemap.xml (index)", "/sitemap.xml"],
    ["/sitemap.xml?partie=5", "/sitemap.xml?partie=5"],
  ];
  // Query counts must not depend on the number of results.
  const qc = async (p) => (await once(`${base}${p}`)).queries;
  const invariance = {
    "/courses?taille=6": await qc("/courses?taille=6"),
    "/courses?taille=24": await qc("/courses?taille=24"),
    "/courses?taille=24&page=400": await qc("/courses?taille=24&page=400"),
    "/courses?q=zzz (0 résultat)": await qc("/courses?q=zzz"),
    [`/courses/${courseSlug(2)}?onglet=formats`]: await qc(`/courses/${courseSlug(2)}?onglet=formats`),
    "/formats?page=1": await qc("/formats"),
    "/formats?page=50": await qc("/formats?page=50"),
  };

  // Each page as a cookie-less visitor gets it (from the page cache where it applies), then rendered.
  const rows = [];
  const rendered = [];
  for (const [label, path] of targets) {
    const s = await serial(`${base}${path}`, serialRequests);
    const rps = await concurrent(`${base}${path}`, 10, seconds);
    rows.push({ label, path, ...s, rps });
    const r = await serial(`${base}${path}`, serialRequests, RENDERED);
    const rRps = await concurrent(`${base}${path}`, 10, seconds, RENDERED);
    rendered.push({ label, path, ...r, rps: rRps });
  }
  // The static asset again at the end: on a shared machine its figures drift by ±20 % during a run, so each
  // page is compared with the mean of the two static measurements (both are printed).
  const staticEnd = await serial(`${base}/favicon.svg`, serialRequests);
  staticEnd.rps = await concurrent(`${base}/favicon.svg`, 10, seconds);
  const st = { p50: (rows[0].p50 + staticEnd.p50) / 2, rps: (rows[0].rps + staticEnd.rps) / 2 };
  const worstOf = (list) => ({
    ratio: Math.max(...list.slice(1).map((r) => r.p50 / st.p50)),
    share: Math.min(...list.slice(1).map((r) => r.rps / st.rps)),
    sql: Math.max(...list.slice(1).map((r) => (Number.isNaN(r.sqlP50) ? 0 : r.sqlP50))),
  });
  const printTable = (title, list) => {
    console.log(`\n${title}`);
    console.log(
      "page".padEnd(42),
      "p50 ms".padStart(8),
      "p95 ms".padStart(8),
      "x statique".padStart(11),
      "req/s @10".padStart(10),
      "part statique".padStart(14),
      "requêtes D1".padStart(12),
      "allers D1".padStart(10),
      "SQL p50 ms".padStart(11),
      "HTML".padStart(10),
      "cache".padStart(6),
    );
    for (const r of list) {
      console.log(
        r.label.padEnd(42),
        r.p50.toFixed(2).padStart(8),
        r.p95.toFixed(2).padStart(8),
        (r.p50 / st.p50).toFixed(2).padStart(11),
        r.rps.toFixed(0).padStart(10),
        `${((r.rps / st.rps) * 100).toFixed(0)} %`.padStart(14),
        String(r.queries ?? "—").padStart(12),
        String(r.trips ?? "—").padStart(10),
        (Number.isNaN(r.sqlP50) ? "—" : r.sqlP50.toFixed(2)).padStart(11),
        kb(r.bytes).padStart(10),
        String(r.cache ?? "—").padStart(6),
      );
    }
    const w = worstOf(list);
    console.log(
      `Objectifs (issue 26) : p50 ≤ 3× statique → pire ${w.ratio.toFixed(2)}× ${w.ratio <= 3 ? "OK" : "NON ATTEINT"} ; débit ≥ 30 % du statique → pire ${(w.share * 100).toFixed(0)} % ${w.share >= 0.3 ? "OK" : "NON ATTEINT"} ; SQL p50 ≤ 5 ms → pire ${w.sql.toFixed(2)} ms ${w.sql <= 5 ? "OK" : "NON ATTEINT"}`,
    );
  };
  console.log(
    `\nLatence à 1 connexion (${serialRequests} requêtes), débit à 10 connexions (${seconds} s), sur 127.0.0.1:${port}`,
  );
  printTable("Visiteur sans cookie (listes du catalogue servies par le cache de pages, décision 0178) :", rows);
  printTable("Page rendue à chaque requête (visiteur avec un cookie) :", rendered);
  console.log(
    `asset statique (fin de mesure)    p50 ${staticEnd.p50.toFixed(2)} ms, p95 ${staticEnd.p95.toFixed(2)} ms, ${staticEnd.rps.toFixed(0)} req/s @10`,
  );
  console.log(`Référence (moyenne début/fin)     p50 ${st.p50.toFixed(2)} ms, ${st.rps.toFixed(0)} req/s @10`);

  console.log("\nRequêtes D1 par page (doivent rester fixes quel que soit le nombre de résultats) :");
  for (const [k, v] of Object.entries(invariance)) console.log(`  ${k.padEnd(44)} ${v}`);

  console.log("\nPremière visite sur téléphone (octets transférés, gzip) :");
  console.log(
    "page".padEnd(28),
    "HTML gz".padStart(10),
    "CSS gz".padStart(10),
    "JS gz".padStart(10),
    "JS brut".padStart(10),
    "fichiers".padStart(9),
    " Leaflet",
  );
  for (const [label, path] of [
    ["accueil /", "/"],
    ["/courses", "/courses"],
    ["/courses?vue=carte", "/courses?vue=carte"],
    ["épreuve", `/courses/${courseSlug(1)}`],
  ]) {
    const v = await firstVisit(path);
    console.log(
      label.padEnd(28),
      kb(v.htmlGz).padStart(10),
      kb(v.cssGz).padStart(10),
      kb(v.jsGz).padStart(10),
      kb(v.jsRaw).padStart(10),
      String(v.files).padStart(9),
      v.leaflet ? " oui" : " non",
    );
  }
  if (PROFILE) {
    for (let i = 0; i < 20; i++) await once(`${base}${PROFILE_PATH}`); // warm-up
    const lines = await profileWorker(PROFILE, async () => {
      for (let i = 0; i < 200; i++) await once(`${base}${PROFILE_PATH}`);
    });
    console.log(`\nProfil du Worker (200 × ${PROFILE_PATH}, temps propre par fonction) :\n${lines.join("\n")}`);
  }
  const lazy = lazyMapChunk();
  console.log(
    `Carte (chargée à la demande, seulement quand elle s'affiche) : JS ${kb(lazy.jsGz)} gz (${lazy.js.join(", ")}), CSS ${kb(lazy.cssGz)} gz`,
  );
  console.log(
    "Objectifs : HTML ≤ 30 Ko gz ; JS ≤ 100 Ko gz sur la liste et la page épreuve ; Leaflet seulement là où une carte s'affiche.",
  );
} finally {
  if (!args.includes("--keep")) stop();
}
process.exit(0);
