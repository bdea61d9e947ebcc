// Premium subscriptions in workerd with real D1 (issue 47, decision 0224): webhook replays fired in parallel give one
// subscription and one welcome e-mail; the past-due grace of 7 days and a cancellation at period end on a moved
// clock; the renewal reminder once per period; the admin's totals.
import { env } from "cloudflare:test";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../app/providers/clock";
import {
  premiumTotals,
  runnerIsPremium,
  sendRenewalReminders,
  syncSubscription,
} from "../../app/services/subscriptions.server";
import { loadDemoData } from "./helpers";
import { eventPayload, signedPost, silentLocalProvider, testContext } from "./payments-helpers";

const DAY = 24 * 3600 * 1000;

async function count(sql: string, ...binds: unknown[]): Promise<number> {
  return (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;
}

async function newRunner(): Promise<{ id: string; email: string }> {
  const id = crypto.randomUUID();
  const email = `premium-${id.slice(0, 8)}@balise.test`;
  await env.DB.prepare(
    "INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (?, ?, 'x', '2026-01-01T00:00:00.000Z')",
  )
    .bind(id, email)
    .run();
  return { id, email };
}

/** A runner's subscription paid on the local provider's side only (its events are not delivered). */
async function paidQuietly(context: AppLoadContext, runner: { id: string; email: string }) {
  const local = silentLocalProvider(context);
  const { url } = await local.createSubscriptionCheckout({
    userId: runner.id,
    customerEmail: runner.email,
    customerId: null,
    amountCents: 4900,
    productName: "Balise Premium",
    successUrl: "http://localhost/premium",
    cancelUrl: "http://localhost/premium",
    idempotencyKey: `test:${runner.id}`,
  });
  const session = await local.paySession(url.split("/").pop()!);
  return { local, session, subscriptionId: session.subscription!, customerId: session.customer! };
}

async function portalOf(context: AppLoadContext, customerId: string) {
  const local = silentLocalProvider(context);
  const { url } = await local.createPortalSession({ customerId, returnUrl: "http://localhost/premium" });
  return { local, portalId: url.split("/").pop()! };
}

const mails = (email: string, kind: string) =>
  count("SELECT count(*) AS n FROM mail_outbox WHERE to_email = ? AND kind = ?", email, kind);

describe("Premium webhooks", () => {
  beforeAll(loadDemoData);

  it("one event replayed ×10 in parallel gives one subscription and one welcome e-mail", async () => {
    const runner = await newRunner();
    const { subscriptionId } = await paidQuietly(testContext(), runner);
    const payload = eventPayload("customer.subscription.created", { id: subscriptionId, object: "subscription" });
    const answers = await Promise.all(Array.from({ length: 10 }, () => signedPost(payload)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await count("SELECT count(*) AS n FROM abonnements WHERE user_id = ?", runner.id)).toBe(1);
    expect(await mails(runner.email, "premium_welcome")).toBe(1);
    expect(await runnerIsPremium(testContext(), runner.id)).toBe(true);
  });

  it("ten different events about the same subscription, in parallel, give one subscription and one welcome", async () => {
    const runner = await newRunner();
    const { subscriptionId, session } = await paidQuietly(testContext(), runner);
    const kinds: [string, Record<string, unknown>][] = [
      ["checkout.session.completed", { id: session.id, mode: "subscription", subscription: subscriptionId }],
      ["customer.subscription.created", { id: subscriptionId }],
      ["invoice.paid", { id: "in_x", parent: { subscription_details: { subscription: subscriptionId } } }],
    ];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signedPost(eventPayload(kinds[i % 3][0], kinds[i % 3][1]))),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await count("SELECT count(*) AS n FROM abonnements WHERE user_id = ?", runner.id)).toBe(1);
    expect(await mails(runner.email, "premium_welcome")).toBe(1);
    // A subscription checkout is no registration's payment: nothing recorded as one.
    expect(await count("SELECT count(*) AS n FROM paiements WHERE checkout_session_id = ?", session.id)).toBe(0);
  });

  it("an event about a subscription the provider does not know fails (retried later) and stores nothing", async () => {
    const before = await count("SELECT count(*) AS n FROM abonnements");
    const res = await signedPost(eventPayload("customer.subscription.updated", { id: "sub_unknown" }));
    // The provider cannot find it: the event fails (500) and will be retried, nothing is stored.
    expect(res.status).toBe(500);
    expect(await count("SELECT count(*) AS n FROM abonnements")).toBe(before);
  });
});

