// Authenticates a WebSocket upgrade to a chat room, or admits one to a format's opening queue (live positions),
// before it reaches the Durable Object. The Worker (server.ts) calls this through partyserver's onBeforeConnect.
import { getLoadContext } from "../load-context";
import { findVisibleCourse } from "../app/services/chat.server";
import { loadQueueFormat } from "../app/services/opening-queue.server";
import { getSessionUser } from "../app/utils/session.server";

/** Set by the Worker only (any copy sent by a client is removed): the authenticated user id, or empty. */
export const ROOM_USER_HEADER = "x-balise-chat-user";

/** Browsers always send Origin on a WebSocket upgrade: it must be this site. Clients without Origin carry no browser cookies. */
function sameOrigin(req: Request, appUrl: string | undefined): boolean {
  const origin = req.headers.get("Origin");
  if (!origin) return true;
  try {
    const o = new URL(origin);
    return o.host === new URL(req.url).host || (appUrl != null && o.origin === new URL(appUrl).origin);
  } catch {
    return false;
  }
}

export async function authorizeRoomConnection(
  req: Request,
  lobby: { className: string; name: string },
  { env, ctx }: { env: Env; ctx: Pick<ExecutionContext, "waitUntil"> },
): Promise<Request | Response> {
  if (lobby.className !== "ChatRoom" && lobby.className !== "FormatQueue")
    return new Response("Salon introuvable", { status: 404 });
  if (!sameOrigin(req, env.APP_URL)) return new Response("Origine refusée", { status: 403 });
  const context = getLoadContext({ request: req, env, ctx, nonce: "" });
  if (lobby.className === "FormatQueue") {
    // Live positions of a format's queue: public figures by ticket number; the format must exist and be online
    // (no queue object is made for any other name).
    return (await loadQueueFormat(context, lobby.name)) ? req : new Response("Format introuvable", { status: 404 });
  }
  const user = await getSessionUser(req, context);
  const course = await findVisibleCourse(context.db, lobby.name, user);
  if (!course) return new Response("Épreuve introuvable", { status: 404 });
  const out = new Request(req);
  out.headers.delete(ROOM_USER_HEADER);
  out.headers.set(ROOM_USER_HEADER, user?.id ?? "");
  return out;
}
