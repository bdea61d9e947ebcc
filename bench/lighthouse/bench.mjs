// Lighthouse, mobile, performance only (a bench that prints figures; not a test). From the repository root, after
// `npm run build`:
//   npx node bench/lighthouse/bench.mjs [--port 8992] [--runs 1] [--gzip] [--images]
// 1. a fresh local state (migrations + demo data) in .wrangler/bench-lighthouse, the production build under
//    `wrangler dev` on its own port;
// 2. Lighthouse's default mobile run (Moto G Power screen, simulated slow 4G and 4× CPU slowdown) with Debian's
//    Chromium (CHROME_PATH, default /usr/bin/chromium) on the home page, /courses and an event page: performance score,
//    FCP, LCP, TBT, CLS, Speed Index;
// 3. the JavaScript those pages load, gzipped at level 9 (what the budget counts: ~100 KB), summed from
//    the script requests Lighthouse recorded.
// With --gzip, Lighthouse goes through a proxy that compresses text as Cloudflare's edge does
// (bench/edge-gzip-proxy.mjs; `wrangler dev` itself sends bodies uncompressed). With --images, every demo event
// carries an uploaded photo whose sizes the cron makes first (bench/event-images.mjs). Needs no internet: the pages load no third-party resource (map tiles only on the map view, not measured here).
import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startGzipProxy } from "../edge-gzip-proxy.mjs";
import { makeImageSizes, storeEventImages } from "../event-images.mjs";
import { benchEnv as env, option as opt, productionReadOnlyVars, startWorker } from "../lib.mjs";

const port = Number(opt("--port", "8992"));
const runs = Math.max(1, Number(opt("--runs", "1")));
const gzip = process.argv.includes("--gzip");
const images = process.argv.includes("--images");
const workerBase = `http://127.0.0.1:${port}`;
/** What Lighthouse visits: the Worker, or (--gzip) the compressing proxy one port above it. */
const base = gzip ? `http://127.0.0.1:${port + 1}` : workerBase;
const persistTo = ".wrangler/bench-lighthouse";
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const PAGES = ["/", "/courses", "/courses/trail-des-aiguilles-rouges"];

if (!existsSync("build/server/index.js")) {
  console.error("Construisez d'abord l'application : npm run build");
  process.exit(1);
}

rmSync(persistTo, { recursive: true, force: true });
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"], env });
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
run("node", ["scripts/seed.ts", "--persist-to", persistTo]);
if (images) storeEventImages(run, persistTo);
// The production build with well-formed fake secrets (pages only: nothing calls Stripe or the mailer).
const server = startWorker({
  port,
  base: workerBase,
  persistTo,
  vars: productionReadOnlyVars(),
  stdout: "ignore",
  args: images ? ["--test-scheduled"] : [],
});
await server.ready();
if (images) await makeImageSizes(workerBase, persistTo);
const proxy = gzip ? await startGzipProxy({ port: port + 1, target: workerBase }) : null;

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

const ms = (v) => (v == null ? "—" : `${Math.round(v)} ms`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const gzCache = new Map();
async function gzipped(url) {
  if (!gzCache.has(url)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    gzCache.set(url, { raw: body.length, gz: gzipSync(body, { level: 9 }).length });
  }
  return gzCache.get(url);
}

try {
  console.log(
    `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile, performance, ${runs} passage(s) par page${gzip ? ", texte gzippé en route (proxy façon Cloudflare)" : ", corps non compressés (wrangler dev)"}\n`,
  );
  console.log("page".padEnd(42), "score  FCP      LCP      TBT     CLS    SI       JS (gz)");
  for (const path of PAGES) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const r = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      results.push(r.lhr);
    }
    const lhr = results.sort((a, b) => a.categories.performance.score - b.categories.performance.score)[
      Math.floor(results.length / 2)
    ];
    const a = lhr.audits;
    const scripts = (a["network-requests"]?.details?.items ?? []).filter(
      (it) => it.resourceType === "Script" && it.url.startsWith(base),
    );
    let gz = 0;
    let raw = 0;
    for (const s of scripts) {
      const size = await gzipped(s.url);
      gz += size.gz;
      raw += size.raw;
    }
    const score = Math.round(median(results.map((x) => x.categories.performance.score)) * 100);
    console.log(
      path.padEnd(42),
      String(score).padEnd(6),
      ms(a["first-contentful-paint"].numericValue).padEnd(8),
      ms(a["largest-contentful-paint"].numericValue).padEnd(8),
      ms(a["total-blocking-time"].numericValue).padEnd(7),
      (a["cumulative-layout-shift"].numericValue ?? 0).toFixed(3).padEnd(6),
      ms(a["speed-index"].numericValue).padEnd(8),
      `${(gz / 1024).toFixed(1)} KiB (${scripts.length} fichiers, ${(raw / 1024).toFixed(0)} KiB bruts)`,
    );
  }
} finally {
  await chrome.kill();
  proxy?.stop();
  server.stop();
}
