// Server-side route matching without repeated work (docs/decisions/0025-catalogue-pages-read-in-index-order.md).
//
// @remix-run/router re-flattens and re-ranks the whole route tree, and recompiles each route's path into a
// regular expression, on every matchRoutes call; a server request makes several such calls, which cost about a
// sixth of a catalogue page's CPU. On the server the route tree of a build never changes once made, and a
// compiled path depends only on its pattern, so this plugin memoises both and tries only the branches whose first
// segment can match — in the server bundle only (in the browser, lazy route discovery grows the tree in place, so
// nothing is memoised there).
// It edits four known statements of the router's source; if a router upgrade changes them, the build stops with a
// message rather than silently shipping without the memo.
import type { Plugin } from "vite";

const FLATTEN = "let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);";
const COMPILE = "function compilePath(path, caseSensitive, end) {";
const LOOP = "for (let i = 0; matches == null && i < branches.length; ++i) {";
const TRY = "matches = matchRouteBranch(branches[i], decoded, allowPartial);";

const HELPERS = `
const __baliseBranches = new WeakMap();
function __baliseRankedBranches(routes) {
  let branches = __baliseBranches.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    __baliseBranches.set(routes, branches);
  }
  return branches;
}
// Only branches that can match are tried: a branch whose path starts with a plain literal segment ("courses",
// "sitemap.xml") can only match a pathname whose first segment is that literal (ignoring ASCII case, as the
// router's case-insensitive regular expressions do); every other branch (index, splat, parameter, optional or
// case-sensitive first segment) is always tried. The candidates keep the router's rank order, so the first match
// found is the same as the original loop's.
const __baliseCandidateIndex = new WeakMap();
function __baliseBranchKey(branch) {
  if (branch.routesMeta.some((meta) => meta.caseSensitive)) return null;
  const first = branch.path.split("/").find(Boolean);
  return first !== undefined && /^[A-Za-z0-9._~-]+$/.test(first) ? first.toLowerCase() : null;
}
function __baliseCandidates(branches, decoded) {
  let index = __baliseCandidateIndex.get(branches);
  if (!index) {
    const keys = branches.map(__baliseBranchKey);
    const byKey = new Map();
    for (const key of new Set(keys)) {
      if (key !== null) byKey.set(key, branches.filter((_, i) => keys[i] === null || keys[i] === key));
    }
    index = { byKey, others: branches.filter((_, i) => keys[i] === null) };
    __baliseCandidateIndex.set(branches, index);
  }
  const first = decoded.split("/").find(Boolean);
  return (first !== undefined && index.byKey.get(first.toLowerCase())) || index.others;
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

export function routeMatchCache(): Plugin {
  return {
    name: "balise-route-match-cache",
    enforce: "pre",
    transform(code, id, options) {
      if (!options?.ssr || !/[\\/]@remix-run[\\/]router[\\/]dist[\\/]router(\.cjs)?\.js$/.test(id)) return null;
      if (![FLATTEN, COMPILE, LOOP, TRY].every((statement) => code.split(statement).length === 2)) {
        this.error(`${id}: the router's source changed; update vite-plugins/route-match-cache.ts`);
      }
      const out = code
        .replace(FLATTEN, "let branches = __baliseRankedBranches(routes);")
        .replace(COMPILE, "function __baliseCompilePath(path, caseSensitive, end) {")
        .replace(LOOP, "let candidates = __baliseCandidates(branches, decoded);\n  for (let i = 0; matches == null && i < candidates.length; ++i) {")
        .replace(TRY, "matches = matchRouteBranch(candidates[i], decoded, allowPartial);");
      return { code: `${out}\n${HELPERS}`, map: null };
    },
  };
}
