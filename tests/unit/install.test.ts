// Reproducible installs (docs/decisions/0100): `npm ci` accepts the committed lock file on every platform, the
// packages whose install scripts run are approved by name, and CI installs with `npm ci`.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { missingPlatformEntries, platformOf } from "../../scripts/complete-lock.mjs";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, Record<string, unknown>> };
const pkg = JSON.parse(read("package.json")) as {
  allowScripts?: Record<string, boolean>;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe("platformOf: the platform a native package is for, from its name", () => {
  it.each([
    ["@rollup/rollup-linux-x64-gnu", { os: ["linux"], cpu: ["x64"], libc: ["glibc"] }],
    ["@rollup/rollup-linux-arm-musleabihf", { os: ["linux"], cpu: ["arm"], libc: ["musl"] }],
    ["@rollup/rollup-linux-arm-gnueabihf", { os: ["linux"], cpu: ["arm"], libc: ["glibc"] }],
    ["@rollup/rollup-android-arm-eabi", { os: ["android"], cpu: ["arm"] }],
    ["@rollup/rollup-win32-x64-gnu", { os: ["win32"], cpu: ["x64"] }],
    ["@rollup/rollup-win32-ia32-msvc", { os: ["win32"], cpu: ["ia32"] }],
    ["@rollup/rollup-openharmony-arm64", { os: ["openharmony"], cpu: ["arm64"] }],
    ["@cloudflare/workerd-darwin-64", { os: ["darwin"], cpu: ["x64"] }],
    ["@cloudflare/workerd-windows-64", { os: ["win32"], cpu: ["x64"] }],
    ["@esbuild/darwin-arm64", { os: ["darwin"], cpu: ["arm64"] }],
    ["fsevents", null],
    ["@rollup/wasm-node", null],
    ["linux-tools-extra", null],
  ])("%s", (name, expected) => {
    expect(platformOf(name)).toEqual(expected);
  });

  it("agrees with every native package the lock file already describes (os, cpu, libc as published)", () => {
    let checked = 0;
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (
        !entry.os ||
        !entry.cpu ||
        !/^node_modules\/(@rollup\/rollup-|@cloudflare\/workerd-|@esbuild\/)/.test(
          path.replace(/^.*(node_modules\/)/, "$1"),
        )
      )
        continue;
      const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
      const { os, cpu, libc } = entry;
      expect(platformOf(name), name).toEqual({ os, cpu, ...(libc ? { libc } : {}) });
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe("package-lock.json", () => {
  it("holds every other platform's native package, so that npm ci accepts it (run: npm run lock:complete)", () => {
    const { add, unknown } = missingPlatformEntries(lock);
    expect(Object.keys(add)).toEqual([]);
    expect(unknown).toEqual([]);
  });

  it("a lock file missing one is completed: version, platform and flags as npm writes them", () => {
    const copy = structuredClone(lock);
    const rollupDarwin = Object.keys(copy.packages).find((k) =>
      k.endsWith("node_modules/@rollup/rollup-darwin-arm64"),
    )!;
    const before = copy.packages[rollupDarwin];
    delete copy.packages[rollupDarwin];
    const { add } = missingPlatformEntries(copy);
    expect(add).toEqual({
      [rollupDarwin]: { version: before.version, cpu: ["arm64"], dev: true, optional: true, os: ["darwin"] },
    });
    expect(Object.keys((add as Record<string, object>)[rollupDarwin])).toEqual(
      Object.keys(before).filter((k) => k !== "integrity" && k !== "license" && k !== "engines"),
    );
  });

  it("records the root's dependencies exactly as package.json declares them", () => {
    const root = lock.packages[""] as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    expect(root.dependencies).toEqual(pkg.dependencies);
    expect(root.devDependencies).toEqual(pkg.devDependencies);
  });

  it("names no registry (no resolved URLs)", () => {
    const withUrl = Object.entries(lock.packages).filter(
      ([, e]) => typeof e.resolved === "string" && /^https?:/.test(e.resolved as string),
    );
    expect(withUrl.map(([k]) => k)).toEqual([]);
  });
});

describe("install scripts", () => {
  it("every locked package with an install script is approved or denied by name in package.json allowScripts", () => {
    const names = new Set(
      Object.entries(lock.packages)
        .filter(([path, e]) => path !== "" && e.hasInstallScript)
        .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length)),
    );
    expect([...names].sort()).toEqual(["esbuild", "node", "workerd"]);
    for (const name of names) expect(typeof pkg.allowScripts?.[name], name).toBe("boolean");
    expect(Object.keys(pkg.allowScripts ?? {}).sort()).toEqual([...names].sort());
  });

  it("npm install completes the lock file afterwards", () => {
    expect(pkg.scripts.postinstall).toBe("node scripts/complete-lock.mjs");
  });
});

describe(".ci/run", () => {
  it("installs with npm ci from the committed lock file, never npm install", () => {
    const ci = read(".ci/run");
    const commands = ci.split("\n").filter((l) => /^\s*npm\s/.test(l));
    expect(commands.some((l) => /^\s*npm ci\b/.test(l))).toBe(true);
    expect(commands.some((l) => /^\s*npm (install|i)\b/.test(l))).toBe(false);
  });
});
