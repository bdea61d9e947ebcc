// With JavaScript, the discussion's live connection to the event's room (partysocket reconnects by itself; pings
// keep the connection open without waking the room).
import { useEffect, useState } from "react";
import type { RoomEvent } from "~/domain/chat-protocol";
import { isRoomEvent } from "./room-events";

export type LiveState = "off" | "on" | "connecting";

/** Connects to the room of `courseId` and hands every room event to `apply`; returns the connection's state. */
export function useLiveRoom(courseId: string, apply: (event: RoomEvent) => void): LiveState {
  const [live, setLive] = useState<LiveState>("off");
  useEffect(() => {
    let closed = false;
    let socket: {
      close(): void;
      send(d: string): void;
      readyState: number;
      addEventListener: WebSocket["addEventListener"];
    } | null = null;
    let ping: ReturnType<typeof setInterval> | undefined;
    setLive("connecting");
    import("partysocket")
      .then(({ default: PartySocket }) => {
        if (closed) return;
        const s = new PartySocket({ host: window.location.host, party: "chat-room", room: courseId });
        socket = s;
        s.addEventListener("open", () => setLive("on"));
        s.addEventListener("close", () => setLive("connecting"));
        s.addEventListener("message", (e: MessageEvent) => {
          try {
            const ev: unknown = JSON.parse(String(e.data));
            if (isRoomEvent(ev)) apply(ev);
          } catch {
            /* not for us */
          }
        });
        ping = setInterval(() => {
          if (s.readyState === 1) s.send('{"type":"ping"}');
        }, 30_000);
      })
      .catch((e) => {
        console.error("chat: connexion en direct impossible", e);
        setLive("off");
      });
    return () => {
      closed = true;
      if (ping) clearInterval(ping);
      socket?.close();
    };
  }, [courseId, apply]);
  return live;
}
