// Issue 21: the opening queue. From the organiser's opening time, arrivals take a place in the format's Durable
// Object in arrival order (one per account), are admitted at the configured rate, and only admitted runners get the
// form and reach the checkout. Outside the window the path is today's, without the queue.
import { createExecutionContext, env, runInDurableObject, SELF, waitOnExecutionContext } from "cloudflare:test";
import { createCookie } from "@remix-run/cloudflare";
import worker from "../../server";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ADMISSIONS_PER_SECOND } from "../../app/domain/opening-queue";
import { fixedClock } from "../../app/providers/clock";
import {
  forgetQueueFacts,
  openingFigures,
  passQueue,
  queueFacts,
  waitCheckoutSlot,
} from "../../app/services/opening-queue.server";
import { offerFreedPlaces } from "../../app/services/waitlist-offers.server";
import { deleteCourse, setPublished } from "../../app/services/courses.server";
import { loadDemoData } from "./helpers";
import { get, ORG1, post, sessionCookie } from "./organiser-helpers";
import { enableOrganiserAccount, ORGANISER_ID, testContext } from "./payments-helpers";
import { openingFormat, registrationForm, runners } from "./opening-helpers";

/** A format whose queue runs (opened a minute ago) with 30 runners ahead, and a runner's session waiting behind them. */
async function queuedBehindThirty() {
  const f = await openingFormat(new Date(Date.now() - 60_000).toISOString());
  const ahead = await runners(30);
  await Promise.all(ahead.map((id) => passQueue(testContext(), id, f.format)));
  const [me] = await runners(1);
  return { f, cookie: await sessionCookie(me) };
}

beforeAll(async () => {
  await loadDemoData();
  await enableOrganiserAccount(testContext());
});

