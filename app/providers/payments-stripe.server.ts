// Stripe implementation of the payment provider: separate charges and transfers
// (docs/decisions/0030-separate-charges-and-transfers.md). Runs on Workers: fetch HTTP client, SubtleCrypto.
import Stripe from "stripe";
import {
  accountStatusFromObject,
  PaymentProviderError,
  type ChargeInfo,
  type CheckoutSessionInfo,
  type CheckoutSessionInput,
  checkoutMetadata,
  type PaymentProvider,
} from "./payments";
import { stripeBillingMethods } from "./payments-stripe-billing.server";
import { frenchEuroCheckout } from "./stripe-checkout";

/** The API version this code was written and tested against. Bump deliberately. */
export const STRIPE_API_VERSION = "2026-10-28.endive" as const;

export interface StripeProviderConfig {
  secretKey: string;
  webhookSecret?: string;
  host?: string;
  port?: string | number;
  protocol?: "http" | "https";
  /** Network retries by the SDK (idempotency keys make them safe). */
  maxNetworkRetries?: number;
}

export function createStripeClient(config: StripeProviderConfig): Stripe {
  return new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: config.maxNetworkRetries ?? 1,
    timeout: 15_000,
    ...(config.host ? { host: config.host } : {}),
    ...(config.port ? { port: config.port } : {}),
    ...(config.protocol ? { protocol: config.protocol } : {}),
    appInfo: { name: "Balise" },
  });
}

function wrap<T>(run: () => Promise<T>): Promise<T> {
  return run().catch((e: unknown) => {
    if (e instanceof Stripe.errors.StripeError) throw new PaymentProviderError(e.message, e.code ?? e.type);
    throw e;
  });
}

type Expandable<T> = string | T | null | undefined;
const idOf = <T extends { id: string }>(x: Expandable<T>): string | null =>
  x == null ? null : typeof x === "string" ? x : x.id;

function chargeInfo(charge: Stripe.Charge): ChargeInfo {
  const bt = charge.balance_transaction;
  return {
    id: charge.id,
    amountCents: charge.amount,
    amountRefundedCents: charge.amount_refunded,
    feeCents: bt && typeof bt !== "string" ? bt.fee : null,
    receiptUrl: charge.receipt_url ?? null,
  };
}

function checkoutSessionParams(input: CheckoutSessionInput): Stripe.Checkout.SessionCreateParams {
  const metadata = checkoutMetadata(input);
  return {
    ...frenchEuroCheckout("payment", input),
    ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
    client_reference_id: input.inscriptionId,
    metadata,
    payment_intent_data: { transfer_group: `inscription_${input.inscriptionId}`, metadata },
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    expires_at: Math.floor(input.expiresAt.getTime() / 1000),
  };
}

/** A session read with its payment intent's latest charge and balance transaction expanded. */
function checkoutSessionInfo(s: Stripe.Checkout.Session): CheckoutSessionInfo {
  const pi = s.payment_intent && typeof s.payment_intent !== "string" ? s.payment_intent : null;
  const charge = pi?.latest_charge && typeof pi.latest_charge !== "string" ? pi.latest_charge : null;
  return {
    id: s.id,
    status: (s.status ?? "open") as CheckoutSessionInfo["status"],
    paymentStatus: s.payment_status as CheckoutSessionInfo["paymentStatus"],
    amountTotalCents: s.amount_total ?? 0,
    currency: s.currency ?? "eur",
    metadata: (s.metadata ?? {}) as Record<string, string>,
    paymentIntentId: idOf(s.payment_intent),
    chargeId: charge?.id ?? (pi ? idOf(pi.latest_charge) : null),
    feeCents: charge ? chargeInfo(charge).feeCents : null,
    receiptUrl: charge?.receipt_url ?? null,
    url: s.url ?? null,
    expiresAt: s.expires_at ? new Date(s.expires_at * 1000) : null,
  };
}

function refundStatus(status: string | null): "succeeded" | "failed" | "pending" {
  return status === "succeeded" ? "succeeded" : status === "failed" || status === "canceled" ? "failed" : "pending";
}

