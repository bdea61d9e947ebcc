// Registration opening with its queue (issue 21; a script that prints figures, not a test). From the repository
// root, after `npm run build`:
//   npx node bench/opening/bench.mjs [--port 8995] [--runners 1000] [--places 100] [--rate 10] [--poll 5] [--profile 9239]
//   (--poll: the shortest reload period, the page's own near the front; queued runners reload as the page says)
// 1. prepares its own local database (.wrangler/bench-opening): an organiser able to take payments, one format of
//    --places places whose registrations opened a second ago (so its queue runs), --runners runner accounts;
// 2. starts the production build (wrangler dev, APP_ENV=test: local payment provider), QUEUE_ADMISSIONS_PER_SECOND=--rate;
// 3. every runner opens the registration page at the same moment (the event page's link): each is answered with the
//    form (admitted) or the queue, at the same address; queued runners reload it as its meta refresh says, are
//    admitted in turn, send the form, and pay on the local checkout page;
// 4. prints: the first answers' latency and rate against a static asset's in the same run, runners answered, server
//    errors, admissions in queue order, checkout creations per second (max over any second), places validated
//    (expected exactly --places), whether they are exactly the first --places runners in queue order (issue 42: an
//    admission reserves a place), payments per registration (expected 1: no double charge).
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createCookie } from "@remix-run/cloudflare";
import { cpuMs, benchEnv as env, option as opt, profileWorker, startWorker, workerdPids } from "../lib.mjs";
import { sessionCookieName } from "../../app/utils/session-cookie.ts";

const port = Number(opt("--port", "8995"));
const RUNNERS = Number(opt("--runners", "1000"));
const PLACES = Number(opt("--places", "100"));
const RATE = Number(opt("--rate", "10"));
const POLL = Number(opt("--poll", "5"));
// --profile PORT: after the run, a CPU profile of the Worker over the one-at-a-time first answers (wrangler's
// inspector on PORT), printed by function.
const PROFILE = opt("--profile", "");
const persistTo = ".wrangler/bench-opening";
const base = `http://127.0.0.1:${port}`;
const SECRET = "bench-opening-session-secret-0123456789abcdef-0123456789";

if (!existsSync("build/server/index.js")) {
  console.error("Construisez d'abord l'application : npm run build");
  process.exit(1);
}

const COURSE = "open-course-0001";
const FORMAT = "open-format-0001";
const ORG = "open-organiser";
const ACCOUNT = "acct_local_openbench00000000001";
const q = (s) => `'${String(s).replace(/'/g, "''")}'`;
const sha256 = (s) => createHash("sha256").update(s).digest("hex");
const future = new Date(Date.now() + 7 * 86400_000).toISOString();
const opening = new Date(Date.now() - 1000).toISOString();
// SOLO more accounts arrive one at a time after the rush: the CPU of one first answer, beside a static asset's.
const SOLO = 50;
const accounts = Array.from({ length: RUNNERS + SOLO }, (_, k) => ({
  id: `open-runner-${String(k).padStart(5, "0")}`,
  email: `coureur${k}@open.test`,
  token: randomBytes(32).toString("base64url"),
}));
const account = {
  id: ACCOUNT,
  object: "account",
  email: "open-org@balise.test",
  metadata: { user_id: ORG },
  charges_enabled: true,
  payouts_enabled: true,
  details_submitted: true,
  requirements: { currently_due: [], past_due: [] },
};
const seed = [
  `INSERT INTO users (id, email, password_hash) VALUES (${q(ORG)}, 'open-org@balise.test', 'bench-no-login');`,
  `INSERT INTO profils_utilisateurs (user_id, nom, prenom, email, organisation_nom, stripe_account_id, stripe_charges_enabled, stripe_payouts_enabled, stripe_details_submitted, conditions_acceptees, conditions_version)
   VALUES (${q(ORG)}, 'Open', 'Orga', 'open-org@balise.test', 'Open Trail Club', ${q(ACCOUNT)}, 1, 1, 1, 1, '2025-08-17');`,
  `INSERT INTO local_payment_objects (id, kind, data) VALUES (${q(ACCOUNT)}, 'account', ${q(JSON.stringify(account))});`,
  `INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (${q(COURSE)}, 'Ultra de l''ouverture', 'Chamonix-Mont-Blanc', 'Haute-Savoie', '74400', ${q(ORG)}, 1, 'ultra-de-l-ouverture');`,
  `INSERT INTO formats (id, course_id, nom, date, heure_depart, distance_km, denivele_dplus, prix_cents, nb_max_coureurs, ouverture_inscriptions, liste_attente_active)
   VALUES (${q(FORMAT)}, ${q(COURSE)}, 'Ultra 80 km', date('now', '+90 days'), '05:00', 80, 5000, 9000, ${PLACES}, ${q(opening)}, 0);`,
  ...accounts.flatMap((r) => [
    `INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (${q(r.id)}, ${q(r.email)}, 'bench-no-login', strftime('%Y-%m-%dT%H:%M:%fZ','now'));`,
    `INSERT INTO sessions (id, user_id, expires_at) VALUES (${q(sha256(r.token))}, ${q(r.id)}, ${q(future)});`,
  ]),
].join("\n");

