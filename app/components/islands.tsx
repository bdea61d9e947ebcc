// Pages served without React in the browser (docs/decisions/0222): a route whose `handle` is a `StaticPageHandle`
// is rendered on the server as today, but app/root.tsx prints neither Remix's scripts nor its scroll restoration:
// only the page's islands (vite-plugins/islands.ts), small module scripts that enhance the server's HTML. Reached by
// a client-side navigation from a page React runs (an organiser's page, say), the same route renders as a React
// page as before: only the server's document is static.
import { useMatches } from "@remix-run/react";
import assets from "virtual:balise-islands";
import { type IslandName, type IslandScript, islandSetKey } from "~/domain/island-sets";

export type { IslandName };

/** A route's handle that turns hydration off; `islands`, the scripts its page needs (from its loader's data). */
export interface StaticPageHandle {
  hydrate: false;
  islands?: readonly IslandName[] | ((data: unknown) => readonly IslandName[]);
}

interface MatchLike {
  handle?: unknown;
  data?: unknown;
}

function isStaticHandle(handle: unknown): handle is StaticPageHandle {
  return typeof handle === "object" && handle !== null && (handle as { hydrate?: unknown }).hydrate === false;
}

/**
 * The islands of the page whose deepest route turns hydration off (the shell's first), or null when the page is
 * hydrated by React. Pure: the hook below adds "only in the server's document".
 */
export function staticPageIslands(matches: readonly MatchLike[]): IslandName[] | null {
  const leaf = matches[matches.length - 1];
  if (!leaf || !isStaticHandle(leaf.handle)) return null;
  const own = typeof leaf.handle.islands === "function" ? leaf.handle.islands(leaf.data) : (leaf.handle.islands ?? []);
  return ["shell", ...own.filter((n) => n !== "shell")];
}

/** The islands of the document being rendered on the server, or null (a hydrated page, or anything in the browser). */
export function useStaticPageIslands(): IslandName[] | null {
  const matches = useMatches();
  return import.meta.env.SSR ? staticPageIslands(matches) : null;
}

/** Is the document being rendered on the server a static page? (Components print their island's markup then.) */
export function useStaticPage(): boolean {
  return useStaticPageIslands() !== null;
}

/**
 * The page's islands as scripts: in a build, ONE module script for the whole set (vite-plugins/islands.ts bundles
 * each set the pages can ask for) and a `modulepreload` for each chunk it imports; in development, one per island.
 */
export function islandScripts(names: readonly IslandName[]): { preload: string[]; scripts: IslandScript[] } {
  const set = assets.sets?.[islandSetKey(names)];
  const scripts = set ? [set] : names.flatMap((n) => assets.islands?.[n] ?? []);
  const preload = new Set<string>();
  for (const s of scripts) for (const p of s.preload) preload.add(p);
  return { preload: [...preload], scripts };
}

/** The islands' module scripts (and the chunks they import, preloaded). */
export function IslandScripts({ names, nonce }: { names: readonly IslandName[]; nonce?: string }) {
  const { preload, scripts } = islandScripts(names);
  return (
    <>
      {preload.map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce={nonce} />
      ))}
      {scripts.map((s) => (
        <script key={s.src} type="module" src={s.src} nonce={nonce} data-island={islandSetKey(names)} />
      ))}
    </>
  );
}

/** JSON for an island, in a <script type="application/json"> (never run), "<" escaped so that it cannot close it. */
export function IslandData({ id, value }: { id?: string; value: unknown }) {
  const json = JSON.stringify(value).replace(/</g, "\\u003c");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, in a script the browser never runs
  return <script type="application/json" id={id} data-island-data="" dangerouslySetInnerHTML={{ __html: json }} />;
}

/** The handle of a page served without React and without islands of its own (the shell's only). */
export const STATIC_PAGE: StaticPageHandle = { hydrate: false };
