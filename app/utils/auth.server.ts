import { redirect, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFoundOrRethrow } from "./domain-errors";
import { ADMIN_FORBIDDEN, ADMIN_LOGIN_REQUIRED } from "~/domain/admin";
import { getSessionUser, type SessionUser } from "./session.server";
import * as paths from "~/domain/paths";

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const to = url.pathname + url.search;
  return redirect(paths.login(to));
}

/** Anonymous users go to /login, remembering where they came from. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) throw loginRedirect(request);
  return user;
}

/** Organiser mode is a display choice; ownership of events is the permission. Any logged-in user may organise. */
export const requireOrganiser = requireUser;

/**
 * The loader's read of the event or format its URL names (`params[key]`) for the organiser who asks: `read` checks
 * their right to it, and an event that is not theirs (or does not exist) answers 404 (notFoundOrRethrow).
 */
export async function readAsOrganiser<T>(
  { request, context, params }: Pick<LoaderFunctionArgs, "request" | "context" | "params">,
  key: "courseId" | "formatId",
  read: (context: AppLoadContext, user: SessionUser, id: string) => Promise<T>,
): Promise<T> {
  const user = await requireOrganiser(request, context);
  return read(context, user, params[key] ?? "").catch(notFoundOrRethrow);
}

/**
 * Admins only (every admin screen and action, decided here on the server): anonymous users get
 * '403 — Connectez-vous.' (with a login link), other users '403 — Accès réservé aux administrateurs.'.
 */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user)
    throw new Response(ADMIN_LOGIN_REQUIRED, { status: 403, headers: { "Cache-Control": "private, no-store" } });
  if (!user.isAdmin)
    throw new Response(ADMIN_FORBIDDEN, { status: 403, headers: { "Cache-Control": "private, no-store" } });
  return user;
}

/** The loader of an admin screen that only reads: admins only (requireAdmin), then what `read` returns. */
export function adminLoader<T>(read: (context: AppLoadContext) => Promise<T>) {
  return async ({ request, context }: { request: Request; context: AppLoadContext }): Promise<T> => {
    await requireAdmin(request, context);
    return read(context);
  };
}

/**
 * The admin home (/admin) only: a logged-in non-admin is sent to / (product spec, "Admin routes"); anonymous users
 * get the same '403 — Connectez-vous.' as every admin screen. The screens inside keep their 403 texts.
 */
export async function requireAdminHome(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (user && !user.isAdmin) throw redirect(paths.home(), { headers: { "Cache-Control": "private, no-store" } });
  return requireAdmin(request, context);
}
