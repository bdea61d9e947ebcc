// The deploy check of npm test (scripts/check-deploy.mjs): `wrangler deploy --dry-run`, offline, must bundle the
// Worker and keep it under 1.25 MiB gzipped (1 MiB before the FIT SDK, decision 0229).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkSize, dryRun, GZIP_LIMIT_KIB, parseUploadSize } from "../../scripts/check-deploy.mjs";

describe("parseUploadSize: wrangler's size line", () => {
  it.each([
    ["Total Upload: 2944.57 KiB / gzip: 562.63 KiB", { totalKiB: 2944.57, gzipKiB: 562.63 }],
    [
      "✨ Read 107 files\nTotal Upload: 12.00 KiB / gzip: 3.10 KiB\nYour Worker has access to",
      { totalKiB: 12, gzipKiB: 3.1 },
    ],
    ["--dry-run: exiting now.", null],
  ])("%j", (text, expected) => {
    expect(parseUploadSize(text)).toEqual(expected);
  });
});

describe("checkSize: the limit is 1.25 MiB gzipped", () => {
  it.each([
    [562.63, true],
    [1090.07, true],
    [GZIP_LIMIT_KIB, true],
    [GZIP_LIMIT_KIB + 0.01, false],
    [3072, false],
  ])("%s KiB → ok %s", (gzipKiB, ok) => {
    expect(checkSize({ totalKiB: gzipKiB * 5, gzipKiB }).ok).toBe(ok);
  });
});

describe("dryRun: wrangler deploy --dry-run without an account or the network", () => {
  const dir = mkdtempSync(join(tmpdir(), "balise-dry-run-test-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const config = (main: string) => {
    const path = join(dir, `wrangler-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(path, JSON.stringify({ name: "dry-run-test", main, compatibility_date: "2025-10-01" }));
    return path;
  };

  it("measures a Worker that bundles", () => {
    writeFileSync(join(dir, "ok.js"), "export default { fetch() { return new Response('ok'); } };\n");
    const size = dryRun({ config: config("ok.js") });
    expect(size.gzipKiB).toBeGreaterThan(0);
    expect(size.gzipKiB).toBeLessThan(1);
  }, 60_000);

  it("fails on a Worker that does not bundle (a missing module)", () => {
    writeFileSync(
      join(dir, "broken.js"),
      "import x from './absent.js';\nexport default { fetch() { return new Response(x); } };\n",
    );
    expect(() => dryRun({ config: config("broken.js") })).toThrow(/dry-run a échoué/);
  }, 60_000);
});

describe("npm test", () => {
  it("runs the deploy check and counts it", () => {
    const test = readFileSync(new URL("../../scripts/test.mjs", import.meta.url), "utf8");
    expect(test).toContain('spawnSync("node", ["scripts/check-deploy.mjs"]');
    expect(test).toMatch(/const staticChecks = \[deployCheck\b/);
    expect(test).toMatch(/failed = staticFailed \+ vitestFailed \+ pwFailed/);
  });

  it("runs the typecheck and counts it", () => {
    const test = readFileSync(new URL("../../scripts/test.mjs", import.meta.url), "utf8");
    expect(test).toContain('spawnSync("tsc", ["--noEmit"]');
    expect(test).toMatch(/const staticChecks = \[[^\]]*\btypecheck\b/);
  });

  it("runs the linter and counts it", () => {
    const test = readFileSync(new URL("../../scripts/test.mjs", import.meta.url), "utf8");
    expect(test).toContain('spawnSync("biome", ["lint", "--error-on-warnings", "."]');
    expect(test).toMatch(/const staticChecks = \[[^\]]*\blint\b/);
  });

  it("runs the formatter's check and counts it (the codebase is formatted: a file left unformatted fails)", () => {
    const test = readFileSync(new URL("../../scripts/test.mjs", import.meta.url), "utf8");
    expect(test).toContain('spawnSync("biome", ["format", "."]');
    expect(test).toMatch(/const staticChecks = \[[^\]]*\bformat\b/);
  });
});
