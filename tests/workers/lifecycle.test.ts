// Issue 17: one owner for every status change, recorded, and money that always follows. Each scenario of the
// issue reproduced through the services and the Worker, on a real D1 with the local payment provider.
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../../app/db/demo-data";
import { listRegistrants } from "../../app/db/registrants.server";
import { parseRegistration, RegistrationError, type RegistrationValues } from "../../app/domain/registration";
import { holdsPlace, placesTaken } from "../../app/domain/registration-rules";
import { isLocalPaymentProvider } from "../../app/providers/payments-local.server";
import { cancelInscription } from "../../app/services/cancel.server";
import { loadEventFacts } from "../../app/services/event-facts.server";
import { deleteCourse, setPublished } from "../../app/services/courses.server";
import { listOrganiserCourses } from "../../app/services/organiser-courses.server";
import { loadHistory } from "../../app/services/registration-changes.server";
import { transferToOrganiser } from "../../app/services/payouts.server";
import { startRegistration } from "../../app/services/register.server";
import { loadRegistrationPage } from "../../app/services/registration-page.server";
import { asPerson, loadDemoData, registrationValues } from "./helpers";
import { sessionCookie } from "./organiser-helpers";
import { enableOrganiserAccount, ORGANISER_ID, testContext, type LedgerRow } from "./payments-helpers";

let n = 0;
async function freshFormat(
  opts: { cap?: number | null; prix?: number; stock?: number; prixRepas?: number; date?: string } = {},
) {
  n += 1;
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, ?, 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, `Cycle ${n}`, ORGANISER_ID, `cycle-${n}-${courseId.slice(0, 8)}`),
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, stock_repas, prix_repas_cents, nb_max_coureurs) VALUES (?, ?, ?, ?, '08:30', ?, ?, ?, ?)",
    ).bind(
      formatId,
      courseId,
      `Format cycle ${n}`,
      opts.date ?? "2027-09-12",
      opts.prix ?? 3000,
      opts.stock ?? 0,
      opts.prixRepas ?? 0,
      opts.cap ?? null,
    ),
  ]);
  return { courseId, formatId };
}

async function runners(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await env.DB.batch(
    ids.map((id) =>
      env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')").bind(id, `c-${id}@balise.test`),
    ),
  );
  return ids;
}

const values = registrationValues;

