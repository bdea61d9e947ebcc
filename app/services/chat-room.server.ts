import { getServerByName } from "partyserver";
import type { RoomEvent } from "../../party/protocol";

/** Tells an event's chat room about a change, so that open sockets see it without reload. */
export async function notifyRoom(ns: DurableObjectNamespace, courseId: string, event: RoomEvent): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const stub = await getServerByName(ns as any, courseId);
  await stub.fetch(
    new Request("https://room.internal/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(event),
    }),
  );
}
