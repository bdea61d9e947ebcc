// Deploy figures (a script that prints figures; not a test). From the repository root, after `npm run build`:
//   npx node bench/deploy/bench.mjs [--runs 5]
// Prints the Worker's size as `wrangler deploy --dry-run` reports it (Cloudflare's limits: 3 MiB gzipped free,
// 10 MiB paid; npm test fails past 1 MiB) and the start-up CPU that `wrangler check startup` profiles locally
// (Cloudflare's limit: 1 s), as median, min and max over --runs runs. Offline: no account, no network.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { option } from "../lib.mjs";
import { dryRun, GZIP_LIMIT_KIB, offlineEnv } from "../../scripts/check-deploy.mjs";

const runs = Number(option("--runs", "5"));
if (!existsSync("build/server/index.js")) {
  console.error("Construisez d'abord l'application : npm run build");
  process.exit(1);
}

/** `wrangler check startup`'s "Active: 62.3 ms" (CPU time of the start-up, garbage collection included). */
function startupMs() {
  const dir = mkdtempSync(join(tmpdir(), "balise-startup-"));
  try {
    const out = execFileSync("wrangler", ["check", "startup", "--outfile", join(dir, "startup.cpuprofile")], {
      env: offlineEnv,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    const m = out.match(/Active:\s*([\d.]+)\s*ms/);
    if (!m) throw new Error(`durée introuvable dans la sortie de wrangler :\n${out}`);
    return Number(m[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const size = dryRun();
const times = [];
for (let i = 0; i < runs; i++) times.push(startupMs());
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(
  `Worker (wrangler deploy --dry-run) : ${size.totalKiB.toFixed(2)} KiB, gzip ${size.gzipKiB.toFixed(2)} KiB (limite de npm test : ${GZIP_LIMIT_KIB} KiB ; Cloudflare : 3 MiB gratuit, 10 MiB payant)`,
);
console.log(
  `Démarrage (wrangler check startup, ${runs} mesures) : médiane ${median.toFixed(1)} ms, min ${times[0].toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms (limite Cloudflare : 1 000 ms)`,
);