async function input(courseId: string, formatId: string, over: Partial<RegistrationValues> = {}) {
  const page = await loadRegistrationPage(testContext(), courseId);
  const parsed = parseRegistration(values(formatId, over), page!.formats, new Date().toISOString().slice(0, 10));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

const sessionOf = (url: string) => url.split("/").pop()!;
const row = async (id: string) =>
  (await env.DB.prepare("SELECT * FROM inscriptions WHERE id = ?").bind(id).first<Record<string, unknown>>())!;
const paiement = async (id: string) =>
  env.DB.prepare("SELECT * FROM paiements WHERE inscription_id = ?")
    .bind(id)
    .first<LedgerRow & { charge_id: string }>();
const count = async (q: string, ...b: unknown[]) =>
  Number(
    (await env.DB.prepare(q)
      .bind(...b)
      .first<{ n: number }>())!.n,
  );

/** A runner registers and pays through the delivering local provider (as a real checkout would). */
async function registerAndPay(courseId: string, formatId: string, over: Partial<RegistrationValues> = {}) {
  const [runner] = await runners(1);
  const context = testContext();
  const started = await startRegistration(context, runner, courseId, await input(courseId, formatId, over));
  if (!isLocalPaymentProvider(context.payments)) throw new Error("local provider expected");
  await context.payments.paySession(sessionOf(started.url));
  return { runner, inscriptionId: started.inscriptionId, sessionId: sessionOf(started.url) };
}

function balanced(p: LedgerRow) {
  expect(p.amount_total_cents).toBe(
    p.refunded_cents + p.fee_total_cents + p.platform_fee_cents + p.transferred_total_cents + p.net_remaining_cents,
  );
}

beforeAll(async () => {
  await loadDemoData();
  await enableOrganiserAccount(testContext());
});

describe("the database keeps the rules", () => {
  it("refuses an unknown status and a status change made outside the lifecycle", async () => {
    const { courseId, formatId } = await freshFormat();
    const { inscriptionId } = await registerAndPay(courseId, formatId);
    await expect(
      env.DB.prepare("UPDATE inscriptions SET statut = 'annulee' WHERE id = ?").bind(inscriptionId).run(),
    ).rejects.toThrow(/cycle de vie/);
    await expect(
      env.DB.prepare("UPDATE inscriptions SET statut = 'bogus', transition_seq = transition_seq + 1 WHERE id = ?")
        .bind(inscriptionId)
        .run(),
    ).rejects.toThrow(/statut inconnu/);
    await expect(
      env.DB.prepare(
        "INSERT INTO inscriptions (id, course_id, format_id, statut, paiement_trace_id) VALUES (?, ?, ?, 'payée', ?)",
      )
        .bind(crypto.randomUUID(), courseId, formatId, crypto.randomUUID())
        .run(),
    ).rejects.toThrow(/statut inconnu/);
    expect((await row(inscriptionId)).statut).toBe("validee");
  });

  it("appends every change to the history, which refuses updates and deletes", async () => {
    const { courseId, formatId } = await freshFormat({ date: "2027-12-20" });
    const { inscriptionId, runner } = await registerAndPay(courseId, formatId);
    await cancelInscription(testContext(), { inscriptionId, actor: { role: "coureur", userId: runner } });
    const history = await loadHistory(testContext(), inscriptionId);
    expect(history.map((h) => [h.event, h.from_statut, h.to_statut, h.actor])).toEqual([
      ["created", null, "en_attente", "runner"],
      ["paid", "en_attente", "validee", "payment"],
      ["runner_cancelled", "validee", "remboursee_partiellement", "runner"],
    ]);
    expect(history[1].amount_cents).toBe(3000);
    expect(history[2].amount_cents).toBe((await paiement(inscriptionId))!.refunded_cents);
    await expect(
      env.DB.prepare("UPDATE inscriptions_historique SET event = 'x' WHERE inscription_id = ?")
        .bind(inscriptionId)
        .run(),
    ).rejects.toThrow(/ajout seulement/);
    await expect(
      env.DB.prepare("DELETE FROM inscriptions_historique WHERE inscription_id = ?").bind(inscriptionId).run(),
    ).rejects.toThrow(/ajout seulement/);
  });
});

describe("an organiser's status choice never skips the money", () => {
  const cell = (formatId: string, cookie: string, id: string, value: string) =>
    SELF.fetch(`http://localhost/organisateur/inscriptions/${formatId}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "cell", id, field: "statut", value }),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://localhost",
        host: "localhost",
        cookie,
      },
      redirect: "manual",
    });

  it("a paid registration cannot be set to 'annulé' by hand: the runner can still cancel and is refunded", async () => {
    const { courseId, formatId } = await freshFormat({ date: "2027-12-20" });
    const { inscriptionId, runner } = await registerAndPay(courseId, formatId);
    const owner = await sessionCookie(ORGANISER_ID);
    const res = await cell(formatId, owner, inscriptionId, "annulee");
    expect(res.status).toBe(400);
    expect((await res.text()).replace(/&#x27;/g, "'")).toContain(
      "Cette inscription est payée : pour l'arrêter, annulez-la",
    );
    expect((await row(inscriptionId)).statut).toBe("validee");
    const out = await cancelInscription(testContext(), { inscriptionId, actor: { role: "coureur", userId: runner } });
    expect(out.refundCents).toBeGreaterThan(0);
    expect((await row(inscriptionId)).statut).toBe("remboursee_partiellement");
  });

  it("a refunded registration cannot become 'validé' again (and no second refund is offered)", async () => {
    const { courseId, formatId } = await freshFormat({ date: "2027-12-21" });
    const { inscriptionId, runner } = await registerAndPay(courseId, formatId);
    await cancelInscription(testContext(), { inscriptionId, actor: { role: "coureur", userId: runner } });
    const owner = await sessionCookie(ORGANISER_ID);
    for (const to of ["validee", "en_attente", "annulee"])
      expect((await cell(formatId, owner, inscriptionId, to)).status).toBe(400);
    expect((await row(inscriptionId)).statut).toBe("remboursee_partiellement");
    await expect(
      cancelInscription(testContext(), { inscriptionId, actor: { role: "coureur", userId: runner } }),
    ).resolves.toMatchObject({ state: "deja_annulee" });
    expect((await paiement(inscriptionId))!.refunded_cents).toBe(
      (await env.DB.prepare("SELECT refund_cents AS n FROM annulations WHERE inscription_id = ?")
        .bind(inscriptionId)
        .first<{ n: number }>())!.n,
    );
  });

  it("an unpaid registration added by hand may change status, and is recorded", async () => {
    const { formatId } = await freshFormat({ cap: 1 });
    const owner = await sessionCookie(ORGANISER_ID);
    const add = await SELF.fetch(`http://localhost/organisateur/inscriptions/${formatId}/ajouter`, {
      method: "POST",
      body: new URLSearchParams({ nom: "Main", prenom: "Lou", statut: "validee" }),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://localhost",
        host: "localhost",
        cookie: owner,
      },
      redirect: "manual",
    });
    expect(add.status).toBe(302);
    const id = (await env.DB.prepare("SELECT id FROM inscriptions WHERE format_id = ? AND nom = 'Main'")
      .bind(formatId)
      .first<{ id: string }>())!.id;
    expect((await cell(formatId, owner, id, "annulee")).status).toBe(200);
    expect((await cell(formatId, owner, id, "validee")).status).toBe(200);
    const history = await loadHistory(testContext(), id);
    expect(history.map((h) => [h.event, h.to_statut, h.actor])).toEqual([
      ["added_by_hand", "validee", "organiser"],
      ["status_set", "annulee", "organiser"],
      ["status_set", "validee", "organiser"],
    ]);
  });
});

