// The local provider's Premium subscriptions (decision 0224): a checkout in subscription mode paid on /dev/checkout,
// the customer portal on /dev/portail (cancel at period end, take it back, change the card) with the development
// controls to renew or fail a renewal; every change emits Stripe's events (customer.subscription.*, invoice.*) to
// our webhook, like the payments do.
import * as paths from "~/domain/paths";
import { type PaymentEvent, PaymentProviderError, type SubscriptionInfo } from "./payments";
import type {
  LocalCheckoutSession,
  LocalCustomer,
  LocalInvoice,
  LocalPaymentProvider,
  LocalPortalSession,
  LocalSubscription,
} from "./payments-local-types";
import { type LocalStore, newId } from "./payments-local-store.server";

type BillingMethods = Pick<
  LocalPaymentProvider,
  "createSubscriptionCheckout" | "retrieveSubscription" | "createPortalSession" | "getPortalSession" | "portalAction"
>;

/** One calendar year later (the period of a yearly price), in unix seconds. */
export function oneYearAfter(seconds: number): number {
  const d = new Date(seconds * 1000);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return Math.floor(d.getTime() / 1000);
}

export function localSubscriptionInfo(s: LocalSubscription): SubscriptionInfo {
  return {
    id: s.id,
    customerId: s.customer,
    status: s.status,
    amountCents: s.amount,
    currentPeriodEnd: new Date(s.current_period_end * 1000),
    cancelAtPeriodEnd: s.cancel_at_period_end,
    metadata: s.metadata,
  };
}

/** The subscription as Stripe would read it now, its invoices, and a change saved with its events. */
function subscriptionHelpers(store: LocalStore) {
  const { nowSec, must, save, emit } = store;

  /** Like Stripe: a subscription cancelled at period end ends once its period is over. */
  async function current(id: string): Promise<LocalSubscription> {
    const s = await must<LocalSubscription>("subscription", id, "Abonnement");
    if (s.status !== "canceled" && s.cancel_at_period_end && s.current_period_end <= nowSec()) {
      const ended: LocalSubscription = { ...s, status: "canceled", canceled_at: s.current_period_end };
      await save("subscription", ended);
      await emit("customer.subscription.deleted", ended);
      return ended;
    }
    return s;
  }

  async function invoice(s: LocalSubscription, paid: boolean, reason: LocalInvoice["billing_reason"]) {
    const inv: LocalInvoice = {
      id: newId("in"),
      object: "invoice",
      customer: s.customer,
      status: paid ? "paid" : "open",
      amount_due: s.amount,
      amount_paid: paid ? s.amount : 0,
      billing_reason: reason,
      parent: { type: "subscription_details", subscription_details: { subscription: s.id } },
      created: nowSec(),
    };
    await save("invoice", inv);
    return inv;
  }

  async function update(s: LocalSubscription, events: [PaymentEvent["type"], { id: string }][]) {
    await save("subscription", s);
    for (const [type, object] of events) await emit(type, object);
  }

  return { current, invoice, update };
}

/** The portal's buttons and the development controls (a renewal paid, a renewal failed). */
function portalActions(h: ReturnType<typeof subscriptionHelpers>) {
  const { invoice, update } = h;
  return {
    async resilier(s: LocalSubscription) {
      if (s.status === "canceled" || s.cancel_at_period_end) return;
      const next = { ...s, cancel_at_period_end: true };
      await update(next, [["customer.subscription.updated", next]]);
    },
    async reprendre(s: LocalSubscription) {
      if (s.status === "canceled" || !s.cancel_at_period_end) return;
      const next = { ...s, cancel_at_period_end: false };
      await update(next, [["customer.subscription.updated", next]]);
    },
    async renouveler(s: LocalSubscription) {
      if (s.status === "canceled") return;
      // A past-due subscription's period already moved on: its retry pays that period.
      const start = s.status === "past_due" ? s.current_period_start : s.current_period_end;
      const next: LocalSubscription = {
        ...s,
        status: "active",
        current_period_start: start,
        current_period_end: s.status === "past_due" ? s.current_period_end : oneYearAfter(start),
      };
      const inv = await invoice(next, true, "subscription_cycle");
      await update(next, [
        ["invoice.paid", inv],
        ["customer.subscription.updated", next],
      ]);
    },
    async echec_paiement(s: LocalSubscription) {
      if (s.status !== "active" || s.cancel_at_period_end) return;
      const next: LocalSubscription = {
        ...s,
        status: "past_due",
        current_period_start: s.current_period_end,
        current_period_end: oneYearAfter(s.current_period_end),
      };
      const inv = await invoice(next, false, "subscription_cycle");
      await update(next, [
        ["invoice.payment_failed", inv],
        ["customer.subscription.updated", next],
      ]);
    },
  };
}

