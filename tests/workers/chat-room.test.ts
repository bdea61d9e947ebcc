import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { courseId } from "../../app/db/demo-data";
import { notifyRoom } from "../../app/services/chat-room.server";
import { loadDemoData } from "./helpers";

function nextMessage(ws: WebSocket): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("no message")), 5000);
    ws.addEventListener(
      "message",
      (e) => {
        clearTimeout(t);
        resolve(JSON.parse(String(e.data)));
      },
      { once: true },
    );
  });
}

async function connect(room: string): Promise<WebSocket> {
  const res = await SELF.fetch(`http://localhost/parties/chat-room/${room}`, { headers: { Upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  return ws;
}

// Rooms are named by course id; a room exists only for an event the caller may see.
const C1 = courseId(0);
const C2 = courseId(1);

describe("chat room Durable Object", () => {
  beforeAll(loadDemoData);

  it("relays a broadcast to every socket of the room", async () => {
    const a = await connect(C1);
    const b = await connect(C1);
    const got = Promise.all([nextMessage(a), nextMessage(b)]);
    await notifyRoom(env.ChatRoom, C1, { type: "delete", id: "m-1" });
    expect(await got).toEqual([
      { type: "delete", id: "m-1" },
      { type: "delete", id: "m-1" },
    ]);
    a.close();
    b.close();
  });

  it("answers a ping and refuses an unknown message", async () => {
    const a = await connect(C2);
    let p = nextMessage(a);
    a.send(JSON.stringify({ type: "ping" }));
    expect(await p).toEqual({ type: "pong" });
    p = nextMessage(a);
    a.send(JSON.stringify({ type: "insert", message: { forged: true } }));
    expect(await p).toEqual({ type: "error", message: "Message refusé." });
    a.close();
  });

  it("refuses plain HTTP requests to a room from outside", async () => {
    const res = await SELF.fetch(`http://localhost/parties/chat-room/${C1}`, { method: "POST", body: "{}" });
    expect(res.status).toBe(426);
  });

  it("has no room for an unknown event", async () => {
    const res = await SELF.fetch("http://localhost/parties/chat-room/course-inconnue", {
      headers: { Upgrade: "websocket" },
    });
    expect(res.status).toBe(404);
  });
});
