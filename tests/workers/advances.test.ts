// Issue 43: the advance on request (decision 0215), through the Worker and the services, on a real D1: the organiser
// asks on the event's finance page, one pending request per event (parallel asks: one wins), another organiser sees
// nothing; the admin releases it (transfers of a percentage of each payment's net remaining, once even when sent
// twice at once) or refuses it with a reason; both are e-mailed and journalled; the J+1 payout sends only the rest.
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../../app/db/demo-data";
import { depositAmount } from "../../app/domain/money";
import { fixedClock } from "../../app/providers/clock";
import { runDuePayouts } from "../../app/services/payouts.server";
import { loadDemoData } from "./helpers";
import { balanced, ledger, paidOn } from "./money-helpers";
import { ORG2, post, row, rows, sessionCookie } from "./organiser-helpers";
import { ORGANISER_ID, testContext } from "./payments-helpers";

const ADMIN = DEMO_USERS.admin.id;

function get(path: string, cookie: string) {
  return SELF.fetch(`http://localhost${path}`, { headers: { cookie }, redirect: "manual" });
}
const text = async (res: Response) => (await res.text()).replace(/&#x27;/g, "'").replace(/&quot;/g, '"');

/** An event of the demo organiser with two paid registrations (42,00 € and 30,00 €) on a format on `date`. */
async function eventWithPayments(date: string) {
  const a = await paidOn(date, 4200);
  const b = await paidOn(date, 3000, { on: { courseId: a.courseId, formatId: a.formatId } });
  return { courseId: a.courseId, payments: [a.paiementId, b.paiementId] };
}

const pending = (courseId: string) =>
  rows<{ id: string }>("SELECT id FROM demandes_acompte WHERE course_id = ? AND statut = 'en_attente'", courseId);

let owner: string;
let other: string;
let admin: string;
beforeAll(async () => {
  await loadDemoData();
  owner = await sessionCookie(ORGANISER_ID);
  other = await sessionCookie(ORG2.id);
  admin = await sessionCookie(ADMIN);
});

describe("the organiser's finance page and request", () => {
  it("shows the event's books and payments to its owner only, and a request is taken once when sent in parallel", async () => {
    const ev = await eventWithPayments("2027-09-12");
    const page = await text(await get(`/organisateur/finances/${ev.courseId}`, owner));
    expect(page).toContain("Comptes de l'épreuve (2 paiements)");
    expect(page).toContain("Demander un acompte");
    const nets = await Promise.all(ev.payments.map(async (id) => (await ledger(id)).net_remaining_cents));
    const estimate = nets.reduce((s, n) => s + depositAmount(n, 50), 0);
    expect(page).toContain(`Acompte estimé : ${(estimate / 100).toFixed(2).replace(".", ",")}\u00a0€`);

    // Another organiser: not found, on the page and on the form.
    expect((await get(`/organisateur/finances/${ev.courseId}`, other)).status).toBe(404);
    expect((await post(`/organisateur/finances/${ev.courseId}`, { message: "" }, other)).status).toBe(404);
    expect(await pending(ev.courseId)).toHaveLength(0);

    const sent = await Promise.all(
      [1, 2, 3].map(() => post(`/organisateur/finances/${ev.courseId}`, { message: "Pour les ravitos" }, owner)),
    );
    expect(sent.map((r) => r.status).sort()).toEqual([302, 409, 409]);
    expect(await pending(ev.courseId)).toHaveLength(1);
    const again = await text(await get(`/organisateur/finances/${ev.courseId}`, owner));
    expect(again).toContain("Une demande d'acompte est déjà en attente pour cette épreuve.");
    expect(again).toContain("En cours d'examen");
    const journal = await rows<{ action: string; acteur_id: string }>(
      "SELECT action, acteur_id FROM journal_actions WHERE course_id = ? ORDER BY id",
      ev.courseId,
    );
    expect(journal).toEqual([{ action: "acompte.demande", acteur_id: ORGANISER_ID }]);
  });

  it("refuses a message too long next to its field, keeping what was typed, and an event with nothing to advance", async () => {
    const ev = await eventWithPayments("2027-09-13");
    const long = "x".repeat(501);
    const res = await post(`/organisateur/finances/${ev.courseId}`, { message: long }, owner);
    expect(res.status).toBe(400);
    const body = await text(res);
    expect(body).toContain("Le message ne peut pas dépasser 500 caractères.");
    expect(body).toContain(long);
    await env.DB.prepare(
      "UPDATE paiements SET transferred_total_cents = transferred_total_cents + net_remaining_cents, net_remaining_cents = 0 WHERE course_id = ?",
    )
      .bind(ev.courseId)
      .run();
    const none = await post(`/organisateur/finances/${ev.courseId}`, { message: "" }, owner);
    expect(none.status).toBe(409);
    expect(await text(none)).toContain("il n'y a pas d'acompte à demander");
  });
});

describe("the admin's decision", () => {
  it("releases once (two admins at once), e-mails the organiser, journals it, and the J+1 payout sends only the rest", async () => {
    const ev = await eventWithPayments("2027-10-20");
    expect((await post(`/organisateur/finances/${ev.courseId}`, { message: "" }, owner)).status).toBe(302);
    const [{ id }] = await pending(ev.courseId);
    const before = await Promise.all(ev.payments.map(ledger));

    expect(await text(await get("/admin/payouts", admin))).toContain(`/admin/acomptes/${id}`);
    // Not for organisers.
    expect((await get(`/admin/acomptes/${id}`, owner)).status).toBe(403);
    expect((await post(`/admin/acomptes/${id}`, { intent: "verser", pourcentage: "40" }, owner)).status).toBe(403);

    const both = await Promise.all([
      post(`/admin/acomptes/${id}`, { intent: "verser", pourcentage: "40" }, admin),
      post(`/admin/acomptes/${id}`, { intent: "verser", pourcentage: "40" }, admin),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([302, 409]);
    const expected = before.reduce((s, p) => s + depositAmount(p.net_remaining_cents, 40), 0);
    const req = await row<{ statut: string; pourcentage: number; montant_verse_cents: number }>(
      "SELECT statut, pourcentage, montant_verse_cents FROM demandes_acompte WHERE id = ?",
      id,
    );
    expect(req).toEqual({ statut: "versee", pourcentage: 40, montant_verse_cents: expected });
    for (const [i, pid] of ev.payments.entries()) {
      const p = await ledger(pid);
      expect(p.transferred_total_cents).toBe(depositAmount(before[i].net_remaining_cents, 40));
      balanced(p);
    }
    const mails = await rows<{ subject: string; to_email: string }>(
      "SELECT subject, to_email FROM mail_outbox WHERE kind = 'advance_decision' AND subject LIKE ?",
      "Acompte versé%Course argent%",
    );
    expect(mails.some((m) => m.to_email === "organisateur@balise.test")).toBe(true);
    const done = await text(await get(`/admin/acomptes/${id}`, admin));
    expect(done).not.toContain("Verser l'acompte</button>");
    expect(await text(await get(`/organisateur/finances/${ev.courseId}`, owner))).toContain("40\u00a0% du net restant");

    // J+1: the rest, and nothing more.
    await runDuePayouts(testContext(fixedClock("2027-10-21T06:00:00.000Z")));
    for (const [i, pid] of ev.payments.entries()) {
      const p = await ledger(pid);
      expect(p.net_remaining_cents).toBe(0);
      expect(p.transferred_total_cents).toBe(before[i].net_remaining_cents);
      balanced(p);
    }
    const sent = await row<{ n: number }>(
      "SELECT sum(t.amount_cents) AS n FROM transferts t JOIN paiements p ON p.id = t.paiement_id WHERE p.course_id = ? AND t.status = 'paid'",
      ev.courseId,
    );
    expect(sent!.n).toBe(before.reduce((s, p) => s + p.net_remaining_cents, 0));
    const journal = await rows<{ action: string }>(
      "SELECT action FROM journal_actions WHERE course_id = ? ORDER BY id",
      ev.courseId,
    );
    expect(journal.map((j) => j.action)).toEqual(["acompte.demande", "acompte.verse"]);
  });

  it("refuses with a reason (required, next to its field), e-mails it, and a new request can then be made", async () => {
    const ev = await eventWithPayments("2027-10-22");
    await post(`/organisateur/finances/${ev.courseId}`, { message: "" }, owner);
    const [{ id }] = await pending(ev.courseId);
    const bad = await post(`/admin/acomptes/${id}`, { intent: "refuser", motif: " " }, admin);
    expect(bad.status).toBe(400);
    expect(await text(bad)).toContain("Indiquez le motif du refus");
    const ok = await post(`/admin/acomptes/${id}`, { intent: "refuser", motif: "Épreuve trop lointaine" }, admin);
    expect(ok.status).toBe(302);
    expect(await pending(ev.courseId)).toHaveLength(0);
    for (const pid of ev.payments) expect((await ledger(pid)).transferred_total_cents).toBe(0);
    const mail = await row<{ text: string }>(
      "SELECT text FROM mail_outbox WHERE kind = 'advance_decision' AND subject LIKE '%refusée%' AND text LIKE ?",
      `%${(await row<{ nom: string }>("SELECT nom FROM courses WHERE id = ?", ev.courseId))!.nom} a été refusée%`,
    );
    expect(mail?.text).toContain("Motif\u00a0: Épreuve trop lointaine");
    const page = await text(await get(`/organisateur/finances/${ev.courseId}`, owner));
    expect(page).toContain("Motif\u00a0: Épreuve trop lointaine");
    expect(page).toContain("Demander un acompte");
    // Deciding again: already decided.
    const twice = await post(`/admin/acomptes/${id}`, { intent: "verser", pourcentage: "50" }, admin);
    expect(twice.status).toBe(409);
    expect(await text(twice)).toContain("Cette demande d'acompte a déjà été traitée.");
  });
});
