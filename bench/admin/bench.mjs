// Admin screens at scale (a script that prints figures; not a test). From the repository root, after `npm run build`:
//   npx node bench/admin/bench.mjs [--events 10000] [--port 8992] [--requests 30] [--keep]
// Seeds the catalogue bench's dataset (10,000 events, 30,000 formats, 300,000 registrations, 210,000 payments)
// into its own local D1, starts the production build under `wrangler dev` and, logged in as an admin, prints for
// each admin page: p50/p95 latency, D1 statements and round trips, SQLite's own time; then the query plans of the
// main statements (EXPLAIN QUERY PLAN), to check that they read through indexes.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createCookie } from "@remix-run/cloudflare";
import { catalogueDataset } from "../dataset.mjs";
import { d1Rows, benchEnv as env, option as opt, productionReadOnlyVars, startWorker } from "../lib.mjs";

const port = Number(opt("--port", "8992"));
const requests = Number(opt("--requests", "30"));
const events = Number(opt("--events", "10000"));
const persistTo = ".wrangler/bench-admin";
const base = `http://127.0.0.1:${port}`;
const vars = productionReadOnlyVars({ BENCH_QUERY_COUNT: "1" });

const { seedSql, counts, courseId } = catalogueDataset({ events });
const token = "bench-admin-session-token-0123456789abcdef";
const tokenHash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)))]
  .map((b) => b.toString(16).padStart(2, "0"))
  .join("");
const adminSql = `
INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES ('bench-admin', 'bench-admin@balise.test', 'x', '2026-01-01T00:00:00.000Z');
INSERT INTO admins (user_id) VALUES ('bench-admin');
INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ('${tokenHash}', 'bench-admin', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 day'));
`;

const run = (args) =>
  execFileSync("wrangler", args, { stdio: ["ignore", "pipe", "inherit"], env, maxBuffer: 64 * 1024 * 1024 }).toString();
