// Issue 40, item 1: at most one payable checkout per registration at any moment. Parallel clicks on every path that
// opens a checkout ('Réessayer le paiement', a waiting-list offer's 'Payer maintenant', a bib transfer's acceptance,
// the registration form sent again) open one session, and the runner can be charged once. A claim left by a request
// that died is taken again under the same provider key; a session made by a request that lost its claim is ended at
// the provider. docs/decisions/0181-one-payable-checkout.md
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { checkoutClaimKey, claimExpiry } from "../../app/domain/checkout";
import { fixedClock } from "../../app/providers/clock";
import { isLocalPaymentProvider } from "../../app/providers/payments-local.server";
import { cancelInscription } from "../../app/services/cancel.server";
import { createCheckoutForInscription } from "../../app/services/checkout.server";
import { retryPayment } from "../../app/services/register.server";
import { payOffer } from "../../app/services/waitlist.server";
import { loadDemoData } from "./helpers";
import { post, sessionCookie } from "./organiser-helpers";
import { enableOrganiserAccount, pendingInscription, RUNNER_ID, testContext } from "./payments-helpers";
import { entry, fullWithList } from "./waitlist-helpers";

const PARALLEL = 20;

/** The provider's sessions of a registration, and how many can still be paid. */
async function sessionsOf(inscriptionId: string) {
  const rows = (
    await env.DB.prepare(
      `SELECT json_extract(data, '$.status') AS status, json_extract(data, '$.expires_at') AS expires
       FROM local_payment_objects WHERE kind = 'checkout_session' AND json_extract(data, '$.metadata.inscription_id') = ?`,
    )
      .bind(inscriptionId)
      .all<{ status: string; expires: number }>()
  ).results;
  const now = Date.now() / 1000;
  return { all: rows.length, payable: rows.filter((r) => r.status === "open" && r.expires > now).length };
}

const row = (id: string) =>
  env.DB.prepare("SELECT statut, checkout_session_id, checkout_claim FROM inscriptions WHERE id = ?")
    .bind(id)
    .first<{ statut: string; checkout_session_id: string | null; checkout_claim: string | null }>();

/** Every request went to the same session, the only one made. */
async function expectOneSession(inscriptionId: string, urls: string[]) {
  expect(new Set(urls).size).toBe(1);
  expect(await sessionsOf(inscriptionId)).toEqual({ all: 1, payable: 1 });
  const r = await row(inscriptionId);
  expect(r?.checkout_claim).toBeNull();
  expect(urls[0]).toBe(`/dev/checkout/${r?.checkout_session_id}`);
}

beforeAll(async () => {
  await loadDemoData();
  await enableOrganiserAccount(testContext());
});

