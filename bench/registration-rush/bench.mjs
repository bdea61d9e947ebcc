// Registration rush (a script that prints figures; not a test). From the repository root, after `npm run build`:
//   npx node bench/registration-rush/bench.mjs [--port 8993] [--runners 300] [--places 10]
// 1. prepares its own local database (--persist-to .wrangler/bench-rush) with the real migrations: an organiser
//    whose local payment account can take charges, one online event with one format of --places places, and
//    --runners + 4 runner accounts, each with its own server-side session (cookie signed like the app's);
// 2. starts the production build with `wrangler dev` (APP_ENV=test: local payment provider) on its own port;
// 3. all runners submit the registration form (POST /inscription/{id}, 'Payer') at the same moment and the
//    answers are classified: a redirect to the checkout = a place, 409 'complet', 5xx = server error;
// 4. counts the registrations holding a place (validated + unexpired pending) through the product itself;
// 5. the cost of one registration POST, one request at a time on a second format with room to spare: D1 statements,
//    round trips and SQL time (BENCH_QUERY_COUNT=1 headers) and the CPU the workerd processes used (/proc), beside
//    the same figures for the event page (a catalogue page);
// 6. 3 of the winners give up ('Libérer ma place' on /paiement-annule: their checkout sessions are expired and
//    their holds end), then 3 new runners submit (they must get the places) and a 4th (must read 'complet').
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createCookie } from "@remix-run/cloudflare";
import { cpuMs, benchEnv as env, option as opt, startWorker, workerdPids } from "../lib.mjs";
import { sessionCookieName } from "../../app/utils/session-cookie.ts";

const port = Number(opt("--port", "8993"));
const RUNNERS = Number(opt("--runners", "300"));
const PLACES = Number(opt("--places", "10"));
const EXTRA = 4;
const SOLO = 20;
const persistTo = ".wrangler/bench-rush";
const base = `http://127.0.0.1:${port}`;
const SECRET = "bench-rush-session-secret-0123456789abcdef-0123456789";

if (!existsSync("build/server/index.js")) {
  console.error("Construisez d'abord l'application : npm run build");
  process.exit(1);
}

// ------------------------------------------------------------------ dataset
const COURSE = "rush-course-0001";
const FORMAT = "rush-format-0001";
const SOLO_FORMAT = "rush-format-solo";
const ORG = "rush-organiser";
const ACCOUNT = "acct_local_rushbench000000000001";
const q = (s) => `'${String(s).replace(/'/g, "''")}'`;
const sha256 = (s) => createHash("sha256").update(s).digest("hex");
const future = new Date(Date.now() + 7 * 86400_000).toISOString();
const runners = Array.from({ length: RUNNERS + EXTRA + SOLO }, (_, k) => {
  const token = randomBytes(32).toString("base64url");
  return { id: `rush-runner-${String(k).padStart(4, "0")}`, email: `coureur${k}@rush.test`, token };
});
const account = {
  id: ACCOUNT,
  object: "account",
  email: "rush-org@balise.test",
  metadata: { user_id: ORG },
  charges_enabled: true,
  payouts_enabled: true,
  details_submitted: true,
  requirements: { currently_due: [], past_due: [] },
};
const seedSql = [
  `INSERT INTO users (id, email, password_hash) VALUES (${q(ORG)}, 'rush-org@balise.test', 'bench-no-login');`,
  `INSERT INTO profils_utilisateurs (user_id, nom, prenom, email, organisation_nom, stripe_account_id, stripe_charges_enabled, stripe_payouts_enabled, stripe_details_submitted, conditions_acceptees, conditions_version)
   VALUES (${q(ORG)}, 'Rush', 'Orga', 'rush-org@balise.test', 'Rush Trail Club', ${q(ACCOUNT)}, 1, 1, 1, 1, '2025-08-17');`,
  `INSERT INTO local_payment_objects (id, kind, data) VALUES (${q(ACCOUNT)}, 'account', ${q(JSON.stringify(account))});`,
  `INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (${q(COURSE)}, 'Trail de la ruée', 'Chamonix-Mont-Blanc', 'Haute-Savoie', '74400', ${q(ORG)}, 1, 'trail-de-la-ruee');`,
  `INSERT INTO formats (id, course_id, nom, date, heure_depart, distance_km, denivele_dplus, prix_cents, nb_max_coureurs) VALUES (${q(FORMAT)}, ${q(COURSE)}, 'Ultra 80 km', date('now', '+90 days'), '05:00', 80, 5000, 9000, ${PLACES});`,
  `INSERT INTO formats (id, course_id, nom, date, heure_depart, distance_km, denivele_dplus, prix_cents, nb_max_coureurs) VALUES (${q(SOLO_FORMAT)}, ${q(COURSE)}, 'Découverte 12 km', date('now', '+90 days'), '09:00', 12, 400, 2000, 1000);`,
  ...runners.flatMap((r) => [
    `INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (${q(r.id)}, ${q(r.email)}, 'bench-no-login', strftime('%Y-%m-%dT%H:%M:%fZ','now'));`,
    `INSERT INTO sessions (id, user_id, expires_at) VALUES (${q(sha256(r.token))}, ${q(r.id)}, ${q(future)});`,
  ]),
].join("\n");

