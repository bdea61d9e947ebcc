import type { RoomEvent } from "~/domain/chat-protocol";

/**
 * Tells an event's chat room about a change, so that open sockets see it without reload.
 * Addresses the Durable Object by name directly (no partyserver import here: the Remix bundle cannot load
 * `cloudflare:workers`); the room reads its name from the id, the header is partyserver's fallback.
 */
export async function notifyRoom<T extends Rpc.DurableObjectBranded | undefined>(
  ns: DurableObjectNamespace<T>,
  courseId: string,
  event: RoomEvent,
): Promise<void> {
  const stub = ns.get(ns.idFromName(courseId));
  const res = await stub.fetch(
    new Request("https://room.internal/", {
      method: "POST",
      headers: { "content-type": "application/json", "x-partykit-room": courseId },
      body: JSON.stringify(event),
    }),
  );
  if (!res.ok) throw new Error(`Salon ${courseId} : HTTP ${res.status}`);
}