export function createStripePaymentProvider(config: StripeProviderConfig): PaymentProvider {
  // Every request gets a provider, and most never call Stripe (a catalogue page): the SDK's client is made on the
  // provider's first call (building it took the event page from 2.2 to 3.5 ms in an in-process measurement).
  let client: Stripe | undefined;
  const stripe = () => {
    client ??= createStripeClient(config);
    return client;
  };
  return {
    kind: "stripe",
    webhookSecret: config.webhookSecret,

    createAccount: ({ userId, email, idempotencyKey }) =>
      wrap(async () => {
        const account = await stripe().accounts.create(
          {
            country: "FR",
            email,
            controller: {
              fees: { payer: "application" },
              losses: { payments: "application" },
              stripe_dashboard: { type: "express" },
            },
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { user_id: userId },
          },
          { idempotencyKey },
        );
        return { accountId: account.id };
      }),

    createAccountLink: ({ accountId, returnUrl, refreshUrl }) =>
      wrap(async () => {
        const link = await stripe().accountLinks.create({
          account: accountId,
          return_url: returnUrl,
          refresh_url: refreshUrl,
          type: "account_onboarding",
        });
        return { url: link.url };
      }),

    retrieveAccount: (accountId) =>
      wrap(async () =>
        accountStatusFromObject((await stripe().accounts.retrieve(accountId)) as unknown as Record<string, unknown>),
      ),

    createCheckoutSession: (input) =>
      wrap(async () => {
        const session = await stripe().checkout.sessions.create(checkoutSessionParams(input), {
          idempotencyKey: input.idempotencyKey,
        });
        if (!session.url) throw new PaymentProviderError("Session de paiement sans URL");
        return { id: session.id, url: session.url };
      }),

    retrieveCheckoutSession: (sessionId) =>
      wrap(async () => {
        const s = await stripe().checkout.sessions.retrieve(sessionId, {
          expand: ["payment_intent.latest_charge.balance_transaction"],
        });
        return checkoutSessionInfo(s);
      }),

    expireCheckoutSession: (sessionId) =>
      wrap(async () => {
        await stripe().checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire:${sessionId}` });
      }),

    retrieveCharge: (chargeId) =>
      wrap(async () => chargeInfo(await stripe().charges.retrieve(chargeId, { expand: ["balance_transaction"] }))),

    createTransfer: (input) =>
      wrap(async () => {
        const t = await stripe().transfers.create(
          {
            amount: input.amountCents,
            currency: "eur",
            destination: input.destinationAccountId,
            source_transaction: input.sourceChargeId,
            transfer_group: input.transferGroup,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: t.id };
      }),

    createTransferReversal: (input) =>
      wrap(async () => {
        const r = await stripe().transfers.createReversal(
          input.transferId,
          { amount: input.amountCents, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: r.id };
      }),

    createRefund: (input) =>
      wrap(async () => {
        const r = await stripe().refunds.create(
          {
            charge: input.chargeId,
            amount: input.amountCents,
            reason: "requested_by_customer",
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: r.id, status: refundStatus(r.status) };
      }),

    ...stripeBillingMethods(stripe, wrap),
  };
}

/**
 * Checks a `Stripe-Signature` header on the raw body (HMAC-SHA256, tolerance in seconds) and parses the event.
 * Used for both providers: the local one signs its events the same way.
 */
export async function verifyWebhookSignature(
  rawBody: string,
  header: string | null,
  secret: string,
  now: Date,
  toleranceSeconds = 300,
): Promise<Stripe.Event> {
  if (!header) throw new PaymentProviderError("Signature absente");
  const t = /(?:^|,)t=(\d+)/.exec(header);
  // The SDK refuses signatures that are too old; we also refuse those from the future.
  if (t && Number(t[1]) - Math.floor(now.getTime() / 1000) > toleranceSeconds)
    throw new PaymentProviderError("Signature datée du futur");
  // Several endpoints may post here, each with its own signing secret (the platform's events and Connect's
  // account.updated): STRIPE_WEBHOOK_SECRET lists them separated by commas; the first that verifies wins.
  const secrets = secret
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  let failure: unknown = null;
  for (const one of secrets) {
    try {
      return await Stripe.webhooks.constructEventAsync(
        rawBody,
        header,
        one,
        toleranceSeconds,
        Stripe.createSubtleCryptoProvider(),
        now.getTime(),
      );
    } catch (e) {
      failure = e;
    }
  }
  throw new PaymentProviderError(failure instanceof Error ? failure.message.split("\n")[0] : "Signature invalide");
}