function run(cmd, cmdArgs) {
  execFileSync(cmd, cmdArgs, { stdio: ["ignore", "ignore", "inherit"], env });
}

rmSync(persistTo, { recursive: true, force: true });
mkdirSync(persistTo, { recursive: true });
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
writeFileSync(join(persistTo, "rush-seed.sql"), seedSql);
run("wrangler", [
  "d1",
  "execute",
  "DB",
  "--local",
  "--persist-to",
  persistTo,
  "--file",
  join(persistTo, "rush-seed.sql"),
]);

// ------------------------------------------------------------------ server
const worker = startWorker({
  port,
  base,
  persistTo,
  logLevel: "error",
  // The production build, in APP_ENV=test: the rush pays through the local payment provider, which only exists in
  // development and test (a production Worker requires real Stripe keys, app/utils/env.server.ts).
  vars: { APP_ENV: "test", APP_URL: base, SESSION_SECRET: SECRET, BENCH_QUERY_COUNT: "1" },
});

const { stop, ready: waitReady } = worker;

// The app's own cookie library, with the app's cookie settings for that environment (app/utils/session.server.ts).
const sessionCookie = createCookie(sessionCookieName("test"), {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secrets: [SECRET],
});
for (const r of runners) r.cookie = (await sessionCookie.serialize({ t: r.token, u: r.id })).split(";")[0];

function formBody(r, format = FORMAT) {
  return new URLSearchParams({
    intent: "payer",
    format_id: format,
    nom: "Coureur",
    prenom: r.id.slice(-4),
    email: r.email,
    pays: "France",
    justificatif_type: "licence",
    numero_licence: "1234567",
    date_naissance: "1990-01-01",
    nombre_repas: "0",
    apparaitre_resultats: "on",
  });
}