describe(`${PARALLEL} parallel requests open one session`, () => {
  it("'Réessayer le paiement' on a hold that expired: the place is taken again once, one session", async () => {
    const id = await pendingInscription(2500);
    await env.DB.prepare("UPDATE inscriptions SET hold_expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 60_000).toISOString(), id)
      .run();
    const urls = await Promise.all(Array.from({ length: PARALLEL }, () => retryPayment(testContext(), RUNNER_ID, id)));
    await expectOneSession(id, urls);
    const history = await env.DB.prepare(
      "SELECT count(*) AS n FROM inscriptions_historique WHERE inscription_id = ? AND event = 'retried'",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(Number(history?.n)).toBe(1);
  });

  it("'Réessayer le paiement' while the hold runs", async () => {
    const id = await pendingInscription(2500);
    const urls = await Promise.all(Array.from({ length: PARALLEL }, () => retryPayment(testContext(), RUNNER_ID, id)));
    await expectOneSession(id, urls);
  });

  it("a waiting-list offer's 'Payer maintenant'", async () => {
    const f = await fullWithList(1, 1);
    await cancelInscription(testContext(), {
      inscriptionId: f.paid[0],
      actor: { role: "coureur", userId: f.holders[0] },
    });
    const offerId = (await entry(f.entries[0])).inscription_id as string;
    const urls = await Promise.all(
      Array.from({ length: PARALLEL }, () => payOffer(testContext(), f.waiters[0], f.entries[0])),
    );
    await expectOneSession(offerId, urls);
  });

  it("the form posted by parallel clicks ('Réessayer le paiement' on /paiement-annule)", async () => {
    const id = await pendingInscription(2500);
    const cookie = await sessionCookie(RUNNER_ID);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        post("/paiement-annule", { intent: "reessayer", inscription_id: id }, cookie),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(PARALLEL).fill(302));
    const urls = answers.map((a) => new URL(a.headers.get("location")!, "http://localhost").pathname);
    await expectOneSession(id, urls);
  });

  it("one charge: the runner pays the one session, and nothing else can be paid", async () => {
    const id = await pendingInscription(2500);
    const context = testContext();
    const urls = await Promise.all(Array.from({ length: PARALLEL }, () => retryPayment(testContext(), RUNNER_ID, id)));
    if (!isLocalPaymentProvider(context.payments)) throw new Error("local provider expected");
    await context.payments.paySession(urls[0].split("/").pop()!);
    const charges = await env.DB.prepare(
      `SELECT count(*) AS n FROM local_payment_objects WHERE kind = 'charge' AND json_extract(data, '$.metadata.inscription_id') = ?`,
    )
      .bind(id)
      .first<{ n: number }>();
    expect(Number(charges?.n)).toBe(1);
    expect((await row(id))?.statut).toBe("validee");
    expect((await sessionsOf(id)).payable).toBe(0);
  });
});

describe("a claim left half-way", () => {
  it("a claim taken by a request that died is taken again after a minute, under the same key: one session", async () => {
    const id = await pendingInscription(2500);
    const diedAt = new Date(Date.now() - 61_000);
    const key = checkoutClaimKey(id, diedAt, "died");
    // The request that died had made its session at the provider, under the claim's key, then stopped.
    const made = await testContext(fixedClock(diedAt.toISOString())).payments.createCheckoutSession({
      inscriptionId: id,
      courseId: "c",
      formatId: "f",
      organisateurId: "o",
      paiementTraceId: `trace-${id}`,
      destinationAccountId: "acct",
      amountCents: 2500,
      productName: "x",
      customerEmail: null,
      successUrl: "http://localhost/merci",
      cancelUrl: "http://localhost/paiement-annule",
      expiresAt: claimExpiry(key),
      idempotencyKey: key,
    });
    await env.DB.prepare("UPDATE inscriptions SET checkout_claim = ?, checkout_claim_at = ? WHERE id = ?")
      .bind(key, diedAt.toISOString(), id)
      .run();
    const urls = await Promise.all(Array.from({ length: 5 }, () => retryPayment(testContext(), RUNNER_ID, id)));
    expect(urls[0]).toBe(made.url);
    await expectOneSession(id, urls);
  });

  it("a live claim makes the others wait for its session; a claim younger than a minute is not taken", async () => {
    const id = await pendingInscription(2500);
    await env.DB.prepare("UPDATE inscriptions SET checkout_claim = ?, checkout_claim_at = ? WHERE id = ?")
      .bind(checkoutClaimKey(id, new Date(), "live"), new Date().toISOString(), id)
      .run();
    // Nobody writes the session: after waiting, the runner is told to try again, and nothing was made.
    const waiting = createCheckoutForInscription(testContext(), id, undefined, { waitMs: 1_500 });
    await expect(waiting).rejects.toMatchObject({ code: "paiement_en_ouverture" });
    expect((await sessionsOf(id)).all).toBe(0);
    // Once the claim is a minute old, it is taken again (under its key) and the session is made.
    const later = testContext(fixedClock(new Date(Date.now() + 61_000).toISOString()));
    expect((await createCheckoutForInscription(later, id)).url).toMatch(/^\/dev\/checkout\//);
    expect((await sessionsOf(id)).all).toBe(1);
  });

  it("a session made after the hold ended is ended at the provider, and the runner is told", async () => {
    const id = await pendingInscription(2500);
    const context = testContext();
    // The hold ends while the session is being made: the provider call itself moves the registration on.
    const real = context.payments.createCheckoutSession.bind(context.payments);
    context.payments.createCheckoutSession = async (input) => {
      const created = await real(input);
      await env.DB.prepare(
        "UPDATE inscriptions SET statut = 'annulee', transition_seq = transition_seq + 1, last_event = 'hold_expired', cancel_reason = 'hold_expired' WHERE id = ?",
      )
        .bind(id)
        .run();
      return created;
    };
    await expect(createCheckoutForInscription(context, id)).rejects.toMatchObject({ code: "inscription_non_payable" });
    expect(await sessionsOf(id)).toEqual({ all: 1, payable: 0 });
    expect((await row(id))?.checkout_claim).toBeNull();
  });
});
