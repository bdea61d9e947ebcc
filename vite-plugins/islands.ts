// Islands (docs/decisions/0222, 0233): the small scripts of the catalogue's pages that React does not hydrate.
// A page loads ONE island script: the browser build has an entry per set of islands a page can ask for (the shell
// plus any of the others), each bundled into a single file by esbuild so that the islands' eager code travels in one
// round trip. What an island fetches later (Leaflet, React for the chat) stays a dynamic import that Rollup resolves
// in the main build, sharing its chunks with the React pages. The server build reads the browser build's Vite
// manifest and hands app/root.tsx each set's address and the chunks it imports (`virtual:balise-islands`). In the
// browser build the module is empty: only the server prints islands. In development (and the workerd tests) each
// island is served on its own, unbundled.
import { readFileSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { build as esbuild, type Plugin as EsbuildPlugin } from "esbuild";
import type { Plugin } from "vite";
import {
  ISLAND_ENTRIES,
  type IslandAssets,
  type IslandName,
  type IslandScript,
  islandSetKey,
  islandSetModule,
  islandSets,
} from "../app/domain/island-sets";

export { ISLAND_ENTRIES, type IslandName, islandSetKey, islandSetModule, islandSets };

const VIRTUAL = "virtual:balise-islands";
const RESOLVED = `\0${VIRTUAL}`;

/** The part of Vite's manifest read here. */
type ViteManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** The script of the manifest's entry `key` and every chunk it imports statically (to preload). */
function scriptOf(manifest: ViteManifest, key: string, base: string): IslandScript {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`îles ${key} absentes du manifeste de Vite`);
  const preload = new Set<string>();
  const walk = (k: string) => {
    for (const dep of manifest[k]?.imports ?? []) {
      const file = base + manifest[dep].file;
      if (preload.has(file)) continue;
      preload.add(file);
      walk(dep);
    }
  };
  walk(key);
  return { src: base + chunk.file, preload: [...preload] };
}

/** Every set's script and the chunks it imports, as the pages link them. */
export function islandAssets(manifest: ViteManifest, base = "/"): IslandAssets {
  const sets: Record<string, IslandScript> = {};
  for (const names of islandSets()) sets[islandSetKey(names)] = scriptOf(manifest, islandSetModule(names), base);
  return { sets };
}

/** Dynamic imports stay dynamic (left to Rollup, resolved to a file path); static ones are bundled. */
const keepDynamicImports: EsbuildPlugin = {
  name: "balise-keep-dynamic-imports",
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind !== "dynamic-import") return null;
      const bare = !args.path.startsWith(".") && !args.path.startsWith("~/") && !isAbsolute(args.path);
      if (bare) return { path: args.path, external: true };
      const r = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: "import-statement" });
      if (r.errors.length > 0) return { errors: r.errors };
      return { path: r.path, external: true };
    });
  },
};

/** One set's islands bundled into one ES module (their static imports inlined). */
async function bundleSet(root: string, names: readonly IslandName[]): Promise<string> {
  const result = await esbuild({
    stdin: {
      contents: names.map((n) => `import ${JSON.stringify(`./${ISLAND_ENTRIES[n]}`)};`).join("\n"),
      resolveDir: root,
      sourcefile: islandSetModule(names),
      loader: "js",
    },
    absWorkingDir: root,
    tsconfig: resolve(root, "tsconfig.json"),
    bundle: true,
    write: false,
    format: "esm",
    target: "es2020",
    jsx: "automatic",
    platform: "browser",
    logLevel: "silent",
    // package.json says "sideEffects": false for the app's modules; the islands are nothing but side effects.
    ignoreAnnotations: true,
    plugins: [keepDynamicImports],
  });
  return result.outputFiles[0].text;
}

export function islands(): Plugin {
  let root = process.cwd();
  let ssr = false;
  let serve = false;
  const setIds = new Map<string, IslandName[]>();
  return {
    name: "balise-islands",
    configResolved(config) {
      root = config.root;
      ssr = Boolean(config.build.ssr);
      serve = config.command === "serve";
      for (const names of islandSets()) setIds.set(resolve(root, islandSetModule(names)), names);
    },
    options(options) {
      if (serve || ssr) return null;
      const input = options.input;
      const list = Array.isArray(input) ? input : typeof input === "string" ? [input] : Object.values(input ?? {});
      return { ...options, input: [...list, ...setIds.keys()] };
    },
    resolveId(id) {
      if (id === VIRTUAL) return RESOLVED;
      return setIds.has(id) ? id : null;
    },
    async load(id) {
      const set = setIds.get(id);
      if (set) {
        for (const n of set) this.addWatchFile(resolve(root, ISLAND_ENTRIES[n]));
        return bundleSet(root, set);
      }
      if (id !== RESOLVED) return null;
      if (serve) {
        const dev: IslandAssets = {
          islands: Object.fromEntries(
            Object.entries(ISLAND_ENTRIES).map(([k, f]) => [k, { src: `/${f}`, preload: [] }]),
          ),
        };
        return `export default ${JSON.stringify(dev)};`;
      }
      if (!ssr) return "export default {};";
      // The browser build runs first (Remix builds the client, then the server) and leaves its manifest here.
      const manifest = JSON.parse(readFileSync(resolve(root, "build/client/.vite/manifest.json"), "utf8"));
      return `export default ${JSON.stringify(islandAssets(manifest))};`;
    },
  };
}
