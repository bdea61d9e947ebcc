// Local payment provider (the default without STRIPE_SECRET_KEY): the same flows as Stripe, on our own pages,
// so that the product works offline. Its objects live in `local_payment_objects` as JSON; its events are
// signed like Stripe's (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`) and handed to our own
// webhook handler in-process. See docs/decisions/0031-local-payment-provider.md.
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { local_payment_objects } from "~/db/schema";
import { localProviderFee } from "~/domain/money";
import type { Clock } from "./clock";
import {
  accountStatusFromObject,
  PaymentProviderError,
  type ChargeInfo,
  type CheckoutSessionInfo,
  type PaymentProvider,
} from "./payments";
import * as paths from "~/domain/paths";

export interface LocalAccount {
  id: string;
  object: "account";
  email: string;
  metadata: { user_id: string };
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: { currently_due: string[]; past_due: string[] };
}

export interface LocalAccountLink {
  id: string;
  account: string;
  return_url: string;
  refresh_url: string;
  expires_at: number;
  used: boolean;
}

export interface LocalCheckoutSession {
  id: string;
  object: "checkout.session";
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  amount_total: number;
  currency: "eur";
  product_name: string;
  customer_email: string | null;
  client_reference_id: string;
  metadata: Record<string, string>;
  transfer_group: string;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  payment_intent: string | null;
  charge: string | null;
  url: string;
  declined_count: number;
}

export interface LocalCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  fee: number;
  currency: "eur";
  created: number;
  checkout_session: string;
  payment_intent: string;
  description: string;
  billing_email: string | null;
  receipt_url: string;
  transfer_group: string;
  metadata: Record<string, string>;
}

export interface LocalTransfer {
  id: string;
  object: "transfer";
  amount: number;
  amount_reversed: number;
  reversed: boolean;
  destination: string;
  source_transaction: string;
  transfer_group: string;
  metadata: Record<string, string>;
}

export const LOCAL_ONBOARDING_REQUIREMENTS = [
  "business_profile.url",
  "external_account",
  "individual.verification.document",
];

export interface LocalPaymentProvider extends PaymentProvider {
  readonly kind: "local";
  getAccountLink(linkId: string): Promise<LocalAccountLink | null>;
  /** The onboarding page's form: details submitted, charges and payouts enabled; emits account.updated. */
  completeOnboarding(linkId: string): Promise<{ returnUrl: string } | null>;
  getSession(sessionId: string): Promise<LocalCheckoutSession | null>;
  /** 'Payer': charges the card, completes the session, emits checkout.session.completed. */
  paySession(sessionId: string): Promise<LocalCheckoutSession>;
  /** 'Carte refusée': the session stays open, nothing is charged. */
  declineSession(sessionId: string): Promise<LocalCheckoutSession>;
  getCharge(chargeId: string): Promise<LocalCharge | null>;
}

export function isLocalPaymentProvider(p: PaymentProvider): p is LocalPaymentProvider {
  return p.kind === "local";
}

export interface LocalProviderOptions {
  db: Db;
  clock: Clock;
  webhookSecret: string;
  /** Hands a signed event to our webhook handler (in-process). */
  deliver?: (payload: string, signature: string) => Promise<void>;
}

const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** Stripe's signature scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`. */
export async function signWebhookPayload(payload: string, secret: string, timestampSeconds: number): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestampSeconds}.${payload}`));
  return `t=${timestampSeconds},v1=${hex(mac)}`;
}

/**
 * The local pages send back to our own URLs built from APP_URL; made relative, they also work when the app is
 * served on another port than APP_URL says (several dev servers side by side). Foreign URLs stay as they are.
 */
export function localReturnUrl(url: string, appUrl: string): string {
  try {
    const u = new URL(url);
    return u.origin === new URL(appUrl).origin ? `${u.pathname}${u.search}${u.hash}` : url;
  } catch {
    return url;
  }
}

const newId = (prefix: string) => `${prefix}_local_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;

