import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, isNull } from "drizzle-orm";
import { admins, sessions, users } from "~/db/schema";
import { randomToken, sha256Hex } from "./crypto.server";
import { sessionCookieName } from "./session-cookie";

export const SESSION_DAYS = 30;

function sessionCookie(context: AppLoadContext) {
  const secure = context.env.APP_ENV === "production";
  return createCookie(sessionCookieName(context.env.APP_ENV), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    secrets: [context.env.SESSION_SECRET],
    maxAge: 60 * 60 * 24 * SESSION_DAYS,
  });
}

export interface SessionUser {
  id: string;
  email: string;
  isAdmin: boolean;
  sessionId: string;
}

/** The look-up made for a request (its load context), with the Cookie header it was made for. */
const lookups = new WeakMap<AppLoadContext, { cookie: string | null; user: Promise<SessionUser | null> }>();

/**
 * The request's user: the signed session cookie and the server-side session row. Revoked or expired sessions count
 * as anonymous. Read once per request: the root loader and the page's loader (requireUser…) share the look-up, kept
 * on the request's load context. An action's request (POST…) reads it afresh, and the loaders that run after an
 * action get a GET request of their own, so they read it after whatever the action changed.
 */
export function getSessionUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return readSessionUser(request, context);
  const cookie = request.headers.get("Cookie");
  const known = lookups.get(context);
  if (known && known.cookie === cookie) return known.user;
  const user = readSessionUser(request, context);
  lookups.set(context, { cookie, user });
  return user;
}

async function readSessionUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  const token = await sessionCookie(context).parse(request.headers.get("Cookie"));
  if (typeof token !== "string" || token.length < 20) return null;
  const id = await sha256Hex(token);
  const now = context.clock.now().toISOString();
  const rows = await context.db
    .select({ id: users.id, email: users.email, admin: admins.user_id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(admins, eq(admins.user_id, users.id))
    .where(and(eq(sessions.id, id), isNull(sessions.revoked_at), gt(sessions.expires_at, now)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
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
  return sessionCookie(context).serialize(token);
}

/** Revokes the current session server-side and clears the cookie. */
export async function destroySession(request: Request, context: AppLoadContext): Promise<string> {
  const cookie = sessionCookie(context);
  const token = await cookie.parse(request.headers.get("Cookie"));
  if (typeof token === "string") {
    await context.db
      .update(sessions)
      .set({ revoked_at: context.clock.now().toISOString() })
      .where(eq(sessions.id, await sha256Hex(token)));
  }
  return cookie.serialize("", { maxAge: 0 });
}
