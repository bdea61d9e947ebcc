// Chat fan-out bench: opens N sockets (default 200) in one event's room, then posts messages through the
// real form action (HTTP, D1 write, room notification) and measures, for each message, the time until
// every socket has received it. Prints p50/p95/max of that "reached all" time and of single deliveries.
//
// Start a local server first (its own port and state, demo data loaded), e.g.:
//   npm run dev -- --no-build --port 8894 --persist-to .wrangler/bench-8894
// then: npx node bench/chat/bench.mjs [--url http://localhost:8894] [--sockets 200] [--messages 32]
// Needs Node 22 (global WebSocket): run it through npx from the project.

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const BASE = opt("--url", process.env.BENCH_URL ?? "http://localhost:8894");
const SOCKETS = Number(opt("--sockets", 200));
const MESSAGES = Number(opt("--messages", 32));
const COURSE = opt("--course", "c0000000-0000-4000-8000-000000000009"); // Trail de la Côte d'Opale (demo)
const PASSWORD = "balise-demo";
// The server limits each user to 8 messages a minute in a room: spread the posts over the demo accounts.
const USERS = ["coureur@balise.test", "organisateur@balise.test", "organisatrice@balise.test", "admin@balise.test"];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const fmt = (ms) => `${ms.toFixed(1)} ms`;

async function login(email) {
  const res = await fetch(`${BASE}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password: PASSWORD, redirectTo: "/" }),
    redirect: "manual",
  });
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).find((c) => c.includes("session"));
  if (!cookie) throw new Error(`Connexion impossible pour ${email} (HTTP ${res.status})`);
  return cookie;
}

function openSocket(i, onInsert) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${BASE.replace(/^http/, "ws")}/parties/chat-room/${COURSE}?_pk=bench-${i}`);
    const t = setTimeout(() => reject(new Error(`socket ${i}: pas de connexion`)), 15_000);
    ws.addEventListener("open", () => {
      clearTimeout(t);
      resolve(ws);
    });
    ws.addEventListener("error", (e) => reject(new Error(`socket ${i}: ${e.message ?? "erreur"}`)));
    ws.addEventListener("message", (e) => {
      const now = performance.now();
      const ev = JSON.parse(String(e.data));
      if (ev.type === "insert") onInsert(ev.message.message, now);
    });
  });
}

const cookies = [];
for (const u of USERS) cookies.push(await login(u));
console.log(`Connecté : ${cookies.length} comptes. Ouverture de ${SOCKETS} sockets sur ${BASE}, salon ${COURSE}…`);

/** marker -> { sentAt, arrivals: number[] } */
const pending = new Map();
const onInsert = (text, at) => {
  const m = /bench#(\d+)/.exec(text);
  const entry = m && pending.get(m[1]);
  if (entry) entry.arrivals.push(at - entry.sentAt);
};
const t0 = performance.now();
const sockets = [];
for (let i = 0; i < SOCKETS; i += 25) {
  sockets.push(
    ...(await Promise.all(Array.from({ length: Math.min(25, SOCKETS - i) }, (_, k) => openSocket(i + k, onInsert)))),
  );
}
console.log(`${sockets.length} sockets ouvertes en ${fmt(performance.now() - t0)}.`);
await sleep(500);

const reachedAll = [];
const deliveries = [];
const postTimes = [];
let lost = 0;
for (let n = 0; n < MESSAGES; n++) {
  const marker = String(n);
  const entry = { sentAt: performance.now(), arrivals: [] };
  pending.set(marker, entry);
  const res = await fetch(`${BASE}/courses/${COURSE}/chat`, {
    method: "POST",
    headers: { Cookie: cookies[n % cookies.length] },
    body: new URLSearchParams({ intent: "post", message: `Message de test bench#${n}`, mode: "json" }),
  });
  postTimes.push(performance.now() - entry.sentAt);
  if (!res.ok) throw new Error(`POST ${n}: HTTP ${res.status} ${await res.text()}`);
  const deadline = performance.now() + 10_000;
  while (entry.arrivals.length < SOCKETS && performance.now() < deadline) await sleep(2);
  if (entry.arrivals.length < SOCKETS) lost += SOCKETS - entry.arrivals.length;
  else reachedAll.push(Math.max(...entry.arrivals));
  deliveries.push(...entry.arrivals);
  await sleep(50);
}
for (const ws of sockets) ws.close();

console.log(`\nRésultats (${MESSAGES} messages × ${SOCKETS} sockets, un salon) :`);
console.log(
  `  POST (réponse HTTP)          p50 ${fmt(pct(postTimes, 50))}  p95 ${fmt(pct(postTimes, 95))}  max ${fmt(Math.max(...postTimes))}`,
);
console.log(
  `  Reçu par toutes les sockets  p50 ${fmt(pct(reachedAll, 50))}  p95 ${fmt(pct(reachedAll, 95))}  max ${fmt(Math.max(...reachedAll))}`,
);
console.log(`  Livraison individuelle       p50 ${fmt(pct(deliveries, 50))}  p95 ${fmt(pct(deliveries, 95))}`);
console.log(`  Livraisons perdues : ${lost}`);
process.exit(0);
