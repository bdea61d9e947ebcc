// The local payment provider's storage and events: its objects as JSON rows of `local_payment_objects`, Stripe's
// idempotency keys, and its webhook events signed like Stripe's and handed to our own handler in-process.
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { local_payment_objects } from "~/db/schema";
import * as paths from "~/domain/paths";
import type { Clock } from "./clock";
import { PaymentProviderError } from "./payments";
import type { LocalCheckoutSession } from "./payments-local-types";

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

export const newId = (prefix: string) => `${prefix}_local_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;

export type LocalStore = ReturnType<typeof createLocalStore>;

/** The helpers every part of the local provider shares: the clock in seconds, the objects' rows, the events. */
export function createLocalStore(opts: LocalProviderOptions) {
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
  /** A new open session of the local 'Payer' page for `input`'s amount, its return addresses given its id. */
  function openSession(
    input: {
      amountCents: number;
      productName: string;
      customerEmail: string | null;
      successUrl: string;
      cancelUrl: string;
    },
    own: Pick<
      LocalCheckoutSession,
      "client_reference_id" | "metadata" | "transfer_group" | "expires_at" | "mode" | "customer" | "subscription"
    >,
  ): LocalCheckoutSession {
    const id = newId("cs");
    return {
      id,
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      amount_total: input.amountCents,
      currency: "eur",
      product_name: input.productName,
      customer_email: input.customerEmail,
      success_url: input.successUrl.replace("{CHECKOUT_SESSION_ID}", id),
      cancel_url: input.cancelUrl.replace("{CHECKOUT_SESSION_ID}", id),
      payment_intent: null,
      charge: null,
      url: paths.devCheckout(id),
      declined_count: 0,
      ...own,
    };
  }
  /** 'Payer' done: the session complete and paid with what the payment made, recorded, and the app told. */
  async function completeSession(
    s: LocalCheckoutSession,
    made:
      | Pick<LocalCheckoutSession, "payment_intent" | "charge">
      | Pick<LocalCheckoutSession, "customer" | "subscription">,
  ): Promise<LocalCheckoutSession> {
    const paid: LocalCheckoutSession = { ...s, status: "complete", payment_status: "paid", ...made };
    await save("checkout_session", paid);
    await emit("checkout.session.completed", paid);
    return paid;
  }
  return { clock, nowSec, load, must, save, once, emit, sessionView, openSession, completeSession };
}
