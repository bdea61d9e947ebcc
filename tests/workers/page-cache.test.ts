// The anonymous catalogue lists kept by the data centre for a few seconds (decision 0178), through the Worker's
// own fetch and workerd's Cache API: the second request (for a page, or for its data in a client navigation) is
// answered without D1 and, for a page, with its own nonce; a visitor with a cookie, the event page, and development
// and test (by default) always get a page rendered for them.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../server";
import { loadDemoData } from "./helpers";

const cachingEnv = { ...env, PAGE_CACHE_SECONDS: "30", BENCH_QUERY_COUNT: "1" } as typeof env;

async function fetchPage(path: string, init: RequestInit = {}, bindings: typeof env = cachingEnv) {
  const c = createExecutionContext();
  const res = await worker.fetch(new Request(`http://localhost${path}`, init), bindings, c);
  const html = await res.text();
  await waitOnExecutionContext(c);
  return { res, html };
}

/** Every nonce a page carries, and the one its CSP names. */
function noncesOf(res: Response, html: string) {
  const inPage = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
  const inPolicy = /'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1];
  return { inPage, inPolicy };
}

/** Two requests for `path`: the first rendered (one D1 round trip) and kept, the second from the cache, without D1. */
async function missThenHit(path: string, type: RegExp) {
  const first = await fetchPage(path);
  expect(first.res.status, path).toBe(200);
  expect(first.res.headers.get("Content-Type"), path).toMatch(type);
  expect(first.res.headers.get("X-Page-Cache"), path).toBe("miss");
  expect(first.res.headers.get("X-Round-Trips"), path).toBe("1");
  const second = await fetchPage(path);
  expect(second.res.status, path).toBe(200);
  expect(second.res.headers.get("Content-Type"), path).toMatch(type);
  expect(second.res.headers.get("X-Page-Cache"), path).toBe("hit");
  expect(second.res.headers.get("X-Round-Trips"), path).toBe("0");
  return { first, second };
}

describe("page cache of the anonymous catalogue lists", () => {
  beforeAll(loadDemoData);

  it("the second request for a list comes from the cache, without D1, the same page with a fresh nonce", async () => {
    for (const path of ["/courses?q=trail&cache=1", "/?cache=1", "/formats?cache=1"]) {
      const { first, second } = await missThenHit(path, /^text\/html/);
      const a = noncesOf(first.res, first.html);
      const b = noncesOf(second.res, second.html);
      expect(a.inPage.size, path).toBe(1);
      expect(b.inPage.size, path).toBe(1);
      expect([...a.inPage][0], path).toBe(a.inPolicy);
      expect([...b.inPage][0], path).toBe(b.inPolicy);
      expect(b.inPolicy, path).not.toBe(a.inPolicy);
      expect(second.html.replaceAll(b.inPolicy ?? "", "N"), path).toBe(first.html.replaceAll(a.inPolicy ?? "", "N"));
      expect(second.html, path).not.toContain("__balise_nonce__");
    }
  });

  it("a client navigation's data for a list comes from the cache the second time, the same data, without D1", async () => {
    for (const path of ["/courses.data?q=trail&cache=6", "/_root.data?cache=6", "/formats.data?page=1&cache=6"]) {
      const { first, second } = await missThenHit(path, /^text\/x-script$/);
      expect(second.html, path).toBe(first.html);
    }
    // The event page's data stays live, like the page.
    for (let i = 0; i < 2; i++) {
      const event = await fetchPage("/courses/trail-du-canigou.data");
      expect(event.res.headers.get("X-Page-Cache")).toBeNull();
    }
  });

  it("a visitor with a cookie always gets a page rendered for them (X-Page-Cache: bypass), even once the list is kept", async () => {
    const path = "/courses?q=canigou&cache=2";
    await fetchPage(path);
    expect((await fetchPage(path)).res.headers.get("X-Page-Cache")).toBe("hit");
    for (const cookie of ["balise_mode=organisateur", "__session=whatever", "balise_d1=x"]) {
      const { res } = await fetchPage(path, { headers: { Cookie: cookie } });
      expect(res.status, cookie).toBe(200);
      expect(res.headers.get("X-Page-Cache"), cookie).toBe("bypass");
      expect(res.headers.get("X-Round-Trips"), cookie).toBe("1");
    }
  });

  it("the event page is never kept (no header), a HEAD of a list bypasses the cache", async () => {
    for (let i = 0; i < 2; i++) {
      const event = await fetchPage("/courses/trail-du-canigou");
      expect(event.res.status).toBe(200);
      expect(event.res.headers.get("X-Page-Cache")).toBeNull();
      expect(event.res.headers.get("X-Round-Trips")).toBe("1");
      const head = await fetchPage("/courses?cache=3", { method: "HEAD" });
      expect(head.res.headers.get("X-Page-Cache")).toBe("bypass");
    }
  });

  it("development and test keep nothing unless PAGE_CACHE_SECONDS is set", async () => {
    const plain = { ...env, BENCH_QUERY_COUNT: "1" } as typeof env;
    for (let i = 0; i < 2; i++) {
      const { res } = await fetchPage("/courses?cache=5", {}, plain);
      expect(res.status).toBe(200);
      expect(res.headers.get("X-Page-Cache")).toBeNull();
      expect(res.headers.get("X-Round-Trips")).toBe("1");
    }
  });
});
