// The Stripe adapter against a fake Stripe API on 127.0.0.1 (node:http): every call must send the right
// amounts, currency, metadata, transfer_group, expires_at and Idempotency-Key.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outcomeUnknown, PaymentProviderError, type PaymentProvider } from "./payments";
import { signWebhookPayload } from "./payments-local.server";
import { createStripePaymentProvider, STRIPE_API_VERSION, verifyWebhookSignature } from "./payments-stripe.server";

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  form: URLSearchParams;
}

let server: Server;
let port = 0;
let calls: Recorded[] = [];
const replies = new Map<string, { status: number; body: unknown }>();

function reply(method: string, path: string, status: number, body: unknown) {
  replies.set(`${method} ${path}`, { status, body });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      calls.push({
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        form: new URLSearchParams(raw),
      });
      const r = replies.get(`${req.method} ${url.pathname}`) ?? {
        status: 404,
        body: { error: { type: "invalid_request_error", message: `No fake for ${url.pathname}` } },
      };
      res.writeHead(r.status, { "content-type": "application/json", "request-id": "req_fake" });
      res.end(JSON.stringify(r.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let provider: PaymentProvider;
beforeEach(() => {
  calls = [];
  replies.clear();
  provider = createStripePaymentProvider({
    secretKey: "sk_test_fake",
    webhookSecret: "whsec_test",
    host: "127.0.0.1",
    port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
});

const last = () => calls[calls.length - 1];

describe("Stripe adapter against a fake Stripe API", () => {
  it("pins the API version and authenticates with the secret key", async () => {
    reply("GET", "/v1/accounts/acct_1", 200, {
      id: "acct_1",
      object: "account",
      charges_enabled: true,
      payouts_enabled: false,
      details_submitted: true,
      requirements: { currently_due: ["external_account"], past_due: [] },
    });
    const status = await provider.retrieveAccount("acct_1");
    expect(status).toEqual({
      accountId: "acct_1",
      chargesEnabled: true,
      payoutsEnabled: false,
      detailsSubmitted: true,
      requirementsDue: ["external_account"],
    });
    expect(last().headers["stripe-version"]).toBe(STRIPE_API_VERSION);
    expect(last().headers.authorization).toBe("Bearer sk_test_fake");
  });

  it("creates a connected account (FR, transfers and card payments) with an idempotency key", async () => {
    reply("POST", "/v1/accounts", 200, { id: "acct_new", object: "account" });
    const { accountId } = await provider.createAccount({
      userId: "u-1",
      email: "orga@example.fr",
      idempotencyKey: "account:u-1",
    });
    expect(accountId).toBe("acct_new");
    const c = last();
    expect(c.headers["idempotency-key"]).toBe("account:u-1");
    expect(c.form.get("country")).toBe("FR");
    expect(c.form.get("email")).toBe("orga@example.fr");
    expect(c.form.get("capabilities[transfers][requested]")).toBe("true");
    expect(c.form.get("capabilities[card_payments][requested]")).toBe("true");
    expect(c.form.get("metadata[user_id]")).toBe("u-1");
  });

  it("creates an onboarding account link with return and refresh URLs", async () => {
    reply("POST", "/v1/account_links", 200, {
      object: "account_link",
      url: "https://connect.example/setup/abc",
      expires_at: 1,
    });
    const link = await provider.createAccountLink({
      accountId: "acct_1",
      returnUrl: "https://balise.test/monprofilorganisateur?onboarding=done",
      refreshUrl: "https://balise.test/monprofilorganisateur?onboarding=refresh",
    });
    expect(link.url).toBe("https://connect.example/setup/abc");
    expect(Object.fromEntries(last().form)).toEqual({
      account: "acct_1",
      return_url: "https://balise.test/monprofilorganisateur?onboarding=done",
      refresh_url: "https://balise.test/monprofilorganisateur?onboarding=refresh",
      type: "account_onboarding",
    });
  });

  it("creates a checkout session: amount in cents, eur, metadata, transfer_group, expires_at, idempotency key", async () => {
    reply("POST", "/v1/checkout/sessions", 200, {
      id: "cs_test_1",
      object: "checkout.session",
      url: "https://checkout.example/cs_test_1",
    });
    const expiresAt = new Date("2026-11-21T15:31:00Z");
    const created = await provider.createCheckoutSession({
      inscriptionId: "ins-1",
      courseId: "c-1",
      formatId: "f-1",
      organisateurId: "o-1",
      paiementTraceId: "trace-1",
      destinationAccountId: "acct_orga",
      amountCents: 4250,
      productName: "Trail du Canigou — 42 km",
      customerEmail: "coureur@example.fr",
      successUrl: "https://balise.test/merci?session_id={CHECKOUT_SESSION_ID}&inscription_id=ins-1",
      cancelUrl: "https://balise.test/paiement-annule?session_id={CHECKOUT_SESSION_ID}&inscription_id=ins-1",
      expiresAt,
      idempotencyKey: "checkout:ins-1:1795275060",
    });
    expect(created).toEqual({ id: "cs_test_1", url: "https://checkout.example/cs_test_1" });
    const c = last();
    expect(c.method).toBe("POST");
    expect(c.headers["idempotency-key"]).toBe("checkout:ins-1:1795275060");
    const f = c.form;
    expect(f.get("mode")).toBe("payment");
    expect(f.get("line_items[0][price_data][unit_amount]")).toBe("4250");
    expect(f.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(f.get("line_items[0][quantity]")).toBe("1");
    expect(f.get("line_items[0][price_data][product_data][name]")).toBe("Trail du Canigou — 42 km");
    expect(f.get("expires_at")).toBe(String(expiresAt.getTime() / 1000));
    expect(f.get("payment_intent_data[transfer_group]")).toBe("inscription_ins-1");
    expect(f.get("payment_intent_data[metadata][inscription_id]")).toBe("ins-1");
    expect(f.get("metadata[inscription_id]")).toBe("ins-1");
    expect(f.get("metadata[course_id]")).toBe("c-1");
    expect(f.get("metadata[paiement_trace_id]")).toBe("trace-1");
    expect(f.get("metadata[destination_account_id]")).toBe("acct_orga");
    expect(f.get("client_reference_id")).toBe("ins-1");
    expect(f.get("customer_email")).toBe("coureur@example.fr");
    expect(f.get("success_url")).toContain("session_id={CHECKOUT_SESSION_ID}");
    expect(f.get("locale")).toBe("fr");
    // Separate charges and transfers: the charge is the platform's, no destination charge.
    expect(f.get("payment_intent_data[transfer_data][destination]")).toBeNull();
    expect(f.get("payment_intent_data[application_fee_amount]")).toBeNull();
  });

  it("re-reads a session with its charge, fee and receipt", async () => {
    reply("GET", "/v1/checkout/sessions/cs_test_1", 200, {
      id: "cs_test_1",
      object: "checkout.session",
      status: "complete",
      payment_status: "paid",
      amount_total: 4250,
      currency: "eur",
      metadata: { inscription_id: "ins-1" },
      url: null,
      expires_at: 1795275060,
      payment_intent: {
        id: "pi_1",
        object: "payment_intent",
        latest_charge: {
          id: "ch_1",
          object: "charge",
          amount: 4250,
          amount_refunded: 0,
          receipt_url: "https://pay.example/receipts/ch_1",
          balance_transaction: { id: "txn_1", object: "balance_transaction", fee: 89 },
        },
      },
    });
    const s = await provider.retrieveCheckoutSession("cs_test_1");
    expect(s).toMatchObject({
      status: "complete",
      paymentStatus: "paid",
      amountTotalCents: 4250,
      chargeId: "ch_1",
      paymentIntentId: "pi_1",
      feeCents: 89,
      receiptUrl: "https://pay.example/receipts/ch_1",
    });
    expect([...last().query.values()]).toEqual(["payment_intent.latest_charge.balance_transaction"]);
    expect([...last().query.keys()][0]).toMatch(/^expand\[\d*\]$/);
  });

  it("expires a session with an idempotency key", async () => {
    reply("POST", "/v1/checkout/sessions/cs_test_1/expire", 200, {
      id: "cs_test_1",
      object: "checkout.session",
      status: "expired",
    });
    await provider.expireCheckoutSession("cs_test_1");
    expect(last().headers["idempotency-key"]).toBe("expire:cs_test_1");
  });

  it("transfers to the organiser with source_transaction, transfer_group, eur and the transfer row's key", async () => {
    reply("POST", "/v1/transfers", 200, { id: "tr_1", object: "transfer" });
    const t = await provider.createTransfer({
      amountCents: 1951,
      destinationAccountId: "acct_orga",
      sourceChargeId: "ch_1",
      transferGroup: "inscription_ins-1",
      metadata: { paiement_id: "p-1", transfert_id: "t-1" },
      idempotencyKey: "transfer:t-1",
    });
    expect(t.id).toBe("tr_1");
    const c = last();
    expect(c.headers["idempotency-key"]).toBe("transfer:t-1");
    expect(Object.fromEntries(c.form)).toEqual({
      amount: "1951",
      currency: "eur",
      destination: "acct_orga",
      source_transaction: "ch_1",
      transfer_group: "inscription_ins-1",
      "metadata[paiement_id]": "p-1",
      "metadata[transfert_id]": "t-1",
    });
  });

  it("refunds part of a charge and reverses part of a transfer, each with its key", async () => {
    reply("POST", "/v1/refunds", 200, { id: "re_1", object: "refund", status: "succeeded" });
    reply("POST", "/v1/transfers/tr_1/reversals", 200, { id: "trr_1", object: "transfer_reversal" });
    expect(
      await provider.createRefund({
        chargeId: "ch_1",
        amountCents: 3511,
        metadata: { remboursement_id: "r-1" },
        idempotencyKey: "refund:r-1",
      }),
    ).toEqual({ id: "re_1", status: "succeeded" });
    expect(last().headers["idempotency-key"]).toBe("refund:r-1");
    expect(last().form.get("amount")).toBe("3511");
    expect(last().form.get("charge")).toBe("ch_1");
    expect(
      await provider.createTransferReversal({
        transferId: "tr_1",
        amountCents: 600,
        metadata: {},
        idempotencyKey: "reversal:r-1:t-1",
      }),
    ).toEqual({ id: "trr_1" });
    expect(last().path).toBe("/v1/transfers/tr_1/reversals");
    expect(last().form.get("amount")).toBe("600");
    expect(last().headers["idempotency-key"]).toBe("reversal:r-1:t-1");
  });

  it("reads a charge's receipt URL", async () => {
    reply("GET", "/v1/charges/ch_1", 200, {
      id: "ch_1",
      object: "charge",
      amount: 4250,
      amount_refunded: 0,
      receipt_url: "https://pay.example/receipts/ch_1",
      balance_transaction: "txn_1",
    });
    expect(await provider.retrieveCharge("ch_1")).toEqual({
      id: "ch_1",
      amountCents: 4250,
      amountRefundedCents: 0,
      feeCents: null,
      receiptUrl: "https://pay.example/receipts/ch_1",
    });
  });

  it("turns a Stripe error into a PaymentProviderError with Stripe's message", async () => {
    reply("POST", "/v1/transfers", 400, {
      error: {
        type: "invalid_request_error",
        code: "balance_insufficient",
        message: "Insufficient funds in Stripe account.",
      },
    });
    const err = await provider
      .createTransfer({
        amountCents: 1,
        destinationAccountId: "acct_x",
        sourceChargeId: "ch_1",
        transferGroup: "g",
        metadata: {},
        idempotencyKey: "k",
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as PaymentProviderError).message).toBe("Insufficient funds in Stripe account.");
    expect((err as PaymentProviderError).providerCode).toBe("balance_insufficient");
  });

  const refund = (p: PaymentProvider) =>
    p
      .createRefund({ chargeId: "ch_1", amountCents: 100, metadata: {}, idempotencyKey: "refund:r-x" })
      .catch((e: unknown) => e);

  it("tells a refusal (nothing was done) from a failure whose outcome is unknown (ask again under the same key)", async () => {
    reply("POST", "/v1/refunds", 400, {
      error: { type: "invalid_request_error", code: "charge_already_refunded", message: "Charge already refunded." },
    });
    expect(outcomeUnknown(await refund(provider))).toBe(false);
    reply("POST", "/v1/refunds", 429, { error: { type: "invalid_request_error", message: "Too many requests." } });
    expect(outcomeUnknown(await refund(provider))).toBe(false);
    reply("POST", "/v1/refunds", 500, { error: { type: "api_error", message: "Something went wrong." } });
    expect(outcomeUnknown(await refund(provider))).toBe(true);
    // Nothing listens on this port: the connection fails before any answer.
    const unreachable = createStripePaymentProvider({
      secretKey: "sk_test_fake",
      webhookSecret: "whsec_test",
      host: "127.0.0.1",
      port: 9,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    const lost = await refund(unreachable);
    expect(lost).toBeInstanceOf(PaymentProviderError);
    expect(outcomeUnknown(lost)).toBe(true);
    // Not a provider failure at all (a bug of ours after the call): unknown too.
    expect(outcomeUnknown(new TypeError("x"))).toBe(true);
  });
});

describe("webhook signature check (shared by both providers)", () => {
  const payload = JSON.stringify({
    id: "evt_1",
    object: "event",
    type: "account.updated",
    data: { object: { id: "acct_1" } },
  });
  const now = new Date("2026-11-21T15:00:00Z");
  const t = Math.floor(now.getTime() / 1000);

  it("accepts our local signer's header and Stripe's own test header", async () => {
    expect(
      (await verifyWebhookSignature(payload, await signWebhookPayload(payload, "whsec_test", t), "whsec_test", now)).id,
    ).toBe("evt_1");
    const stripeHeader = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: "whsec_test",
      timestamp: t,
    });
    expect((await verifyWebhookSignature(payload, stripeHeader, "whsec_test", now)).type).toBe("account.updated");
  });

  it.each([
    ["wrong secret", async () => signWebhookPayload(payload, "whsec_other", t)],
    ["6 minutes old", async () => signWebhookPayload(payload, "whsec_test", t - 360)],
    ["6 minutes ahead", async () => signWebhookPayload(payload, "whsec_test", t + 360)],
    ["missing", async () => null],
  ])("refuses a %s signature", async (_label, header) => {
    await expect(verifyWebhookSignature(payload, await header(), "whsec_test", now)).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
  });

  it("accepts the signature of any of several endpoints' secrets (platform and Connect), listed with commas", async () => {
    const both = "whsec_platform, whsec_connect";
    expect(
      (await verifyWebhookSignature(payload, await signWebhookPayload(payload, "whsec_platform", t), both, now)).id,
    ).toBe("evt_1");
    expect(
      (await verifyWebhookSignature(payload, await signWebhookPayload(payload, "whsec_connect", t), both, now)).id,
    ).toBe("evt_1");
    await expect(
      verifyWebhookSignature(payload, await signWebhookPayload(payload, "whsec_other", t), both, now),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(
      verifyWebhookSignature(payload, await signWebhookPayload(payload, "whsec_connect", t - 360), both, now),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("accepts a signature 4 minutes old (inside the 300 s tolerance)", async () => {
    const h = await signWebhookPayload(payload, "whsec_test", t - 240);
    expect((await verifyWebhookSignature(payload, h, "whsec_test", now)).id).toBe("evt_1");
  });
});
