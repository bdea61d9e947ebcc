// npm test: every test. The deploy check (the production Worker bundles offline, under 1 MiB gzipped: one test), the
// typecheck and the linter (one test each), unit
// and workerd integration tests (vitest), then end-to-end tests in Chromium (Playwright, JavaScript off and on) against
// the production build under wrangler dev.
// Ends with one line "N passed, N failed" (deploy check, vitest and Playwright totals added up).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function ensureChromium() {
  if (existsSync(chromium)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium est introuvable (${chromium}). Installez-le : sudo apt-get update && sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.log("Installation de Chromium (paquet Debian)…");
  execFileSync("apt-get", ["update"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "chromium"], {
    stdio: "inherit",
    env: { ...env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

const t0 = Date.now();
rmSync("reports", { recursive: true, force: true });
mkdirSync("reports", { recursive: true });
const step = (label) => console.log(`\n=== ${label} (${((Date.now() - t0) / 1000).toFixed(0)} s) ===`);

step("build");
execFileSync("remix", ["vite:build"], { stdio: ["ignore", "ignore", "inherit"], env });

// The Worker as `wrangler deploy` ships it (offline dry run): it must bundle and stay under 1 MiB gzipped. One test.
step("deploy check: wrangler deploy --dry-run");
const deployCheck = spawnSync("node", ["scripts/check-deploy.mjs"], { stdio: "inherit", env });

// Static checks, one test each: the TypeScript compiler (npm run typecheck), the linter (npm run lint) and the
// formatter (npm run format:check; `npm run format` rewrites the files).
step("typecheck: tsc --noEmit");
const typecheck = spawnSync("tsc", ["--noEmit"], { stdio: "inherit", env });
step("lint: biome lint");
const lint = spawnSync("biome", ["lint", "--error-on-warnings", "."], { stdio: "inherit", env });
step("format: biome format");
const format = spawnSync("biome", ["format", "."], { stdio: "inherit", env });

step("vitest: unit + workerd integration");
const vitest = spawnSync(
  "vitest",
  ["run", "--reporter=default", "--reporter=json", "--outputFile.json=reports/vitest.json"],
  { stdio: "inherit", env },
);

step("playwright: end to end (JavaScript off and on)");
ensureChromium();
const pw = spawnSync("playwright", ["test"], { stdio: "inherit", env });

let passed = 0;
let failed = 0;
let vitestFailed = 0;
let pwFailed = 0;
try {
  const v = JSON.parse(readFileSync("reports/vitest.json", "utf8"));
  passed += v.numPassedTests ?? 0;
  vitestFailed += v.numFailedTests ?? 0;
  if (v.success === false && !v.numFailedTests) vitestFailed += Math.max(1, v.numFailedTestSuites ?? 0);
} catch {
  vitestFailed += 1;
  console.error("Rapport vitest illisible.");
}
try {
  const p = JSON.parse(readFileSync("reports/e2e.json", "utf8"));
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
  pwFailed += p.stats?.unexpected ?? 0;
} catch {
  pwFailed += 1;
  console.error("Rapport Playwright illisible.");
}
const staticChecks = [deployCheck, typecheck, lint, format];
for (const check of staticChecks) if (check.status === 0) passed += 1;
const staticFailed = staticChecks.filter((check) => check.status !== 0).length;
// A runner that exits non-zero without a failed test (server start-up, config error) still counts as one failure.
if (vitest.status !== 0 && vitestFailed === 0) vitestFailed = 1;
if (pw.status !== 0 && pwFailed === 0) pwFailed = 1;
failed = staticFailed + vitestFailed + pwFailed;
console.log(`\nDurée totale : ${((Date.now() - t0) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