describe("the organiser cancels a paid registration", () => {
  it("with a full refund after a deposit: the runner gets everything back, the organiser's share is reversed, the books balance", async () => {
    const { courseId, formatId } = await freshFormat({ date: "2027-03-01", prix: 4200 });
    const { inscriptionId } = await registerAndPay(courseId, formatId);
    const p0 = (await paiement(inscriptionId))!;
    await transferToOrganiser(testContext(), {
      paiementId: p0.id,
      amountCents: 1500,
      kind: "acompte",
      createdBy: "admin",
    });
    const out = await cancelInscription(testContext(), {
      inscriptionId,
      actor: { role: "organisateur", userId: ORGANISER_ID },
      reason: "Épreuve annulée par la préfecture",
    });
    expect(out.refundCents).toBe(4200);
    const p = (await paiement(inscriptionId))!;
    expect(p.refunded_cents).toBe(4200);
    expect(p.transferred_total_cents).toBe(0);
    // The platform keeps its commission and the provider its fee: the organiser owes both (decision 0184).
    expect(p.platform_fee_cents).toBe(210);
    expect(p.net_remaining_cents).toBe(-(p.fee_total_cents + 210));
    balanced(p);
    expect(await row(inscriptionId)).toMatchObject({
      statut: "remboursee_totalement",
      cancel_reason: "organiser_cancelled",
    });
    expect(
      await count("SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key = ?", `annulation:${inscriptionId}`),
    ).toBe(1);
  });

  it("from the details page without JavaScript: a full refund with the reason e-mailed; another organiser gets 404", async () => {
    const { courseId, formatId } = await freshFormat({ date: "2027-12-24" });
    const { inscriptionId } = await registerAndPay(courseId, formatId);
    const post = (cookie: string, fields: Record<string, string>) =>
      SELF.fetch(`http://localhost/details-coureur/${inscriptionId}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "annuler", ...fields }),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "http://localhost",
          host: "localhost",
          cookie,
        },
        redirect: "manual",
      });
    const reason = "Course annulée : arrêté préfectoral";
    const other = await sessionCookie(DEMO_USERS.organisateur2.id);
    expect((await post(other, { reason, confirm: "on" })).status).toBe(404);
    const owner = await sessionCookie(ORGANISER_ID);
    const page = await (
      await SELF.fetch(`http://localhost/details-coureur/${inscriptionId}`, { headers: { cookie: owner } })
    ).text();
    expect(page).toContain("Annuler l&#x27;inscription");
    expect(page).toContain("remboursé intégralement");
    expect(page).not.toContain("barème");
    // No reason, no confirmation: both said beside their field, what was typed kept.
    const missing = await post(owner, { reason: "x" });
    expect(missing.status).toBe(400);
    const text = await missing.text();
    expect(text).toContain("Indiquez le motif de l&#x27;annulation (5 caractères au moins)");
    expect(text).toContain("Cochez la case pour confirmer l&#x27;annulation et le remboursement intégral.");
    // An old form asking for the scale is a full refund all the same: the scale is the runner's own choice.
    const done = await post(owner, { reason, confirm: "on", refund: "bareme" });
    expect(done.status).toBe(302);
    const p = (await paiement(inscriptionId))!;
    expect(p.refunded_cents).toBe(3000);
    balanced(p);
    const after = await (
      await SELF.fetch(`http://localhost/details-coureur/${inscriptionId}`, { headers: { cookie: owner } })
    ).text();
    expect(after).toContain("Annulée par l&#x27;organisateur");
    const mail = await env.DB.prepare("SELECT text FROM mail_outbox WHERE dedupe_key = ?")
      .bind(`annulation:${inscriptionId}`)
      .first<{ text: string }>();
    expect(mail?.text).toContain(`Motif donné par l'organisateur : ${reason}`);
    expect(mail?.text).toContain("Remboursement intégral : 30,00");
  });
});

