// Picks the payment provider for a request: Stripe when STRIPE_SECRET_KEY is set, the local provider otherwise.
// The local provider hands its signed events straight to our webhook handler, in-process.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PaymentProvider } from "~/providers/payments";
import { createLocalPaymentProvider } from "~/providers/payments-local.server";
import { createStripePaymentProvider } from "~/providers/payments-stripe.server";
import { allowsLocalStandIns } from "~/utils/env.server";
import { handlePaymentWebhook } from "./payments-webhook.server";

export function createPaymentProvider(context: AppLoadContext): PaymentProvider {
  const { env } = context;
  if (env.STRIPE_SECRET_KEY) {
    return createStripePaymentProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      host: env.STRIPE_API_HOST,
      port: env.STRIPE_API_PORT,
      protocol: env.STRIPE_API_PROTOCOL,
    });
  }
  // Unreachable in production: the environment schema refuses a production Worker without STRIPE_SECRET_KEY.
  if (!allowsLocalStandIns(env))
    throw new Error("Le fournisseur de paiement local n'existe qu'en développement et en test.");
  return createLocalPaymentProvider({
    db: context.db,
    clock: context.clock,
    webhookSecret: env.LOCAL_WEBHOOK_SECRET,
    deliver: async (payload, signature) => {
      const outcome = await handlePaymentWebhook(context, payload, signature);
      if (outcome.status !== 200)
        throw new Error(`webhook local refusé : ${outcome.status} ${outcome.body.error ?? ""}`);
    },
  });
}
