// Stripe Billing for Premium (decision 0224): Checkout in subscription mode with a yearly price, VAT included
// (`tax_behavior: inclusive`), French pages and receipts (`locale: fr`), the Customer Portal, and the subscription
// read back for the webhook. Since API 2025-03-31 the period's end is on the subscription's items.
import type Stripe from "stripe";
import { PaymentProviderError, type PaymentProvider, type SubscriptionInfo } from "./payments";
import { frenchEuroCheckout } from "./stripe-checkout";

type BillingMethods = Pick<
  PaymentProvider,
  "createSubscriptionCheckout" | "retrieveSubscription" | "createPortalSession"
>;

export function subscriptionInfo(s: Stripe.Subscription): SubscriptionInfo {
  const items = s.items?.data ?? [];
  const periodEnd = Math.max(0, ...items.map((i) => i.current_period_end ?? 0));
  const amount = items.reduce((sum, i) => sum + (i.price?.unit_amount ?? 0) * (i.quantity ?? 1), 0);
  return {
    id: s.id,
    customerId: typeof s.customer === "string" ? s.customer : s.customer.id,
    status: s.status,
    amountCents: amount,
    currentPeriodEnd: new Date(periodEnd * 1000),
    cancelAtPeriodEnd: s.cancel_at_period_end === true || s.cancel_at != null,
    metadata: (s.metadata ?? {}) as Record<string, string>,
  };
}

export function stripeBillingMethods(
  stripe: () => Stripe,
  wrap: <T>(run: () => Promise<T>) => Promise<T>,
): BillingMethods {
  return {
    createSubscriptionCheckout: (input) =>
      wrap(async () => {
        const metadata = { user_id: input.userId, produit: "premium" };
        const session = await stripe().checkout.sessions.create(
          {
            ...frenchEuroCheckout("subscription", input, {
              tax_behavior: "inclusive",
              recurring: { interval: "year" },
            }),
            ...(input.customerId ? { customer: input.customerId } : { customer_email: input.customerEmail }),
            client_reference_id: input.userId,
            metadata,
            subscription_data: { metadata },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!session.url) throw new PaymentProviderError("Session de paiement sans URL");
        return { id: session.id, url: session.url };
      }),

    retrieveSubscription: (id) => wrap(async () => subscriptionInfo(await stripe().subscriptions.retrieve(id))),

    createPortalSession: ({ customerId, returnUrl }) =>
      wrap(async () => {
        const s = await stripe().billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
          locale: "fr",
        });
        return { url: s.url };
      }),
  };
}