const t0 = Date.now();
rmSync(persistTo, { recursive: true, force: true });
mkdirSync(persistTo, { recursive: true });
console.log(
  `Jeu de données : ${counts.events} épreuves, ${counts.formats} formats, ${counts.registrations} inscriptions (70 % payées)…`,
);
run(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
writeFileSync(join(persistTo, "seed.sql"), seedSql + adminSql);
run(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", join(persistTo, "seed.sql")]);
console.log(`Chargé en ${((Date.now() - t0) / 1000).toFixed(0)} s.`);

const { stop, ready } = startWorker({ port, base, persistTo, vars, logLevel: "error" });
const cookie = (
  await createCookie("__Host-balise_session", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: true,
    secrets: [vars.SESSION_SECRET],
  }).serialize({ t: token, u: "bench-admin" })
).split(";")[0];

async function once(path) {
  const start = performance.now();
  const res = await fetch(base + path, { headers: { cookie } });
  const body = await res.arrayBuffer();
  return {
    ms: performance.now() - start,
    status: res.status,
    bytes: body.byteLength,
    body,
    statements: res.headers.get("x-query-count"),
    trips: res.headers.get("x-round-trips"),
    sqlMs: Number(res.headers.get("x-query-ms")),
  };
}
const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

try {
  await ready();
  // A cursor deep in the list (the 150,000th registration), as 'Suivant' would carry it.
  const [mid] = d1Rows(
    persistTo,
    "SELECT created_at, id FROM inscriptions ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET 150000",
  );
  const week = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const pages = [
    ["/admin (tuiles)", "/admin"],
    ["/admin/dashboard (tuiles + graphiques)", "/admin/dashboard"],
    ["/admin/courses (100 premières)", "/admin/courses"],
    [`/admin/courses/${courseId(100)} (graphiques)`, `/admin/courses/${courseId(100)}`],
    ["/admin/inscriptions (défaut, 50)", "/admin/inscriptions"],
    ["/admin/inscriptions statut validée", "/admin/inscriptions?statut=validee"],
    ["/admin/inscriptions recherche « moreau »", "/admin/inscriptions?q=moreau"],
    ["/admin/inscriptions recherche e-mail", "/admin/inscriptions?q=c0012345"],
    ["/admin/inscriptions recherche « m » (très large)", "/admin/inscriptions?q=m"],
    ["/admin/inscriptions une course", `/admin/inscriptions?course=${courseId(1234)}`],
    ["/admin/inscriptions 7 derniers jours", `/admin/inscriptions?du=${week}&au=${today}&statut=validee&taille=100`],
    [
      "/admin/inscriptions page 3 000 (curseur)",
      `/admin/inscriptions?apres=${encodeURIComponent(`${mid.created_at}~${mid.id}`)}&page=3000`,
    ],
    ["export CSV de la page", "/admin/inscriptions/export.csv?statut=validee"],
    ["/admin/payouts (300 plus récents)", "/admin/payouts"],
    ["/admin/payouts recherche « moreau »", "/admin/payouts?q=moreau"],
    ["/admin/payouts identifiant ch_…", "/admin/payouts?q=ch_bench_0012345"],
    ["/admin/payouts recherche « trail » (courses)", "/admin/payouts?q=trail"],
    ["/admin/payouts course + statut", `/admin/payouts?course=${courseId(4321)}&status=succeeded`],
  ];
  console.log(`\n${requests} requêtes par page après 5 d'échauffement, 1 connexion, 127.0.0.1:${port}`);
  console.log(
    "page".padEnd(46),
    "p50 ms".padStart(8),
    "p95 ms".padStart(8),
    "requêtes D1".padStart(12),
    "allers D1".padStart(10),
    "SQL p50 ms".padStart(11),
    "SQL max ms".padStart(11),
    "Ko".padStart(7),
  );
  for (const [label, path] of pages) {
    for (let i = 0; i < 5; i++) await once(path);
    const times = [];
    const sql = [];
    let last;
    for (let i = 0; i < requests; i++) {
      last = await once(path);
      if (last.status !== 200) throw new Error(`${path} → HTTP ${last.status}`);
      times.push(last.ms);
      sql.push(last.sqlMs);
    }
    times.sort((a, b) => a - b);
    sql.sort((a, b) => a - b);
    console.log(
      label.padEnd(46),
      pct(times, 50).toFixed(1).padStart(8),
      pct(times, 95).toFixed(1).padStart(8),
      String(last.statements).padStart(12),
      String(last.trips).padStart(10),
      pct(sql, 50).toFixed(2).padStart(11),
      sql[sql.length - 1].toFixed(2).padStart(11),
      (last.bytes / 1024).toFixed(0).padStart(7),
    );
  }

  console.log("\nPlans de requête (EXPLAIN QUERY PLAN, base locale) :");
  const plans = [
    [
      "page par défaut",
      "SELECT v.inscription_id FROM admin_inscriptions_v v WHERE 1 ORDER BY v.created_at DESC, v.inscription_id DESC LIMIT 51",
    ],
    [
      "statut",
      "SELECT v.inscription_id FROM admin_inscriptions_v v WHERE v.statut = 'validee' ORDER BY v.created_at DESC, v.inscription_id DESC LIMIT 51",
    ],
    [
      "page suivante (curseur)",
      `SELECT v.inscription_id FROM admin_inscriptions_v v WHERE (v.created_at, v.inscription_id) < ('${mid.created_at}', '${mid.id}') ORDER BY v.created_at DESC, v.inscription_id DESC LIMIT 51`,
    ],
    [
      "recherche nom/prénom/e-mail",
      "SELECT v.inscription_id FROM admin_inscriptions_v v WHERE v.inscription_id IN (SELECT id FROM inscriptions WHERE lower(nom) >= 'moreau' AND lower(nom) < 'moreav' UNION SELECT id FROM inscriptions WHERE lower(prenom) >= 'moreau' AND lower(prenom) < 'moreav' UNION SELECT id FROM inscriptions WHERE lower(email) >= 'moreau' AND lower(email) < 'moreav') ORDER BY v.created_at DESC, v.inscription_id DESC LIMIT 51",
    ],
    [
      "total (statut seul : compteur)",
      "SELECT coalesce((SELECT n FROM admin_totaux WHERE portee = '*' AND cle = 'inscriptions:validee'), 0)",
    ],
    [
      "total (dates)",
      `SELECT count(*) FROM inscriptions i WHERE i.statut = 'validee' AND i.created_at >= '${week}T00:00:00.000Z'`,
    ],
    [
      "paiements récents",
      "SELECT v.id FROM admin_paiements_v v WHERE 1 ORDER BY v.created_at DESC, v.id DESC LIMIT 300",
    ],
    [
      "contrôle des comptes",
      "SELECT id FROM paiements WHERE amount_total_cents <> refunded_cents + fee_total_cents + platform_fee_cents + transferred_total_cents + net_remaining_cents LIMIT 100",
    ],
    [
      "versement J+1",
      `SELECT p.id FROM paiements p INDEXED BY paiements_payout_due_idx WHERE p.status = 'succeeded' AND p.net_remaining_cents > 0 AND p.payout_due_on <= '${today}' ORDER BY p.payout_due_on LIMIT 50`,
    ],
    [
      "courses par CA",
      "SELECT substr(t.portee, 3) FROM admin_totaux t WHERE t.cle = 'ca_brut_cents' AND t.n > 0 AND t.portee LIKE 'c:%' ORDER BY t.n DESC, t.portee DESC LIMIT 100",
    ],
    [
      "recherche large (parcours par date)",
      "SELECT i.id FROM inscriptions i INDEXED BY inscriptions_created_idx WHERE (lower(i.nom) >= 'moreau' AND lower(i.nom) < 'moreav') OR (lower(i.prenom) >= 'moreau' AND lower(i.prenom) < 'moreav') OR (lower(i.email) >= 'moreau' AND lower(i.email) < 'moreav') ORDER BY i.created_at DESC, i.id DESC LIMIT 51",
    ],
    [
      "une course + statut",
      "SELECT p.id FROM paiements p WHERE p.course_id = 'bc-04321' AND +p.status = 'succeeded' ORDER BY p.created_at DESC, p.id DESC LIMIT 300",
    ],
  ];
  for (const [label, q] of plans) {
    const rows = JSON.parse(
      run([
        "d1",
        "execute",
        "DB",
        "--local",
        "--persist-to",
        persistTo,
        "--json",
        "--command",
        `EXPLAIN QUERY PLAN ${q}`,
      ]),
    )[0].results;
    console.log(`- ${label} :`);
    for (const r of rows) console.log(`    ${r.detail}`);
  }
} finally {
  if (!process.argv.includes("--keep")) stop();
}
process.exit(0);
