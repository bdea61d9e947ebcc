import { Server, type Connection, type WSMessage } from "partyserver";
import { ClientMessage, RoomEvent } from "./protocol";

/**
 * One room per event (the room name is the course id). The server writes chat messages to D1 and
 * then tells the room, which relays the change to every open socket. Hibernates when idle.
 */
export class ChatRoom extends Server<Env> {
  static options = { hibernate: true };

  onMessage(connection: Connection, raw: WSMessage): void {
    let data: unknown;
    try {
      data = JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw as ArrayBuffer));
    } catch {
      connection.send(JSON.stringify({ type: "error", message: "Message illisible." } satisfies RoomEvent));
      return;
    }
    const parsed = ClientMessage.safeParse(data);
    if (!parsed.success) {
      connection.send(JSON.stringify({ type: "error", message: "Message refusé." } satisfies RoomEvent));
      return;
    }
    if (parsed.data.type === "ping") connection.send(JSON.stringify({ type: "pong" } satisfies RoomEvent));
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
