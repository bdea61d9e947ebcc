// The payment provider interface. Two implementations, chosen per request in load-context.ts:
// Stripe (payments-stripe.server.ts) when STRIPE_SECRET_KEY is set, the local provider
// (payments-local.server.ts) otherwise. Money is integer cents, currency always "eur".
// See docs/decisions/0030-separate-charges-and-transfers.md and 0031-local-payment-provider.md.
import { isOneOf } from "~/domain/labels";

export interface PaymentAccountStatus {
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  requirementsDue: string[];
}

export interface CheckoutSessionInput {
  inscriptionId: string;
  courseId: string;
  formatId: string;
  organisateurId: string;
  paiementTraceId: string;
  /** The organiser's connected account the money will be transferred to later (not charged on it). */
  destinationAccountId: string;
  amountCents: number;
  productName: string;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  idempotencyKey: string;
}

/** The metadata a checkout session carries (read back by the webhook), the same on both providers. */
export function checkoutMetadata(input: CheckoutSessionInput): Record<string, string> {
  return {
    inscription_id: input.inscriptionId,
    course_id: input.courseId,
    format_id: input.formatId,
    organisateur_id: input.organisateurId,
    paiement_trace_id: input.paiementTraceId,
    destination_account_id: input.destinationAccountId,
  };
}

export interface CheckoutSessionCreated {
  id: string;
  url: string;
}

export type CheckoutSessionStatus = "open" | "complete" | "expired";
export type CheckoutPaymentStatus = "paid" | "unpaid" | "no_payment_required";

/** What we read back from a checkout session: always re-read before acting on an event. */
export interface CheckoutSessionInfo {
  id: string;
  status: CheckoutSessionStatus;
  paymentStatus: CheckoutPaymentStatus;
  amountTotalCents: number;
  currency: string;
  metadata: Record<string, string>;
  paymentIntentId: string | null;
  chargeId: string | null;
  /** Provider fee of the charge, when known. */
  feeCents: number | null;
  receiptUrl: string | null;
  url: string | null;
  expiresAt: Date | null;
}

export interface ChargeInfo {
  id: string;
  amountCents: number;
  amountRefundedCents: number;
  feeCents: number | null;
  receiptUrl: string | null;
}

export interface TransferInput {
  amountCents: number;
  destinationAccountId: string;
  /** The charge the money comes from (`source_transaction`): the transfer may go before the funds settle. */
  sourceChargeId: string;
  transferGroup: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface RefundInput {
  chargeId: string;
  amountCents: number;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface TransferReversalInput {
  transferId: string;
  amountCents: number;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/** A webhook event, Stripe's shape (the local provider sends the same). */
export interface PaymentEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> & { id?: string } };
}

/** A runner's Premium checkout (subscription mode, a yearly price, VAT included). */
export interface SubscriptionCheckoutInput {
  userId: string;
  customerEmail: string;
  /** The runner's customer at the provider, when an earlier subscription made one. */
  customerId: string | null;
  amountCents: number;
  productName: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/** What we read back from a subscription: always re-read before acting on an event. */
export interface SubscriptionInfo {
  id: string;
  customerId: string;
  status: string;
  /** Yearly amount, VAT included. */
  amountCents: number;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
}

/** The subscription an event is about: the object itself, an invoice's parent, or a subscription checkout. */
export function subscriptionIdOfEvent(event: PaymentEvent): string | null {
  const o = event.data.object as Record<string, unknown>;
  const str = (x: unknown) =>
    typeof x === "string" ? x : x && typeof x === "object" && "id" in x ? String((x as { id: unknown }).id) : null;
  if (event.type.startsWith("customer.subscription.")) return str(o.id);
  if (event.type.startsWith("invoice.")) {
    const parent = o.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    return str(parent?.subscription_details?.subscription) ?? str(o.subscription);
  }
  if (event.type.startsWith("checkout.session.") && o.mode === "subscription") return str(o.subscription);
  return null;
}

export interface PaymentProvider {
  readonly kind: "stripe" | "local";
  /** Secret the webhook signatures are checked with. */
  readonly webhookSecret: string | undefined;
  createAccount(input: { userId: string; email: string; idempotencyKey: string }): Promise<{ accountId: string }>;
  createAccountLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  retrieveAccount(accountId: string): Promise<PaymentAccountStatus>;
  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSessionCreated>;
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionInfo>;
  expireCheckoutSession(sessionId: string): Promise<void>;
  retrieveCharge(chargeId: string): Promise<ChargeInfo>;
  createTransfer(input: TransferInput): Promise<{ id: string }>;
  createTransferReversal(input: TransferReversalInput): Promise<{ id: string }>;
  createRefund(input: RefundInput): Promise<{ id: string; status: "succeeded" | "pending" | "failed" }>;
  /** Premium: a checkout in subscription mode (yearly). */
  createSubscriptionCheckout(input: SubscriptionCheckoutInput): Promise<CheckoutSessionCreated>;
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionInfo>;
  /** The customer portal (change the card, cancel at period end), coming back to `returnUrl`. */
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
}

// The Worker bundle and the Remix build each carry a copy of this module (load-context.ts makes the provider, the
// routes catch its errors), so `instanceof` cannot recognise a provider failure across them. A brand registered in
// the runtime's global symbol registry is the same in every copy: isPaymentProviderError checks it.
const PROVIDER_ERROR = Symbol.for("balise.payment-provider-error");

/** A provider failure, with the provider's own message (shown after our French prefix). */
export class PaymentProviderError extends Error {
  readonly [PROVIDER_ERROR] = true;
  constructor(
    message: string,
    public readonly providerCode?: string,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

/** True for a PaymentProviderError made by any copy of this module. Never use `instanceof` for it. */
export function isPaymentProviderError(e: unknown): e is PaymentProviderError {
  return typeof e === "object" && e !== null && (e as { [PROVIDER_ERROR]?: unknown })[PROVIDER_ERROR] === true;
}

/**
 * Failures after which the provider may or may not have done what was asked: the connection broke (or timed out)
 * before its answer, or it answered with its own internal error. Anything else the provider answers is a decision
 * (a refusal, an invalid request, a rate limit): nothing was done.
 */
export const UNKNOWN_OUTCOME_CODES = ["StripeConnectionError", "StripeAPIError"] as const;

/** True when a call's failure leaves its outcome unknown: it must be asked again under the same key, not undone. */
export function outcomeUnknown(e: unknown): boolean {
  if (!isPaymentProviderError(e)) return true;
  return isOneOf(UNKNOWN_OUTCOME_CODES, e.providerCode);
}

/** The connected account statuses as the `account.updated` event or an account read carries them. */
export function accountStatusFromObject(o: Record<string, unknown>): PaymentAccountStatus {
  const req = (o.requirements ?? {}) as { currently_due?: unknown; past_due?: unknown };
  const due = [
    ...(Array.isArray(req.past_due) ? req.past_due : []),
    ...(Array.isArray(req.currently_due) ? req.currently_due : []),
  ].filter((x): x is string => typeof x === "string");
  return {
    accountId: String(o.id ?? ""),
    chargesEnabled: o.charges_enabled === true,
    payoutsEnabled: o.payouts_enabled === true,
    detailsSubmitted: o.details_submitted === true,
    requirementsDue: [...new Set(due)],
  };
}
