// Catalogue weight (issue 46, docs/decisions/0222): what a runner's phone downloads on a first visit of each
// catalogue page, with JavaScript on and off, and how long it takes on a 2G profile. A bench that prints figures,
// not a test (the budgets that fail CI are in tests/e2e/page-weight.spec.ts). From the repository root, after
// `npm run build`:
//   node bench/catalogue-weight/run.mjs [--port 8796] [--runs 1] [--no-timing] [--pages /,/formats] [--files] [--gzip] [--images]
//     [--waterfall]
// 1. a fresh local state (migrations + demo data) in .wrangler/bench-catalogue-weight, the production build under
//    `wrangler dev` on its own port;
// 2. per page and JavaScript on/off, a cold browser context in Debian's Chromium (CHROMIUM_PATH, default
//    /usr/bin/chromium) with a phone's screen: every response of the visit until the network has been quiet for
//    1.5 s (islands loaded on sight included), in four kinds (HTML, CSS, JS, images), counted as they would travel
//    from Cloudflare: text bodies gzipped (level 6, Cloudflare's default gzip; brotli is smaller still), images as
//    they are;
// 3. the same visit under the 2G profile (300 ms round trip, 250 kbit/s each way, 4× slower CPU; CDP
//    Network.emulateNetworkConditions + Emulation.setCPUThrottlingRate): first contentful paint and load event, the
//    median of --runs visits. wrangler dev sends bodies uncompressed, so these timings are pessimistic; with --gzip
//    the browser goes through a proxy that compresses text as Cloudflare's edge does (bench/edge-gzip-proxy.mjs).
// With --images, every demo event carries an uploaded image (a 1600 × 1000 photo-like PNG of 3.3 MB,
// bench/photo-png.mjs) whose phone sizes the cron's job makes before the visits, as it does for images stored
// before their sizes existed. With --waterfall, each page's last 2G visit is printed request by request (start and end
// in ms from the navigation's start, from the Resource Timing entries), to see what holds the load event back.
// See README.md beside this file.
import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { startGzipProxy } from "../edge-gzip-proxy.mjs";
import { benchEnv as env, option as opt, startWorker } from "../lib.mjs";
import { makeImageSizes, storeEventImages } from "../event-images.mjs";

const port = Number(opt("--port", "8796"));
const runs = Math.max(1, Number(opt("--runs", "1")));
const timing = !process.argv.includes("--no-timing");
const gzip = process.argv.includes("--gzip");
const images = process.argv.includes("--images");
const workerBase = `http://127.0.0.1:${port}`;
/** What the browser visits: the Worker, or (--gzip) the compressing proxy one port above it. */
const base = gzip ? `http://127.0.0.1:${port + 1}` : workerBase;
const persistTo = ".wrangler/bench-catalogue-weight";
export const PAGES = ["/", "/courses", "/courses/trail-des-aiguilles-rouges", "/formats"];
const pages = opt("--pages", null)?.split(",") ?? PAGES;

/** The 2G profile of issue 46. */
const PROFILE = { latency: 300, kbit: 250, cpu: 4 };

/** The kind a response counts under. */
function kindOf(type, mime) {
  if (type === "Document") return "html";
  if (type === "Stylesheet" || mime === "text/css") return "css";
  if (type === "Script" || /javascript/.test(mime)) return "js";
  if (type === "Image") return "img";
  return "other";
}