export function createLocalPaymentProvider(opts: LocalProviderOptions): LocalPaymentProvider {
  const { db, clock } = opts;
  const nowSec = () => Math.floor(clock.now().getTime() / 1000);

  async function load<T>(kind: string, id: string): Promise<T | null> {
    const rows = await db
      .select({ data: local_payment_objects.data })
      .from(local_payment_objects)
      .where(and(eq(local_payment_objects.id, id), eq(local_payment_objects.kind, kind)))
      .limit(1);
    return rows[0] ? (JSON.parse(rows[0].data) as T) : null;
  }
  async function must<T>(kind: string, id: string, what: string): Promise<T> {
    const o = await load<T>(kind, id);
    if (!o) throw new PaymentProviderError(`${what} introuvable : ${id}`, "resource_missing");
    return o;
  }
  /** `receivedAt`: when the call reached the provider (its rate limit counts calls then), else now. */
  async function save<T extends { id: string }>(kind: string, obj: T, receivedAt?: string): Promise<void> {
    const data = JSON.stringify(obj);
    const at = receivedAt ?? clock.now().toISOString();
    await db
      .insert(local_payment_objects)
      .values({ id: obj.id, kind, data, created_at: at, updated_at: at })
      .onConflictDoUpdate({ target: local_payment_objects.id, set: { data, updated_at: at } });
  }
  /** Like Stripe: the first result for an idempotency key is returned again for the same key. */
  async function once<T extends { id: string }>(key: string, create: () => Promise<T>): Promise<T> {
    const previous = await load<{ id: string; result: T }>("idempotency", `idem:${key}`);
    if (previous) return previous.result;
    const result = await create();
    await save("idempotency", { id: `idem:${key}`, result });
    return result;
  }
  async function emit(type: string, object: { id: string }): Promise<void> {
    const created = nowSec();
    const payload = JSON.stringify({
      id: newId("evt"),
      object: "event",
      type,
      created,
      livemode: false,
      data: { object },
    });
    const signature = await signWebhookPayload(payload, opts.webhookSecret, created);
    if (!opts.deliver) return;
    try {
      await opts.deliver(payload, signature);
    } catch (e) {
      // A real provider would retry; the success page re-reads the session anyway.
      console.error("local webhook delivery failed", type, e);
    }
  }
  function sessionView(s: LocalCheckoutSession): LocalCheckoutSession {
    // Past its expiry an open session reads as expired, as on Stripe.
    return s.status === "open" && s.expires_at <= nowSec() ? { ...s, status: "expired" } : s;
  }
  function chargeInfo(c: LocalCharge): ChargeInfo {
    return {
      id: c.id,
      amountCents: c.amount,
      amountRefundedCents: c.amount_refunded,
      feeCents: c.fee,
      receiptUrl: c.receipt_url,
    };
  }

  const provider: LocalPaymentProvider = {
    kind: "local",
    webhookSecret: opts.webhookSecret,

    createAccount: ({ userId, email, idempotencyKey }) =>
      once(idempotencyKey, async () => {
        const account: LocalAccount = {
          id: newId("acct"),
          object: "account",
          email,
          metadata: { user_id: userId },
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          requirements: { currently_due: [...LOCAL_ONBOARDING_REQUIREMENTS], past_due: [] },
        };
        await save("account", account);
        return account;
      }).then((a) => ({ accountId: a.id })),

    async createAccountLink({ accountId, returnUrl, refreshUrl }) {
      await must<LocalAccount>("account", accountId, "Compte");
      const link: LocalAccountLink = {
        id: newId("acctlink"),
        account: accountId,
        return_url: returnUrl,
        refresh_url: refreshUrl,
        expires_at: nowSec() + 300,
        used: false,
      };
      await save("account_link", link);
      return { url: paths.devOnboarding(link.id) };
    },

    async retrieveAccount(accountId) {
      const a = await must<LocalAccount>("account", accountId, "Compte");
      return accountStatusFromObject(a as unknown as Record<string, unknown>);
    },

    async createCheckoutSession(input) {
      // Like Stripe, a key already answered gets its first answer back before the parameters are checked again.
      const answered = await load<{ result: LocalCheckoutSession }>("idempotency", `idem:${input.idempotencyKey}`);
      if (answered) return { id: answered.result.id, url: answered.result.url };
      if (!Number.isInteger(input.amountCents) || input.amountCents < 50) {
        throw new PaymentProviderError("Le montant minimum d'un paiement est de 0,50 €.", "amount_too_small");
      }
      const minExpiry = nowSec() + 30 * 60 - 5;
      const expires = Math.floor(input.expiresAt.getTime() / 1000);
      if (expires < minExpiry || expires > nowSec() + 24 * 3600) {
        throw new PaymentProviderError("expires_at doit être entre 30 minutes et 24 heures.", "parameter_invalid");
      }
      // The record's time is the call's arrival, as the real provider's rate limit sees it (the reads and writes
      // of this stand-in's own storage may wait behind other requests' under load).
      const receivedAt = clock.now().toISOString();
      return once(input.idempotencyKey, async () => {
        const id = newId("cs");
        const session: LocalCheckoutSession = {
          id,
          object: "checkout.session",
          status: "open",
          payment_status: "unpaid",
          amount_total: input.amountCents,
          currency: "eur",
          product_name: input.productName,
          customer_email: input.customerEmail,
          client_reference_id: input.inscriptionId,
          metadata: {
            inscription_id: input.inscriptionId,
            course_id: input.courseId,
            format_id: input.formatId,
            organisateur_id: input.organisateurId,
            paiement_trace_id: input.paiementTraceId,
            destination_account_id: input.destinationAccountId,
          },
          transfer_group: `inscription_${input.inscriptionId}`,
          success_url: input.successUrl.replace("{CHECKOUT_SESSION_ID}", id),
          cancel_url: input.cancelUrl.replace("{CHECKOUT_SESSION_ID}", id),
          expires_at: expires,
          payment_intent: null,
          charge: null,
          url: paths.devCheckout(id),
          declined_count: 0,
        };
        await save("checkout_session", session, receivedAt);
        return session;
      }).then((s) => ({ id: s.id, url: s.url }));
    },

    async retrieveCheckoutSession(sessionId) {
      const s = sessionView(await must<LocalCheckoutSession>("checkout_session", sessionId, "Session de paiement"));
      const charge = s.charge ? await load<LocalCharge>("charge", s.charge) : null;
      const info: CheckoutSessionInfo = {
        id: s.id,
        status: s.status,
        paymentStatus: s.payment_status,
        amountTotalCents: s.amount_total,
        currency: s.currency,
        metadata: s.metadata,
        paymentIntentId: s.payment_intent,
        chargeId: s.charge,
        feeCents: charge?.fee ?? null,
        receiptUrl: charge?.receipt_url ?? null,
        url: s.status === "open" ? s.url : null,
        expiresAt: new Date(s.expires_at * 1000),
      };
      return info;
    },

    async expireCheckoutSession(sessionId) {
      const s = await must<LocalCheckoutSession>("checkout_session", sessionId, "Session de paiement");
      if (s.status === "complete")
        throw new PaymentProviderError("Cette session est déjà payée.", "checkout_session_complete");
      if (s.status === "expired") return;
      const expired: LocalCheckoutSession = { ...s, status: "expired" };
      await save("checkout_session", expired);
      await emit("checkout.session.expired", expired);
    },

    async retrieveCharge(chargeId) {
      return chargeInfo(await must<LocalCharge>("charge", chargeId, "Paiement"));
    },

    createTransfer: (input) =>
      once(input.idempotencyKey, async () => {
        const charge = await must<LocalCharge>("charge", input.sourceChargeId, "Paiement source");
        if (input.amountCents <= 0)
          throw new PaymentProviderError("Montant de transfert invalide.", "parameter_invalid");
        const account = await must<LocalAccount>("account", input.destinationAccountId, "Compte");
        if (!account.payouts_enabled && !account.charges_enabled) {
          throw new PaymentProviderError("Le compte de destination n'est pas activé.", "account_invalid");
        }
        const transfer: LocalTransfer = {
          id: newId("tr"),
          object: "transfer",
          amount: input.amountCents,
          amount_reversed: 0,
          reversed: false,
          destination: account.id,
          source_transaction: charge.id,
          transfer_group: input.transferGroup,
          metadata: input.metadata,
        };
        await save("transfer", transfer);
        return transfer;
      }).then((t) => ({ id: t.id })),

    createTransferReversal: (input) =>
      once(input.idempotencyKey, async () => {
        const t = await must<LocalTransfer>("transfer", input.transferId, "Transfert");
        if (input.amountCents <= 0 || input.amountCents > t.amount - t.amount_reversed) {
          throw new PaymentProviderError("Montant d'annulation de transfert invalide.", "parameter_invalid");
        }
        const updated: LocalTransfer = { ...t, amount_reversed: t.amount_reversed + input.amountCents };
        updated.reversed = updated.amount_reversed === updated.amount;
        await save("transfer", updated);
        const reversal = { id: newId("trr"), transfer: t.id, amount: input.amountCents, metadata: input.metadata };
        await save("transfer_reversal", reversal);
        await emit("transfer.reversed", updated);
        return reversal;
      }).then((r) => ({ id: r.id })),

    createRefund: (input) =>
      once(input.idempotencyKey, async () => {
        const c = await must<LocalCharge>("charge", input.chargeId, "Paiement");
        if (input.amountCents <= 0 || input.amountCents > c.amount - c.amount_refunded) {
          throw new PaymentProviderError(
            "Le montant du remboursement dépasse le montant remboursable.",
            "amount_too_large",
          );
        }
        const updated: LocalCharge = { ...c, amount_refunded: c.amount_refunded + input.amountCents };
        updated.refunded = updated.amount_refunded === updated.amount;
        await save("charge", updated);
        const refund = {
          id: newId("re"),
          charge: c.id,
          amount: input.amountCents,
          status: "succeeded" as const,
          metadata: input.metadata,
        };
        await save("refund", refund);
        await emit("charge.refunded", updated);
        return refund;
      }).then((r) => ({ id: r.id, status: r.status })),

    // ---------------------------------------------------------------- the local pages' actions
    getAccountLink: (linkId) => load<LocalAccountLink>("account_link", linkId),

    async completeOnboarding(linkId) {
      const link = await load<LocalAccountLink>("account_link", linkId);
      if (!link) return null;
      const a = await must<LocalAccount>("account", link.account, "Compte");
      const enabled: LocalAccount = {
        ...a,
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
        requirements: { currently_due: [], past_due: [] },
      };
      await save("account", enabled);
      await save("account_link", { ...link, used: true });
      await emit("account.updated", enabled);
      return { returnUrl: link.return_url };
    },

    async getSession(sessionId) {
      const s = await load<LocalCheckoutSession>("checkout_session", sessionId);
      return s ? sessionView(s) : null;
    },

    async paySession(sessionId) {
      const s = sessionView(await must<LocalCheckoutSession>("checkout_session", sessionId, "Session de paiement"));
      if (s.status !== "open") return s;
      const charge: LocalCharge = {
        id: newId("ch"),
        object: "charge",
        amount: s.amount_total,
        amount_refunded: 0,
        refunded: false,
        fee: localProviderFee(s.amount_total),
        currency: "eur",
        created: nowSec(),
        checkout_session: s.id,
        payment_intent: newId("pi"),
        description: s.product_name,
        billing_email: s.customer_email,
        receipt_url: "",
        transfer_group: s.transfer_group,
        metadata: s.metadata,
      };
      charge.receipt_url = paths.devReceipt(charge.id);
      const paid: LocalCheckoutSession = {
        ...s,
        status: "complete",
        payment_status: "paid",
        payment_intent: charge.payment_intent,
        charge: charge.id,
      };
      await save("charge", charge);
      await save("checkout_session", paid);
      await emit("checkout.session.completed", paid);
      return paid;
    },

    async declineSession(sessionId) {
      const s = sessionView(await must<LocalCheckoutSession>("checkout_session", sessionId, "Session de paiement"));
      if (s.status !== "open") return s;
      const declined = { ...s, declined_count: s.declined_count + 1 };
      await save("checkout_session", declined);
      return declined;
    },

    getCharge: (chargeId) => load<LocalCharge>("charge", chargeId),
  };
  return provider;
}
