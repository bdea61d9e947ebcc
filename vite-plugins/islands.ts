// Islands (docs/decisions/0222): the small scripts of the catalogue's pages that React does not hydrate. Each
// island is an extra entry of the browser build (hashed, in build/client/assets like the rest, served by the
// Worker's static assets); the server build reads the browser build's Vite manifest and hands app/root.tsx each
// island's address and the chunks it imports (`virtual:balise-islands`). In the browser build the module is empty:
// only the server prints islands.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "vite";

/** The islands, by name: their entry module (from the project's root). */
export const ISLAND_ENTRIES = {
  shell: "app/islands/shell.ts",
  map: "app/islands/map.ts",
  share: "app/islands/share.ts",
  chat: "app/islands/chat.ts",
} as const;

export type IslandName = keyof typeof ISLAND_ENTRIES;

const VIRTUAL = "virtual:balise-islands";
const RESOLVED = `\0${VIRTUAL}`;

/** The part of Vite's manifest read here. */
type ViteManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** Every island's script and the chunks it imports (to preload), as the pages link them. */
export function islandAssets(manifest: ViteManifest, base = "/") {
  const out: Record<string, { src: string; preload: string[] }> = {};
  for (const [name, entry] of Object.entries(ISLAND_ENTRIES)) {
    const chunk = manifest[entry];
    if (!chunk) throw new Error(`île ${name} absente du manifeste de Vite (${entry})`);
    const preload = new Set<string>();
    const walk = (key: string) => {
      for (const dep of manifest[key]?.imports ?? []) {
        const file = base + manifest[dep].file;
        if (preload.has(file)) continue;
        preload.add(file);
        walk(dep);
      }
    };
    walk(entry);
    out[name] = { src: base + chunk.file, preload: [...preload] };
  }
  return out;
}

export function islands(): Plugin {
  let root = process.cwd();
  let ssr = false;
  let serve = false;
  return {
    name: "balise-islands",
    configResolved(config) {
      root = config.root;
      ssr = Boolean(config.build.ssr);
      serve = config.command === "serve";
    },
    options(options) {
      if (serve || ssr) return null;
      const input = options.input;
      const list = Array.isArray(input) ? input : typeof input === "string" ? [input] : Object.values(input ?? {});
      return { ...options, input: [...list, ...Object.values(ISLAND_ENTRIES).map((f) => resolve(root, f))] };
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      if (serve) {
        const dev = Object.fromEntries(
          Object.entries(ISLAND_ENTRIES).map(([k, f]) => [k, { src: `/${f}`, preload: [] }]),
        );
        return `export default ${JSON.stringify(dev)};`;
      }
      if (!ssr) return "export default {};";
      // The browser build runs first (Remix builds the client, then the server) and leaves its manifest here.
      const manifest = JSON.parse(readFileSync(resolve(root, "build/client/.vite/manifest.json"), "utf8"));
      return `export default ${JSON.stringify(islandAssets(manifest))};`;
    },
  };
}
