import { describe, expect, it } from "vitest";
import { allowsLocalStandIns, type AppEnv } from "./env.server";
import {
  bypassesPageCache,
  DEFAULT_PAGE_CACHE_SECONDS,
  isShareablePage,
  NONCE_PLACEHOLDER,
  pageCacheKey,
  pageCacheSeconds,
  withNonce,
  withoutNonce,
} from "./page-cache";

describe("pageCacheKey: only a cookie-less GET of a catalogue list", () => {
  const cases: [string, RequestInit & { url: string }, string | null][] = [
    ["home", { url: "https://balise.fr/" }, "https://balise.fr/"],
    ["list", { url: "https://balise.fr/courses" }, "https://balise.fr/courses"],
    [
      "list with filters, query kept as sent",
      { url: "https://balise.fr/courses?q=trail&vue=carte&tri=prix" },
      "https://balise.fr/courses?q=trail&vue=carte&tri=prix",
    ],
    ["formats", { url: "https://balise.fr/formats?page=3" }, "https://balise.fr/formats?page=3"],
    ["event page: places left, live", { url: "https://balise.fr/courses/trail-du-canigou" }, null],
    [
      "data of a client navigation to the list",
      { url: "https://balise.fr/courses.data?q=trail&_routes=routes%2Fcourses._index" },
      "https://balise.fr/courses.data?q=trail&_routes=routes%2Fcourses._index",
    ],
    ["data of the home page", { url: "https://balise.fr/_root.data" }, "https://balise.fr/_root.data"],
    ["data of the formats", { url: "https://balise.fr/formats.data?page=2" }, "https://balise.fr/formats.data?page=2"],
    ["data of the event page", { url: "https://balise.fr/courses/trail-du-canigou.data" }, null],
    ["data with a cookie", { url: "https://balise.fr/courses.data", headers: { Cookie: "__session=abc" } }, null],
    ["trailing slash is another page", { url: "https://balise.fr/courses/" }, null],
    ["signed in", { url: "https://balise.fr/courses", headers: { Cookie: "__session=abc" } }, null],
    ["mode chosen", { url: "https://balise.fr/", headers: { Cookie: "mode=organisateur" } }, null],
    ["bookmark after a write", { url: "https://balise.fr/courses", headers: { Cookie: "d1b=x" } }, null],
    ["authorization header", { url: "https://balise.fr/courses", headers: { Authorization: "Basic x" } }, null],
    ["HEAD", { url: "https://balise.fr/courses", method: "HEAD" }, null],
    ["POST", { url: "https://balise.fr/courses", method: "POST", body: "x" }, null],
    ["admin", { url: "https://balise.fr/admin" }, null],
    ["a format's results", { url: "https://balise.fr/resultats/f1?tri=nom" }, "https://balise.fr/resultats/f1?tri=nom"],
    [
      "results data",
      { url: "https://balise.fr/resultats/f1.data?page=2" },
      "https://balise.fr/resultats/f1.data?page=2",
    ],
    ["results with a cookie", { url: "https://balise.fr/resultats/f1", headers: { Cookie: "s=1" } }, null],
    ["under results", { url: "https://balise.fr/resultats/f1/autre" }, null],
  ];
  it.each(cases)("%s", (_label, { url, ...init }, expected) => {
    expect(pageCacheKey(new Request(url, init))).toBe(expected);
  });
});

describe("isShareablePage: a complete HTML page that sets no cookie and is not private", () => {
  const html = { "Content-Type": "text/html; charset=utf-8" };
  const cases: [string, number, Record<string, string>, boolean][] = [
    ["page", 200, html, true],
    ["page with its own public policy", 200, { ...html, "Cache-Control": "public, max-age=60" }, true],
    ["sets a cookie", 200, { ...html, "Set-Cookie": "a=b" }, false],
    ["private", 200, { ...html, "Cache-Control": "private, no-store" }, false],
    ["no-store", 200, { ...html, "Cache-Control": "no-store" }, false],
    ["not found", 404, html, false],
    ["redirect", 302, { Location: "/connexion" }, false],
    ["server error", 500, html, false],
    ["single-fetch data", 200, { "Content-Type": "text/x-script" }, true],
    ["single-fetch data that sets a cookie", 200, { "Content-Type": "text/x-script", "Set-Cookie": "a=b" }, false],
    ["XML", 200, { "Content-Type": "application/xml" }, false],
    ["JSON", 200, { "Content-Type": "application/json" }, false],
    ["HTML-like type", 200, { "Content-Type": "text/htmlx" }, false],
  ];
  it.each(cases)("%s", (_label, status, headers, expected) => {
    const body = status === 302 ? null : "<html></html>";
    expect(isShareablePage(new Response(body, { status, headers }))).toBe(expected);
  });
});

describe("pageCacheSeconds", () => {
  const cases: [string, Pick<AppEnv, "APP_ENV" | "PAGE_CACHE_SECONDS">, number][] = [
    ["production", { APP_ENV: "production" }, DEFAULT_PAGE_CACHE_SECONDS],
    ["development", { APP_ENV: "development" }, 0],
    ["test", { APP_ENV: "test" }, 0],
    ["production, turned off", { APP_ENV: "production", PAGE_CACHE_SECONDS: 0 }, 0],
    ["test, turned on", { APP_ENV: "test", PAGE_CACHE_SECONDS: 20 }, 20],
  ];
  it.each(cases)("%s", (_label, env, expected) =>
    expect(pageCacheSeconds(env.PAGE_CACHE_SECONDS, allowsLocalStandIns(env))).toBe(expected),
  );
});

describe("the nonce leaves a stored page and a fresh one comes back", () => {
  it("every occurrence, and nothing else", () => {
    const page = `<script nonce="N0nce123">a</script><link nonce="N0nce123"><p>N0nce12</p>`;
    const stored = withoutNonce(page, "N0nce123");
    expect(stored).not.toContain("N0nce123");
    expect(stored.split(NONCE_PLACEHOLDER)).toHaveLength(3);
    expect(stored).toContain("<p>N0nce12</p>");
    expect(withNonce(stored, "Fresh456")).toBe(page.replaceAll("N0nce123", "Fresh456"));
  });
  it("an empty nonce leaves the page as it is", () => {
    expect(withoutNonce("<p>x</p>", "")).toBe("<p>x</p>");
  });
});

describe("bypassesPageCache: a kept page asked in a way the cache does not serve", () => {
  const req = (path: string, init: RequestInit = {}) => new Request(`https://balise.example${path}`, init);
  it.each([
    ["/courses", {}, 30, false],
    ["/courses", { headers: { Cookie: "__session=x" } }, 30, true],
    ["/", { headers: { Authorization: "Bearer x" } }, 30, true],
    ["/formats", { method: "HEAD" }, 30, true],
    ["/courses", { headers: { Cookie: "__session=x" } }, 0, false],
    ["/courses/trail-du-canigou", { headers: { Cookie: "__session=x" } }, 30, false],
  ] as const)("%s %j cache %ss → %s", (path, init, seconds, expected) => {
    const r = req(path, init as RequestInit);
    expect(bypassesPageCache(r, new URL(r.url), seconds)).toBe(expected);
  });
});
