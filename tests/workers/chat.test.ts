// The event chat inside workerd: authenticated sockets, live insert/update/delete, refusals, moderation, @IA,
// and the no-JavaScript form action. Needs `npm run build` (the Worker serves the built app).
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { courseId, DEMO_DRAFT_SLUG, DEMO_USERS } from "../../app/db/demo-data";
import { AI_USER_ID, displayName } from "../../app/domain/chat";
import { createDb } from "../../app/db/client.server";
import { answerWithAssistant, aiReplyId, type ChatDeps } from "../../app/services/chat.server";
import { createLocalAssistant } from "../../app/providers/assistant";
import { getLoadContext } from "../../load-context";
import { createSession } from "../../app/utils/session.server";
import { loadDemoData } from "./helpers";

type Event = { type: string; message?: Record<string, unknown> & { id: string }; id?: string };

/** Collects every event a socket receives; `next(pred)` waits for the first matching one not yet taken. */
class Inbox {
  events: Event[] = [];
  private waiters: { pred: (e: Event) => boolean; resolve: (e: Event) => void }[] = [];
  constructor(public ws: WebSocket) {
    ws.addEventListener("message", (e) => {
      const ev = JSON.parse(String(e.data)) as Event;
      const w = this.waiters.findIndex((x) => x.pred(ev));
      if (w >= 0) this.waiters.splice(w, 1)[0].resolve(ev);
      else this.events.push(ev);
    });
  }
  next(pred: (e: Event) => boolean = () => true, ms = 5000): Promise<Event> {
    const i = this.events.findIndex(pred);
    if (i >= 0) return Promise.resolve(this.events.splice(i, 1)[0]);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error("no matching event")), ms);
      this.waiters.push({
        pred,
        resolve: (e) => {
          clearTimeout(t);
          resolve(e);
        },
      });
    });
  }
  send(data: unknown) {
    this.ws.send(JSON.stringify(data));
  }
}

async function cookieFor(userId: string): Promise<string> {
  const ctx = getLoadContext({ request: new Request("http://localhost/"), env, ctx: { waitUntil() {} }, nonce: "" });
  const setCookie = await createSession(ctx, userId, "vitest");
  return setCookie.split(";")[0];
}