const run = (args) => execFileSync("wrangler", args, { stdio: ["ignore", "pipe", "inherit"], env }).toString();
rmSync(persistTo, { recursive: true, force: true });
mkdirSync(persistTo, { recursive: true });
run(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
writeFileSync(join(persistTo, "seed.sql"), seed);
run(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", join(persistTo, "seed.sql")]);

const {
  stop,
  ready,
  pid: workerPid,
} = startWorker({
  port,
  base,
  persistTo,
  logLevel: "error",
  vars: { APP_ENV: "test", APP_URL: base, SESSION_SECRET: SECRET, QUEUE_ADMISSIONS_PER_SECOND: String(RATE) },
  args: PROFILE ? ["--inspector-port", PROFILE] : [],
});
const cookieLib = createCookie(sessionCookieName("test"), {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secrets: [SECRET],
});
// As the login sets it (app/utils/session.server.ts): the session's token and the account id, signed together.
for (const r of accounts) r.cookie = (await cookieLib.serialize({ t: r.token, u: r.id })).split(";")[0];
const runners = accounts.slice(0, RUNNERS);
const solos = accounts.slice(RUNNERS);

const formUrl = `/inscription/${COURSE}?format=${FORMAT}`;
const queueUrl = `/file-attente/${FORMAT}`; // where a form sent too early brings the runner back
const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const stats = { errors: 0, checkouts: [], complet: 0, paid: 0, done: [] };
let rushStart = 0;

async function request(r, path, init = {}) {
  const res = await fetch(`${base}${path}`, {
    redirect: "manual",
    ...init,
    headers: { cookie: r.cookie, origin: base, ...(init.headers ?? {}) },
  });
  const body = await res.text();
  if (res.status >= 500) stats.errors++;
  // every answered request of the rush, by kind: what shared the server with the first answers
  if (rushStart)
    stats.done.push({
      at: performance.now() - rushStart,
      kind: `${init.method ?? "GET"} ${path.split("?")[0].split("/")[1]}`,
    });
  return { status: res.status, location: res.headers.get("location") ?? "", body };
}

async function journey(r, t0) {
  // 1. The first answer: the form (admitted) or the queue, at the form's own address.
  const s = performance.now();
  let page = await request(r, formUrl);
  r.firstMs = performance.now() - s;
  r.firstAt = performance.now() - t0;
  // Which page answered: the Worker's light waiting page (docs/decisions/0135), the full page's queue, or the form.
  r.firstKind = page.body.includes("data-queue-format")
    ? "light"
    : page.body.includes("queue-position")
      ? "full"
      : "form";
  if (page.status >= 500) return;
  let round = 0;
  const queued = (p) => p.status === 200 && p.body.includes("queue-position");
  while (queued(page) || (page.status === 302 && page.location.startsWith("/file-attente/"))) {
    if (page.status === 302) page = await request(r, queueUrl);
    if (r.ticket == null) r.ticket = Number(/data-ticket="(\d+)"/.exec(page.body)?.[1] ?? Number.NaN);
    // Every place paid: the queue says so (issue 42); the runner stops here rather than wait for the hour to pass.
    if (page.body.includes("toutes les places sont payées")) {
      stats.complet++;
      return;
    }
    round++;
    // As a browser without JavaScript: the page's own meta refresh (5 s near the front, up to 30 s far back).
    const refresh = Number(/http-equiv="refresh" content="(\d+)"/.exec(page.body)?.[1] ?? POLL);
    await sleep(refresh * 1000);
    page = await request(r, formUrl);
  }
  r.admittedRound = round;
  r.admittedAt = performance.now() - t0;
  if (page.status !== 200) return;
  // 2. Send the form.
  const body = new URLSearchParams({
    intent: "payer",
    format_id: FORMAT,
    nom: "Coureur",
    prenom: r.id.slice(-4),
    email: r.email,
    pays: "France",
    date_naissance: "1990-01-01",
    justificatif_type: "licence",
    // One person per runner: the same licence would make them one (one place per person, issue 40).
    numero_licence: String(1_000_000 + Number(r.id.slice(-5))),
    nombre_repas: "0",
    apparaitre_resultats: "on",
  });
  const sent = await request(r, `/inscription/${COURSE}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  if (sent.status === 302 && sent.location.includes("/dev/checkout/")) {
    stats.checkouts.push(performance.now() - t0);
    // 3. Pay on the local checkout page.
    const path = new URL(sent.location, base).pathname;
    const paid = await request(r, path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "payer" }),
    });
    if (paid.status === 302) stats.paid++;
  } else if (sent.body.includes("est complet")) stats.complet++;
}

try {
  await ready();
  // A static asset, the same run: the reference for the first answers.
  const assetPath = /\/assets\/[^"]+\.css/.exec(await (await fetch(`${base}/`)).text())?.[0] ?? "/robots.txt";
  const staticTimes = [];
  const ts = performance.now();
  await Promise.all(
    Array.from({ length: 500 }, async () => {
      const s = performance.now();
      await (await fetch(`${base}${assetPath}`)).arrayBuffer();
      staticTimes.push(performance.now() - s);
    }),
  );
  const staticRps = 500 / ((performance.now() - ts) / 1000);
  await request(runners[0], "/"); // warm-up

  const t0 = performance.now();
  rushStart = t0;
  await Promise.all(runners.map((r) => journey(r, t0)));
  const wall = (performance.now() - t0) / 1000;

  const firsts = runners
    .map((r) => r.firstMs)
    .filter((x) => x != null)
    .sort((a, b) => a - b);
  const firstWindow = Math.max(...runners.map((r) => r.firstAt ?? 0)) / 1000;
  const firstRps = firsts.length / firstWindow;
  const during = {};
  for (const d of stats.done) if (d.at <= firstWindow * 1000) during[d.kind] = (during[d.kind] ?? 0) + 1;
  // The Durable Object fixes each ticket's admission time in ticket order (workerd test); what the runners see also
  // depends on when their page is re-read and answered: count the runners seen admitted more than one refresh
  // period before an earlier ticket.
  const queued = runners.filter((r) => Number.isFinite(r.ticket)).sort((a, b) => a.ticket - b.ticket);
  let inversions = 0;
  let latest = Number.NEGATIVE_INFINITY;
  for (const r of queued) {
    if (r.admittedAt == null) continue; // told 'complet' without being admitted
    if (r.admittedAt < latest - POLL * 1000) inversions++;
    latest = Math.max(latest, r.admittedAt);
  }
  // Information only since issue 42: who gets a place is decided by the queue (validated = first in queue order);
  // when a runner *sees* their turn also depends on their page's reload and on a loaded server's answer times.
  const tickets = new Set(queued.map((r) => r.ticket));
  // Checkout creations per second, max over any one-second window.
  const cs = [...stats.checkouts].sort((a, b) => a - b);
  let maxPerSecond = 0;
  for (let i = 0, j = 0; i < cs.length; i++) {
    while (cs[i] - cs[j] >= 1000) j++;
    maxPerSecond = Math.max(maxPerSecond, i - j + 1);
  }
  // The cost of one request, one at a time (the queue still runs): CPU of the workerd processes (local D1 and
  // Durable Objects included) per request.
  const pids = workerdPids(workerPid);
  async function cpuPer(n, one) {
    const c0 = cpuMs(pids);
    const t = performance.now();
    for (let i = 0; i < n; i++) await one(i);
    return { cpu: (cpuMs(pids) - c0) / n, wall: (performance.now() - t) / n };
  }
  const soloStatic = await cpuPer(SOLO, async () => (await fetch(`${base}${assetPath}`)).arrayBuffer());
  const soloFirst = await cpuPer(SOLO, (i) => request(solos[i], formUrl));
  const soloQueue = await cpuPer(SOLO, (i) => request(solos[i], queueUrl));
  if (PROFILE) {
    const lines = await profileWorker(PROFILE, async () => {
      for (let k = 0; k < 4; k++) for (const r of solos) await request(r, formUrl);
    });
    console.log(`profil du Worker (${4 * SOLO} premières réponses, temps propre par fonction) :\n${lines.join("\n")}`);
  }
  const db = (s) =>
    JSON.parse(run(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", s]))[0].results;
  stop();
  // Checkout creations as recorded by the local payment provider: each record carries the time the call reached
  // it (as the real provider's rate limit counts them): at most RATE in any one second.
  const times = db(
    `SELECT created_at FROM local_payment_objects WHERE kind = 'checkout_session' ORDER BY created_at`,
  ).map((x) => Date.parse(x.created_at));
  const created = times.length;
  let serverMax = 0;
  for (let a = 0, b = 0; a < times.length; a++) {
    while (times[a] - times[b] >= 1000) b++;
    serverMax = Math.max(serverMax, a - b + 1);
  }
  const validated = db(
    `SELECT count(*) AS n FROM inscriptions WHERE format_id = ${q(FORMAT)} AND statut = 'validee'`,
  )[0].n;
  const doubles = db(
    `SELECT count(*) AS n FROM (SELECT inscription_id FROM paiements WHERE status = 'succeeded' GROUP BY inscription_id HAVING count(*) > 1)`,
  )[0].n;
  // The queue's order decides (issue 42): the validated runners are exactly the first PLACES in queue order (the
  // runners given the form at their first answer came first; then by ticket).
  const validatedIds = new Set(
    db(`SELECT coureur_id FROM inscriptions WHERE format_id = ${q(FORMAT)} AND statut = 'validee'`).map(
      (x) => x.coureur_id,
    ),
  );
  const queueOrder = [
    ...runners.filter((r) => r.firstKind === "form"),
    ...runners.filter((r) => r.firstKind !== "form" && Number.isFinite(r.ticket)).sort((a, b) => a.ticket - b.ticket),
  ];
  const firstInOrder = validatedIds.size === PLACES && queueOrder.slice(0, PLACES).every((r) => validatedIds.has(r.id));
  const perRunner = db(
    `SELECT count(*) AS n FROM (SELECT coureur_id FROM inscriptions WHERE format_id = ${q(FORMAT)} AND statut = 'validee' GROUP BY coureur_id HAVING count(*) > 1)`,
  )[0].n;

  console.log(
    `Ouverture des inscriptions avec file d'attente — build de production (wrangler dev, APP_ENV=test, paiement local), ${base}`,
  );
  console.log(
    `${RUNNERS} coureurs arrivent au même instant pour ${PLACES} places ; admission ${RATE}/s ; la page de file se relit comme elle le demande (toutes les ${POLL} à 30 s).`,
  );
  console.log(
    `  premières réponses : p50 ${pct(firsts, 50).toFixed(0)} ms, p95 ${pct(firsts, 95).toFixed(0)} ms, ${firstRps.toFixed(0)} réponses/s`,
  );
  console.log(
    `  fichier statique (même exécution) : p50 ${pct(
      staticTimes.sort((a, b) => a - b),
      50,
    ).toFixed(
      0,
    )} ms, ${staticRps.toFixed(0)} requêtes/s  → rapport ${((firstRps / staticRps) * 100).toFixed(0)} % (objectif ≥ 50 %)`,
  );
  console.log(
    `  requêtes servies pendant les premières réponses (${firstWindow.toFixed(1)} s), par sorte : ${Object.entries(
      during,
    )
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}`,
  );
  console.log(
    `  une requête à la fois (CPU workerd, D1 local compris ; durée) : fichier statique ${soloStatic.cpu.toFixed(1)} ms (${soloStatic.wall.toFixed(1)} ms), première réponse (GET du formulaire : la file, page légère) ${soloFirst.cpu.toFixed(1)} ms (${soloFirst.wall.toFixed(1)} ms), page de file ${soloQueue.cpu.toFixed(1)} ms (${soloQueue.wall.toFixed(1)} ms)`,
  );
  const kinds = {};
  for (const r of runners) if (r.firstKind) kinds[r.firstKind] = (kinds[r.firstKind] ?? 0) + 1;
  console.log(
    `  premières réponses par page : file légère (Worker, sans D1) ${kinds.light ?? 0}, file de la page complète ${kinds.full ?? 0}, formulaire ${kinds.form ?? 0}`,
  );
  console.log(`  coureurs servis : ${firsts.length} / ${RUNNERS} ; erreurs serveur : ${stats.errors} (attendu 0)`);
  console.log(
    `  file : ${queued.length} coureurs, ${tickets.size} numéros distincts ; vus admis avant un numéro plus petit (au-delà d'un rafraîchissement) : ${inversions}`,
  );
  console.log(
    `  créations de paiement chez le prestataire : ${created}, au plus ${serverMax} sur une seconde (limite ${RATE}/s) ; réponses reçues par les coureurs : au plus ${maxPerSecond} sur une seconde`,
  );
  console.log(
    `  inscriptions validées après paiement : ${validated} (attendu ${PLACES}) ; « complet » : ${stats.complet}`,
  );
  console.log(
    `  validated = first in queue order: ${firstInOrder ? "yes" : "no"} (les ${PLACES} validés sont les ${PLACES} premiers de la file)`,
  );
  console.log(`  doubles paiements : ${doubles} ; coureurs validés deux fois : ${perRunner} (attendu 0)`);
  console.log(`  durée totale : ${wall.toFixed(0)} s`);
  const ok =
    validated === PLACES &&
    firstInOrder &&
    stats.errors === 0 &&
    doubles === 0 &&
    perRunner === 0 &&
    tickets.size === queued.length &&
    serverMax <= RATE &&
    firstRps >= staticRps / 2 &&
    firsts.length === RUNNERS;
  console.log(ok ? "Résultat : conforme." : "Résultat : ÉCHEC (voir ci-dessus).");
  process.exitCode = ok ? 0 : 1;
} finally {
  stop();
}
