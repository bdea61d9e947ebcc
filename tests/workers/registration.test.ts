// Registration on a real D1: the atomic place hold (no oversell under concurrency), the duplicate submit,
// abandon and retry, the late payment refund, and one confirmation e-mail whatever the webhook replays.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { parseRegistration, RegistrationError, type RegistrationValues } from "~/domain/registration";
import { handlePaymentWebhook } from "~/services/payments-webhook.server";
import { recordPaidSession } from "~/services/payments.server";
import { REFUND_RESUME_MINUTES } from "~/services/refunds.server";
import { createCheckoutForInscription } from "~/services/checkout.server";
import { PaymentProviderError } from "~/providers/payments";
import { fixedClock } from "~/providers/clock";
import { collectedPayment } from "~/db/payments.server";
import { applyTransition } from "~/services/registration-changes.server";
import { cancelInscription } from "~/services/cancel.server";
import { verifyCheckoutSession } from "~/services/payment-received.server";
import {
  abandonRegistration,
  getRunnerRegistration,
  listRunnerRegistrations,
  readConfirmation,
  retryPayment,
  startRegistration,
} from "~/services/register.server";
import { loadRegistrationPage } from "~/services/registration-page.server";
import { holdPlace } from "~/services/place-hold.server";
import { signWebhookPayload } from "~/providers/payments-local.server";
import { asPerson, loadDemoData, registrationValues } from "./helpers";
import { getLoadContext } from "../../load-context";
import { countingD1, type QueryStats } from "~/utils/query-count.server";
import {
  enableOrganiserAccount,
  eventPayload,
  LOCAL_SECRET,
  ORGANISER_ID,
  silentLocalProvider,
  testContext,
} from "./payments-helpers";

let n = 0;
/** A fresh online event of the demo organiser with one format. */
async function freshFormat(opts: { cap: number | null; prix?: number; stock?: number; prixRepas?: number }) {
  n += 1;
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, ?, 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, `Course test ${n}`, ORGANISER_ID, `course-test-${n}-${courseId.slice(0, 8)}`),
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, distance_km, denivele_dplus, prix_cents, stock_repas, prix_repas_cents, nb_max_coureurs) VALUES (?, ?, ?, '2027-06-12', '08:30', 21, 1100, ?, ?, ?, ?)",
    ).bind(formatId, courseId, `Format test ${n}`, opts.prix ?? 2500, opts.stock ?? 0, opts.prixRepas ?? 0, opts.cap),
  ]);
  return { courseId, formatId };
}

/** Runners with accounts (registrations reference users). */
async function runners(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await env.DB.batch(
    ids.map((id) =>
      env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')").bind(id, `r-${id}@balise.test`),
    ),
  );
  return ids;
}

const formValues = registrationValues;