async function connect(room: string, cookie?: string, headers: Record<string, string> = {}): Promise<Inbox> {
  const res = await SELF.fetch(`http://localhost/parties/chat-room/${room}`, {
    headers: { Upgrade: "websocket", ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  return new Inbox(ws);
}

const COURSE = courseId(0); // Trail des Aiguilles Rouges, organised by DEMO_USERS.organisateur
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

let coureur: string;
let organisateur: string;
let autre: string;

beforeAll(async () => {
  await loadDemoData();
  coureur = await cookieFor(DEMO_USERS.coureur.id);
  organisateur = await cookieFor(DEMO_USERS.organisateur.id);
  autre = await cookieFor(DEMO_USERS.organisateur2.id);
});

describe("chat room: live updates between two sockets", () => {
  it("both sockets see each other's insert, update and delete", async () => {
    const a = await connect(COURSE, coureur);
    const b = await connect(COURSE, organisateur);
    a.send({ type: "post", message: "  Qui part du parking du Lavancher ?  " });
    const [ia, ib] = await Promise.all([a.next((e) => e.type === "insert"), b.next((e) => e.type === "insert")]);
    expect(ia).toEqual(ib);
    const msg = ia.message!;
    expect(msg).toMatchObject({
      course_id: COURSE,
      user_id: DEMO_USERS.coureur.id,
      prenom: "Camille",
      message: "Qui part du parking du Lavancher ?",
      is_hidden: false,
      parent_id: null,
    });

    // b replies: a sees the reply, attached to the root
    b.send({ type: "post", message: "Moi, vers 8h.", parent_id: msg.id });
    const reply = (await a.next((e) => e.type === "insert")).message!;
    await b.next((e) => e.type === "insert");
    expect(reply).toMatchObject({ parent_id: msg.id, user_id: DEMO_USERS.organisateur.id });
    expect(await count("SELECT replies_count AS n FROM chat_roots_with_counts WHERE id = ?", msg.id)).toBe(1);

    // the organiser edits the runner's message: both see the update
    b.send({ type: "edit", id: msg.id, message: "Qui part du parking de la Flégère ?" });
    const [ua, ub] = await Promise.all([a.next((e) => e.type === "update"), b.next((e) => e.type === "update")]);
    expect(ua.message!.message).toBe("Qui part du parking de la Flégère ?");
    expect(ub.message!.id).toBe(msg.id);

    // the author deletes the root: both see the deletes (reply and root), D1 is empty for that thread
    a.send({ type: "delete", id: msg.id });
    const deletedA = [await a.next((e) => e.type === "delete"), await a.next((e) => e.type === "delete")]
      .map((e) => e.id)
      .sort();
    const deletedB = [await b.next((e) => e.type === "delete"), await b.next((e) => e.type === "delete")]
      .map((e) => e.id)
      .sort();
    expect(deletedA).toEqual([msg.id, reply.id].sort());
    expect(deletedB).toEqual(deletedA);
    expect(await count("SELECT count(*) AS n FROM chat_messages WHERE id IN (?, ?)", msg.id, reply.id)).toBe(0);
    a.ws.close();
    b.ws.close();
  });
});

describe("chat room: refusals", () => {
  it("refuses a message forged for another user, and nothing is written", async () => {
    const a = await connect(COURSE, coureur);
    const before = await count("SELECT count(*) AS n FROM chat_messages");
    a.send({ type: "post", message: "Je suis l'organisateur", user_id: DEMO_USERS.organisateur.id });
    expect(await a.next()).toEqual({
      type: "error",
      message: "Message refusé\u00a0: tu ne peux écrire qu'en ton propre nom.",
    });
    a.send({ type: "post", message: "x", nom: "Durand", prenom: "Olivier" });
    expect(await a.next()).toEqual({ type: "error", message: "Message refusé." });
    expect(await count("SELECT count(*) AS n FROM chat_messages")).toBe(before);
    a.ws.close();
  });

  it("lets visitors read but not write", async () => {
    const v = await connect(COURSE);
    v.send({ type: "post", message: "Bonjour" });
    expect(await v.next()).toEqual({ type: "error", message: "Connecte-toi pour écrire." });
    v.ws.close();
  });

  it("refuses editing or deleting someone else's message (not the organiser)", async () => {
    const a = await connect(COURSE, coureur);
    const x = await connect(COURSE, autre);
    a.send({ type: "post", message: "Mon message" });
    const msg = (await a.next((e) => e.type === "insert")).message!;
    await x.next((e) => e.type === "insert");
    x.send({ type: "edit", id: msg.id, message: "piraté" });
    expect(await x.next()).toEqual({
      type: "error",
      message: "Tu ne peux modifier ou supprimer que tes propres messages.",
    });
    x.send({ type: "delete", id: msg.id });
    expect(await x.next()).toEqual({
      type: "error",
      message: "Tu ne peux modifier ou supprimer que tes propres messages.",
    });
    // but anyone logged in may flag it
    x.send({ type: "flag", id: msg.id });
    const flagged = await a.next((e) => e.type === "update");
    expect(flagged.message).toMatchObject({ id: msg.id, flagged: true, message: "Mon message" });
    const row = await env.DB.prepare("SELECT message, flagged, flagged_reason FROM chat_messages WHERE id = ?")
      .bind(msg.id)
      .first();
    expect(row).toEqual({ message: "Mon message", flagged: 1, flagged_reason: "signalement utilisateur" });
    a.ws.close();
    x.ws.close();
  });

  it("rate-limits each user", async () => {
    const a = await connect(courseId(1), coureur);
    for (let i = 0; i < 9; i++) a.send({ type: "post", message: `Message ${i}` });
    const inserts = [];
    for (let i = 0; i < 8; i++) inserts.push(await a.next((e) => e.type === "insert"));
    expect(inserts).toHaveLength(8);
    expect(await a.next((e) => e.type === "error")).toMatchObject({
      message: expect.stringContaining("Trop de messages"),
    });
    expect(await count("SELECT count(*) AS n FROM chat_messages WHERE course_id = ?", courseId(1))).toBe(8);
    a.ws.close();
  });

  it("refuses the room of a draft event to visitors and other sites", async () => {
    const draft = (await env.DB.prepare("SELECT id FROM courses WHERE slug = ?")
      .bind(DEMO_DRAFT_SLUG)
      .first<{ id: string }>())!.id;
    const res = await SELF.fetch(`http://localhost/parties/chat-room/${draft}`, { headers: { Upgrade: "websocket" } });
    expect(res.status).toBe(404);
    const owner = await SELF.fetch(`http://localhost/parties/chat-room/${draft}`, {
      headers: { Upgrade: "websocket", Cookie: organisateur },
    });
    expect(owner.status).toBe(101);
    owner.webSocket!.accept();
    owner.webSocket!.close();
    const cross = await SELF.fetch(`http://localhost/parties/chat-room/${COURSE}`, {
      headers: { Upgrade: "websocket", Origin: "https://evil.example" },
    });
    expect(cross.status).toBe(403);
  });

  it("ignores a header a client sends to pose as someone", async () => {
    const v = await connect(COURSE, undefined, { "x-balise-chat-user": DEMO_USERS.organisateur.id });
    v.send({ type: "post", message: "Bonjour" });
    expect(await v.next()).toEqual({ type: "error", message: "Connecte-toi pour écrire." });
    v.ws.close();
  });
});

describe("moderation and the assistant", () => {
  it("stores a message with a banned word hidden, and never sends its text", async () => {
    const a = await connect(courseId(2), coureur);
    a.send({ type: "post", message: "Quelle MERDE ce brouillard" });
    const ev = (await a.next((e) => e.type === "insert")).message!;
    expect(ev).toMatchObject({ is_hidden: true, message: "" });
    const row = await env.DB.prepare("SELECT is_hidden, message FROM chat_messages WHERE id = ?").bind(ev.id).first();
    expect(row).toEqual({ is_hidden: 1, message: "Quelle MERDE ce brouillard" });
    a.send({ type: "post", message: "   " });
    a.send({ type: "ping" });
    expect(await a.next()).toEqual({ type: "pong" }); // the empty message was ignored: no insert before the pong
    a.ws.close();
  });

  it("answers @IA once, as a reply by the AI author, from the event's facts", async () => {
    const a = await connect(COURSE, coureur);
    a.send({ type: "post", message: "@IA à quelle heure est le départ du 28 km ?" });
    const q = (await a.next((e) => e.type === "insert" && e.message!.user_id === DEMO_USERS.coureur.id)).message!;
    const answer = (await a.next((e) => e.type === "insert" && e.message!.user_id === AI_USER_ID)).message!;
    expect(answer).toMatchObject({ parent_id: q.id, prenom: "Assistant", nom: "IA", id: await aiReplyId(q.id) });
    expect(answer.message).toContain("Balcons 28 km : départ à 7h30");

    // asking again for the same question (a retried job) posts nothing more
    const deps: ChatDeps = {
      db: createDb(env.DB),
      now: () => new Date(),
      notify: async () => {},
      background: () => {},
      assistant: createLocalAssistant(),
    };
    await answerWithAssistant(deps, { courseId: COURSE, questionId: q.id, rootId: q.id, prompt: "départ ?" });
    expect(
      await count("SELECT count(*) AS n FROM chat_messages WHERE parent_id = ? AND user_id = ?", q.id, AI_USER_ID),
    ).toBe(1);

    // a failing assistant is only logged
    const failing = {
      ...deps,
      assistant: {
        name: "boom",
        answer: async () => {
          throw new Error("panne");
        },
      },
    };
    await expect(
      answerWithAssistant(failing, { courseId: COURSE, questionId: "other", rootId: q.id, prompt: "x" }),
    ).resolves.toBeUndefined();
    a.ws.close();
  });
});

describe("the chat form action (no JavaScript)", () => {
  const post = (cookie: string | null, fields: Record<string, string>, course = COURSE) =>
    SELF.fetch(`http://localhost/courses/${course}/chat`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      redirect: "manual",
    });

  it("posts, tells the room and redirects back to #discussion", async () => {
    const room = await connect(courseId(3));
    const res = await post(coureur, { intent: "post", message: "Frontale obligatoire ?" }, courseId(3));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/courses/${courseId(3)}#discussion`);
    const ev = await room.next((e) => e.type === "insert");
    expect(ev.message).toMatchObject({ message: "Frontale obligatoire ?", user_id: DEMO_USERS.coureur.id });
    room.ws.close();
  });

  it("posted from the slug address, stores the message on the event and comes back to the slug address", async () => {
    const slug = await env.DB.prepare("SELECT slug FROM courses WHERE id = ?").bind(courseId(3)).first<string>("slug");
    const room = await connect(courseId(3));
    const res = await post(coureur, { intent: "post", message: "Parking au départ ?" }, slug!);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/courses/${slug}#discussion`);
    const ev = await room.next((e) => e.type === "insert");
    expect(ev.message).toMatchObject({ message: "Parking au départ ?", course_id: courseId(3) });
    room.ws.close();
    const failed = await post(null, { intent: "post", message: "Bonjour" }, slug!);
    expect(new URL(failed.headers.get("location")!, "http://localhost").pathname).toBe(`/courses/${slug}`);
  });

  it("keeps the typed text and the error code when the visitor is not logged in", async () => {
    const res = await post(null, { intent: "post", message: "Bonjour" });
    expect(res.status).toBe(302);
    const loc = new URL(res.headers.get("location")!, "http://localhost");
    expect(loc.searchParams.get("chat_erreur")).toBe("NOT_LOGGED_IN");
    expect(loc.searchParams.get("chat_texte")).toBe("Bonjour");
    expect(loc.hash).toBe("#discussion");
  });

  it("refuses deleting the organiser's message for another user (no IDOR), in JSON too", async () => {
    const ok = await post(organisateur, { intent: "post", message: "Info parking", mode: "json" });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { ok: boolean; events: Event[] };
    const id = body.events[0].message!.id;
    const res = await post(coureur, { intent: "delete", id, mode: "json" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await count("SELECT count(*) AS n FROM chat_messages WHERE id = ?", id)).toBe(1);
    // a message of one event cannot be reached through another event's URL
    const other = await post(organisateur, { intent: "delete", id, mode: "json" }, courseId(4));
    expect(other.status).toBe(404);
    expect(await count("SELECT count(*) AS n FROM chat_messages WHERE id = ?", id)).toBe(1);
  });

  it("an empty edit changes nothing", async () => {
    const ok = await post(coureur, { intent: "post", message: "Texte initial", mode: "json" }, courseId(5));
    const id = ((await ok.json()) as { events: Event[] }).events[0].message!.id;
    const res = await post(coureur, { intent: "edit", id, message: "   " }, courseId(5));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/courses/${courseId(5)}#discussion`);
    expect(
      (await env.DB.prepare("SELECT message FROM chat_messages WHERE id = ?").bind(id).first<{ message: string }>())!
        .message,
    ).toBe("Texte initial");
  });
});

describe("author names", () => {
  beforeAll(async () => {
    await loadDemoData();
  });

  type Names = {
    user?: readonly [string, string];
    coureur?: readonly [string, string];
    inscription?: readonly [string, string];
  };
  it.each<[string, Names, string]>([
    ["only the runner profile has the name", { coureur: ["Lucie", "Moreau"] as const }, "Lucie M."],
    ["only a registration has the name", { inscription: ["Hugo", "Petit"] as const }, "Hugo P."],
    [
      "the user profile wins over the others",
      { user: ["Emma", "Roux"] as const, coureur: ["X", "Y"] as const },
      "Emma R.",
    ],
  ])("%s: shown as first name and initial, not 'Participant'", async (_label, names, expected) => {
    const id = crypto.randomUUID();
    const stmts = [
      env.DB.prepare(
        "INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (?, ?, 'x', '2026-01-01T00:00:00.000Z')",
      ).bind(id, `${id}@balise.test`),
      env.DB.prepare("INSERT INTO profils_utilisateurs (user_id, nom, prenom, email) VALUES (?, ?, ?, ?)").bind(
        id,
        names.user?.[1] ?? null,
        names.user?.[0] ?? null,
        `${id}@balise.test`,
      ),
    ];
    if (names.coureur)
      stmts.push(
        env.DB.prepare("INSERT INTO profils_coureurs (id, nom, prenom, email) VALUES (?, ?, ?, ?)").bind(
          id,
          names.coureur[1],
          names.coureur[0],
          `${id}@balise.test`,
        ),
      );
    if (names.inscription) {
      stmts.push(
        env.DB.prepare(
          "INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id, nom, prenom) SELECT ?, c.id, f.id, ?, 'annulee', ?, ?, ? FROM courses c JOIN formats f ON f.course_id = c.id WHERE c.id = ? LIMIT 1",
        ).bind(crypto.randomUUID(), id, `t-${id}`, names.inscription[1], names.inscription[0], COURSE),
      );
    }
    await env.DB.batch(stmts);
    const a = await connect(COURSE, await cookieFor(id));
    a.send({ type: "post", message: `Bonjour de ${expected}` });
    const got = await a.next((e) => e.type === "insert");
    expect(displayName(got.message as unknown as { user_id: string; prenom: string | null; nom: string | null })).toBe(
      expected,
    );
    a.ws.close();
  });
});