describe("money that always follows", () => {
  it("a re-submit with more meals while the first checkout is being paid never validates meals nobody paid for", async () => {
    for (let k = 0; k < 6; k++) {
      const { courseId, formatId } = await freshFormat({ stock: 20, prixRepas: 1200, date: "2027-10-10" });
      const [runner] = await runners(1);
      const context = testContext();
      const started = await startRegistration(context, runner, courseId, await input(courseId, formatId));
      const sessionId = sessionOf(started.url);
      if (!isLocalPaymentProvider(context.payments)) throw new Error("local provider expected");
      const pay = context.payments.paySession(sessionId).catch(() => null);
      const resubmit = startRegistration(
        testContext(),
        runner,
        courseId,
        await input(courseId, formatId, { nombre_repas: "2" }),
      ).catch((e) => e);
      // Alternate which one starts first.
      await (k % 2 ? Promise.all([resubmit, pay]) : Promise.all([pay, resubmit]));
      const r = await row(started.inscriptionId);
      const p = await paiement(started.inscriptionId);
      if (r.statut === "validee") {
        expect(p).not.toBeNull();
        expect(p!.amount_total_cents).toBe(r.prix_total_coureur_cents);
        expect(p!.refunded_cents).toBe(0);
      }
      if (p) balanced(p);
      if (p && p.amount_total_cents !== r.prix_total_coureur_cents) expect(p.refunded_cents).toBe(p.amount_total_cents);
    }
  });

  it("a payment whose amount is not the registration's total is refunded in full, with an e-mail", async () => {
    const { courseId, formatId } = await freshFormat({ stock: 10, prixRepas: 1500 });
    const [runner] = await runners(1);
    const context = testContext();
    const started = await startRegistration(context, runner, courseId, await input(courseId, formatId));
    // The content changed without the checkout being ended (what the freeze prevents; the check at payment catches it).
    await env.DB.prepare(
      "UPDATE inscriptions SET nombre_repas = 2, prix_total_repas_cents = 3000, prix_total_coureur_cents = 6000 WHERE id = ?",
    )
      .bind(started.inscriptionId)
      .run();
    if (!isLocalPaymentProvider(context.payments)) throw new Error("local provider expected");
    await context.payments.paySession(sessionOf(started.url));
    expect(await row(started.inscriptionId)).toMatchObject({
      statut: "remboursee_totalement",
      cancel_reason: "amount_mismatch",
    });
    const p = (await paiement(started.inscriptionId))!;
    expect(p.refunded_cents).toBe(3000);
    balanced(p);
    expect(
      await count(
        "SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key = ?",
        `refused-payment:${started.inscriptionId}`,
      ),
    ).toBe(1);
  });

  it("taking an event offline ends its open checkouts first; a payment that still arrives is refunded in full", async () => {
    const { courseId, formatId } = await freshFormat({ cap: 5 });
    const [a, b] = await runners(2);
    const context = testContext();
    const first = await startRegistration(context, a, courseId, await input(courseId, formatId));
    await setPublished(context, { id: ORGANISER_ID }, courseId, false);
    if (!isLocalPaymentProvider(context.payments)) throw new Error("local provider expected");
    expect((await context.payments.getSession(sessionOf(first.url)))!.status).toBe("expired");
    expect(await row(first.inscriptionId)).toMatchObject({ statut: "annulee", cancel_reason: "hold_expired" });
    // A checkout that slipped through (opened just before the event went offline) and is paid afterwards.
    await setPublished(context, { id: ORGANISER_ID }, courseId, true);
    const second = await startRegistration(context, b, courseId, await input(courseId, formatId));
    await env.DB.prepare("UPDATE courses SET en_ligne = 0 WHERE id = ?").bind(courseId).run();
    await context.payments.paySession(sessionOf(second.url));
    expect(await row(second.inscriptionId)).toMatchObject({
      statut: "remboursee_totalement",
      cancel_reason: "event_unavailable",
    });
    const p = (await paiement(second.inscriptionId))!;
    expect(p.refunded_cents).toBe(p.amount_total_cents);
    balanced(p);
    expect(
      await count(
        "SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key = ?",
        `refused-payment:${second.inscriptionId}`,
      ),
    ).toBe(1);
  });

  it("deleting an event ends its open checkouts at the provider first; one paid meanwhile makes it undeletable", async () => {
    const { courseId, formatId } = await freshFormat();
    const [a] = await runners(1);
    const context = testContext();
    const held = await startRegistration(context, a, courseId, await input(courseId, formatId));
    await deleteCourse(context, { id: ORGANISER_ID }, courseId);
    if (!isLocalPaymentProvider(context.payments)) throw new Error("local provider expected");
    expect((await context.payments.getSession(sessionOf(held.url)))!.status).toBe("expired");
    expect(await count("SELECT count(*) AS n FROM courses WHERE id = ?", courseId)).toBe(0);
    // Paid before the deletion: the event stays.
    const other = await freshFormat();
    const paid = await registerAndPay(other.courseId, other.formatId);
    await expect(deleteCourse(context, { id: ORGANISER_ID }, other.courseId)).rejects.toMatchObject({
      code: "has_paid_registrations",
    });
    expect((await row(paid.inscriptionId)).statut).toBe("validee");
  });
});