/** One cold visit of `path`: bytes by kind (gzipped text, images as sent), FCP and load event in ms. */
async function visit(browser, path, js, throttled) {
  const context = await browser.newContext({
    javaScriptEnabled: js,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    locale: "fr-FR",
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (throttled) {
    const bytesPerSecond = (PROFILE.kbit * 1000) / 8;
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: PROFILE.latency,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: PROFILE.cpu });
  }
  const responses = new Map();
  const bodies = [];
  cdp.on("Network.responseReceived", (e) => {
    responses.set(e.requestId, { kind: kindOf(e.type, e.response.mimeType), url: e.response.url });
  });
  cdp.on("Network.loadingFinished", (e) => {
    const r = responses.get(e.requestId);
    if (!r || throttled) return;
    bodies.push(
      cdp
        .send("Network.getResponseBody", { requestId: e.requestId })
        .then(({ body, base64Encoded }) => {
          const raw = Buffer.from(body, base64Encoded ? "base64" : "utf8");
          const bytes = r.kind === "img" ? raw.length : gzipSync(raw, { level: 6 }).length;
          return { ...r, bytes };
        })
        .catch(() => ({ ...r, bytes: e.encodedDataLength })),
    );
  });
  await page.goto(base + path, { waitUntil: "load", timeout: 120_000 });
  await page.waitForLoadState("networkidle", { timeout: 120_000 }).catch(() => {});
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    const resources = performance
      .getEntriesByType("resource")
      .map((r) => ({ url: r.name, start: r.startTime, end: r.responseEnd, type: r.initiatorType }));
    return { fcp: fcp ? fcp.startTime : null, load: nav ? nav.loadEventStart : null, resources };
  });
  const items = await Promise.all(bodies);
  await context.close();
  const bytes = { html: 0, css: 0, js: 0, img: 0, other: 0 };
  for (const i of items) bytes[i.kind] += i.bytes;
  return { bytes, files: items, ...t };
}

const median = (xs) => {
  const s = xs.filter((x) => x != null).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : null;
};
const kb = (n) => (n / 1000).toFixed(1);
const ms = (n) => (n == null ? "—" : `${Math.round(n)}`);

async function main() {
  if (!existsSync("build/server/index.js")) {
    console.error("Construisez d'abord l'application : npm run build");
    process.exit(1);
  }
  rmSync(persistTo, { recursive: true, force: true });
  const run = (cmd, args) => execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"], env });
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  run("node", ["scripts/seed.ts", "--persist-to", persistTo]);
  if (images) storeEventImages(run, persistTo);
  const server = startWorker({
    port,
    base: workerBase,
    persistTo,
    vars: { APP_ENV: "test", APP_URL: base, SESSION_SECRET: "bench-session-secret-0123456789abcdef-0123456789" },
    stdout: "ignore",
    args: images ? ["--test-scheduled"] : [],
  });
  await server.ready();
  if (images) await makeImageSizes(workerBase, persistTo);
  const proxy = gzip ? await startGzipProxy({ port: port + 1, target: workerBase }) : null;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  try {
    console.log(
      `Première visite, téléphone, cache vide. Octets: texte gzippé (niveau 6), images telles quelles (kB = 1000 o).` +
        (timing
          ? ` Profil 2G: ${PROFILE.latency} ms RTT, ${PROFILE.kbit} kbit/s, CPU ×${PROFILE.cpu}; médiane de ${runs}; ${gzip ? "texte gzippé en route (proxy façon Cloudflare)" : "corps non compressés (wrangler dev)"}.`
          : ""),
    );
    console.log("page                                   JS   HTML   CSS    JS     img   total   FCP ms  load ms");
    for (const path of pages) {
      for (const js of [true, false]) {
        // Warm the Worker (and its page cache, if any) so that the first measured visit is not a cold isolate.
        await fetch(base + path);
        const sizes = await visit(browser, path, js, false);
        const times = [];
        if (timing) for (let i = 0; i < runs; i++) times.push(await visit(browser, path, js, true));
        const b = sizes.bytes;
        const total = b.html + b.css + b.js + b.img + b.other;
        console.log(
          [
            path.padEnd(38),
            (js ? "on" : "off").padEnd(4),
            kb(b.html).padStart(5),
            kb(b.css).padStart(5),
            kb(b.js).padStart(6),
            kb(b.img).padStart(6),
            kb(total).padStart(7),
            ms(median(times.map((x) => x.fcp))).padStart(8),
            ms(median(times.map((x) => x.load))).padStart(8),
          ].join(" "),
        );
        if (process.argv.includes("--waterfall") && times.length > 0)
          for (const r of times[times.length - 1].resources)
            console.log(
              `    ${ms(r.start).padStart(6)} → ${ms(r.end).padStart(6)}  ${r.type.padEnd(6)} ${r.url.replace(base, "")}`,
            );
        if (process.argv.includes("--files"))
          for (const f of sizes.files) console.log(`    ${f.kind.padEnd(5)} ${kb(f.bytes).padStart(6)}  ${f.url}`);
      }
    }
  } finally {
    await browser.close();
    proxy?.stop();
    server.stop();
  }
}

await main();
