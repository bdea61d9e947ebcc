// How the browser applies what the room relays. Pure, so it is unit-tested.
import type { ChatMessageDto, RoomEvent } from "~/domain/chat-protocol";

/** Applies one room event to the list (idempotent: the same event twice changes nothing more). */
export function applyRoomEvent(list: ChatMessageDto[], event: RoomEvent): ChatMessageDto[] {
  if (event.type === "insert") {
    if (list.some((m) => m.id === event.message.id))
      return list.map((m) => (m.id === event.message.id ? event.message : m));
    return [...list, event.message];
  }
  if (event.type === "update") return list.map((m) => (m.id === event.message.id ? event.message : m));
  if (event.type === "delete") return list.filter((m) => m.id !== event.id && m.parent_id !== event.id);
  return list;
}

export function isRoomEvent(v: unknown): v is RoomEvent {
  if (!v || typeof v !== "object") return false;
  const e = v as { type?: unknown; message?: { id?: unknown }; id?: unknown };
  if (e.type === "insert" || e.type === "update") return typeof e.message?.id === "string";
  if (e.type === "delete") return typeof e.id === "string";
  return false;
}
