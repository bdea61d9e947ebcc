// Issue 42: the queue's order decides who gets a place. An admission reserves a place for RESERVATION_MINUTES; the
// queue admits no more runners than places neither taken nor reserved; an unused reservation goes to the next
// runner; the draw gives one ticket per person (issue 40).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { RESERVATION_MS } from "../../app/domain/opening-admission";
import { fixedClock } from "../../app/providers/clock";
import { openingFigures, passQueue } from "../../app/services/opening-queue.server";
import { loadDemoData } from "./helpers";
import { get, post, sessionCookie } from "./organiser-helpers";
import { enableOrganiserAccount, testContext } from "./payments-helpers";
import { openingFormat, registrationForm, runners } from "./opening-helpers";

/** The registration form of runner number `k` (each a different person). */
const form = (formatId: string, k: number) =>
  registrationForm(formatId, { nom: `Coureur${k}`, email: `ines${k}@balise.test`, numero_licence: `12345${k}0` });

beforeAll(async () => {
  await loadDemoData();
  await enableOrganiserAccount(testContext());
});

describe("the queue's order decides who gets a place", () => {
  it("5 runners for 3 places, all sending the form at once: the first 3 in queue order get them, the others wait", async () => {
    const f = await openingFormat(new Date(Date.now() - 60_000).toISOString(), 3);
    const ids = await runners(5);
    // They arrive one after the other, within the same instant (a loaded machine must not let a tenth of a second
    // pass between two arrivals and admit the second at once): tickets 1 to 5.
    const arrival = testContext(fixedClock(new Date().toISOString()));
    const arrived = [];
    for (const id of ids) arrived.push(await passQueue(arrival, id, f.format));
    expect(arrived.map((s) => (s.state === "en_file" ? s.ticket : s.state))).toEqual(["admis", 2, 3, 4, 5]);
    // 10 admissions per second: after half a second the first three are admitted; the queue stops there.
    await new Promise((r) => setTimeout(r, 500));
    const cookies = await Promise.all(ids.map((id) => sessionCookie(id)));
    // The last two send first, then everybody at once.
    const early = await Promise.all(
      [3, 4].map((k) => post(`/inscription/${f.courseId}`, form(f.formatId, k), cookies[k])),
    );
    expect(early.map((r) => r.headers.get("location"))).toEqual([
      `/file-attente/${f.formatId}`,
      `/file-attente/${f.formatId}`,
    ]);
    const sent = await Promise.all(
      [4, 3, 2, 1, 0].map((k) => post(`/inscription/${f.courseId}`, form(f.formatId, k), cookies[k])),
    );
    const places = await env.DB.prepare("SELECT coureur_id FROM inscriptions WHERE format_id = ?")
      .bind(f.formatId)
      .all<{ coureur_id: string }>();
    expect(new Set(places.results.map((r) => r.coureur_id))).toEqual(new Set(ids.slice(0, 3)));
    expect(sent.map((r) => r.headers.get("location")?.startsWith("/file-attente/"))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    // The fourth and fifth are told the truth: every place held, some by checkouts not paid yet.
    const page = await (await get(`/file-attente/${f.formatId}`, cookies[3])).text();
    expect(page).toContain("Vous êtes 1er dans la file d&#x27;attente");
    expect(page).toContain("toutes les places sont prises ou réservées");
    expect(page).toContain("une place vous est réservée pendant 10 minutes pour remplir le formulaire");
  });

  it("an admitted runner's form shows the deadline of their reserved place", async () => {
    const f = await openingFormat(new Date(Date.now() - 60_000).toISOString(), 3);
    const [id] = await runners(1);
    const html = await (await get(`/inscription/${f.courseId}?format=${f.formatId}`, await sessionCookie(id))).text();
    expect(html).toContain("Votre tour est venu : une place vous est réservée jusqu&#x27;au");
    expect(html).toContain('name="intent"');
  });

  it("a reservation unused at its deadline goes to the next runner; a place taken stays taken", async () => {
    const opening = "2027-01-12T09:00:00.000Z";
    const f = await openingFormat(opening, 2);
    const ids = await runners(4);
    const at = (ms: number) => testContext(fixedClock(new Date(Date.parse(opening) + ms).toISOString()));
    for (const id of ids) await passQueue(at(0), id, f.format);
    const states = async (ms: number) =>
      (await Promise.all(ids.map((id) => passQueue(at(ms), id, f.format)))).map((s) => s.state);
    // Two places: the first two admitted (100 ms apart), the others wait however long.
    expect(await states(5_000)).toEqual(["admis", "admis", "en_file", "en_file"]);
    expect(await states(RESERVATION_MS - 1_000)).toEqual(["admis", "admis", "en_file", "en_file"]);
    const figures = await openingFigures(at(60_000), f.format);
    expect(figures).toMatchObject({ arrivals: 4, admitted: 2, waiting: 2, reserved: 2, placesLeft: 2 });
    // The first runner takes their place (a hold written, then the queue told); the second lets their time pass.
    await env.DB.prepare(
      "INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id, hold_expires_at) VALUES (?, ?, ?, ?, 'en_attente', ?, ?)",
    )
      .bind(crypto.randomUUID(), f.courseId, f.formatId, ids[0], crypto.randomUUID(), "2027-01-12T10:30:00.000Z")
      .run();
    await env.FormatQueue.get(env.FormatQueue.idFromName(f.formatId)).consume(ids[0]);
    // After the deadlines: the first holds their place, the second's reservation went to the third runner only.
    const after = await Promise.all([ids[2], ids[3]].map((id) => passQueue(at(RESERVATION_MS + 10_000), id, f.format)));
    expect(after.map((s) => s.state)).toEqual(["admis", "en_file"]);
    // The second comes back: behind the fourth, at the end of the queue.
    const back = await passQueue(at(RESERVATION_MS + 11_000), ids[1], f.format);
    expect(back.state === "en_file" && back.position).toBe(2);
  });

  it("the draw counts people, not accounts: one person's three accounts draw one ticket, their others go last", async () => {
    const opening = "2027-01-12T09:00:00.000Z";
    const f = await openingFormat(opening, 100, 10);
    // Runners 0–2 are one person (accents and case aside); 3–7 are five others.
    const ids = await runners(8, (k) =>
      k < 3
        ? [k === 1 ? "DUPONT" : "Dupont", k === 2 ? "Elodie" : "Élodie", "1991-07-14"]
        : [`Autre${k}`, "Jean", "1980-01-01"],
    );
    const at = (ms: number) => testContext(fixedClock(new Date(Date.parse(opening) + ms).toISOString()));
    for (const [k, id] of ids.entries()) expect((await passQueue(at(k * 1000), id, f.format)).state).toBe("tirage");
    // At the draw's instant: the first drawn is admitted, the others hold numbered tickets.
    const drawn = await Promise.all(ids.map((id) => passQueue(at(10 * 60_000), id, f.format)));
    const tickets = drawn.map((s) => (s.state === "en_file" ? s.ticket : s.state === "admis" ? 1 : 0));
    expect([...tickets].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The person's two extra accounts hold the last two tickets, whatever the draw; the person draws with the others.
    expect([tickets[1], tickets[2]].sort()).toEqual([7, 8]);
    expect(tickets[0]).toBeLessThanOrEqual(6);
  });
});
