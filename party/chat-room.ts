import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import { createDb } from "../app/db/client.server";
import { CHAT_ERROR_MESSAGES, ChatError, rateLimitCheck, SOCKET_LIMIT } from "../app/domain/chat";
import { pickAssistant } from "../app/providers/assistant-workers-ai";
import { deleteMessage, editMessage, flagMessage, postMessage, type ChatDeps } from "../app/services/chat.server";
import { ROOM_USER_HEADER } from "./auth";
import { ClientMessage, RoomEvent } from "../app/domain/chat-protocol";

interface SocketState {
  /** The user the Worker authenticated on connect; null for visitors (read-only). */
  userId: string | null;
}

/**
 * One room per event (the room name is the course id). Writes go to D1 first (through the chat service),
 * then the room relays the change to every open socket. Hibernates when idle; pings are answered without waking it.
 * The Worker authenticates the session cookie before the upgrade reaches the room (party/auth.ts).
 */
export class ChatRoom extends Server<Env> {
  static options = { hibernate: true };

  /** Recent socket message times per user (or per connection for visitors); lost on hibernation, which is fine. */
  #history = new Map<string, number[]>();

  onStart(): void {
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'));
  }

  onConnect(connection: Connection<SocketState>, ctx: ConnectionContext): void {
    const userId = ctx.request.headers.get(ROOM_USER_HEADER) || null;
    connection.setState({ userId });
  }

  #send(connection: Connection, event: RoomEvent) {
    connection.send(JSON.stringify(event));
  }

  #deps(): ChatDeps {
    return {
      db: createDb(this.env.DB),
      now: () => new Date(),
      notify: async (_courseId, event) => this.broadcast(JSON.stringify(event)),
      background: (work) => this.ctx.waitUntil(work),
      assistant: pickAssistant(this.env),
    };
  }

  async onMessage(connection: Connection<SocketState>, raw: WSMessage): Promise<void> {
    const userId = connection.state?.userId ?? null;
    const key = userId ?? `anon:${connection.id}`;
    const limit = rateLimitCheck(this.#history.get(key) ?? [], Date.now(), SOCKET_LIMIT);
    this.#history.set(key, limit.history);
    if (!limit.allowed) {
      this.#send(connection, { type: "error", message: CHAT_ERROR_MESSAGES.RATE_LIMITED });
      return;
    }
    let data: unknown;
    try {
      data = JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw as ArrayBuffer));
    } catch {
      this.#send(connection, { type: "error", message: "Message illisible." });
      return;
    }
    const parsed = ClientMessage.safeParse(data);
    if (!parsed.success) {
      this.#send(connection, { type: "error", message: "Message refusé." });
      return;
    }
    const msg = parsed.data;
    if (msg.type === "ping") {
      this.#send(connection, { type: "pong" });
      return;
    }
    if (!userId) {
      this.#send(connection, { type: "error", message: CHAT_ERROR_MESSAGES.NOT_LOGGED_IN });
      return;
    }
    if (msg.user_id !== undefined && msg.user_id !== userId) {
      this.#send(connection, { type: "error", message: CHAT_ERROR_MESSAGES.IMPERSONATION });
      return;
    }
    const actor = { id: userId };
    const courseId = this.name;
    // One write at a time per room, in arrival order (D1 calls do not hold the input gate).
    const work = this.#queue.then(() => this.#act(connection, actor, courseId, msg));
    this.#queue = work.catch(() => {});
    await work;
  }

  #queue: Promise<void> = Promise.resolve();

  async #act(
    connection: Connection,
    actor: { id: string },
    courseId: string,
    msg: Exclude<ClientMessage, { type: "ping" }>,
  ) {
    try {
      const deps = this.#deps();
      if (msg.type === "post")
        await postMessage(deps, actor, { courseId, parentId: msg.parent_id ?? null, text: msg.message });
      else if (msg.type === "edit") await editMessage(deps, actor, { courseId, id: msg.id, text: msg.message });
      else if (msg.type === "delete") await deleteMessage(deps, actor, { courseId, id: msg.id });
      else await flagMessage(deps, actor, { courseId, id: msg.id, reason: msg.reason });
    } catch (e) {
      if (!(e instanceof ChatError)) console.error("chat room: action failed", e);
      this.#send(connection, {
        type: "error",
        message: e instanceof ChatError ? e.message : CHAT_ERROR_MESSAGES.SEND_FAILED,
      });
    }
  }

  /** Internal only (the Worker refuses non-WebSocket requests to /parties/*): relay an event to all sockets. */
  async onRequest(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("Méthode non autorisée", { status: 405 });
    const parsed = RoomEvent.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return new Response("Événement invalide", { status: 400 });
    this.broadcast(JSON.stringify(parsed.data));
    return new Response(null, { status: 204 });
  }
}
