// The Worker's side of the catalogue's page cache (docs/decisions/0178): the Cache API of the data centre that
// answers, read before Remix and written after it, off the response's path (waitUntil).
import { errorCode, errorDetail, logEvent } from "./log.server";
import { isShareablePage, PAGE_CACHE_HEADER, type PageCacheStatus, withNonce, withoutNonce } from "./page-cache";

type PageCache = Pick<Cache, "match" | "put">;

/** The Cache API's cache of the data centre that answers (Workers' `caches.default`). */
export function dataCentreCache(): PageCache {
  return (caches as unknown as { default: Cache }).default;
}

/** Carries a page's own Cache-Control while it sits in the cache, which needs one of its own to keep it. */
const PAGE_CACHE_CONTROL = "X-Balise-Cache-Control";

/** The stored page for `key`, with this request's nonce, or null when there is none (or the cache fails). */
export async function cachedPage(cache: PageCache, key: string, nonce: string): Promise<Response | null> {
  let hit: Response | undefined;
  try {
    hit = await cache.match(key);
  } catch (e) {
    logEvent("page_cache.failed", { error: errorCode(e), detail: errorDetail(e) });
    return null;
  }
  if (!hit) return null;
  const headers = new Headers(hit.headers);
  const own = headers.get(PAGE_CACHE_CONTROL);
  headers.delete(PAGE_CACHE_CONTROL);
  headers.delete("Cache-Control");
  if (own) headers.set("Cache-Control", own);
  headers.set(PAGE_CACHE_HEADER, "hit" satisfies PageCacheStatus);
  return new Response(withNonce(await hit.text(), nonce), { status: 200, headers });
}

/**
 * Keeps a page rendered for a cookie-less visitor for `seconds`, its nonce taken out, and returns the same page to
 * send. A page that may not be shared is returned untouched.
 */
export async function keepPage(
  cache: PageCache,
  key: string,
  response: Response,
  { nonce, seconds, waitUntil }: { nonce: string; seconds: number; waitUntil: (p: Promise<unknown>) => void },
): Promise<Response> {
  if (!isShareablePage(response)) return withCacheStatus(response, "bypass");
  const html = await response.text();
  const stored = new Headers(response.headers);
  const own = stored.get("Cache-Control");
  if (own) stored.set(PAGE_CACHE_CONTROL, own);
  stored.set("Cache-Control", `public, max-age=${seconds}`);
  waitUntil(
    cache
      .put(key, new Response(withoutNonce(html, nonce), { status: 200, headers: stored }))
      .catch((e) => logEvent("page_cache.failed", { error: errorCode(e), detail: errorDetail(e) })),
  );
  return withCacheStatus(new Response(html, response), "miss");
}

/** The response with the page cache's verdict in its headers (a copy: Remix may hand back immutable headers). */
export function withCacheStatus(response: Response, status: PageCacheStatus): Response {
  const headers = new Headers(response.headers);
  headers.set(PAGE_CACHE_HEADER, status);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
