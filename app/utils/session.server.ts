import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { admins, sessions, users } from "~/db/schema";
import { randomToken, sha256Hex } from "./crypto.server";
import { sessionCookieName } from "./session-cookie";

export const SESSION_DAYS = 30;

function sessionCookie(context: AppLoadContext) {
  return sessionCookieFor(context.env);
}

function sessionCookieFor(env: { APP_ENV: string; SESSION_SECRET: string }) {
  const secure = env.APP_ENV === "production";
  return createCookie(sessionCookieName(env.APP_ENV), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    secrets: [env.SESSION_SECRET],
    maxAge: 60 * 60 * 24 * SESSION_DAYS,
  });
}

/**
 * What the signed session cookie holds: the session's token (its SHA-256 is the session row's id) and, since
 * docs/decisions/0135, the account id. The account id is trusted on its signature alone for one thing only: a
 * runner's place in an opening queue (the Worker's light waiting page, before any D1 read). Everything else reads
 * the session row. Cookies made before carry the token alone (a string): they still work, without the light page.
 */
type SessionCookieValue = string | { t: string; u: string };

/** The token and the account id (null for an older cookie) of a parsed cookie value; null when it is not one. */
function cookieParts(value: unknown): { token: string; account: string | null } | null {
  if (typeof value === "string") return value.length >= 20 ? { token: value, account: null } : null;
  if (value && typeof value === "object") {
    const { t, u } = value as { t?: unknown; u?: unknown };
    if (typeof t === "string" && t.length >= 20 && typeof u === "string" && u.length > 0)
      return { token: t, account: u };
  }
  return null;
}

/**
 * The account id the signed session cookie names, without reading D1 (null: no cookie, a bad signature, or an older
 * cookie). Only for an opening queue's light waiting page (docs/decisions/0135): the session may have been revoked
 * since, so nothing personal may be shown or changed on its strength.
 */
export async function cookieAccount(request: Request, env: { APP_ENV: string; SESSION_SECRET: string }) {
  const value = await sessionCookieFor(env)
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  return cookieParts(value)?.account ?? null;
}

export interface SessionUser {
  id: string;
  email: string;
  isAdmin: boolean;
  sessionId: string;
}

/** Reads that ride in the session look-up's D1 batch: their statements, and where their rows go. */
interface Rider {
  queries: readonly BatchItem<"sqlite">[];
  resolve(rows: unknown[]): void;
  reject(e: unknown): void;
}

/**
 * The look-up made for a request (its load context), with the Cookie header it was made for, and the page reads
 * waiting to ride in its D1 batch (null once the batch has left).
 */
interface Lookup {
  cookie: string | null;
  user: Promise<SessionUser | null>;
  riders: Rider[] | null;
}
const lookups = new WeakMap<AppLoadContext, Lookup>();
/** An action's look-up, kept on its own request (the loaders that follow it get a request of their own). */
const actionLookups = new WeakMap<Request, Lookup>();

/**
 * The request's user: the signed session cookie and the server-side session row. Revoked or expired sessions count
 * as anonymous. Read once per request: the root loader and the page's loader (requireUser…) share the look-up, kept
 * on the request's load context. An action's request (POST…) has a look-up of its own (kept on that request), and
 * the loaders that run after an action get a GET request of their own, so they read it after whatever the action
 * changed.
 */
export function getSessionUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  return lookupOf(request, context).user;
}

function lookupOf(request: Request, context: AppLoadContext): Lookup {
  const cookie = request.headers.get("Cookie");
  const action = request.method !== "GET" && request.method !== "HEAD";
  const known = action ? actionLookups.get(request) : lookups.get(context);
  if (known && known.cookie === cookie) return known;
  const entry: Lookup = { cookie, user: Promise.resolve(null), riders: [] };
  entry.user = readSessionUser(request, context, entry);
  if (action) actionLookups.set(request, entry);
  else lookups.set(context, entry);
  return entry;
}