describe("meals are a limited resource", () => {
  it("50 concurrent buyers of the last 3 meals get exactly 3", async () => {
    const { courseId, formatId } = await freshFormat({ stock: 3, prixRepas: 900 });
    const people = await runners(50);
    const data = await input(courseId, formatId, { nombre_repas: "1" });
    const results = await Promise.all(
      people.map((r) =>
        startRegistration(testContext(), r, courseId, asPerson(data, r)).then(
          () => "ok",
          (e) => e,
        ),
      ),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(3);
    const refused = results.filter((r) => r !== "ok");
    expect(refused.every((e) => e instanceof RegistrationError && e.code === "repas_epuises")).toBe(true);
    expect((refused[0] as RegistrationError).message).toBe("Il n'y a plus de repas disponibles pour ce format.");
    expect(
      await count(
        "SELECT coalesce(sum(nombre_repas), 0) AS n FROM inscriptions WHERE format_id = ? AND statut = 'en_attente'",
        formatId,
      ),
    ).toBe(3);
    const page = await loadRegistrationPage(testContext(), courseId);
    expect(page!.formats[0].meals_taken).toBe(3);
  });

  it("meals come back with the place (an abandoned hold), and a runner without meals still registers", async () => {
    const { courseId, formatId } = await freshFormat({ stock: 1, prixRepas: 900 });
    const [a, b, c] = await runners(3);
    const first = await startRegistration(
      testContext(),
      a,
      courseId,
      await input(courseId, formatId, { nombre_repas: "1" }),
    );
    await expect(
      startRegistration(
        testContext(),
        b,
        courseId,
        asPerson(await input(courseId, formatId, { nombre_repas: "1" }), b),
      ),
    ).rejects.toMatchObject({ code: "repas_epuises" });
    await startRegistration(testContext(), c, courseId, asPerson(await input(courseId, formatId), c));
    const { abandonRegistration } = await import("../../app/services/register.server");
    expect(await abandonRegistration(testContext(), a, first.inscriptionId)).toBe(true);
    await startRegistration(
      testContext(),
      b,
      courseId,
      asPerson(await input(courseId, formatId, { nombre_repas: "1" }), b),
    );
  });
});

describe("places and meals: one definition everywhere", () => {
  it("the registration page, the organiser's space, the registrants page, the assistant and the catalogue agree", async () => {
    const { courseId, formatId } = await freshFormat({ cap: 20, stock: 50, prixRepas: 800 });
    const now = new Date();
    const future = new Date(now.getTime() + 20 * 60_000).toISOString();
    const past = new Date(now.getTime() - 60_000).toISOString();
    const rows: [string, string | null, number][] = [
      ["validee", null, 2],
      ["validee", null, 1],
      ["en_attente", future, 3],
      ["en_attente", past, 4], // expired hold: no place, no meals
      ["en_attente", null, 1], // added by hand, pending: holds
      ["annulee", null, 5],
      ["refusee", null, 6],
      ["remboursee_totalement", null, 7],
    ];
    await env.DB.batch(
      rows.map(([statut, hold, meals], k) =>
        env.DB.prepare(
          "INSERT INTO inscriptions (id, course_id, format_id, statut, paiement_trace_id, nom, nombre_repas, hold_expires_at) VALUES (?, ?, ?, ?, ?, 'Def', ?, ?)",
        ).bind(`${formatId}-${k}`, courseId, formatId, statut, `t-${formatId}-${k}`, meals, hold),
      ),
    );
    const expectedPlaces = placesTaken(
      rows.map(([statut, hold]) => ({ statut, hold_expires_at: hold })),
      now,
    );
    const expectedMeals = rows
      .filter(([statut, hold]) => holdsPlace({ statut, hold_expires_at: hold }, now))
      .reduce((s, [, , m]) => s + m, 0);
    expect([expectedPlaces, expectedMeals]).toEqual([4, 7]);

    const context = testContext();
    const page = (await loadRegistrationPage(context, courseId))!.formats[0];
    const space = (await listOrganiserCourses(context.db, ORGANISER_ID, now)).find((c) => c.id === courseId)!
      .formats[0];
    const registrants = await listRegistrants(context.db, formatId, { q: "", statut: null, page: 1 }, now);
    const facts = (await loadEventFacts(context.db, courseId, now))!;
    const event = await (await SELF.fetch(`http://localhost/courses/${courseId}?onglet=formats`)).text();

    expect([page.taken, page.meals_taken]).toEqual([expectedPlaces, expectedMeals]);
    expect([space.inscrits, space.repas]).toEqual([expectedPlaces, expectedMeals]);
    expect([registrants.taken, registrants.mealsReserved]).toEqual([expectedPlaces, expectedMeals]);
    expect(facts.formats[0].places_restantes).toBe(20 - expectedPlaces);
    expect(event).toMatch(new RegExp(`${expectedPlaces}\\s*/\\s*20`));
  });
});
