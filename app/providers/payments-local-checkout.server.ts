// The local payment provider's checkout sessions: created by the registration, paid or declined on its own page
// (/dev/checkout), expired like Stripe's. See docs/decisions/0031-local-payment-provider.md.
import { localProviderFee } from "~/domain/money";
import * as paths from "~/domain/paths";
import { type CheckoutSessionInfo, checkoutMetadata, PaymentProviderError } from "./payments";
import type { LocalCharge, LocalCheckoutSession, LocalPaymentProvider } from "./payments-local-types";
import { type LocalStore, newId } from "./payments-local-store.server";

type CheckoutMethods = Pick<
  LocalPaymentProvider,
  "createCheckoutSession" | "retrieveCheckoutSession" | "expireCheckoutSession"
>;
type CheckoutPageMethods = Pick<LocalPaymentProvider, "getSession" | "paySession" | "declineSession">;

export function localCheckoutMethods(store: LocalStore): CheckoutMethods {
  const { clock, nowSec, load, must, save, once, emit, sessionView, openSession } = store;
  return {
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
        const session = openSession(input, {
          client_reference_id: input.inscriptionId,
          metadata: checkoutMetadata(input),
          transfer_group: `inscription_${input.inscriptionId}`,
          expires_at: expires,
        });
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
  };
}

/** The local checkout page's actions: read the session, pay it ('Payer'), or decline the card ('Carte refusée'). */
export function localCheckoutPageMethods(
  store: LocalStore,
  paySubscriptionSession: (s: LocalCheckoutSession) => Promise<LocalCheckoutSession>,
): CheckoutPageMethods {
  const { nowSec, load, must, save, sessionView, completeSession } = store;
  return {
    async getSession(sessionId) {
      const s = await load<LocalCheckoutSession>("checkout_session", sessionId);
      return s ? sessionView(s) : null;
    },

    async paySession(sessionId) {
      const s = sessionView(await must<LocalCheckoutSession>("checkout_session", sessionId, "Session de paiement"));
      if (s.status !== "open") return s;
      if (s.mode === "subscription") return paySubscriptionSession(s);
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
      await save("charge", charge);
      return completeSession(s, { payment_intent: charge.payment_intent, charge: charge.id });
    },

    async declineSession(sessionId) {
      const s = sessionView(await must<LocalCheckoutSession>("checkout_session", sessionId, "Session de paiement"));
      if (s.status !== "open") return s;
      const declined = { ...s, declined_count: s.declined_count + 1 };
      await save("checkout_session", declined);
      return declined;
    },
  };
}