/**
 * Runs a page's reads in the same D1 round trip as the request's session look-up when that look-up has not left
 * yet (the root loader, or the action, starts it; the cookie's signature and hash are checked before its batch
 * leaves, so reads asked for in the same tick catch it); otherwise in a batch of their own. Same rows either way: a
 * logged-in page then costs one D1 round trip instead of two (issue 21's first answers, docs/decisions/0133).
 */
export function readBesideSession<T extends Readonly<[BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>>(
  request: Request,
  context: AppLoadContext,
  queries: T,
): Promise<BatchResponse<T>> {
  const entry = lookupOf(request, context);
  if (!entry.riders) return context.db.batch(queries);
  const riders = entry.riders;
  return new Promise((resolve, reject) =>
    riders.push({ queries, resolve: (rows) => resolve(rows as BatchResponse<T>), reject }),
  );
}

/** Sends the riders' reads (with the session's own statement first, when there is one) and hands each its rows. */
async function sendWithRiders<S>(
  context: AppLoadContext,
  entry: Lookup,
  own: BatchItem<"sqlite"> | null,
): Promise<S[] | null> {
  const riders = entry.riders ?? [];
  entry.riders = null;
  const queries = [...(own ? [own] : []), ...riders.flatMap((r) => r.queries)];
  if (queries.length === 0) return null;
  let rows: unknown[];
  try {
    rows = await context.db.batch(queries as unknown as [BatchItem<"sqlite">]);
  } catch (e) {
    for (const r of riders) r.reject(e);
    throw e;
  }
  let k = own ? 1 : 0;
  for (const r of riders) {
    r.resolve(rows.slice(k, k + r.queries.length));
    k += r.queries.length;
  }
  return own ? (rows[0] as S[]) : null;
}

async function readSessionUser(request: Request, context: AppLoadContext, entry: Lookup): Promise<SessionUser | null> {
  let parts: ReturnType<typeof cookieParts>;
  try {
    parts = cookieParts(await sessionCookie(context).parse(request.headers.get("Cookie")));
  } catch (e) {
    await sendWithRiders(context, entry, null);
    throw e;
  }
  if (!parts) {
    await sendWithRiders(context, entry, null);
    return null;
  }
  const id = await sha256Hex(parts.token);
  const now = context.clock.now().toISOString();
  const query = context.db
    .select({ id: users.id, email: users.email, admin: admins.user_id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(admins, eq(admins.user_id, users.id))
    .where(and(eq(sessions.id, id), isNull(sessions.revoked_at), gt(sessions.expires_at, now)))
    .limit(1);
  const rows = await sendWithRiders<{ id: string; email: string; admin: string | null }>(context, entry, query);
  const row = rows?.[0];
  // A cookie that names another account than its session's is not this site's: anonymous.
  if (!row || (parts.account != null && parts.account !== row.id)) return null;
  return { id: row.id, email: row.email, isAdmin: row.admin != null, sessionId: id };
}

/** Creates a server-side session and returns the Set-Cookie header value. */
export async function createSession(
  context: AppLoadContext,
  userId: string,
  userAgent: string | null,
): Promise<string> {
  const token = randomToken();
  const now = context.clock.now();
  const expires = new Date(now.getTime() + SESSION_DAYS * 86400_000);
  await context.db.insert(sessions).values({
    id: await sha256Hex(token),
    user_id: userId,
    created_at: now.toISOString(),
    expires_at: expires.toISOString(),
    user_agent: userAgent?.slice(0, 200) ?? null,
  });
  const value: SessionCookieValue = { t: token, u: userId };
  return sessionCookie(context).serialize(value);
}

/** Revokes the current session server-side and clears the cookie. */
export async function destroySession(request: Request, context: AppLoadContext): Promise<string> {
  const cookie = sessionCookie(context);
  const parts = cookieParts(await cookie.parse(request.headers.get("Cookie")));
  if (parts) {
    await context.db
      .update(sessions)
      .set({ revoked_at: context.clock.now().toISOString() })
      .where(eq(sessions.id, await sha256Hex(parts.token)));
  }
  return cookie.serialize("", { maxAge: 0 });
}
