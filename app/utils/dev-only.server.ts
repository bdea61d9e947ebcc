import type { AppLoadContext } from "@remix-run/cloudflare";
import { isLocalPaymentProvider, type LocalPaymentProvider } from "~/providers/payments-local-types";
import { allowsLocalStandIns } from "./env.server";

/**
 * The local stand-ins' pages (/dev/mail, /dev/checkout, /dev/onboarding, /dev/receipt) answer 404 outside
 * development and test. The Worker refuses /dev/* in production before any route runs; this is the second lock.
 */
export function requireDevelopment(context: Pick<AppLoadContext, "env">): void {
  if (!allowsLocalStandIns(context.env)) throw new Response("Page non trouvée", { status: 404 });
}

/** The local payment provider, for its own pages (/dev/checkout, /dev/onboarding, /dev/portail, /dev/receipt): 404
 * outside development and test, and with the real provider. */
export function requireLocalPayments(context: Pick<AppLoadContext, "env" | "payments">): LocalPaymentProvider {
  requireDevelopment(context);
  const p = context.payments;
  if (!isLocalPaymentProvider(p)) throw new Response("Page non trouvée", { status: 404 });
  return p;
}