describe("the queue", () => {
  it("outside the window: no queue at all", async () => {
    const f = await openingFormat("2027-01-12T09:00:00.000Z");
    const [r] = await runners(1);
    expect(await passQueue(testContext(fixedClock("2027-01-12T10:00:00.000Z")), r, f.format)).toEqual({
      state: "libre",
    });
    expect(
      await passQueue(testContext(fixedClock("2027-01-12T08:00:00.000Z")), r, {
        ...f.format,
        ouverture_inscriptions: null,
      }),
    ).toEqual({ state: "libre" });
  });

  it("100 runners arriving at the same moment: one place each in arrival order, a second tab keeps it, admissions at the rate", async () => {
    const opening = "2027-01-12T09:00:00.000Z";
    const f = await openingFormat(opening);
    const ids = await runners(100);
    const at = (ms: number) => testContext(fixedClock(new Date(Date.parse(opening) + ms).toISOString()));
    // All at once (in parallel), each at its own millisecond of arrival.
    const first = await Promise.all(ids.map((id) => passQueue(at(0), id, f.format)));
    const admittedNow = first.filter((s) => s.state === "admis").length;
    expect(admittedNow).toBe(1); // only the first arrival is admitted at once; the others every 1/rate seconds
    const positions = first.filter((s) => s.state === "en_file").map((s) => (s.state === "en_file" ? s.position : 0));
    expect(new Set(positions).size).toBe(99); // every runner a distinct place
    expect(Math.max(...positions)).toBe(99);
    // A second tab or a double click: the same place.
    const again = await Promise.all(ids.slice(0, 20).map((id) => passQueue(at(0), id, f.format)));
    expect(again).toEqual(first.slice(0, 20));
    // One second later: the rate's worth more are admitted, in order.
    const later = await Promise.all(ids.map((id) => passQueue(at(1000), id, f.format)));
    const admitted = later.map((s) => s.state === "admis");
    const count = admitted.filter(Boolean).length;
    expect(count).toBe(DEFAULT_ADMISSIONS_PER_SECOND + 1);
    // Admissions follow the queue's order: no one admitted behind someone still waiting.
    const order = first
      .map((s, k) => ({ k, pos: s.state === "en_file" ? s.position : 0 }))
      .sort((a, b) => a.pos - b.pos);
    const firstWaiting = order.findIndex(({ k }) => !admitted[k]);
    expect(order.slice(firstWaiting).every(({ k }) => !admitted[k])).toBe(true);
    // The organiser's figures.
    const figures = await openingFigures(at(1000), f.format);
    expect(figures).toMatchObject({
      arrivals: 100,
      admitted: count,
      waiting: 100 - count,
      validated: 0,
      placesLeft: 100,
    });
  });

  it("checkout creations are spread at the rate, even when admitted runners come back together", async () => {
    const f = await openingFormat("2027-01-12T09:00:00.000Z");
    const stub = env.FormatQueue.get(env.FormatQueue.idFromName(f.formatId));
    const now = Date.parse("2027-01-12T09:00:30.000Z");
    const slots = await Promise.all(Array.from({ length: 12 }, () => stub.reserveCheckout(now, 10)));
    const sorted = [...slots].sort((a, b) => a - b);
    expect(new Set(slots).size).toBe(12);
    expect(sorted[0]).toBe(now);
    expect(sorted.every((t, k) => k === 0 || t - sorted[k - 1] === 100)).toBe(true); // 10 per second: 100 ms apart
    // A quiet moment later: at once again.
    expect(await stub.reserveCheckout(now + 60_000, 10)).toBe(now + 60_000);
  });

  it("the go-ahead for a checkout keeps the calls within the rate at the moment of asking, whoever asks together", async () => {
    const f = await openingFormat(new Date(Date.now() - 60_000).toISOString());
    const stub = env.FormatQueue.get(env.FormatQueue.idFromName(f.formatId));
    // At 2 per second: two go-aheads in any second, whoever asks together; the others wait for the window to move.
    const answers = await Promise.all(Array.from({ length: 5 }, () => stub.grantCheckout(2)));
    expect(answers.filter((w) => w === 0)).toHaveLength(2);
    for (const w of answers.filter((x) => x !== 0)) expect(w).toBeGreaterThan(500);
    // Callers of the service wait their turn (slots 100 ms apart at 10 per second), all of them.
    await new Promise((r) => setTimeout(r, 1100));
    const start = Date.now();
    const went: number[] = [];
    const ok = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const pass = await waitCheckoutSlot(testContext(), f.format);
        went.push(Date.now());
        return pass;
      }),
    );
    expect(ok.every(Boolean)).toBe(true);
    // Their slots are 100 ms apart: the sixth goes 5 × 100 ms after the first at the earliest.
    expect(Math.max(...went) - start).toBeGreaterThanOrEqual(480);
  });

  it("the form is reached through the queue, and the submit of a runner not admitted goes back to it (no checkout)", async () => {
    const opening = new Date(Date.now() - 60_000).toISOString(); // opened a minute ago: the queue window runs
    const f = await openingFormat(opening);
    // 30 runners arrived first (admitted one by one, 10 per second): the next ones wait seconds, whatever this
    // machine's speed.
    const ahead = await runners(30);
    await Promise.all(ahead.map((id) => passQueue(testContext(), id, f.format)));
    const ids = await runners(3);
    const cookies = await Promise.all(ids.map((id) => sessionCookie(id)));
    const answers = await Promise.all(cookies.map((c) => get(`/inscription/${f.courseId}?format=${f.formatId}`, c)));
    // Each is answered at once with the queue, at the form's own address (no redirect), and no form.
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const b of bodies) {
      expect(b).toMatch(/Vous êtes (2[0-9]|3[0-3])e dans la file d&#x27;attente/);
      expect(b).not.toContain('name="intent"');
    }
    // The queue page (where a submit sent too early brings the runner back) says the same.
    const page = await get(`/file-attente/${f.formatId}`, cookies[0]);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toMatch(/Vous êtes (2[0-9]|3[0-3])e dans la file d&#x27;attente/);
    expect(html).toContain('http-equiv="refresh"');
    // A submit from a runner not admitted yet: back to the queue, nothing held.
    const fd = registrationForm(f.formatId);
    const sent = await post(`/inscription/${f.courseId}`, fd, cookies[0]);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/file-attente/${f.formatId}`);
    expect(
      Number(
        (await env.DB.prepare("SELECT count(*) AS n FROM inscriptions WHERE format_id = ?")
          .bind(f.formatId)
          .first<{ n: number }>())!.n,
      ),
    ).toBe(0);
    // The organiser sees the opening live.
    const org = await sessionCookie(ORG1.id);
    const registrants = await (await get(`/organisateur/inscriptions/${f.formatId}`, org)).text();
    expect(registrants).toContain("Ouverture en cours");
  });

  it("a place freed during the opening goes to the queue while runners wait in it, to the waiting list once it is empty", async () => {
    const opening = "2027-01-12T09:00:00.000Z";
    const f = await openingFormat(opening, 1);
    await env.DB.prepare("UPDATE formats SET liste_attente_active = 1 WHERE id = ?").bind(f.formatId).run();
    const [listed] = await runners(1);
    const entryId = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO liste_attente (id, rang, course_id, format_id, coureur_id, statut, email, donnees) VALUES (?, (SELECT coalesce(max(rang), 0) + 1 FROM liste_attente), ?, ?, ?, 'en_liste', ?, ?)",
    )
      .bind(
        entryId,
        f.courseId,
        f.formatId,
        listed,
        `q-${listed}@balise.test`,
        JSON.stringify({ nom: "Lenoir", prenom: "Inès", apparaitre_resultats: 1 }),
      )
      .run();
    // 30 runners arrive at the opening. The one place is reserved for the first; the others wait their turn.
    const at = (t: string) => testContext(fixedClock(`2027-01-12T${t}Z`));
    const queued = await runners(30);
    for (const id of queued) await passQueue(at("09:00:00.000"), id, f.format);
    expect(await offerFreedPlaces(at("09:00:01.000"), f.formatId)).toEqual([]);
    const statut = () =>
      env.DB.prepare("SELECT statut FROM liste_attente WHERE id = ?").bind(entryId).first<{ statut: string }>();
    expect((await statut())?.statut).toBe("en_liste");
    // Reservations unused: the place goes from runner to runner of the queue, never to the list while they wait.
    expect(await offerFreedPlaces(at("09:45:00.000"), f.formatId)).toEqual([]);
    expect((await statut())?.statut).toBe("en_liste");
    // The queue's hour is over: the waiting list's first runner is offered the place.
    expect(await offerFreedPlaces(at("10:00:01.000"), f.formatId)).toEqual([entryId]);
    expect((await statut())?.statut).not.toBe("en_liste");
  });

  it("live positions: the queue pushes a ticket's place every second over a WebSocket, then its turn", async () => {
    const opening = new Date(Date.now() - 60_000).toISOString();
    const f = await openingFormat(opening);
    const ids = await runners(21);
    const answers = [];
    for (const id of ids) answers.push(await passQueue(testContext(), id, f.format));
    const last = answers[20];
    expect(last.state).toBe("en_file");
    const ticket = last.state === "en_file" ? last.ticket : 0;
    const open = async (query: string, headers: Record<string, string> = {}) =>
      SELF.fetch(`http://localhost/parties/format-queue/${f.formatId}${query}`, {
        headers: { Upgrade: "websocket", ...headers },
      });
    const res = await open(`?ticket=${ticket}`);
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const messages: { type: string; position?: number }[] = [];
    const admitted = new Promise<void>((resolve) =>
      ws.addEventListener("message", (e) => {
        const m = JSON.parse(String(e.data));
        messages.push(m);
        if (m.type === "admis") resolve();
      }),
    );
    ws.accept();
    // Admitted 100 ms apart from the first arrival: ticket 21 about 2 s later, pushed within a second of it.
    await Promise.race([admitted, new Promise((_, reject) => setTimeout(() => reject(new Error("pas admis")), 8000))]);
    const positions = messages.filter((m) => m.type === "position").map((m) => m.position ?? 0);
    expect(positions.length).toBeGreaterThan(0);
    expect(positions.every((p, k) => p >= 1 && (k === 0 || p <= positions[k - 1]))).toBe(true);
    ws.close();
    // A ticket nobody holds reads as unknown; a malformed one is refused; so are another format and another site.
    const unknown = (await open("?ticket=999")).webSocket!;
    const first = new Promise<string>((resolve) => unknown.addEventListener("message", (e) => resolve(String(e.data))));
    unknown.accept();
    expect(JSON.parse(await first)).toEqual({ type: "inconnu" });
    unknown.close();
    const closed = (await open("?ticket=abc")).webSocket!;
    const code = new Promise<number>((resolve) => closed.addEventListener("close", (e) => resolve(e.code)));
    closed.accept();
    expect(await code).toBe(1008);
    expect(
      (
        await SELF.fetch(`http://localhost/parties/format-queue/${crypto.randomUUID()}?ticket=1`, {
          headers: { Upgrade: "websocket" },
        })
      ).status,
    ).toBe(404);
    expect((await open(`?ticket=${ticket}`, { Origin: "https://ailleurs.example" })).status).toBe(403);
  });

  it("a queued runner's first answer (the queue, at the form's address) and the queue page cost one D1 round trip each", async () => {
    const { f, cookie } = await queuedBehindThirty();
    const counted = { ...env, BENCH_QUERY_COUNT: "1" } as typeof env;
    const fetchCounted = async (path: string) => {
      const c = createExecutionContext();
      const res = await worker.fetch(new Request(`http://localhost${path}`, { headers: { cookie } }), counted, c);
      await waitOnExecutionContext(c);
      return res;
    };
    const first = await fetchCounted(`/inscription/${f.courseId}?format=${f.formatId}`);
    expect(first.status).toBe(200);
    expect(await first.text()).toMatch(/Vous êtes \d+e dans la file/);
    expect(first.headers.get("X-Round-Trips")).toBe("1");
    const page = await fetchCounted(`/file-attente/${f.formatId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/Vous êtes \d+e dans la file/);
    expect(page.headers.get("X-Round-Trips")).toBe("1");
    // An unknown event: the same single round trip, and a 404.
    expect((await fetchCounted(`/inscription/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it("the queue page reloads itself only without JavaScript (its meta refresh is inside noscript)", async () => {
    const { f, cookie } = await queuedBehindThirty();
    const first = await (await get(`/inscription/${f.courseId}?format=${f.formatId}`, cookie)).text();
    expect(first).toMatch(/<noscript><meta http-equiv="refresh" content="5"\/?><\/noscript>/);
    const html = await (await get(`/file-attente/${f.formatId}`, cookie)).text();
    expect(html).toMatch(/<noscript><meta http-equiv="refresh" content="5"\/?><\/noscript>/);
    expect(html.match(/http-equiv="refresh"/g)).toHaveLength(1);
  });

  it("with a draw: the first minutes' arrivals wait for it, then pass in a drawn order (all of them before later arrivals), at the rate", async () => {
    const opening = "2027-01-12T09:00:00.000Z";
    const f = await openingFormat(opening);
    const format = { ...f.format, tirage_minutes: 10 };
    const drawAt = Date.parse(opening) + 10 * 60_000;
    const at = (ms: number) => testContext(fixedClock(new Date(Date.parse(opening) + ms).toISOString()));
    const ids = await runners(60);
    // 50 arrive during the draw's 10 minutes, in parallel, some twice (a second tab).
    const pooled = await Promise.all(ids.slice(0, 50).map((id, k) => passQueue(at(k * 1000), id, format)));
    expect(pooled.every((s) => s.state === "tirage" && s.drawAt === drawAt)).toBe(true);
    await Promise.all(ids.slice(0, 10).map((id) => passQueue(at(5 * 60_000), id, format)));
    const figures = await openingFigures(at(9 * 60_000), format);
    expect([figures?.arrivals, figures?.waiting, figures?.admitted]).toEqual([50, 50, 0]);
    // At the draw: the 50 get numbers 1–50 in a drawn order; 10 later arrivals follow with 51–60, in arrival order.
    const later = await Promise.all(ids.slice(50).map((id, k) => passQueue(at(10 * 60_000 + 1 + k), id, format)));
    const tickets = new Map<string, number>();
    const after = await Promise.all(ids.slice(0, 50).map((id) => passQueue(at(10 * 60_000 + 100), id, format)));
    after.forEach((s, k) => {
      if (s.state === "en_file") tickets.set(ids[k], s.ticket);
      else expect(s.state).toBe("admis"); // the first two drawn (admitted at the draw and 100 ms later)
    });
    expect(after.filter((s) => s.state === "admis")).toHaveLength(2);
    expect(new Set(tickets.values()).size).toBe(48);
    expect(Math.max(...tickets.values())).toBe(50);
    const laterTickets = later.map((s) => (s.state === "en_file" ? s.ticket : 0));
    expect(laterTickets).toEqual(Array.from({ length: 10 }, (_, k) => 51 + k));
    // Drawn, not arrival order: the 48 tickets are not increasing with arrival (a chance of 2/48! of failing).
    const byArrival = ids.slice(0, 50).flatMap((id) => (tickets.has(id) ? [tickets.get(id)!] : []));
    expect(byArrival.every((t, k) => k === 0 || t > byArrival[k - 1])).toBe(false);
    // Admissions at the rate from the draw: 10 per second.
    const oneSecond = await Promise.all(ids.slice(0, 50).map((id) => passQueue(at(10 * 60_000 + 1000), id, format)));
    expect(oneSecond.filter((s) => s.state === "admis")).toHaveLength(DEFAULT_ADMISSIONS_PER_SECOND + 1);
  });

  it("a draw is stated on the event page before the opening and on the queue page during it", async () => {
    const opening = new Date(Date.now() + 86_400_000).toISOString();
    const f = await openingFormat(opening);
    await env.DB.prepare("UPDATE formats SET tirage_minutes = 10 WHERE id = ?").bind(f.formatId).run();
    const page = await (await get(`/courses/${f.courseId}`)).text();
    expect(page).toContain("(tirage au sort des arrivées des 10 premières minutes)");
    // During the draw's minutes, the queue page tells the runner they are in the draw.
    const started = new Date(Date.now() - 60_000).toISOString();
    const g = await openingFormat(started);
    await env.DB.prepare("UPDATE formats SET tirage_minutes = 10 WHERE id = ?").bind(g.formatId).run();
    const [r] = await runners(1);
    const cookie = await sessionCookie(r);
    const form = await get(`/inscription/${g.courseId}?format=${g.formatId}`, cookie);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("Vous participez au tirage au sort de l&#x27;ouverture.");
    const queue = await (await get(`/file-attente/${g.formatId}`, cookie)).text();
    expect(queue).toContain("Vous participez au tirage au sort de l&#x27;ouverture.");
    expect(queue).toContain("parmi les coureurs arrivés depuis l&#x27;ouverture (1 pour l&#x27;instant)");
  });
});

describe("the light waiting page (docs/decisions/0135)", () => {
  /** A request through the Worker with its D1 round trips counted (X-Round-Trips). */
  async function fetchCounted(path: string, cookie: string) {
    const counted = { ...env, BENCH_QUERY_COUNT: "1" } as typeof env;
    const c = createExecutionContext();
    const res = await worker.fetch(
      new Request(`http://localhost${path}`, { headers: { cookie }, redirect: "manual" }),
      counted,
      c,
    );
    await waitOnExecutionContext(c);
    return { res, html: await res.text(), trips: res.headers.get("X-Round-Trips") };
  }
  const ticketOf = (html: string) => /data-ticket="(\d+)"/.exec(html)?.[1];

  it("a queued runner's next answer comes from the Worker alone (no D1): the same panel, place and ticket, its reload without JavaScript, its live script", async () => {
    const { f, cookie } = await queuedBehindThirty();
    const path = `/inscription/${f.courseId}?format=${f.formatId}`;
    // The first answer is the full page's: it reads the format in D1 and hands its facts to the queue.
    const first = await fetchCounted(path, cookie);
    expect(first.trips).toBe("1");
    expect(first.html).toMatch(/Vous êtes \d+e dans la file d&#x27;attente/);
    const second = await fetchCounted(path, cookie);
    expect(second.res.status).toBe(200);
    expect(second.trips).toBe("0");
    expect(second.html).toMatch(/<title>File d&#x27;attente — Balise<\/title>/);
    expect(second.html).toMatch(/Vous êtes \d+e dans la file d&#x27;attente/);
    expect(second.html).toContain("Attente estimée");
    expect(ticketOf(second.html)).toBe(ticketOf(first.html));
    expect(second.html).toMatch(/<noscript><meta http-equiv="refresh" content="5"\/?><\/noscript>/);
    expect(second.html).not.toContain('name="intent"');
    // The live script runs under the page's nonce (the Content-Security-Policy's), and nothing is cached.
    const nonce = /'nonce-([^']+)'/.exec(second.res.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(second.html).toContain(`<script nonce="${nonce}">`);
    expect(second.html).toContain("/parties/format-queue/");
    expect(second.res.headers.get("Cache-Control")).toBe("private, no-store");
    // At the event's other address (its slug) too; not at another event's address with this format.
    const { slug } = (await env.DB.prepare("SELECT slug FROM courses WHERE id = ?")
      .bind(f.courseId)
      .first<{ slug: string }>())!;
    expect((await fetchCounted(`/inscription/${slug}?format=${f.formatId}`, cookie)).trips).toBe("0");
    const other = await openingFormat(new Date(Date.now() - 60_000).toISOString());
    expect((await fetchCounted(`/inscription/${other.courseId}?format=${f.formatId}`, cookie)).trips).not.toBe("0");
  });

  it("the full page answers whenever it has to decide: an older cookie, a forged one, an admitted runner, an event taken offline", async () => {
    const { f, cookie } = await queuedBehindThirty();
    const path = `/inscription/${f.courseId}?format=${f.formatId}`;
    expect((await fetchCounted(path, cookie)).trips).toBe("1");
    expect((await fetchCounted(path, cookie)).trips).toBe("0");
    // A cookie of before (the token alone) still works, through the full page.
    const [older] = await runners(1);
    const token = crypto.randomUUID() + crypto.randomUUID();
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
    const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    await env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)")
      .bind(hash, older, new Date(Date.now() + 86_400_000).toISOString())
      .run();
    const olderCookie = (
      await createCookie("balise_session", { path: "/", secrets: [env.SESSION_SECRET as string] }).serialize(token)
    ).split(";")[0];
    const viaFull = await fetchCounted(path, olderCookie);
    expect(viaFull.trips).toBe("1");
    expect(viaFull.html).toMatch(/Vous êtes \d+e dans la file/);
    // A cookie whose account was changed without the secret: refused (the login page), never the queue.
    const [name, value] = cookie.split("=");
    const [payload, signature] = decodeURIComponent(value).split(".");
    const data = JSON.parse(atob(payload)) as { t: string; u: string };
    const forgedValue = `${btoa(JSON.stringify({ ...data, u: older }))}.${signature}`;
    const forged = await fetchCounted(path, `${name}=${encodeURIComponent(forgedValue)}`);
    expect(forged.res.status).toBe(302);
    expect(forged.res.headers.get("location")).toMatch(/^\/login/);
    // An admitted runner gets the form, from the full page.
    const g = await openingFormat(new Date(Date.now() - 60_000).toISOString());
    const [first] = await runners(1);
    const firstCookie = await sessionCookie(first);
    const gPath = `/inscription/${g.courseId}?format=${g.formatId}`;
    expect((await fetchCounted(gPath, firstCookie)).html).toContain('name="intent"');
    const again = await fetchCounted(gPath, firstCookie);
    expect(again.trips).not.toBe("0");
    expect(again.html).toContain('name="intent"');
    // The organiser takes the event offline: the queue forgets at once, the full page refuses.
    await setPublished(testContext(), { id: ORGANISER_ID, isAdmin: false }, f.courseId, false);
    const offline = await fetchCounted(path, cookie);
    expect(offline.trips).not.toBe("0");
    expect(offline.res.status).toBe(403);
  });

  it("facts read before the organiser saved are refused when they arrive late; a deleted event's queue forgets for good", async () => {
    const { f, cookie } = await queuedBehindThirty();
    const path = `/inscription/${f.courseId}?format=${f.formatId}`;
    expect((await fetchCounted(path, cookie)).trips).toBe("1");
    expect((await fetchCounted(path, cookie)).trips).toBe("0");
    const row = (await env.DB.prepare("SELECT c.nom, c.slug, c.updated_at FROM courses c WHERE c.id = ?")
      .bind(f.courseId)
      .first<{ nom: string; slug: string; updated_at: string }>())!;
    const before = queueFacts(
      { ...f.format, nom: "Ultra 80 km", tirage_minutes: null },
      { id: f.courseId, nom: row.nom, slug: row.slug, updated_at: row.updated_at },
    );
    // The organiser saves (a later updated_at); a page that read the event before hands its facts afterwards.
    const saved = new Date(Date.parse(row.updated_at) + 60_000).toISOString();
    await env.DB.prepare("UPDATE courses SET updated_at = ? WHERE id = ?").bind(saved, f.courseId).run();
    await forgetQueueFacts(testContext(), [f.formatId], saved);
    const [late] = await runners(1);
    await passQueue(testContext(), late, f.format, before);
    expect((await fetchCounted(path, cookie)).trips).not.toBe("0");
    // The next full page read the saved event: the light page serves again.
    expect((await fetchCounted(path, cookie)).trips).toBe("0");
    // Deleted (nothing paid): the queue forgets, and no page can hand facts again.
    await deleteCourse(testContext(), { id: ORGANISER_ID }, f.courseId);
    const gone = await fetchCounted(path, cookie);
    expect(gone.trips).not.toBe("0");
    expect(gone.res.status).toBe(404);
    await passQueue(testContext(), late, f.format, { ...before, version: "2099-01-01T00:00:00.000Z" });
    expect((await fetchCounted(path, cookie)).res.status).toBe(404);
  });

  it("the light page's call for a format whose queue keeps nothing leaves no storage behind", async () => {
    const [r] = await runners(1);
    const cookie = await sessionCookie(r);
    const typed = crypto.randomUUID();
    const res = await fetchCounted(`/inscription/${crypto.randomUUID()}?format=${typed}`, cookie);
    expect(res.res.status).toBe(404);
    const stub = env.FormatQueue.get(env.FormatQueue.idFromName(typed));
    const tables = await runInDurableObject(stub, (_instance, state) =>
      state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'entries'").toArray(),
    );
    expect(tables).toEqual([]);
  });
});
