// Completes package-lock.json with the other platforms' native packages that the registry we reach lacks, so that
// `npm ci` accepts the lock file on every machine (docs/decisions/0100-reproducible-installs.md).
//
// Why: rollup and workerd list one native package per platform as optional dependencies. When `npm install` cannot
// find one of them at the locked version, it leaves it out of the lock file without a word, and `npm ci` then refuses
// the lock ("Missing: @rollup/rollup-darwin-arm64@ from lock file"). This script adds each missing entry with its
// version and the platform it is for (os, cpu, libc), read from the package's name, which follows a fixed pattern.
// npm then skips it on any other platform without fetching it, and fetches it by name and version on its own.
//
// Runs after every `npm install` (package.json "postinstall"); `node scripts/complete-lock.mjs --check` exits 1
// when an entry is missing (the unit test tests/unit/install.test.ts does the same check).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const OS = {
  android: "android",
  darwin: "darwin",
  freebsd: "freebsd",
  linux: "linux",
  openbsd: "openbsd",
  openharmony: "openharmony",
  netbsd: "netbsd",
  sunos: "sunos",
  aix: "aix",
  win32: "win32",
  windows: "win32",
};
const CPU = {
  arm: "arm",
  arm64: "arm64",
  x64: "x64",
  64: "x64",
  ia32: "ia32",
  loong64: "loong64",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
  mips64el: "mips64el",
};
const LIBC = { gnu: "glibc", gnueabihf: "glibc", musl: "musl", musleabihf: "musl" };
const ABI = new Set(["eabi", "msvc", ...Object.keys(LIBC)]);

/**
 * The platform a native package is for, from its name: "@rollup/rollup-linux-arm-musleabihf" → linux, arm, musl;
 * "@cloudflare/workerd-windows-64" → win32, x64. Null when the name is not a platform package's.
 */
export function platformOf(name) {
  const tokens = name.replace(/^@[^/]+\//, "").split("-");
  for (let i = 0; i < tokens.length - 1; i++) {
    const os = OS[tokens[i]];
    const cpu = CPU[tokens[i + 1]];
    if (!os || !cpu) continue;
    const rest = tokens.slice(i + 2);
    if (rest.length > 1 || (rest.length === 1 && !ABI.has(rest[0]))) continue;
    const libc = os === "linux" && rest.length === 1 ? LIBC[rest[0]] : undefined;
    return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
  }
  return null;
}

/** The path a dependency of the package at `from` resolves to in the lock (node's lookup, nearest first). */
function resolveIn(packages, from, name) {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return null;
    const i = dir.lastIndexOf("node_modules/");
    dir = i <= 0 ? "" : dir.slice(0, i - 1);
  }
}

/**
 * The entries to add: for every locked package, each optional dependency pinned to an exact version that the lock
 * does not hold and whose name says which platform it is for. Other missing optional dependencies are reported.
 */
export function missingPlatformEntries(lock) {
  const packages = { ...(lock.packages ?? {}) };
  const add = {};
  const unknown = [];
  for (const [path, pkg] of Object.entries(lock.packages ?? {})) {
    for (const [name, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
      const exact = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec);
      const found = resolveIn(packages, path, name);
      if (found && (!exact || packages[found].version === spec)) continue;
      const platform = platformOf(name);
      if (!platform || !exact) {
        unknown.push(`${name}@${spec} (de ${path || "la racine"})`);
        continue;
      }
      // Hoisted to the top level as npm does, or beside the package that asks for it when another version is there.
      const at = found ? `${path ? `${path}/` : ""}node_modules/${name}` : `node_modules/${name}`;
      // Keys in the order npm writes them (version first, then alphabetical), so `npm install` leaves them as they are.
      const { os, cpu, libc } = platform;
      add[at] = {
        version: spec,
        cpu,
        ...(pkg.dev || pkg.devOptional ? { dev: true } : {}),
        ...(libc ? { libc } : {}),
        optional: true,
        os,
      };
      packages[at] = add[at];
    }
  }
  return { add, unknown };
}

// npm writes the entries sorted this way; keeping its order keeps the next `npm install` from reordering the file.
function sortedPackages(packages) {
  const rest = Object.keys(packages)
    .filter((k) => k !== "")
    .sort((a, b) => a.localeCompare(b, "en"));
  return Object.fromEntries(["", ...rest].map((k) => [k, packages[k]]));
}

function main() {
  const lockPath = fileURLToPath(new URL("../package-lock.json", import.meta.url));
  const lock = JSON.parse(readFileSync(lockPath, "utf8"));
  const { add, unknown } = missingPlatformEntries(lock);
  const names = Object.keys(add);
  if (process.argv.includes("--check")) {
    if (names.length) {
      console.error(
        `package-lock.json incomplet (npm ci le refusera) : ${names.join(", ")}\nLancez : node scripts/complete-lock.mjs`,
      );
      process.exit(1);
    }
    return;
  }
  if (unknown.length)
    console.warn(
      `complete-lock : dépendances optionnelles absentes du lock, laissées telles quelles : ${unknown.join(", ")}`,
    );
  if (!names.length) return;
  lock.packages = sortedPackages({ ...lock.packages, ...add });
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`complete-lock : ${names.length} paquet(s) d'autres plateformes ajoutés à package-lock.json`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
