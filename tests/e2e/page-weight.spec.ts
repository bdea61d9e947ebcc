// Per-page budgets of the catalogue's first visit (issue 46, docs/decisions/0222): the JavaScript a page loads before
// the visitor does anything (gzipped, as Cloudflare sends it) and its HTML + CSS + JS in all, so that a page cannot
// grow past its budget silently. The figures with 2G timings: bench/catalogue-weight. With JavaScript on and off.
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { jsOn } from "./helpers";

/** Budgets in bytes (gzipped text): JS on a first visit with JavaScript, and everything (HTML, CSS, JS). */
const BUDGETS: Record<string, { js: number; total: number }> = {
  "/": { js: 1_000, total: 30_000 },
  "/courses": { js: 1_000, total: 30_000 },
  "/courses/trail-des-aiguilles-rouges": { js: 3_000, total: 30_000 },
  "/formats": { js: 1_000, total: 30_000 },
  "/mentions-legales": { js: 1_000, total: 30_000 },
};

for (const [path, budget] of Object.entries(BUDGETS)) {
  test(`first visit of ${path} within its budget (JS ≤ ${budget.js} B, all ≤ ${budget.total} B gzipped)`, async ({
    page,
  }) => {
    const sizes: Promise<{ kind: string; bytes: number; url: string }>[] = [];
    page.on("response", (r) => {
      const type = r.request().resourceType();
      if (!["document", "stylesheet", "script"].includes(type) || r.url().startsWith("data:")) return;
      sizes.push(r.body().then((b) => ({ kind: type, bytes: gzipSync(b).length, url: r.url() })));
    });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const all = await Promise.all(sizes);
    const js = all.filter((s) => s.kind === "script").reduce((n, s) => n + s.bytes, 0);
    const total = all.reduce((n, s) => n + s.bytes, 0);
    const list = all.map((s) => `${s.bytes} ${s.url}`).join("\n");
    if (jsOn(page))
      expect(js, list).toBeGreaterThan(0); // the shell island at least
    else expect(js, list).toBe(0);
    expect(js, list).toBeLessThanOrEqual(budget.js);
    expect(total, list).toBeLessThanOrEqual(budget.total);
    // One island script per page (its set bundled, docs/decisions/0233): one round trip, not one per island.
    expect(await page.locator("script[type=module][src]").count()).toBe(1);
    // No React runtime on a catalogue page's first visit.
    expect(
      all.filter((s) => /\/(components|entry\.client|client|index)-[^/]+\.js$/.test(s.url)),
      list,
    ).toEqual([]);
  });
}
