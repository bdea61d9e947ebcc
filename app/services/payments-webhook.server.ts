// The payment webhook: one code path for Stripe and the local provider (docs/decisions/0032-webhook-handling.md).
// 1. the signature is checked on the raw body (tolerance 300 s): a bad one gets 400 and changes nothing;
// 2. the event id is recorded once in `webhook_events`: a replay of a processed event does nothing;
// 3. the object is re-read from the provider when order matters, so events may arrive in any order.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { profils_utilisateurs, webhook_events } from "~/db/schema";
import { isPaymentProviderError, type PaymentEvent, subscriptionIdOfEvent } from "~/providers/payments";
import { verifyWebhookSignature } from "~/providers/payments-stripe.server";
import { onChargeRefunded, onCheckoutCompleted, onCheckoutEnded } from "./payment-received.server";
import { syncTransferReversal } from "./payouts.server";
import { syncSubscription } from "./subscriptions.server";
import { errorCode, errorDetail, errorStack, logEvent } from "~/utils/log.server";
import { isOneOf } from "~/domain/labels";

export const WEBHOOK_TOLERANCE_SECONDS = 300;

type EventHandler = (context: AppLoadContext, event: PaymentEvent, objectId: string) => Promise<unknown>;

const checkoutPaid: EventHandler = (context, _event, id) => onCheckoutCompleted(context, id);
const checkoutEnded: EventHandler = (context, _event, id) => onCheckoutEnded(context, id);
/** The subscription the event names, re-read and stored (an invoice of none, a one-off: nothing to do). */
const subscriptionChanged: EventHandler = async (context, event) => {
  const subscriptionId = subscriptionIdOfEvent(event);
  if (subscriptionId) await syncSubscription(context, subscriptionId);
};

/** What the handler does for each event type it acts on (a Premium checkout aside: see dispatch). */
const HANDLERS = {
  "checkout.session.completed": checkoutPaid,
  "checkout.session.async_payment_succeeded": checkoutPaid,
  "checkout.session.async_payment_failed": checkoutEnded,
  "checkout.session.expired": checkoutEnded,
  "charge.refunded": (context, event, id) =>
    onChargeRefunded(context, id, Number(event.data.object.amount_refunded ?? 0)),
  "account.updated": (context, _event, id) => syncAccount(context, id),
  "transfer.reversed": (context, event, id) =>
    syncTransferReversal(context, id, Number(event.data.object.amount_reversed ?? 0)),
  // Premium (decision 0224): the subscription is re-read and stored, whatever the event says.
  "customer.subscription.created": subscriptionChanged,
  "customer.subscription.updated": subscriptionChanged,
  "customer.subscription.deleted": subscriptionChanged,
  "invoice.paid": subscriptionChanged,
  "invoice.payment_failed": subscriptionChanged,
} satisfies Record<string, EventHandler>;

export type HandledEventType = keyof typeof HANDLERS;

/**
 * The event types this handler acts on (its table's): the list to select in the provider's webhook endpoint (README,
 * "Mise en production"; tests/unit/deployment.test.ts keeps the two in step). Any other type is acknowledged and
 * ignored.
 */
export const HANDLED_EVENT_TYPES: readonly HandledEventType[] = Object.keys(HANDLERS) as HandledEventType[];

/** Those of them that happen on organisers' connected accounts: Stripe sends them to a Connect endpoint only. */
export const CONNECT_EVENT_TYPES: readonly HandledEventType[] = ["account.updated"];

export function isHandledEventType(type: string): type is HandledEventType {
  return isOneOf(HANDLED_EVENT_TYPES, type);
}

export interface WebhookOutcome {
  status: 200 | 400 | 500;
  body: { received: boolean; duplicate?: boolean; ignored?: boolean; error?: string };
}

