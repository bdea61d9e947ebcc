import type { ServerBuild, createRequestHandler } from "@remix-run/cloudflare";
import { routePartykitRequest } from "partyserver";
// The Remix production build (npm run build). Typed loosely: it exists only after a build.
// biome-ignore lint/suspicious/noTsIgnore: the file is missing before a build (an error) and present after one (none), so @ts-expect-error would fail one of the two
// @ts-ignore -- generated file
import * as build from "./build/server/index.js";
import { getLoadContext } from "./load-context";
import type { lightQueueResponse as LightQueueResponse } from "./app/light-queue-page";
import { applyCachePolicy, applySecurityHeaders, createNonce } from "./app/utils/security-headers";
import { allowsLocalStandIns, envFromBindings, type AppEnv } from "./app/utils/env.server";
import { CROSS_SITE_MESSAGE, isCrossSiteRequest } from "./app/utils/csrf";
import { authorizeRoomConnection } from "./party/auth";
import { countingD1 } from "./app/utils/query-count.server";
import { bookmarkSetCookie, mayWrite } from "./app/domain/read-consistency";
import { runMaintenance } from "./app/services/maintenance.server";
import { errorCode, errorDetail, errorStack, logEvent } from "./app/utils/log.server";
import { bypassesPageCache, pageCacheKey, pageCacheSeconds } from "./app/utils/page-cache";
import { cachedPage, dataCentreCache, keepPage, withCacheStatus } from "./app/utils/page-cache.server";

export { ChatRoom } from "./party/chat-room";
export { FormatQueue } from "./party/format-queue";

// The Remix handler derives its route tree from the build; it holds no env, secret or request state, so it is
// made once per isolate on first use (lazily, per mode) instead of on every request (docs/decisions/0025).
const remixHandlers = new Map<string, ReturnType<typeof createRequestHandler>>();

/** What the build's entry module (app/entry.server.tsx) hands the Worker. */
interface EntryModule {
  createRequestHandler: typeof createRequestHandler;
  lightQueueResponse: typeof LightQueueResponse;
}
function entryModule(): EntryModule {
  return (build as unknown as ServerBuild).entry.module as unknown as EntryModule;
}

/** A plain-text answer of the Worker itself (before any route), with the same security headers as every response. */
function plainText(body: string, status: number, dev = false): Response {
  const headers = new Headers({ "content-type": "text/plain; charset=utf-8" });
  return new Response(body, { status, headers: applySecurityHeaders(headers, createNonce(), { dev }) });
}

