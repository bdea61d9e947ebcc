import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { fixedClock } from "~/providers/clock";
import { parseEnv } from "~/utils/env.server";
import { createPaymentProvider } from "./payment-provider.server";

function contextWith(vars: Record<string, string>): AppLoadContext {
  const env = parseEnv({ APP_URL: "http://localhost:8787", SESSION_SECRET: "x".repeat(40), APP_ENV: "test", ...vars });
  return { env, db: {} as AppLoadContext["db"], clock: fixedClock("2026-11-21T12:00:00Z") } as AppLoadContext;
}

describe("createPaymentProvider", () => {
  it("is the local provider without a Stripe key, signing with LOCAL_WEBHOOK_SECRET", () => {
    const p = createPaymentProvider(contextWith({ LOCAL_WEBHOOK_SECRET: "whsec_local_test" }));
    expect(p.kind).toBe("local");
    expect(p.webhookSecret).toBe("whsec_local_test");
  });

  it("is Stripe when STRIPE_SECRET_KEY is set, checking signatures with STRIPE_WEBHOOK_SECRET", () => {
    const p = createPaymentProvider(
      contextWith({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_stripe" }),
    );
    expect(p.kind).toBe("stripe");
    expect(p.webhookSecret).toBe("whsec_stripe");
  });

  it("refuses a Stripe key that is not a secret key", () => {
    expect(() => contextWith({ STRIPE_SECRET_KEY: "pk_live_oops" })).toThrow(/STRIPE_SECRET_KEY/);
  });
});