/** Re-reads a connected account and stores its flags on the organiser's profile. */
export async function syncAccount(context: AppLoadContext, accountId: string): Promise<boolean> {
  const s = await context.payments.retrieveAccount(accountId);
  const res = await context.db
    .update(profils_utilisateurs)
    .set({
      stripe_charges_enabled: s.chargesEnabled,
      stripe_payouts_enabled: s.payoutsEnabled,
      stripe_details_submitted: s.detailsSubmitted,
      stripe_requirements_due: JSON.stringify(s.requirementsDue),
      updated_at: context.clock.now().toISOString(),
    })
    .where(eq(profils_utilisateurs.stripe_account_id, accountId))
    .returning({ id: profils_utilisateurs.user_id });
  return res.length > 0;
}

async function dispatch(context: AppLoadContext, event: PaymentEvent): Promise<boolean> {
  const o = event.data.object;
  const id = typeof o.id === "string" ? o.id : "";
  const type = event.type;
  if (!isHandledEventType(type)) return false;
  // A Premium checkout (subscription mode) is no registration's payment: its subscription is synced instead.
  if (type.startsWith("checkout.session.") && o.mode === "subscription") {
    const subscriptionId = subscriptionIdOfEvent(event);
    return subscriptionId ? syncSubscription(context, subscriptionId) : false;
  }
  await HANDLERS[type](context, event, id);
  return true;
}

/** Verifies, de-duplicates and handles one webhook delivery. Never throws. */
export async function handlePaymentWebhook(
  context: AppLoadContext,
  rawBody: string,
  signature: string | null,
): Promise<WebhookOutcome> {
  const secret = context.payments.webhookSecret;
  if (!secret) return { status: 400, body: { received: false, error: "Webhook non configuré" } };
  let event: PaymentEvent;
  try {
    event = (await verifyWebhookSignature(
      rawBody,
      signature,
      secret,
      context.clock.now(),
      WEBHOOK_TOLERANCE_SECONDS,
    )) as unknown as PaymentEvent;
  } catch (e) {
    logEvent("webhook.rejected", { reason: "signature", error: errorCode(e) });
    return {
      status: 400,
      body: { received: false, error: isPaymentProviderError(e) ? e.message : "Signature invalide" },
    };
  }
  if (!event?.id || !event.type || !event.data?.object) {
    logEvent("webhook.rejected", { reason: "illisible", event_id: event?.id });
    return { status: 400, body: { received: false, error: "Événement illisible" } };
  }

  const inserted = await context.db
    .insert(webhook_events)
    .values({ id: event.id, type: event.type, received_at: context.clock.now().toISOString() })
    .onConflictDoNothing()
    .returning({ id: webhook_events.id });
  if (inserted.length === 0) {
    const [seen] = await context.db.select().from(webhook_events).where(eq(webhook_events.id, event.id)).limit(1);
    // Processed already: nothing to do. Recorded but not processed (a failed earlier try): handle it again.
    if (seen?.processed_at) {
      logEvent("webhook.duplicate", { event_id: event.id, event_type: event.type });
      return { status: 200, body: { received: true, duplicate: true } };
    }
  }
  try {
    const handled = await dispatch(context, event);
    await context.db
      .update(webhook_events)
      .set({ processed_at: context.clock.now().toISOString() })
      .where(eq(webhook_events.id, event.id));
    const objectId = typeof event.data.object.id === "string" ? event.data.object.id : undefined;
    logEvent(handled ? "webhook.handled" : "webhook.ignored", {
      event_id: event.id,
      event_type: event.type,
      object_id: objectId,
    });
    return { status: 200, body: handled ? { received: true } : { received: true, ignored: true } };
  } catch (e) {
    // 500: the provider retries later; the event stays unprocessed.
    logEvent("webhook.failed", {
      event_id: event.id,
      event_type: event.type,
      error: errorCode(e),
      detail: errorDetail(e),
      stack: errorStack(e),
    });
    return { status: 500, body: { received: false, error: "Erreur de traitement" } };
  }
}