function remixHandler(mode: "development" | "production") {
  let handler = remixHandlers.get(mode);
  if (!handler) {
    // The build's own Remix runtime (app/entry.server.tsx says why), never a second copy bundled here.
    handler = entryModule().createRequestHandler(build as unknown as ServerBuild, mode);
    remixHandlers.set(mode, handler);
  }
  return handler;
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    // Every non-GET request from another site is refused before any route runs (docs/decisions/0011).
    if (isCrossSiteRequest(request, env.APP_URL ? [env.APP_URL] : [])) {
      return plainText(CROSS_SITE_MESSAGE, 403);
    }
    const url = new URL(request.url);
    if (url.pathname.startsWith("/parties/")) {
      // Browsers may only open WebSockets; the room's HTTP side is reserved to the Worker itself.
      if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
        return plainText("Réservé aux connexions WebSocket", 426);
      }
      // The session cookie is checked here; the room learns the user from a header only the Worker sets.
      const res = await routePartykitRequest(request, env, {
        onBeforeConnect: (req, lobby) => authorizeRoomConnection(req, lobby, { env, ctx }),
      });
      return res ?? plainText("Salon introuvable", 404);
    }
    let appEnv: AppEnv;
    try {
      appEnv = envFromBindings(env);
    } catch (e) {
      // A production Worker without its real configuration serves nothing (the log names the variables).
      console.error(e instanceof Error ? e.message : e);
      return plainText("Service indisponible : configuration incomplète.", 503);
    }
    const dev = allowsLocalStandIns(appEnv);
    // The local stand-ins' pages (/dev/mail, /dev/checkout…) do not exist outside development and test.
    if (!dev && (url.pathname === "/dev" || url.pathname.startsWith("/dev/"))) {
      return plainText("Page non trouvée", 404, dev);
    }
    const nonce = createNonce();
    // Benchmark only (bench/catalogue, BENCH_QUERY_COUNT=1): the request's D1 statements, round trips, SQL time.
    const stats = { statements: 0, roundTrips: 0, sqlMs: 0 };
    const counting = (env as { BENCH_QUERY_COUNT?: string }).BENCH_QUERY_COUNT === "1";
    // A runner who waits in an opening queue: the light waiting page, one Durable Object call, no D1, no Remix
    // (docs/decisions/0135). Null for every other request, and whenever the full page has to decide.
    let response: Response | null = null;
    try {
      response = await entryModule().lightQueueResponse(request, env, appEnv, nonce, Date.now());
    } catch (e) {
      // The queue's object overloaded or reset in a rush: the full page answers (and shows its own error if the
      // queue is still unreachable).
      logEvent("queue.light_failed", { error: errorCode(e), detail: errorDetail(e) });
    }
    let bookmark: string | null = null;
    // A cookie-less visitor's catalogue list: the page kept for a few seconds by this data centre, with a fresh
    // nonce (docs/decisions/0178).
    const cacheSeconds = pageCacheSeconds(appEnv.PAGE_CACHE_SECONDS, dev);
    const cacheKey = !response && cacheSeconds > 0 ? pageCacheKey(request, url) : null;
    if (cacheKey) response = await cachedPage(dataCentreCache(), cacheKey, nonce);
    if (!response) {
      const handler = remixHandler(dev ? "development" : "production");
      const wrapD1 = counting ? (d1: D1Database) => countingD1(d1, stats) : undefined;
      const context = getLoadContext({ request, env, ctx, nonce, wrapD1, url });
      response = await handler(request, context);
      if (cacheKey) {
        response = await keepPage(dataCentreCache(), cacheKey, response, {
          nonce,
          seconds: cacheSeconds,
          waitUntil: (p) => ctx.waitUntil(p),
        });
      } else if (bypassesPageCache(request, url, cacheSeconds)) {
        // A kept page asked with a cookie (or not by GET): rendered for this visitor, and said so (X-Page-Cache).
        response = withCacheStatus(response, "bypass");
      }
      // A request that may have written hands its session's bookmark to the visitor's next requests, which then
      // read from a replica only once it has this write (read your own writes: decision 0161).
      bookmark = mayWrite(request.method) ? context.d1Session.bookmark() : null;
    }
    // Remix may hand back immutable headers (redirects); copy into a fresh response. A route's own security headers
    // (a private file's sandbox) are kept; the Worker's fill the rest.
    const headers = applyCachePolicy(applySecurityHeaders(new Headers(response.headers), nonce, { dev }), request);
    if (bookmark) headers.append("Set-Cookie", bookmarkSetCookie(bookmark, url.protocol === "https:"));
    if (counting) {
      headers.set("X-Query-Count", String(stats.statements));
      headers.set("X-Round-Trips", String(stats.roundTrips));
      headers.set("X-Query-Ms", stats.sqlMs.toFixed(2));
    }
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },

  /** Cron trigger (wrangler.jsonc): expired holds and waiting-list offers, orphaned uploads, old login attempts, J+1 payouts, runners' documents past their retention. */
  async scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    const started = Date.now();
    try {
      // Benchmark only (bench/waitlist, BENCH_QUERY_COUNT=1): the run's D1 statements, round trips and SQL time.
      const stats = { statements: 0, roundTrips: 0, sqlMs: 0 };
      const counting = (env as { BENCH_QUERY_COUNT?: string }).BENCH_QUERY_COUNT === "1";
      const wrapD1 = counting ? (d1: D1Database) => countingD1(d1, stats) : undefined;
      // The cron job settles holds, offers and payouts: it reads from the primary.
      const context = getLoadContext({
        request: new Request(env.APP_URL),
        env,
        ctx,
        nonce: "",
        wrapD1,
        readFrom: "first-primary",
      });
      const report = await runMaintenance(context);
      logEvent("cron.done", {
        expired_holds: report.expiredHolds,
        deleted_files: report.deletedFiles,
        purged_login_attempts: report.purgedLoginAttempts,
        purged_justificatifs: report.purgedJustificatifs,
        anonymised_registrations: report.anonymisedRegistrations,
        deleted_accounts: report.deletedAccounts,
        cleared_mail_bodies: report.clearedMailBodies,
        payouts_paid: report.payoutsPaid,
        payouts_failed: report.payoutsFailed,
        offers_made: report.offersMade,
        offers_expired: report.offersExpired,
        renewed_next_dates: report.renewedNextDates,
        exports_built: report.exportsBuilt,
        exports_expired: report.exportsExpired,
        resized_images: report.resizedImages,
        weekly_feedbacks: report.weeklyFeedbacks,
        errors: report.errors,
        duration_ms: Date.now() - started,
        ...(counting
          ? { statements: stats.statements, round_trips: stats.roundTrips, sql_ms: Math.round(stats.sqlMs) }
          : {}),
      });
    } catch (e) {
      logEvent("cron.failed", { kind: "run", error: errorCode(e), detail: errorDetail(e), stack: errorStack(e) });
      throw e;
    }
  },
} satisfies ExportedHandler<Env>;