describe("Premium on a moved clock", () => {
  beforeAll(loadDemoData);
  const T0 = "2027-03-01T09:00:00.000Z";
  const END = "2028-03-01T09:00:00.000Z";
  const ctxAt = (iso: string | number) => testContext(fixedClock(new Date(iso).toISOString()));

  it("a failed renewal keeps Premium 7 days (past_due grace), then not; the e-mail is sent once", async () => {
    const runner = await newRunner();
    const { subscriptionId, customerId } = await paidQuietly(ctxAt(T0), runner);
    await syncSubscription(ctxAt(T0), subscriptionId);
    const failedAt = Date.parse(END) + 3600_000;
    const { local, portalId } = await portalOf(ctxAt(failedAt), customerId);
    await local.portalAction(portalId, "echec_paiement");
    await Promise.all([
      syncSubscription(ctxAt(failedAt), subscriptionId),
      syncSubscription(ctxAt(failedAt), subscriptionId),
    ]);
    const row = await env.DB.prepare("SELECT statut, past_due_since FROM abonnements WHERE user_id = ?")
      .bind(runner.id)
      .first<{ statut: string; past_due_since: string }>();
    expect(row).toEqual({ statut: "past_due", past_due_since: new Date(failedAt).toISOString() });
    expect(await mails(runner.email, "premium_payment_failed")).toBe(1);
    expect(await runnerIsPremium(ctxAt(failedAt + 6 * DAY), runner.id)).toBe(true);
    expect(await runnerIsPremium(ctxAt(failedAt + 7 * DAY + 1000), runner.id)).toBe(false);
    // A later sync while still past due keeps the grace's start.
    await syncSubscription(ctxAt(failedAt + 2 * DAY), subscriptionId);
    expect(await runnerIsPremium(ctxAt(failedAt + 7 * DAY + 1000), runner.id)).toBe(false);
    // The retry pays: active again, no second welcome.
    await local.portalAction(portalId, "renouveler");
    await syncSubscription(ctxAt(failedAt + 8 * DAY), subscriptionId);
    expect(await runnerIsPremium(ctxAt(failedAt + 8 * DAY), runner.id)).toBe(true);
    expect(await mails(runner.email, "premium_welcome")).toBe(1);
  });

  it("cancelled at period end: Premium until the period ends, then not; one cancellation e-mail", async () => {
    const runner = await newRunner();
    const { subscriptionId, customerId } = await paidQuietly(ctxAt(T0), runner);
    await syncSubscription(ctxAt(T0), subscriptionId);
    const { local, portalId } = await portalOf(ctxAt(Date.parse(T0) + DAY), customerId);
    await local.portalAction(portalId, "resilier");
    await syncSubscription(ctxAt(Date.parse(T0) + DAY), subscriptionId);
    await syncSubscription(ctxAt(Date.parse(T0) + DAY), subscriptionId);
    expect(await mails(runner.email, "premium_cancelled")).toBe(1);
    expect(await runnerIsPremium(ctxAt(Date.parse(END) - 1000), runner.id)).toBe(true);
    expect(await runnerIsPremium(ctxAt(Date.parse(END) + 1000), runner.id)).toBe(false);
    // After the end the provider reads it canceled: the row follows, the runner's e-mails stay at one.
    await syncSubscription(ctxAt(Date.parse(END) + 1000), subscriptionId);
    const row = await env.DB.prepare("SELECT statut FROM abonnements WHERE user_id = ?")
      .bind(runner.id)
      .first<{ statut: string }>();
    expect(row?.statut).toBe("canceled");
    expect(await mails(runner.email, "premium_cancelled")).toBe(1);
  });

  it("the renewal reminder goes 7 days before, once per period, even when two crons run together", async () => {
    const runner = await newRunner();
    const { subscriptionId } = await paidQuietly(ctxAt(T0), runner);
    await syncSubscription(ctxAt(T0), subscriptionId);
    expect(await sendRenewalReminders(ctxAt(Date.parse(END) - 8 * DAY))).toBe(0);
    const due = ctxAt(Date.parse(END) - 6 * DAY);
    const [a, b] = await Promise.all([
      sendRenewalReminders(due),
      sendRenewalReminders(ctxAt(Date.parse(END) - 6 * DAY)),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await sendRenewalReminders(ctxAt(Date.parse(END) - 2 * DAY))).toBe(0);
    expect(await mails(runner.email, "premium_renewal_reminder")).toBe(1);
  });

  it("the admin's totals count runners Premium now and the yearly revenue that renews", async () => {
    const now = testContext();
    const before = await premiumTotals(now);
    const runner = await newRunner();
    const { subscriptionId } = await paidQuietly(now, runner);
    await syncSubscription(now, subscriptionId);
    const after = await premiumTotals(testContext());
    expect(after.subscribers).toBe(before.subscribers + 1);
    expect(after.annualRecurringCents).toBe(before.annualRecurringCents + 4900);
  });
});
