import type { AppLoadContext } from "@remix-run/cloudflare";
import { allowsLocalStandIns } from "./env.server";

/**
 * The local stand-ins' pages (/dev/mail, /dev/checkout, /dev/onboarding, /dev/receipt) answer 404 outside
 * development and test. The Worker refuses /dev/* in production before any route runs; this is the second lock.
 */
export function requireDevelopment(context: Pick<AppLoadContext, "env">): void {
  if (!allowsLocalStandIns(context.env)) throw new Response("Page non trouvée", { status: 404 });
}
