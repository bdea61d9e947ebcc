// Short-lived shared cache of the anonymous catalogue pages (docs/decisions/0178): which requests may be answered
// from it, which responses may go into it, and how a page's CSP nonce is taken out before it is stored and a fresh
// one put back each time it is served. No I/O here: the Worker's Cache API calls are in page-cache.server.ts.

/** The catalogue's list pages. The event page is not among them: it shows the places left and the way in. */
export const CACHED_PAGE_PATHS: ReadonlySet<string> = new Set(["/", "/courses", "/formats"]);
/** The same pages' data, as a client-side navigation asks for it (Remix single fetch: `/_root.data` for `/`). */
export const CACHED_DATA_PATHS: ReadonlySet<string> = new Set(["/_root.data", "/courses.data", "/formats.data"]);

/**
 * A format's public results (issue 44, docs/decisions/0217), page and data: kept like the catalogue's lists, so that a
 * runner's change of mind (appear or not) shows within PAGE_CACHE_SECONDS at most.
 */
const CACHED_RESULTS_PATH = /^\/resultats\/[^/]+(?:\.data)?$/;

/** Is `pathname` a page (or a page's data) the cache may keep? */
export function isCachedPath(pathname: string): boolean {
  return CACHED_PAGE_PATHS.has(pathname) || CACHED_DATA_PATHS.has(pathname) || CACHED_RESULTS_PATH.test(pathname);
}

/** The media types of what may be kept: a page, and Remix's single-fetch data. */
const SHAREABLE_TYPES = ["text/html", "text/x-script"];

/** How long a page is kept, in production, unless PAGE_CACHE_SECONDS says otherwise. */
export const DEFAULT_PAGE_CACHE_SECONDS = 30;
export const MAX_PAGE_CACHE_SECONDS = 300;

/**
 * Stands for the nonce in a stored page. A page never contains it otherwise: React escapes every text it renders,
 * and even if a visitor's text carried it, it would only become the nonce the page's own scripts already show.
 */
export const NONCE_PLACEHOLDER = "__balise_nonce__";

/**
 * Seconds a page stays in the cache: PAGE_CACHE_SECONDS when set, else none where the local stand-ins run
 * (development and test, `allowsLocalStandIns`: a developer sees each change at once) and 30 in production.
 */
export function pageCacheSeconds(configured: number | undefined, localStandIns: boolean): number {
  if (configured !== undefined) return configured;
  return localStandIns ? 0 : DEFAULT_PAGE_CACHE_SECONDS;
}

/**
 * The cache key of a request that may be answered from the cache, or null. Only a GET of a list page (or of its
 * data, for a client-side navigation) by a visitor
 * who sends no cookie at all: a signed-in runner or organiser, a visitor who chose a mode or has just written
 * (read-your-own-writes bookmark) always gets a page rendered for them.
 */
export function pageCacheKey(request: Request, url = new URL(request.url)): string | null {
  if (request.method !== "GET") return null;
  if (request.headers.has("Cookie") || request.headers.has("Authorization")) return null;
  if (!isCachedPath(url.pathname)) return null;
  return url.toString();
}

/**
 * What the page cache did for a request, in the X-Page-Cache header (docs/decisions/0178, 0222): `hit` (served from
 * the cache), `miss` (rendered, and kept), `bypass` (a page the cache keeps, but not for this request: a cookie, an
 * Authorization header, not a GET, or an answer that may not be shared). No header: the cache is off (development
 * and test by default) or the page is never kept (the event page, an organiser's page…).
 */
export type PageCacheStatus = "hit" | "miss" | "bypass";
export const PAGE_CACHE_HEADER = "X-Page-Cache";

/** Is `url` a page the cache keeps, asked for in a way it does not (a cookie, a POST…)? Then the answer says `bypass`. */
export function bypassesPageCache(request: Request, url: URL, cacheSeconds: number): boolean {
  return cacheSeconds > 0 && isCachedPath(url.pathname) && pageCacheKey(request, url) === null;
}

/**
 * A rendered page (or its data) that may be shared: a complete answer that sets no cookie and is not marked private.
 */
export function isShareablePage(response: Response): boolean {
  if (response.status !== 200) return false;
  if (response.headers.has("Set-Cookie")) return false;
  const type = (response.headers.get("Content-Type") ?? "").split(";")[0].trim();
  if (!SHAREABLE_TYPES.includes(type)) return false;
  return !/\b(private|no-store)\b/i.test(response.headers.get("Cache-Control") ?? "");
}

/** The page as stored: its nonce replaced by the placeholder. */
export function withoutNonce(html: string, nonce: string): string {
  return nonce ? html.replaceAll(nonce, NONCE_PLACEHOLDER) : html;
}

/** The stored page as served: this request's nonce in place of the placeholder. */
export function withNonce(html: string, nonce: string): string {
  return html.replaceAll(NONCE_PLACEHOLDER, nonce);
}
