// Garmin's FIT SDK runs in the Worker (decision 0229): its source uses typed arrays, DataView and TextEncoder only,
// no Node-only API. An upgrade that brings one in fails here before it fails in production.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SDK = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "node_modules", "@garmin", "fitsdk", "src");
const NODE_ONLY = [
  /\bBuffer\b/,
  /\brequire\s*\(/,
  /from\s+["'](node:|fs|path|buffer|stream|crypto)["']/,
  /\bprocess\./,
];

describe("the FIT SDK is plain JavaScript", () => {
  const files = readdirSync(SDK).filter((f) => f.endsWith(".js"));
  it("has source files to check", () => {
    expect(files).toContain("encoder.js");
    expect(files).toContain("decoder.js");
  });
  it.each(files)("%s uses no Node-only API", (file) => {
    const text = readFileSync(join(SDK, file), "utf8");
    for (const pattern of NODE_ONLY) expect(text, `${file} matches ${pattern}`).not.toMatch(pattern);
  });
});
