// The islands and the sets a page loads them in (docs/decisions/0222, 0233): pure, read by the build's plugin
// (vite-plugins/islands.ts) and by the server's document (app/components/islands.tsx).

/** The islands, by name: their entry module (from the project's root). The order is the order they run in. */
export const ISLAND_ENTRIES = {
  shell: "app/islands/shell.ts",
  map: "app/islands/map.ts",
  share: "app/islands/share.ts",
  chat: "app/islands/chat.ts",
} as const;

export type IslandName = keyof typeof ISLAND_ENTRIES;

/** One script and the chunks it imports (to preload). */
export interface IslandScript {
  src: string;
  preload: string[];
}

/**
 * What the server prints: in a build, one script per set of islands (`sets`, keyed by islandSetKey); in development,
 * one script per island (`islands`).
 */
export interface IslandAssets {
  sets?: Record<string, IslandScript>;
  islands?: Partial<Record<IslandName, IslandScript>>;
}

const NAMES = Object.keys(ISLAND_ENTRIES) as IslandName[];

/** A set's key: its islands in ISLAND_ENTRIES's order, without repeats, joined by "-" ("shell-share-chat"). */
export function islandSetKey(names: readonly IslandName[]): string {
  return NAMES.filter((n) => names.includes(n)).join("-");
}

/** Every set a page can load: the shell with any combination of the other islands (2³ = 8 small files). */
export function islandSets(): IslandName[][] {
  const others = NAMES.filter((n) => n !== "shell");
  const sets: IslandName[][] = [];
  for (let mask = 0; mask < 1 << others.length; mask++) {
    sets.push(["shell", ...others.filter((_, i) => mask & (1 << i))]);
  }
  return sets;
}

/** The (virtual) module of a set, from the project's root: what Vite's manifest keys it by. */
export function islandSetModule(names: readonly IslandName[]): string {
  return `app/islands/bundles/islands-${islandSetKey(names)}.js`;
}
