// Server-side route matching without repeated work (docs/decisions/0025-catalogue-pages-read-in-index-order.md).
//
// @remix-run/router re-flattens and re-ranks the whole route tree, and recompiles each route's path into a
// regular expression, on every matchRoutes call; a server request makes several such calls, which cost about a
// sixth of a catalogue page's CPU. On the server the route trees of a build all have the same shape once made,
// and a compiled path depends only on its pattern, so this plugin memoises both (by shape, see HELPERS) and
// tries only the branches whose first segment can match — in the server bundle only (in the browser, lazy route discovery grows the tree in place, so
// nothing is memoised there).
// It edits four known statements of the router's source, and only in the exact router version it was written and
// tested for (ROUTER_VERSION): any other version stops the build with a message, even if the four statements are
// still there, since the code around them may have changed what they mean.
// Delete this plugin when moving to React Router >= 7.15, which caches its ranked route branches itself (ADR 0025).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

/** The @remix-run/router version whose source this plugin edits (the one Remix 2.17.5 installs). */
export const ROUTER_VERSION = "1.23.3";

const FLATTEN = "let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);";
const COMPILE = "function compilePath(path, caseSensitive, end) {";
const LOOP = "for (let i = 0; matches == null && i < branches.length; ++i) {";
const TRY = "matches = matchRouteBranch(branches[i], decoded, allowPartial);";

const HELPERS = `
// Ranked branches are remembered per route tree *shape*: the server render builds a new, identical tree of route
// objects for every request, so a cache keyed by the array alone would miss every time. The shape is what
// flattenRoutes and rankRouteBranches read (each route's path, index and caseSensitive flags, and its children);
// a remembered "skeleton" records, for each ranked branch, its path, and for each level the relative path, flag
// and child position, from which the branch is rebuilt on the current tree's own route objects, only when tried.
const __baliseSkeletons = new Map();
const __baliseTrees = new WeakMap();
function __baliseShape(routes) {
  let s = "[";
  for (const r of routes) {
    s += (r.path == null ? "~" : r.path.length + ":" + r.path) + (r.index === true ? "i" : r.index ? "t" : "") + (r.caseSensitive === true ? "c" : "");
    if (r.children && r.children.length > 0) s += __baliseShape(r.children);
    s += ",";
  }
  return s + "]";
}
function __baliseSkeleton(routes) {
  const branches = flattenRoutes(routes);
  rankRouteBranches(branches);
  const skeleton = branches.map((b) => ({
    path: b.path,
    score: b.score,
    key: __baliseBranchKey(b),
    levels: b.routesMeta.map((m) => ({ relativePath: m.relativePath, caseSensitive: m.caseSensitive, childrenIndex: m.childrenIndex })),
  }));
  // Only branches that can match are tried: a branch whose path starts with a plain literal segment ("courses",
  // "sitemap.xml") can only match a pathname whose first segment is that literal (ignoring ASCII case, as the
  // router's case-insensitive regular expressions do); every other branch (index, splat, parameter, optional or
  // case-sensitive first segment) is always tried. The candidates keep the router's rank order, so the first
  // match found is the same as the original loop's.
  const byKey = new Map();
  for (const key of new Set(skeleton.map((b) => b.key))) {
    if (key !== null) byKey.set(key, skeleton.flatMap((b, i) => (b.key === null || b.key === key ? [i] : [])));
  }
  return { skeleton, byKey, others: skeleton.flatMap((b, i) => (b.key === null ? [i] : [])) };
}
function __baliseBranchKey(branch) {
  if (branch.routesMeta.some((meta) => meta.caseSensitive)) return null;
  const first = branch.path.split("/").find(Boolean);
  return first !== undefined && /^[A-Za-z0-9._~-]+$/.test(first) ? first.toLowerCase() : null;
}
function __baliseRankedBranches(routes) {
  let tree = __baliseTrees.get(routes);
  if (!tree) {
    const shape = __baliseShape(routes);
    let ranked = __baliseSkeletons.get(shape);
    if (!ranked) {
      ranked = __baliseSkeleton(routes);
      if (__baliseSkeletons.size < 100) __baliseSkeletons.set(shape, ranked);
    }
    tree = { routes, ranked, built: [] };
    __baliseTrees.set(routes, tree);
  }
  return tree;
}
function __baliseBranch(tree, i) {
  let branch = tree.built[i];
  if (!branch) {
    const s = tree.ranked.skeleton[i];
    let list = tree.routes;
    const routesMeta = s.levels.map((level) => {
      const route = list[level.childrenIndex];
      list = route.children;
      return { relativePath: level.relativePath, caseSensitive: level.caseSensitive, childrenIndex: level.childrenIndex, route };
    });
    branch = tree.built[i] = { path: s.path, score: s.score, routesMeta };
  }
  return branch;
}
function __baliseCandidates(tree, decoded) {
  const first = decoded.split("/").find(Boolean);
  const indexes = (first !== undefined && tree.ranked.byKey.get(first.toLowerCase())) || tree.ranked.others;
  return indexes.map((i) => __baliseBranch(tree, i));
}
const __baliseCompiled = new Map();
function compilePath(path, caseSensitive, end) {
  const key = path + "\\u0000" + caseSensitive + "\\u0000" + end;
  let compiled = __baliseCompiled.get(key);
  if (!compiled) {
    compiled = __baliseCompilePath(path, caseSensitive, end);
    if (__baliseCompiled.size < 2000) __baliseCompiled.set(key, compiled);
  }
  return compiled;
}
`;

/** The version in the package.json of the router a module id belongs to (…/@remix-run/router/dist/router.js). */
function installedRouterVersion(id: string): string {
  const pkg = join(dirname(dirname(id.split("?")[0])), "package.json");
  return (JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version;
}

export function routeMatchCache({
  routerVersion = installedRouterVersion,
}: {
  routerVersion?: (id: string) => string;
} = {}): Plugin {
  return {
    name: "balise-route-match-cache",
    enforce: "pre",
    transform(code, id, options) {
      if (!options?.ssr || !/[\\/]@remix-run[\\/]router[\\/]dist[\\/]router(\.cjs)?\.js$/.test(id)) return null;
      const version = routerVersion(id);
      if (version !== ROUTER_VERSION) {
        this.error(
          `vite-plugins/route-match-cache.ts edits @remix-run/router ${ROUTER_VERSION}, but ${version} is installed. ` +
            "Check that the four statements it replaces still mean the same in the new version (tests/unit/route-match-cache.test.ts), " +
            "then set ROUTER_VERSION; on React Router >= 7.15, delete the plugin instead (docs/decisions/0025).",
        );
      }
      if (![FLATTEN, COMPILE, LOOP, TRY].every((statement) => code.split(statement).length === 2)) {
        this.error(`${id}: the router's source changed; update vite-plugins/route-match-cache.ts`);
      }
      const out = code
        .replace(FLATTEN, "let branches = __baliseRankedBranches(routes);")
        .replace(COMPILE, "function __baliseCompilePath(path, caseSensitive, end) {")
        .replace(
          LOOP,
          "let candidates = __baliseCandidates(branches, decoded);\n  for (let i = 0; matches == null && i < candidates.length; ++i) {",
        )
        .replace(TRY, "matches = matchRouteBranch(candidates[i], decoded, allowPartial);");
      return { code: `${out}\n${HELPERS}`, map: null };
    },
  };
}