async function submit(r, format = FORMAT) {
  const start = performance.now();
  try {
    const res = await fetch(`${base}/inscription/${COURSE}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: r.cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: formBody(r, format),
    });
    r.counts = ["x-query-count", "x-round-trips", "x-query-ms"].map((h) => Number(res.headers.get(h) ?? Number.NaN));
    const body = await res.text();
    const ms = performance.now() - start;
    const location = res.headers.get("location") ?? "";
    if (res.status >= 300 && res.status < 400 && location.includes("/dev/checkout/")) {
      r.session = location.split("/").pop();
      return { kind: "place", ms };
    }
    // 'complet' comes from the form check (400, the page already counts the format full) or from the hold
    // statement itself (409, the last places went while the request was on its way).
    if ((res.status === 400 || res.status === 409) && body.includes("est complet"))
      return { kind: "complet", ms, status: res.status };
    if (res.status >= 500) return { kind: "erreur", ms, status: res.status };
    // The form's messages (field errors, form error), to tell what was refused.
    const said = [...body.matchAll(/id="[^"]*-error"[^>]*>([^<]+)</g)].map((m) => m[1]).slice(0, 3);
    return { kind: "autre", ms, status: res.status, said };
  } catch (e) {
    return { kind: "erreur", ms: performance.now() - start, status: String(e) };
  }
}

/** Registrations holding a place, read through the product: each runner's /mesinscriptions. */
async function holdersFromPages(list) {
  let n = 0;
  for (let i = 0; i < list.length; i += 25) {
    const pages = await Promise.all(
      list
        .slice(i, i + 25)
        .map((r) => fetch(`${base}/mesinscriptions`, { headers: { cookie: r.cookie } }).then((x) => x.text())),
    );
    // The rendered status badges only (the same words also travel in the page's serialized loader data).
    for (const html of pages)
      n += (html.match(/status-wait">En attente de paiement<|status-ok">Active</g) ?? []).length;
  }
  return n;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const f1 = (x) => `${x.toFixed(1)} ms`;

await waitReady();
// Warm-up: one page load (the first request compiles the Worker).
await fetch(`${base}/inscription/${COURSE}`, { headers: { cookie: runners[RUNNERS].cookie } }).then((r) => r.text());

// Baseline: the registration page alone, one request at a time.
const solo = [];
for (let i = 0; i < 20; i++) {
  const t = performance.now();
  await fetch(`${base}/inscription/${COURSE}`, { headers: { cookie: runners[RUNNERS].cookie } }).then((r) => r.text());
  solo.push(performance.now() - t);
}
solo.sort((a, b) => a - b);

const crowd = runners.slice(0, RUNNERS);
const t0 = performance.now();
const results = await Promise.all(crowd.map((r) => submit(r)));
const wall = performance.now() - t0;
const count = (k) => results.filter((r) => r.kind === k).length;
const times = results.map((r) => r.ms).sort((a, b) => a - b);
const holders = await holdersFromPages(crowd);

console.log(`Ruée sur les inscriptions — build de production (wrangler dev, APP_ENV=test, paiement local), ${base}`);
console.log(
  `Format « Ultra 80 km » : ${PLACES} places ; ${RUNNERS} coureurs (sessions distinctes) envoient le formulaire au même instant.`,
);
console.log(`  place obtenue (redirection vers le paiement) : ${count("place")}   (attendu : exactement ${PLACES})`);
console.log(
  `  « complet »                                   : ${count("complet")} (${results.filter((r) => r.kind === "complet" && r.status === 409).length} refusés par l'INSERT atomique, les autres par le contrôle du formulaire)`,
);
console.log(`  inscriptions qui tiennent une place ensuite   : ${holders}   (attendu : ${PLACES})`);
console.log(`  erreurs serveur (5xx ou connexion)            : ${count("erreur")}   (attendu : 0)`);
if (count("autre"))
  console.log(
    `  autres réponses                               : ${count("autre")} ${JSON.stringify(results.filter((r) => r.kind === "autre").slice(0, 3))}`,
  );
console.log(
  `  latence : p50 ${f1(pct(times, 50))}, p95 ${f1(pct(times, 95))}, max ${f1(times[times.length - 1])} ; ${RUNNERS} requêtes en ${f1(wall)} (${(RUNNERS / (wall / 1000)).toFixed(1)} requêtes/s)`,
);
console.log(
  `  (référence : la page d'inscription seule, une requête à la fois : p50 ${f1(pct(solo, 50))}, p95 ${f1(pct(solo, 95))})`,
);

// The cost of one request, one at a time: a registration POST (on the roomy format) and the event page.
const pids = workerdPids(worker.pid);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function costOf(label, n, one) {
  const c0 = cpuMs(pids);
  const t0 = performance.now();
  const counts = [];
  for (let i = 0; i < n; i++) counts.push(await one(i));
  const cpu = (cpuMs(pids) - c0) / n;
  const wallMs = (performance.now() - t0) / n;
  const col = (k) => median(counts.map((c) => c[k]));
  console.log(
    `  ${label.padEnd(34)} : ${col(0)} requêtes SQL, ${col(1)} allers-retours D1, SQL ${col(2).toFixed(1)} ms, CPU workerd ${cpu.toFixed(1)} ms, ${wallMs.toFixed(1)} ms par requête`,
  );
}
console.log(`Coût d'une requête, une à la fois (médianes ; CPU = moyenne sur ${SOLO} requêtes, D1 local compris) :`);
const solos = runners.slice(RUNNERS + EXTRA);
await costOf("POST /inscription (place prise)", SOLO, async (i) => {
  const r = await submit(solos[i], SOLO_FORMAT);
  if (r.kind !== "place") console.log(`    réponse inattendue : ${JSON.stringify(r)}`);
  return solos[i].counts;
});
await costOf("GET /courses/{slug} (page épreuve)", SOLO, async () => {
  const res = await fetch(`${base}/courses/trail-de-la-ruee`);
  await res.text();
  return ["x-query-count", "x-round-trips", "x-query-ms"].map((h) => Number(res.headers.get(h) ?? Number.NaN));
});

// 3 winners give up: their checkout sessions are expired and their holds end.
const winners = crowd.filter((r) => r.session);
const quitters = winners.slice(0, 3);
for (const r of quitters) {
  const mine = await fetch(`${base}/mesinscriptions`, { headers: { cookie: r.cookie } }).then((x) => x.text());
  const id = /\/mon-inscription\/([0-9a-f-]{36})/.exec(mine)?.[1];
  const res = await fetch(`${base}/paiement-annule?session_id=${r.session}&inscription_id=${id}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: r.cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "liberer", inscription_id: id ?? "" }),
  });
  if (res.status !== 302 && res.status !== 303) console.log(`  libération refusée : HTTP ${res.status}`);
}
const afterRelease = await holdersFromPages(crowd);
const late = runners.slice(RUNNERS, RUNNERS + 4);
const second = [];
for (const r of late) second.push(await submit(r));
const finalHolders = await holdersFromPages([...crowd, ...late]);
console.log(`Puis 3 réservations non payées expirent (sessions de paiement expirées via « Libérer ma place ») :`);
console.log(`  places tenues après l'expiration : ${afterRelease}   (attendu : ${PLACES - 3})`);
console.log(
  `  3 nouveaux coureurs : ${second
    .slice(0, 3)
    .map((r) => (r.kind === "place" ? "place obtenue" : r.kind))
    .join(", ")}`,
);
console.log(`  un 4e nouveau coureur : ${second[3].kind === "complet" ? "« complet »" : second[3].kind}`);
console.log(`  places tenues à la fin : ${finalHolders}   (attendu : ${PLACES})`);

const ok =
  count("place") === PLACES &&
  holders === PLACES &&
  count("erreur") === 0 &&
  afterRelease === PLACES - 3 &&
  second.slice(0, 3).every((r) => r.kind === "place") &&
  second[3].kind === "complet" &&
  finalHolders === PLACES;
console.log(ok ? "Résultat : aucune survente." : "Résultat : ÉCHEC (voir ci-dessus).");
stop();
process.exit(ok ? 0 : 1);