async function input(courseId: string, formatId: string, over: Partial<RegistrationValues> = {}) {
  const page = await loadRegistrationPage(testContext(), courseId);
  const parsed = parseRegistration(formValues(formatId, over), page!.formats, "2026-11-21");
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

async function holding(formatId: string): Promise<number> {
  const now = new Date().toISOString();
  const r = await env.DB.prepare(
    "SELECT count(*) AS n FROM inscriptions WHERE format_id = ? AND (statut = 'validee' OR (statut = 'en_attente' AND hold_expires_at > ?))",
  )
    .bind(formatId, now)
    .first<{ n: number }>();
  return r!.n;
}

async function row(id: string) {
  return (await env.DB.prepare("SELECT * FROM inscriptions WHERE id = ?").bind(id).first<Record<string, unknown>>())!;
}

async function count(q: string, ...binds: unknown[]): Promise<number> {
  return (await env.DB.prepare(q)
    .bind(...binds)
    .first<{ n: number }>())!.n;
}

async function deliver(type: string, sessionId: string) {
  const payload = eventPayload(type, { id: sessionId, object: "checkout.session" });
  const t = Math.floor(Date.now() / 1000);
  return handlePaymentWebhook(testContext(), payload, await signWebhookPayload(payload, LOCAL_SECRET, t));
}

const sessionOf = (url: string) => url.split("/").pop()!;

describe("the place hold", () => {
  beforeAll(async () => {
    await loadDemoData();
    await enableOrganiserAccount(testContext());
  });

  it("two runners submitting for the last place at the same time: exactly one gets it", async () => {
    const { courseId, formatId } = await freshFormat({ cap: 1 });
    const [a, b] = await runners(2);
    const data = await input(courseId, formatId);
    const results = await Promise.allSettled([
      startRegistration(testContext(), a, courseId, asPerson(data, a)),
      startRegistration(testContext(), b, courseId, asPerson(data, b)),
    ]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toBeInstanceOf(RegistrationError);
    // The winner's place is held by a checkout not paid yet: not 'complet' (it may come back), issue 42.
    expect((lost[0].reason as RegistrationError).code).toBe("format_en_paiement");
    expect((lost[0].reason as RegistrationError).message).toBe(
      `Toutes les places du format Format test ${n} sont prises, dont certaines par des paiements en cours : si l'un d'eux n'aboutit pas, la place revient en vente. Réessayez dans quelques minutes.`,
    );
    expect(await holding(formatId)).toBe(1);
  });

  it("40 runners at once on 5 places: 5 holds, 35 refused (the places being paid), never more", async () => {
    const { courseId, formatId } = await freshFormat({ cap: 5 });
    const ids = await runners(40);
    const data = await input(courseId, formatId);
    const results = await Promise.allSettled(
      ids.map((id) => holdPlace(testContext(), id, courseId, asPerson(data, id))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const reasons = results
      .filter((r): r is PromiseRejectedResult => r.status === "rejected")
      .map((r) => (r.reason as RegistrationError).code);
    expect(reasons).toEqual(Array(35).fill("format_en_paiement"));
    expect(await holding(formatId)).toBe(5);
    expect(
      await count("SELECT count(DISTINCT paiement_trace_id) AS n FROM inscriptions WHERE format_id = ?", formatId),
    ).toBe(5);
  });

  it("a format without a cap always takes the registration", async () => {
    const { courseId, formatId } = await freshFormat({ cap: null });
    const ids = await runners(12);
    const data = await input(courseId, formatId);
    const results = await Promise.all(ids.map((id) => holdPlace(testContext(), id, courseId, asPerson(data, id))));
    expect(new Set(results.map((r) => r.inscriptionId)).size).toBe(12);
  });

  it("the same runner submitting twice reuses the pending registration and its checkout", async () => {
    const { courseId, formatId } = await freshFormat({ cap: 2, stock: 10, prixRepas: 1200 });
    const [a] = await runners(1);
    const data = await input(courseId, formatId);
    // Twice in a row (a double click without JavaScript): the same registration and the same checkout.
    const first = await startRegistration(testContext(), a, courseId, data);
    const second = await startRegistration(testContext(), a, courseId, data);
    expect(first.reused).toBe(false);
    expect(second).toMatchObject({ inscriptionId: first.inscriptionId, reused: true, url: first.url });
    // Twice at the same time: still one registration, one place.
    const both = await Promise.all([
      startRegistration(testContext(), a, courseId, data),
      startRegistration(testContext(), a, courseId, data),
    ]);
    expect(both.map((x) => x.inscriptionId)).toEqual([first.inscriptionId, first.inscriptionId]);
    expect(await count("SELECT count(*) AS n FROM inscriptions WHERE format_id = ?", formatId)).toBe(1);
    expect(await holding(formatId)).toBe(1);
    const r = await row(first.inscriptionId);
    expect(r.statut).toBe("en_attente");
    expect(r.paiement_trace_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.url).toBe(`/dev/checkout/${r.checkout_session_id}`);

    // With two meals now: same registration, new amount, a new checkout session; the old one is ended.
    const withMeals = await startRegistration(
      testContext(),
      a,
      courseId,
      await input(courseId, formatId, { nombre_repas: "2" }),
    );
    expect(withMeals.inscriptionId).toBe(first.inscriptionId);
    expect(withMeals.url).not.toBe(first.url);
    expect(await row(first.inscriptionId)).toMatchObject({
      statut: "en_attente",
      nombre_repas: 2,
      prix_total_repas_cents: 2400,
      prix_total_coureur_cents: 4900,
    });
    const old = await silentLocalProvider(testContext()).getSession(sessionOf(first.url));
    expect(old!.status).toBe("expired");
    expect(await holding(formatId)).toBe(1);
  });

  it("a closed payment account: no registration is kept, the page says registrations are not open", async () => {
    const { courseId, formatId } = await freshFormat({ cap: 3 });
    const [a] = await runners(1);
    await env.DB.prepare("UPDATE profils_utilisateurs SET stripe_charges_enabled = 0 WHERE user_id = ?")
      .bind(ORGANISER_ID)
      .run();
    try {
      expect((await loadRegistrationPage(testContext(), courseId))!.course.paymentsOpen).toBe(false);
      await expect(
        startRegistration(testContext(), a, courseId, await input(courseId, formatId)),
      ).rejects.toMatchObject({ code: "inscriptions_fermees" });
      expect(await holding(formatId)).toBe(0);
    } finally {
      await env.DB.prepare("UPDATE profils_utilisateurs SET stripe_charges_enabled = 1 WHERE user_id = ?")
        .bind(ORGANISER_ID)
        .run();
    }
  });

  it("abandon frees the place at once; retry takes it again only if still free", async () => {
    const { courseId, formatId } = await freshFormat({ cap: 1 });
    const [a, b] = await runners(2);
    const data = await input(courseId, formatId);
    const first = await startRegistration(testContext(), a, courseId, data);
    // Someone else cannot abandon or retry it.
    expect(await abandonRegistration(testContext(), b, first.inscriptionId)).toBe(false);
    await expect(retryPayment(testContext(), b, first.inscriptionId)).rejects.toMatchObject({
      code: "relance_impossible",
    });
    // Retry while held: the same open checkout.
    expect(await retryPayment(testContext(), a, first.inscriptionId)).toBe(first.url);
    expect(await abandonRegistration(testContext(), a, first.inscriptionId)).toBe(true);
    expect(await holding(formatId)).toBe(0);
    // Retry after release, place free: a new checkout for the same registration.
    const again = await retryPayment(testContext(), a, first.inscriptionId);
    expect(again).not.toBe(first.url);
    expect((await row(first.inscriptionId)).statut).toBe("en_attente");
    expect(await holding(formatId)).toBe(1);
    // Released again, and b takes the place: a's retry is refused (b's place is being paid).
    await abandonRegistration(testContext(), a, first.inscriptionId);
    await startRegistration(testContext(), b, courseId, asPerson(data, b));
    await expect(retryPayment(testContext(), a, first.inscriptionId)).rejects.toMatchObject({
      code: "format_en_paiement",
    });
    expect(await holding(formatId)).toBe(1);
  });

  it("a registration's submit costs 3 D1 round trips: the page's data, the hold with what its checkout needs, the session recorded", async () => {
    const { courseId, formatId } = await freshFormat({ cap: 10 });
    const [a] = await runners(1);
    const data = await input(courseId, formatId);
    const stats: QueryStats = { statements: 0, roundTrips: 0, sqlMs: 0 };
    const context = getLoadContext({
      request: new Request("http://localhost/"),
      env: env as unknown as Env,
      ctx: { waitUntil: () => {} },
      nonce: "test",
      wrapD1: (d1) => countingD1(d1, stats),
    });
    // The local provider keeps its objects in D1; in production that is the provider's HTTP API: not counted.
    context.payments = silentLocalProvider(testContext());
    const page = await loadRegistrationPage(context, courseId);
    expect(page?.formats.map((f) => f.id)).toEqual([formatId]);
    expect(stats.roundTrips).toBe(1);
    const started = await startRegistration(context, a, courseId, data);
    expect(started.reused).toBe(false);
    expect(stats.roundTrips).toBe(3);
    // The same through the slug, and an unknown event: still one round trip, nothing found.
    expect(await loadRegistrationPage(context, "epreuve-qui-n-existe-pas")).toBeNull();
    expect(stats.roundTrips).toBe(4);
  });
});

describe("payment fulfilment", () => {
  beforeAll(async () => {
    await loadDemoData();
    await enableOrganiserAccount(testContext());
  });

  it("sends one confirmation e-mail whatever the webhook replays and success-page checks", async () => {
    const { courseId, formatId } = await freshFormat({ cap: 10, prix: 3800, stock: 5, prixRepas: 1200 });
    const [a] = await runners(1);
    const started = await startRegistration(
      testContext(),
      a,
      courseId,
      await input(courseId, formatId, { nombre_repas: "1" }),
    );
    const sessionId = sessionOf(started.url);
    await silentLocalProvider(testContext()).paySession(sessionId);
    for (let k = 0; k < 3; k++) expect((await deliver("checkout.session.completed", sessionId)).status).toBe(200);
    expect((await deliver("checkout.session.async_payment_succeeded", sessionId)).status).toBe(200);
    expect((await deliver("checkout.session.expired", sessionId)).status).toBe(200);
    await verifyCheckoutSession(testContext(), sessionId, started.inscriptionId);
    await createCheckoutForInscription(testContext(), started.inscriptionId).catch(() => null);

    expect((await row(started.inscriptionId)).statut).toBe("validee");
    expect(await count("SELECT count(*) AS n FROM paiements WHERE inscription_id = ?", started.inscriptionId)).toBe(1);
    const mails = await env.DB.prepare("SELECT * FROM mail_outbox WHERE dedupe_key = ?")
      .bind(`confirmation:${started.inscriptionId}`)
      .all<{ to_email: string; subject: string; html: string; text: string }>();
    expect(mails.results).toHaveLength(1);
    const m = mails.results[0];
    expect(m.to_email).toBe("coureur@balise.test");
    expect(m.subject).toBe(`Inscription validée : Course test ${n} — Format test ${n}`);
    for (const part of [
      `Course test ${n}`,
      `Format test ${n}`,
      "samedi 12 juin 2027 à 8h30",
      "Camille Bernard",
      "50,00\u00a0€",
      `/mon-inscription/${started.inscriptionId}`,
    ]) {
      expect(m.text).toContain(part);
      expect(m.html).toContain(part.replace("'", "&#39;"));
    }
    // The QR code is in the HTML (a table of cells).
    expect(m.html).toContain('aria-label="QR code de votre inscription"');
    expect((m.html.match(/background:#000000/g) ?? []).length).toBeGreaterThan(50);
  });

  it("a hold that expired but whose place is still free: the late payment is accepted", async () => {
    const { courseId, formatId } = await freshFormat({ cap: 1 });
    const [a] = await runners(1);
    const started = await startRegistration(testContext(), a, courseId, await input(courseId, formatId));
    await silentLocalProvider(testContext()).paySession(sessionOf(started.url));
    await env.DB.prepare("UPDATE inscriptions SET hold_expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 60_000).toISOString(), started.inscriptionId)
      .run();
    expect((await deliver("checkout.session.completed", sessionOf(started.url))).status).toBe(200);
    expect((await row(started.inscriptionId)).statut).toBe("validee");
    expect(await holding(formatId)).toBe(1);
  });

  it("a payment that succeeds after its hold expired while the format filled up is refunded in full, cancelled, explained", async () => {
    const { courseId, formatId } = await freshFormat({ cap: 1, prix: 4200 });
    const [a, b] = await runners(2);
    const late = await startRegistration(testContext(), a, courseId, await input(courseId, formatId));
    const lateSession = sessionOf(late.url);
    // The runner pays just before the session ends, but the event is processed after the hold expired…
    await silentLocalProvider(testContext()).paySession(lateSession);
    await env.DB.prepare("UPDATE inscriptions SET hold_expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 60_000).toISOString(), late.inscriptionId)
      .run();
    // …and meanwhile another runner took the freed place.
    const winner = await startRegistration(
      testContext(),
      b,
      courseId,
      await input(courseId, formatId, { prenom: "Hugo", email: "hugo@balise.test" }),
    );

    expect((await deliver("checkout.session.completed", lateSession)).status).toBe(200);
    expect((await deliver("checkout.session.completed", lateSession)).status).toBe(200); // replay: nothing more

    const r = await row(late.inscriptionId);
    expect(r).toMatchObject({ statut: "remboursee_totalement", cancel_reason: "late_payment" });
    const p = (await env.DB.prepare("SELECT * FROM paiements WHERE inscription_id = ?")
      .bind(late.inscriptionId)
      .first<Record<string, number>>())!;
    expect(p.amount_total_cents).toBe(4200);
    expect(p.refunded_cents).toBe(4200);
    expect(p.amount_total_cents).toBe(
      p.refunded_cents + p.fee_total_cents + p.platform_fee_cents + p.transferred_total_cents + p.net_remaining_cents,
    );
    expect(
      await count(
        "SELECT count(*) AS n FROM remboursements WHERE inscription_id = ? AND status = 'succeeded'",
        late.inscriptionId,
      ),
    ).toBe(1);
    const charge = await silentLocalProvider(testContext()).getCharge(
      (await env.DB.prepare("SELECT charge_id FROM paiements WHERE inscription_id = ?")
        .bind(late.inscriptionId)
        .first<{ charge_id: string }>())!.charge_id,
    );
    expect(charge!.amount_refunded).toBe(4200);
    // Explanation e-mail (once), no confirmation.
    expect(
      await count(
        "SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key = ?",
        `refused-payment:${late.inscriptionId}`,
      ),
    ).toBe(1);
    expect(
      await count("SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key = ?", `confirmation:${late.inscriptionId}`),
    ).toBe(0);
    const mail = (await env.DB.prepare("SELECT text FROM mail_outbox WHERE dedupe_key = ?")
      .bind(`refused-payment:${late.inscriptionId}`)
      .first<{ text: string }>())!;
    expect(mail.text).toContain("remboursé intégralement (42,00\u00a0€)");
    // Nobody over capacity: the winner keeps the only place.
    expect((await row(winner.inscriptionId)).statut).toBe("en_attente");
    expect(await holding(formatId)).toBe(1);
  });
});

describe("a payment that belongs to no place (decision 0180)", () => {
  beforeAll(async () => {
    await loadDemoData();
    await enableOrganiserAccount(testContext());
  });

  const paiement = async (sessionId: string) =>
    (await env.DB.prepare("SELECT * FROM paiements WHERE checkout_session_id = ?")
      .bind(sessionId)
      .first<Record<string, number | string>>())!;
  const balanced = (p: Record<string, number | string>) =>
    expect(p.amount_total_cents).toBe(
      Number(p.refunded_cents) +
        Number(p.fee_total_cents) +
        Number(p.platform_fee_cents) +
        Number(p.transferred_total_cents) +
        Number(p.net_remaining_cents),
    );

  /**
   * A registration validated by a second checkout while its first one was paid too, whose confirmation has not come
   * yet (as when the first was given up, then paid late).
   */
  async function paidTwice(prix: number) {
    const { courseId, formatId } = await freshFormat({ cap: 10, prix });
    const [a] = await runners(1);
    const started = await startRegistration(testContext(), a, courseId, await input(courseId, formatId));
    const first = sessionOf(started.url);
    await silentLocalProvider(testContext()).paySession(first);
    await env.DB.prepare("UPDATE inscriptions SET checkout_session_id = NULL, updated_at = ? WHERE id = ?")
      .bind(new Date(Date.now() + 1000).toISOString(), started.inscriptionId)
      .run();
    const second = sessionOf((await createCheckoutForInscription(testContext(), started.inscriptionId)).url);
    expect(second).not.toBe(first);
    await silentLocalProvider(testContext()).paySession(second);
    expect((await deliver("checkout.session.completed", second)).status).toBe(200);
    expect(await row(started.inscriptionId)).toMatchObject({ statut: "validee", checkout_session_id: second });
    return { inscriptionId: started.inscriptionId, first, second };
  }

  it("a second paid session of a validated registration is refunded in full; the registration and its own payment stay", async () => {
    const { inscriptionId, first, second } = await paidTwice(3000);
    const started = { inscriptionId };

    // The first payment's confirmation and two replays, in parallel: one refund starts, the others find it running
    // and answer 500 (the provider sends them again); a later replay finds it done.
    const answers = await Promise.all([0, 1, 2].map(() => deliver("checkout.session.completed", first)));
    expect(answers.some((r) => r.status === 200)).toBe(true);
    expect(answers.every((r) => r.status === 200 || r.status === 500)).toBe(true);
    expect((await deliver("checkout.session.completed", first)).status).toBe(200);
    expect(await row(started.inscriptionId)).toMatchObject({ statut: "validee", checkout_session_id: second });
    const stray = await paiement(first);
    const own = await paiement(second);
    expect(stray.refunded_cents).toBe(3000);
    expect(own.refunded_cents).toBe(0);
    balanced(stray);
    balanced(own);
    expect(
      await count(
        "SELECT count(*) AS n FROM remboursements WHERE paiement_id = ? AND status = 'succeeded'",
        String(stray.id),
      ),
    ).toBe(1);
    expect(await count("SELECT count(*) AS n FROM remboursements WHERE paiement_id = ?", String(own.id))).toBe(0);
    const mail = (await env.DB.prepare("SELECT subject, text FROM mail_outbox WHERE dedupe_key = ?")
      .bind(`stray-payment:${first}`)
      .all<{ subject: string; text: string }>())!.results;
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain(
      "Votre inscription reste validée : ce second paiement vous est remboursé intégralement.",
    );
    // The registration's money paths read its own payment, not the refunded one.
    expect((await collectedPayment(testContext().db, started.inscriptionId))!.id).toBe(own.id);
  });

  /** A registration in checkout that the organiser closes (`to`) before the runner pays. */
  async function closedDuringCheckout(prix: number, to: "refusee" | "annulee") {
    const { courseId, formatId } = await freshFormat({ cap: 10, prix });
    const [a] = await runners(1);
    const started = await startRegistration(testContext(), a, courseId, await input(courseId, formatId));
    const sessionId = sessionOf(started.url);
    await applyTransition(testContext(), {
      inscriptionId: started.inscriptionId,
      event: "status_set",
      actor: { type: "organiser", id: ORGANISER_ID },
      to,
    });
    await silentLocalProvider(testContext()).paySession(sessionId);
    return { runner: a, inscriptionId: started.inscriptionId, sessionId };
  }

  it("a payment of a registration the organiser refused during the checkout is refunded in full; the refusal stays", async () => {
    const { runner: a, inscriptionId, sessionId } = await closedDuringCheckout(2600, "refusee");
    const started = { inscriptionId };
    for (let k = 0; k < 2; k++) expect((await deliver("checkout.session.completed", sessionId)).status).toBe(200);

    expect(await row(started.inscriptionId)).toMatchObject({ statut: "refusee", cancel_reason: "status_set" });
    const p = await paiement(sessionId);
    expect(p.refunded_cents).toBe(2600);
    expect(p.net_remaining_cents).toBeLessThanOrEqual(0);
    balanced(p);
    expect(
      await count("SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key = ?", `stray-payment:${sessionId}`),
    ).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key = ?",
        `confirmation:${started.inscriptionId}`,
      ),
    ).toBe(0);
    // The runner back on /merci is told, instead of waiting for a confirmation that will never come.
    const seen = await readConfirmation(testContext(), a, sessionId, started.inscriptionId);
    expect(seen.state).toBe("closed");
  });

  it("a replay of the payment that validated a registration, after the runner cancelled it, refunds nothing more", async () => {
    const { courseId, formatId } = await freshFormat({ cap: 10, prix: 4000 });
    const [a] = await runners(1);
    const started = await startRegistration(testContext(), a, courseId, await input(courseId, formatId));
    const sessionId = sessionOf(started.url);
    await silentLocalProvider(testContext()).paySession(sessionId);
    expect((await deliver("checkout.session.completed", sessionId)).status).toBe(200);
    await cancelInscription(testContext(), {
      inscriptionId: started.inscriptionId,
      actor: { role: "coureur", userId: a },
    });
    const after = await paiement(sessionId);
    expect(Number(after.refunded_cents)).toBeLessThan(4000);
    expect((await deliver("checkout.session.completed", sessionId)).status).toBe(200);
    expect(await paiement(sessionId)).toEqual(after);
    expect(
      await count("SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key = ?", `stray-payment:${sessionId}`),
    ).toBe(0);
    // Back on /merci: the registration is said cancelled, not a payment being confirmed.
    expect((await readConfirmation(testContext(), a, sessionId, started.inscriptionId)).state).toBe("cancelled");
  });

  it("a stray refund whose provider answer was lost is finished by the provider's next delivery, once", async () => {
    const { inscriptionId, sessionId } = await closedDuringCheckout(2800, "annulee");
    const started = { inscriptionId };
    // The refund is asked, its answer lost: the webhook fails (the provider sends it again later).
    const lossy = testContext();
    lossy.payments = {
      ...lossy.payments,
      createRefund: async () => {
        throw new PaymentProviderError("Connexion interrompue.", "StripeConnectionError");
      },
    };
    const payload = eventPayload("checkout.session.completed", { id: sessionId, object: "checkout.session" });
    const signed = async (at = Date.now()) => signWebhookPayload(payload, LOCAL_SECRET, Math.floor(at / 1000));
    expect((await handlePaymentWebhook(lossy, payload, await signed())).status).toBe(500);
    expect((await paiement(sessionId)).refunded_cents).toBe(2800); // reserved, not made
    // The provider's next delivery, minutes later: the same refund is made, once.
    const laterAt = Date.now() + (REFUND_RESUME_MINUTES + 1) * 60_000;
    const later = testContext(fixedClock(new Date(laterAt).toISOString()));
    expect((await handlePaymentWebhook(later, payload, await signed(laterAt))).status).toBe(200);
    const p = await paiement(sessionId);
    expect(p.refunded_cents).toBe(2800);
    balanced(p);
    const charge = await silentLocalProvider(testContext()).getCharge(String(p.charge_id));
    expect(charge!.amount_refunded).toBe(2800);
    expect(
      await count(
        "SELECT count(*) AS n FROM remboursements WHERE paiement_id = ? AND status = 'succeeded'",
        String(p.id),
      ),
    ).toBe(1);
    expect(await row(started.inscriptionId)).toMatchObject({ statut: "annulee", cancel_reason: "status_set" });
  });

  it("a stray payment refunded at the provider leaves the validated registration and its own payment alone", async () => {
    const { inscriptionId, first, second } = await paidTwice(3300);
    const started = { inscriptionId };
    // The first payment is recorded, and an operator refunds it in the provider's dashboard.
    await recordPaidSession(testContext(), first);
    const stray = await paiement(first);
    const refunded = eventPayload("charge.refunded", {
      id: String(stray.charge_id),
      object: "charge",
      amount_refunded: 3300,
    });
    const t = Math.floor(Date.now() / 1000);
    expect(
      (await handlePaymentWebhook(testContext(), refunded, await signWebhookPayload(refunded, LOCAL_SECRET, t))).status,
    ).toBe(200);
    expect((await paiement(first)).refunded_cents).toBe(3300);
    expect((await paiement(second)).refunded_cents).toBe(0);
    expect(await row(started.inscriptionId)).toMatchObject({ statut: "validee", checkout_session_id: second });
  });
});

describe("only the runner's own registrations", () => {
  beforeAll(async () => {
    await loadDemoData();
    await enableOrganiserAccount(testContext());
  });
  it("lists, reads and confirms only the owner's registrations", async () => {
    const { courseId, formatId } = await freshFormat({ cap: 5 });
    const [a, b] = await runners(2);
    const mine = await startRegistration(testContext(), a, courseId, await input(courseId, formatId));
    const sessionId = sessionOf(mine.url);
    expect((await listRunnerRegistrations(testContext(), a)).map((r) => r.id)).toEqual([mine.inscriptionId]);
    expect(await listRunnerRegistrations(testContext(), b)).toEqual([]);
    expect(await getRunnerRegistration(testContext(), b, mine.inscriptionId)).toBeNull();
    await expect(readConfirmation(testContext(), b, sessionId, mine.inscriptionId)).rejects.toBeInstanceOf(
      RegistrationError,
    );
    expect((await readConfirmation(testContext(), a, sessionId, mine.inscriptionId)).state).toBe("unpaid");
    // A session of another registration does not confirm this one.
    const other = await startRegistration(testContext(), b, courseId, asPerson(await input(courseId, formatId), b));
    await expect(readConfirmation(testContext(), a, sessionOf(other.url), mine.inscriptionId)).rejects.toBeInstanceOf(
      RegistrationError,
    );
    await silentLocalProvider(testContext()).paySession(sessionId);
    expect((await readConfirmation(testContext(), a, sessionId, mine.inscriptionId)).state).toBe("confirming");
    await deliver("checkout.session.completed", sessionId);
    expect((await readConfirmation(testContext(), a, sessionId, mine.inscriptionId)).state).toBe("validee");
  });
});
