// Deploy check (npm run check:deploy; part of npm test): bundles the Worker exactly as `wrangler deploy` would, for
// production (the top level of wrangler.jsonc), without an account or the network (`--dry-run`), and fails if it does
// not bundle or if its gzipped size passes GZIP_LIMIT_KIB. Needs the build (npm run build).
// Cloudflare's limits: 3 MiB gzipped on the free plan, 10 MiB on paid; ours is far below to keep start-up fast.
// 1 MiB until 2026-11-28, then 1.25 MiB: Garmin's FIT SDK (the Premium watch exports and the .fit imports, decision
// 0229) carries the profile of every FIT message, about 100 KiB gzipped, and took the Worker to 1090 KiB.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const GZIP_LIMIT_KIB = 1280;

/** wrangler's "Total Upload: 2944.57 KiB / gzip: 562.63 KiB" line, in KiB; null when absent. */
export function parseUploadSize(output) {
  const m = output.match(/Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/);
  return m ? { totalKiB: Number(m[1]), gzipKiB: Number(m[2]) } : null;
}

/** The environment wrangler runs in for offline checks: no metrics, no network look-ups. */
export const offlineEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_D1_WARNING: "true",
};

/** Runs `wrangler deploy --dry-run` (of `config`, default wrangler.jsonc) and returns its sizes; throws with wrangler's output. */
export function dryRun({ config } = {}) {
  const outdir = mkdtempSync(join(tmpdir(), "balise-dry-run-"));
  try {
    const args = ["deploy", "--dry-run", "--outdir", outdir, ...(config ? ["--config", config] : [])];
    const output = execFileSync("wrangler", args, {
      env: offlineEnv,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    const size = parseUploadSize(output);
    if (!size) throw new Error(`taille introuvable dans la sortie de wrangler :\n${output}`);
    return size;
  } catch (e) {
    const err = /** @type {{ stdout?: string, stderr?: string, message: string }} */ (e);
    throw new Error(`wrangler deploy --dry-run a échoué : ${err.stderr || err.stdout || err.message}`);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** The verdict on a size: over the limit fails. */
export function checkSize(size) {
  const summary = `Worker : ${size.totalKiB.toFixed(2)} KiB, ${size.gzipKiB.toFixed(2)} KiB compressé (limite ${GZIP_LIMIT_KIB} KiB)`;
  return size.gzipKiB > GZIP_LIMIT_KIB
    ? { ok: false, message: `${summary} — trop gros.` }
    : { ok: true, message: summary };
}

function main() {
  if (!existsSync("build/server/index.js")) {
    console.error("check:deploy : construisez d'abord l'application (npm run build).");
    process.exit(1);
  }
  let size;
  try {
    size = dryRun();
  } catch (e) {
    console.error(`✘ check:deploy : le Worker ne s'assemble pas.\n${e instanceof Error ? e.message : e}`);
    process.exit(1);
  }
  const verdict = checkSize(size);
  if (!verdict.ok) {
    console.error(`✘ check:deploy : ${verdict.message}`);
    process.exit(1);
  }
  console.log(`✓ check:deploy : ${verdict.message}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
