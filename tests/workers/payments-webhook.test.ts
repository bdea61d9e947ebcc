import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { transferToOrganiser } from "../../app/services/payouts.server";
import { createCheckoutForInscription } from "../../app/services/checkout.server";
import { loadDemoData } from "./helpers";
import {
  enableOrganiserAccount,
  eventPayload,
  LOCAL_SECRET,
  ORGANISER_ID,
  paiementOf,
  pendingInscription,
  signedPost,
  silentLocalProvider,
  testContext,
} from "./payments-helpers";

async function count(sql: string, ...binds: unknown[]): Promise<number> {
  return (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;
}

/** A pending registration with an open local checkout session (nothing delivered yet). */
async function openSession(price = 4200) {
  const context = testContext();
  await enableOrganiserAccount(context);
  const inscriptionId = await pendingInscription(price);
  const { url } = await createCheckoutForInscription(context, inscriptionId);
  const sessionId = url.split("/").pop()!;
  return { context, inscriptionId, sessionId };
}

/** Pays the session on the provider's side only: the event is ours to send. */
async function payQuietly(sessionId: string) {
  const context = testContext();
  return silentLocalProvider(context).paySession(sessionId);
}

async function statut(inscriptionId: string) {
  return (await env.DB.prepare("SELECT statut FROM inscriptions WHERE id = ?")
    .bind(inscriptionId)
    .first<{ statut: string }>())!.statut;
}

describe("POST /webhooks/stripe: signatures", () => {
  beforeAll(loadDemoData);

  it("accepts a valid signature and handles the event (account.updated re-reads the account)", async () => {
    const context = testContext();
    const accountId = await enableOrganiserAccount(context);
    await env.DB.prepare(
      "UPDATE profils_utilisateurs SET stripe_charges_enabled = 0, stripe_payouts_enabled = 0 WHERE user_id = ?",
    )
      .bind(ORGANISER_ID)
      .run();
    // The payload is stale (charges disabled): the handler re-reads the account, which is enabled.
    const res = await signedPost(
      eventPayload("account.updated", { id: accountId, object: "account", charges_enabled: false }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    const p = await env.DB.prepare(
      "SELECT stripe_charges_enabled AS c, stripe_payouts_enabled AS p FROM profils_utilisateurs WHERE user_id = ?",
    )
      .bind(ORGANISER_ID)
      .first<{ c: number; p: number }>();
    expect(p).toEqual({ c: 1, p: 1 });
  });

  it.each([
    ["forged (wrong secret)", { secret: "whsec_someone_else" }],
    ["missing", { signature: null }],
    ["6 minutes old", { at: new Date(Date.now() - 6 * 60_000) }],
    ["from the future", { at: new Date(Date.now() + 6 * 60_000) }],
    ["garbage", { signature: "t=abc,v1=zzz" }],
  ])("refuses a %s signature with 400 and changes nothing", async (_label, opts) => {
    const { inscriptionId, sessionId } = await openSession();
    await payQuietly(sessionId);
    const events = await count("SELECT count(*) AS n FROM webhook_events");
    const res = await signedPost(
      eventPayload("checkout.session.completed", { id: sessionId, object: "checkout.session" }),
      opts,
    );
    expect(res.status).toBe(400);
    expect(await count("SELECT count(*) AS n FROM webhook_events")).toBe(events);
    expect(await paiementOf(inscriptionId)).toBeNull();
    expect(await statut(inscriptionId)).toBe("en_attente");
  });

  it("refuses a body changed after signing", async () => {
    const { inscriptionId, sessionId } = await openSession();
    await payQuietly(sessionId);
    const payload = eventPayload("checkout.session.completed", { id: sessionId });
    const t = Math.floor(Date.now() / 1000);
    const { signWebhookPayload } = await import("../../app/providers/payments-local.server");
    const sig = await signWebhookPayload(payload, LOCAL_SECRET, t);
    const res = await signedPost(payload.replace(sessionId, `${sessionId}x`), { signature: sig });
    expect(res.status).toBe(400);
    expect(await statut(inscriptionId)).toBe("en_attente");
  });

  it("answers 405 to a GET", async () => {
    const { SELF } = await import("cloudflare:test");
    const res = await SELF.fetch("http://localhost/webhooks/stripe");
    expect(res.status).toBe(405);
  });
});

describe("POST /webhooks/stripe: idempotence and order", () => {
  beforeAll(loadDemoData);

  it("fulfils checkout.session.completed: registration validee, one paiements row, ledger balanced, one e-mail", async () => {
    const { inscriptionId, sessionId } = await openSession(4200);
    await payQuietly(sessionId);
    const res = await signedPost(
      eventPayload("checkout.session.completed", { id: sessionId, object: "checkout.session" }),
    );
    expect(res.status).toBe(200);
    expect(await statut(inscriptionId)).toBe("validee");
    const p = (await paiementOf(inscriptionId))!;
    expect(p).toMatchObject({
      status: "succeeded",
      amount_total_cents: 4200,
      fee_total_cents: 88, // 1.5 % + 0,25 €
      platform_fee_cents: 210, // 5 %
      transferred_total_cents: 0,
      refunded_cents: 0,
      net_remaining_cents: 3902,
    });
    expect(
      await count("SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key = ?", `confirmation:${inscriptionId}`),
    ).toBe(1);
  });

  it("the same event replayed 10 times changes nothing after the first", async () => {
    const { inscriptionId, sessionId } = await openSession(2500);
    await payQuietly(sessionId);
    const payload = eventPayload("checkout.session.completed", { id: sessionId, object: "checkout.session" });
    expect((await signedPost(payload)).status).toBe(200);
    const snapshot = async () => ({
      paiements: (await env.DB.prepare("SELECT * FROM paiements WHERE inscription_id = ?").bind(inscriptionId).all())
        .results,
      inscription: await env.DB.prepare("SELECT statut, updated_at, hold_expires_at FROM inscriptions WHERE id = ?")
        .bind(inscriptionId)
        .first(),
      mails: await count("SELECT count(*) AS n FROM mail_outbox"),
      events: (await env.DB.prepare("SELECT * FROM webhook_events ORDER BY id").all()).results,
    });
    const after1 = await snapshot();
    expect(after1.paiements).toHaveLength(1);
    for (let k = 0; k < 10; k++) {
      const res = await signedPost(payload);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, duplicate: true });
    }
    expect(await snapshot()).toEqual(after1);
  });

  it("completed then expired (out of order) ends paid", async () => {
    const { inscriptionId, sessionId } = await openSession();
    await payQuietly(sessionId);
    expect((await signedPost(eventPayload("checkout.session.completed", { id: sessionId }))).status).toBe(200);
    // A late, stale expiry for the same session.
    expect(
      (await signedPost(eventPayload("checkout.session.expired", { id: sessionId, status: "expired" }))).status,
    ).toBe(200);
    expect(await statut(inscriptionId)).toBe("validee");
    expect((await paiementOf(inscriptionId))!.status).toBe("succeeded");
  });

  it("expired delivered first for a session that was in fact paid: re-read, fulfilled", async () => {
    const { inscriptionId, sessionId } = await openSession();
    await payQuietly(sessionId);
    expect(
      (await signedPost(eventPayload("checkout.session.expired", { id: sessionId, status: "expired" }))).status,
    ).toBe(200);
    expect(await statut(inscriptionId)).toBe("validee");
    expect((await signedPost(eventPayload("checkout.session.completed", { id: sessionId }))).status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM paiements WHERE inscription_id = ?", inscriptionId)).toBe(1);
  });

  it("a session that really expired releases the hold ('annulee'), and a late completed cannot validate it unpaid", async () => {
    const { inscriptionId, sessionId } = await openSession();
    const local = silentLocalProvider(testContext());
    await local.expireCheckoutSession(sessionId);
    expect((await signedPost(eventPayload("checkout.session.expired", { id: sessionId }))).status).toBe(200);
    const row = await env.DB.prepare("SELECT statut, hold_expires_at, cancel_reason FROM inscriptions WHERE id = ?")
      .bind(inscriptionId)
      .first<{ statut: string; hold_expires_at: string | null; cancel_reason: string }>();
    expect(row).toMatchObject({ statut: "annulee", hold_expires_at: null });
    expect(row!.cancel_reason).toBe("hold_expired");
    // A forged "completed" event body cannot pay it: the session is re-read.
    expect(
      (await signedPost(eventPayload("checkout.session.completed", { id: sessionId, payment_status: "paid" }))).status,
    ).toBe(200);
    expect(await statut(inscriptionId)).toBe("annulee");
    expect(await paiementOf(inscriptionId)).toBeNull();
  });

  it("ignores event types it does not handle, once", async () => {
    const res = await signedPost(eventPayload("customer.created", { id: "cus_1" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, ignored: true });
  });

  it("records a refund made outside Balise (charge.refunded) once, ledger balanced", async () => {
    const { inscriptionId, sessionId } = await openSession(3000);
    const paid = await payQuietly(sessionId);
    expect((await signedPost(eventPayload("checkout.session.completed", { id: sessionId }))).status).toBe(200);
    const payload = eventPayload("charge.refunded", { id: paid.charge, object: "charge", amount_refunded: 1000 });
    expect((await signedPost(payload)).status).toBe(200);
    expect((await signedPost(eventPayload("charge.refunded", { id: paid.charge, amount_refunded: 1000 }))).status).toBe(
      200,
    );
    const p = (await paiementOf(inscriptionId))!;
    expect(p.refunded_cents).toBe(1000);
    expect(p.status).toBe("refunded");
    expect(p.amount_total_cents).toBe(
      p.refunded_cents + p.fee_total_cents + p.platform_fee_cents + p.transferred_total_cents + p.net_remaining_cents,
    );
    expect(await statut(inscriptionId)).toBe("remboursee_partiellement");
  });

  /** Delivers the events in parallel, then each one the server refused again (as the provider does), until 200. */
  async function deliverUntilAccepted(payloads: string[]) {
    let pending = payloads;
    for (let round = 0; round < 5 && pending.length > 0; round++) {
      const answers = await Promise.all(pending.map((p) => signedPost(p)));
      for (const a of answers) expect([200, 500]).toContain(a.status);
      pending = pending.filter((_, i) => answers[i].status !== 200);
    }
    expect(pending).toEqual([]);
  }

  it("two refunds made outside Balise, their events racing and retried: the books show both, once", async () => {
    const { inscriptionId, sessionId } = await openSession(5000);
    const paid = await payQuietly(sessionId);
    expect((await signedPost(eventPayload("checkout.session.completed", { id: sessionId }))).status).toBe(200);
    // The provider's running total after each refund: 1000, then 2500.
    await deliverUntilAccepted([
      eventPayload("charge.refunded", { id: paid.charge, object: "charge", amount_refunded: 1000 }),
      eventPayload("charge.refunded", { id: paid.charge, object: "charge", amount_refunded: 2500 }),
      eventPayload("charge.refunded", { id: paid.charge, object: "charge", amount_refunded: 1000 }),
    ]);
    const p = (await paiementOf(inscriptionId))!;
    expect(p.refunded_cents).toBe(2500);
    expect(p.amount_total_cents).toBe(
      p.refunded_cents + p.fee_total_cents + p.platform_fee_cents + p.transferred_total_cents + p.net_remaining_cents,
    );
    expect(
      await count(
        "SELECT coalesce(sum(amount_cents), 0) AS n FROM remboursements WHERE paiement_id = ? AND status = 'succeeded'",
        p.id,
      ),
    ).toBe(2500);
  });

  it("two reversals of a transfer made at the provider, their events racing and retried: the books show the last total, once", async () => {
    const { context, inscriptionId, sessionId } = await openSession(6000);
    await payQuietly(sessionId);
    expect((await signedPost(eventPayload("checkout.session.completed", { id: sessionId }))).status).toBe(200);
    const before = (await paiementOf(inscriptionId))!;
    const sent = await transferToOrganiser(context, {
      paiementId: before.id,
      amountCents: before.net_remaining_cents,
      kind: "solde",
      createdBy: ORGANISER_ID,
    });
    expect(sent.state).toBe("paid");
    const t = (await env.DB.prepare("SELECT * FROM transferts WHERE paiement_id = ?")
      .bind(before.id)
      .first<{ id: string; provider_transfer_id: string; amount_cents: number }>())!;
    // The provider's running total reversed after each reversal: 700, then 1900.
    await deliverUntilAccepted([
      eventPayload("transfer.reversed", { id: t.provider_transfer_id, object: "transfer", amount_reversed: 700 }),
      eventPayload("transfer.reversed", { id: t.provider_transfer_id, object: "transfer", amount_reversed: 1900 }),
      eventPayload("transfer.reversed", { id: t.provider_transfer_id, object: "transfer", amount_reversed: 1900 }),
    ]);
    const after = (await paiementOf(inscriptionId))!;
    const reversed = (await env.DB.prepare("SELECT reversed_cents FROM transferts WHERE id = ?")
      .bind(t.id)
      .first<{ reversed_cents: number }>())!.reversed_cents;
    expect(reversed).toBe(1900);
    expect(after.transferred_total_cents).toBe(t.amount_cents - 1900);
    expect(after.net_remaining_cents).toBe(1900);
    expect(after.amount_total_cents).toBe(
      after.refunded_cents +
        after.fee_total_cents +
        after.platform_fee_cents +
        after.transferred_total_cents +
        after.net_remaining_cents,
    );
  });
});
