// The server-only memo of route matching (vite-plugins/route-match-cache.ts) applies to the installed router,
// leaves the browser's copy alone, and the memoised matcher gives the same matches as the original.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { ROUTER_VERSION, routeMatchCache } from "../../vite-plugins/route-match-cache";

const require = createRequire(import.meta.url);
const cjsPath = require.resolve("@remix-run/router/dist/router.cjs.js");
const source = readFileSync(cjsPath, "utf8");
type Transform = (code: string, id: string, options?: { ssr?: boolean }) => { code: string } | null;
const plugin = routeMatchCache();
const transform = (plugin.transform as unknown as Transform).bind({
  error: (m: string) => {
    throw new Error(m);
  },
} as never);

function load(code: string) {
  const module = { exports: {} as Record<string, unknown> };
  new Function("module", "exports", "require", code)(module, module.exports, require);
  return module.exports as typeof import("@remix-run/router");
}

describe("route match cache (server bundle only)", () => {
  it("rewrites the router for the server, not for the browser", () => {
    expect(transform(source, cjsPath, { ssr: false })).toBeNull();
    expect(transform(source, "/x/app/root.tsx", { ssr: true })).toBeNull();
    const out = transform(source, cjsPath, { ssr: true })!.code;
    expect(out).toContain("__baliseRankedBranches(routes)");
    expect(out).toContain("function __baliseCompilePath(");
    expect(out).toContain("matchRouteBranch(candidates[i], decoded, allowPartial)");
  });

  it("is pinned to the router version it was written for, which is the one installed", () => {
    const pkg = JSON.parse(readFileSync(require.resolve("@remix-run/router/package.json"), "utf8")) as {
      version: string;
    };
    expect(pkg.version).toBe(ROUTER_VERSION);
  });

  it("stops the build on any other router version, even when the statements are still there", () => {
    const other = routeMatchCache({ routerVersion: () => "1.23.4" });
    const otherTransform = (other.transform as unknown as Transform).bind({
      error: (m: string) => {
        throw new Error(m);
      },
    } as never);
    expect(() => otherTransform(source, cjsPath, { ssr: true })).toThrow(
      /edits @remix-run\/router 1\.23\.3, but 1\.23\.4 is installed/,
    );
    expect(otherTransform(source, cjsPath, { ssr: false })).toBeNull();
  });

  it("stops the build when the router's source no longer has the statements it edits", () => {
    expect(() => transform("function other() {}", cjsPath, { ssr: true })).toThrow(/update vite-plugins/);
  });

  it("matches exactly like the original router, call after call", () => {
    const original = load(source);
    const cached = load(transform(source, cjsPath, { ssr: true })!.code);
    const routes = [
      {
        id: "root",
        path: "",
        children: [
          { id: "home", index: true },
          { id: "courses", path: "courses" },
          { id: "course", path: "courses/:id" },
          { id: "chat", path: "courses/:id/chat" },
          { id: "insc", path: "inscription/:courseId" },
          { id: "csv", path: "organisateur/inscriptions/:formatId/export.csv" },
          { id: "splat", path: "*" },
        ],
      },
    ];
    const paths = [
      "/",
      "/courses",
      "/courses/",
      "/courses/trail-x",
      "/courses/trail-x/chat",
      "/inscription/c1",
      "/organisateur/inscriptions/f1/export.csv",
      "/nope/deep",
      "/COURSES/x",
    ];
    const ids = (m: ReturnType<typeof original.matchRoutes>) =>
      m?.map((x) => `${x.route.id}${JSON.stringify(x.params)}`) ?? null;
    for (let round = 0; round < 3; round++) {
      for (const p of paths)
        expect(ids(cached.matchRoutes(routes, p)), p).toEqual(ids(original.matchRoutes(routes, p)));
    }
    expect(cached.matchPath({ path: "/courses/:id", end: true }, "/courses/abc")?.params).toEqual({ id: "abc" });
    expect(cached.matchPath({ path: "/courses/:id", end: false }, "/courses/abc/chat")?.params).toEqual({ id: "abc" });
    expect(cached.matchPath({ path: "/courses/:id", end: true }, "/courses/abc/chat")).toBeNull();
  });

  it("tries only the branches that can match, and finds the same match as the original on many paths", () => {
    const original = load(source);
    const cached = load(transform(source, cjsPath, { ssr: true })!.code);
    // Shapes of the app's tree: literal, parameter, optional, splat, index, pathless layout, case-sensitive and
    // dotted segments, and a literal route ranked after a parameter one.
    const routes = [
      {
        id: "root",
        path: "",
        children: [
          { id: "home", index: true },
          {
            id: "courses",
            path: "courses",
            children: [
              { id: "courses-index", index: true },
              { id: "course", path: ":id", children: [{ id: "chat", path: "chat" }] },
            ],
          },
          { id: "formats", path: "formats" },
          { id: "sitemap", path: "sitemap.xml" },
          { id: "dev-mail", path: "dev/mail/:id?" },
          { id: "lang", path: ":lang/courses" },
          { id: "opt", path: "en?/premium" },
          { id: "exact", path: "Admin", caseSensitive: true },
          { id: "admin", path: "admin/*" },
          {
            id: "layout",
            children: [
              { id: "login", path: "login" },
              { id: "signup", path: "signup" },
            ],
          },
          { id: "splat", path: "*" },
        ],
      },
    ];
    const segments = [
      "",
      "courses",
      "COURSES",
      "Courses",
      "formats",
      "sitemap.xml",
      "sitemap%2Exml",
      "dev",
      "mail",
      "x1",
      "chat",
      "en",
      "premium",
      "Admin",
      "admin",
      "login",
      "LOGIN",
      "signup",
      "fr",
      "caf%C3%A9",
      "%2F",
      "ſ",
      "K",
      "trail-x",
    ];
    let seed = 7;
    const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16) % segments.length;
    const paths = new Set(["/", "//", "/courses//x1", "//courses", "/courses/", "/courses/x1/chat/"]);
    for (let i = 0; i < 3000; i++) {
      const n = 1 + (next() % 4);
      paths.add(`/${Array.from({ length: n }, () => segments[next()]).join("/")}`);
    }
    const ids = (m: ReturnType<typeof original.matchRoutes>) =>
      m?.map((x) => `${x.route.id}${JSON.stringify(x.params)}@${x.pathname}`) ?? null;
    for (const p of paths) {
      expect(ids(cached.matchRoutes(routes, p)), p).toEqual(ids(original.matchRoutes(routes, p)));
    }
  });

  it("remembers the ranking by the tree's shape: a new tree of the same shape matches with its own route objects", () => {
    const original = load(source);
    const cached = load(transform(source, cjsPath, { ssr: true })!.code);
    const make = () => [
      {
        id: "root",
        path: "",
        children: [
          { id: "home", index: true },
          { id: "courses", path: "courses", children: [{ id: "course", path: ":id" }] },
          { id: "login", path: "login" },
          { id: "splat", path: "*" },
        ],
      },
    ];
    for (let round = 0; round < 3; round++) {
      const tree = make(); // the server render makes a fresh tree on every request
      const m = cached.matchRoutes(tree, "/courses/trail-x")!;
      expect(m.map((x) => x.route.id)).toEqual(["root", "courses", "course"]);
      expect(m[2].route).toBe(tree[0].children[1].children![0]);
      expect(m[0].route).toBe(tree[0]);
      expect(cached.matchRoutes(tree, "/login")!.at(-1)!.route).toBe(tree[0].children[2]);
    }
    // Another shape is ranked on its own: a route added in front, a path changed, a flag changed.
    const grown = make();
    grown[0].children.unshift({ id: "new", path: "courses/nouveau" } as never);
    expect(cached.matchRoutes(grown, "/courses/nouveau")!.at(-1)!.route.id).toBe("new");
    const renamed = make();
    renamed[0].children[2].path = "connexion";
    expect(cached.matchRoutes(renamed, "/login")!.at(-1)!.route.id).toBe("splat");
    expect(cached.matchRoutes(renamed, "/connexion")!.at(-1)!.route.id).toBe("login");
    const strict = make();
    (strict[0].children[2] as { caseSensitive?: boolean }).caseSensitive = true;
    const ids = (m: ReturnType<typeof original.matchRoutes>) => m?.map((x) => x.route.id) ?? null;
    expect(ids(cached.matchRoutes(strict, "/LOGIN"))).toEqual(ids(original.matchRoutes(strict, "/LOGIN")));
    expect(ids(cached.matchRoutes(make(), "/LOGIN"))).toEqual(ids(original.matchRoutes(make(), "/LOGIN")));
  });
});