export function localBillingMethods(store: LocalStore): BillingMethods & {
  paySubscriptionSession(s: LocalCheckoutSession): Promise<LocalCheckoutSession>;
} {
  const { nowSec, load, must, save, once, emit, openSession, completeSession } = store;
  const helpers = subscriptionHelpers(store);
  const { current, invoice } = helpers;
  const actions = portalActions(helpers);
  return {
    createSubscriptionCheckout: (input) =>
      once(input.idempotencyKey, async () => {
        if (input.amountCents < 50) throw new PaymentProviderError("Montant invalide.", "amount_too_small");
        const session = openSession(input, {
          mode: "subscription",
          customer: input.customerId,
          subscription: null,
          client_reference_id: input.userId,
          metadata: { user_id: input.userId, produit: "premium" },
          transfer_group: "",
          expires_at: nowSec() + 24 * 3600,
        });
        await save("checkout_session", session);
        return session;
      }).then((s) => ({ id: s.id, url: s.url })),

    async paySubscriptionSession(s) {
      const customer: LocalCustomer = (s.customer ? await load<LocalCustomer>("customer", s.customer) : null) ?? {
        id: newId("cus"),
        object: "customer",
        email: s.customer_email ?? "",
        metadata: { user_id: s.metadata.user_id ?? "" },
        card_last4: "4242",
        subscription: null,
      };
      const start = nowSec();
      const sub: LocalSubscription = {
        id: newId("sub"),
        object: "subscription",
        customer: customer.id,
        status: "active",
        amount: s.amount_total,
        current_period_start: start,
        current_period_end: oneYearAfter(start),
        cancel_at_period_end: false,
        canceled_at: null,
        metadata: s.metadata,
      };
      await save("customer", { ...customer, subscription: sub.id });
      await save("subscription", sub);
      const inv = await invoice(sub, true, "subscription_create");
      const paid = await completeSession(s, { customer: customer.id, subscription: sub.id });
      await emit("customer.subscription.created", sub);
      await emit("invoice.paid", inv);
      return paid;
    },

    retrieveSubscription: async (id) => localSubscriptionInfo(await current(id)),

    async createPortalSession({ customerId, returnUrl }) {
      await must<LocalCustomer>("customer", customerId, "Client");
      const id = newId("bps");
      const portal: LocalPortalSession = {
        id,
        object: "billing_portal.session",
        customer: customerId,
        return_url: returnUrl,
        url: paths.devPortal(id),
      };
      await save("portal_session", portal);
      return { url: portal.url };
    },

    async getPortalSession(portalId) {
      const portal = await load<LocalPortalSession>("portal_session", portalId);
      if (!portal) return null;
      const customer = await must<LocalCustomer>("customer", portal.customer, "Client");
      const subscription = customer.subscription ? await current(customer.subscription) : null;
      return { portal, customer, subscription };
    },

    async portalAction(portalId, action) {
      const portal = await must<LocalPortalSession>("portal_session", portalId, "Portail");
      const customer = await must<LocalCustomer>("customer", portal.customer, "Client");
      if (action === "changer_carte") {
        await save("customer", { ...customer, card_last4: customer.card_last4 === "4242" ? "5556" : "4242" });
        return;
      }
      if (!customer.subscription) throw new PaymentProviderError("Aucun abonnement.", "resource_missing");
      await actions[action](await current(customer.subscription));
    },
  };
}
