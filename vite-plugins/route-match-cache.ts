// Server-side route matching without repeated work (docs/decisions/0025-catalogue-pages-read-in-index-order.md).
//
// @remix-run/router re-flattens and re-ranks the whole route tree, and recompiles each route's path into a
// regular expression, on every matchRoutes call; a server request makes several such calls, which cost about a
// sixth of a catalogue page's CPU. On the server the route tree of a build never changes once made, and a
// compiled path depends only on its pattern, so this plugin memoises both — in the server bundle only (in the
// browser, lazy route discovery grows the tree in place, so nothing is memoised there).
// It edits two known statements of the router's source; if a router upgrade changes them, the build stops with a
// message rather than silently shipping without the memo.
import type { Plugin } from "vite";

const FLATTEN = "let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);";
const COMPILE = "function compilePath(path, caseSensitive, end) {";

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
      if (!code.includes(FLATTEN) || !code.includes(COMPILE)) {
        this.error(`${id}: the router's source changed; update vite-plugins/route-match-cache.ts`);
      }
      const out = code
        .replace(FLATTEN, "let branches = __baliseRankedBranches(routes);")
        .replace(COMPILE, "function __baliseCompilePath(path, caseSensitive, end) {");
      return { code: `${out}\n${HELPERS}`, map: null };
    },
  };
}
