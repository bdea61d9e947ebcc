import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { getSessionUser, type SessionUser } from "./session.server";

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const to = url.pathname + url.search;
  return redirect(`/login?redirectTo=${encodeURIComponent(to)}`);
}

/** Anonymous users go to /login, remembering where they came from. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) throw loginRedirect(request);
  return user;
}

/** Organiser mode is a display choice; ownership of events is the permission. Any logged-in user may organise. */
export const requireOrganiser = requireUser;

/** Admins only: anonymous users go to /login, others to /. */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) throw loginRedirect(request);
  if (!user.isAdmin) throw redirect("/");
  return user;
}
