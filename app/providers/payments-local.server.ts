// Local payment provider (the default without STRIPE_SECRET_KEY): the same flows as Stripe, on our own pages,
// so that the product works offline. Its objects live in `local_payment_objects` as JSON; its events are
// signed like Stripe's (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`) and handed to our own
// webhook handler in-process. See docs/decisions/0031-local-payment-provider.md.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireDevelopment } from "~/utils/dev-only.server";
import { type ChargeInfo, PaymentProviderError } from "./payments";
import { localAccountMethods } from "./payments-local-accounts.server";
import { localBillingMethods } from "./payments-local-billing.server";
import { localCheckoutMethods, localCheckoutPageMethods } from "./payments-local-checkout.server";
import { createLocalStore, type LocalProviderOptions, type LocalStore, newId } from "./payments-local-store.server";
import {
  isLocalPaymentProvider,
  type LocalAccount,
  type LocalCharge,
  type LocalPaymentProvider,
  type LocalTransfer,
} from "./payments-local-types";

export { type LocalProviderOptions, signWebhookPayload } from "./payments-local-store.server";
export * from "./payments-local-types";

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

function chargeInfo(c: LocalCharge): ChargeInfo {
  return {
    id: c.id,
    amountCents: c.amount,
    amountRefundedCents: c.amount_refunded,
    feeCents: c.fee,
    receiptUrl: c.receipt_url,
  };
}

/**
 * `amount` more taken back from a sum already partly taken back (a charge's refunds, a transfer's reversals), as
 * Stripe counts it: a positive amount within what is left, else the provider's error; `all` once nothing is left.
 */
function takeBack(
  sum: { total: number; taken: number },
  amount: number,
  refusal: { message: string; code: string },
): { taken: number; all: boolean } {
  if (amount <= 0 || amount > sum.total - sum.taken) throw new PaymentProviderError(refusal.message, refusal.code);
  const taken = sum.taken + amount;
  return { taken, all: taken === sum.total };
}

/** Charges, transfers to organisers and refunds: the money the local provider moves. */
function localMoneyMethods(
  store: LocalStore,
): Pick<
  LocalPaymentProvider,
  "retrieveCharge" | "getCharge" | "createTransfer" | "createTransferReversal" | "createRefund"
> {
  const { load, must, save, once, emit } = store;
  return {
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
        const back = takeBack({ total: t.amount, taken: t.amount_reversed }, input.amountCents, {
          message: "Montant d'annulation de transfert invalide.",
          code: "parameter_invalid",
        });
        const updated: LocalTransfer = { ...t, amount_reversed: back.taken, reversed: back.all };
        await save("transfer", updated);
        const reversal = { id: newId("trr"), transfer: t.id, amount: input.amountCents, metadata: input.metadata };
        await save("transfer_reversal", reversal);
        await emit("transfer.reversed", updated);
        return reversal;
      }).then((r) => ({ id: r.id })),

    createRefund: (input) =>
      once(input.idempotencyKey, async () => {
        const c = await must<LocalCharge>("charge", input.chargeId, "Paiement");
        const back = takeBack({ total: c.amount, taken: c.amount_refunded }, input.amountCents, {
          message: "Le montant du remboursement dépasse le montant remboursable.",
          code: "amount_too_large",
        });
        const updated: LocalCharge = { ...c, amount_refunded: back.taken, refunded: back.all };
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

    getCharge: (chargeId) => load<LocalCharge>("charge", chargeId),
  };
}

export function createLocalPaymentProvider(opts: LocalProviderOptions): LocalPaymentProvider {
  const store = createLocalStore(opts);
  const { paySubscriptionSession, ...billing } = localBillingMethods(store);
  return {
    kind: "local",
    webhookSecret: opts.webhookSecret,
    ...localAccountMethods(store),
    ...localCheckoutMethods(store),
    ...localCheckoutPageMethods(store, paySubscriptionSession),
    ...billing,
    ...localMoneyMethods(store),
  };
}

/** The local payment provider, for its own pages (/dev/checkout, /dev/onboarding, /dev/portail, /dev/receipt): 404
 * outside development and test, and with the real provider. */
export function requireLocalPayments(context: Pick<AppLoadContext, "env" | "payments">): LocalPaymentProvider {
  requireDevelopment(context);
  const p = context.payments;
  if (!isLocalPaymentProvider(p)) throw new Response("Page non trouvée", { status: 404 });
  return p;
}

/** What a page of the local provider reads of the id in its URL, or a 404 saying what was not found (`missing`). */
export async function readLocal<T>(
  context: Pick<AppLoadContext, "env" | "payments">,
  read: (provider: LocalPaymentProvider) => Promise<T | null>,
  missing: string,
): Promise<T> {
  const found = await read(requireLocalPayments(context));
  if (!found) throw new Response(missing, { status: 404 });
  return found;
}
