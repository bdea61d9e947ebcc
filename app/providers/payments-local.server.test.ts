import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { localReturnUrl, signWebhookPayload } from "./payments-local.server";

describe("localReturnUrl", () => {
  it.each([
    [
      "http://localhost:8787/merci?session_id=cs_1&inscription_id=i",
      "http://localhost:8787",
      "/merci?session_id=cs_1&inscription_id=i",
    ],
    [
      "http://localhost:8787/monprofilorganisateur?onboarding=done#x",
      "http://localhost:8787/",
      "/monprofilorganisateur?onboarding=done#x",
    ],
    ["https://evil.example/merci", "http://localhost:8787", "https://evil.example/merci"],
    ["http://localhost:9999/merci", "http://localhost:8787", "http://localhost:9999/merci"],
    ["/deja/relative", "http://localhost:8787", "/deja/relative"],
  ])("%s (APP_URL %s) → %s", (url, app, expected) => {
    expect(localReturnUrl(url, app)).toBe(expected);
  });
});

describe("signWebhookPayload", () => {
  it("produces exactly Stripe's header for the same payload, secret and time", async () => {
    const payload = '{"id":"evt_1","type":"account.updated"}';
    const ours = await signWebhookPayload(payload, "whsec_x", 1_795_000_000);
    const theirs = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: "whsec_x",
      timestamp: 1_795_000_000,
    });
    expect(ours).toBe(theirs);
    expect(ours).toMatch(/^t=1795000000,v1=[0-9a-f]{64}$/);
  });
});
