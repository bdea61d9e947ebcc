// Issue 15: a production Worker never runs the local stand-ins. Built here with production bindings on the real
// test D1: without its payment and mail configuration it serves nothing and names what is missing; with it, the
// payment provider is Stripe, the mailer is the HTTP one, /dev/* answer 404 and the development webhook secret is
// refused.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../server";
import { getLoadContext } from "../../load-context";
import { signWebhookPayload } from "~/providers/payments-local.server";
import { loadDemoData } from "./helpers";
import { eventPayload, LOCAL_SECRET } from "./payments-helpers";

const PROD_SECRETS = {
  APP_ENV: "production",
  APP_URL: "https://balise.example.fr",
  SESSION_SECRET: "production-secret-0123456789-abcdefghijklmnop",
  STRIPE_SECRET_KEY: "sk_test_production_safety",
  STRIPE_WEBHOOK_SECRET: "whsec_production_safety",
  MAIL_API_URL: "https://mail.invalid/send",
  MAIL_API_KEY: "mail-key",
  MAIL_FROM: "Balise <no-reply@balise.example.fr>",
};

/** The test bindings (D1, R2, Durable Objects) with production variables instead of the test ones. */
function productionBindings(over: Record<string, string | undefined> = {}): Env {
  const b: Record<string, unknown> = { ...env, ...PROD_SECRETS, ...over };
  for (const k of ["STRIPE_API_HOST", "STRIPE_API_PORT", "STRIPE_API_PROTOCOL", "LOCAL_WEBHOOK_SECRET"]) delete b[k];
  for (const [k, v] of Object.entries(over)) if (v === undefined) delete b[k];
  return b as unknown as Env;
}

async function call(bindings: Env, path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`https://balise.example.fr${path}`, { redirect: "manual", ...init }),
    bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

beforeAll(loadDemoData);
afterEach(() => vi.restoreAllMocks());

describe("a production Worker without its real configuration", () => {
  it("refuses every request and its log names the missing variables (only SESSION_SECRET set)", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const bindings = productionBindings({
      STRIPE_SECRET_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      MAIL_API_URL: undefined,
      MAIL_API_KEY: undefined,
      MAIL_FROM: undefined,
    });
    for (const path of ["/", "/dev/mail", "/forgot-password"]) {
      const res = await call(bindings, path);
      expect(res.status).toBe(503);
      expect(await res.text()).not.toMatch(/STRIPE|MAIL_/);
    }
    const logged = errors.mock.calls.map((c) => String(c[0])).join("\n");
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "MAIL_API_URL", "MAIL_API_KEY", "MAIL_FROM"])
      expect(logged).toContain(name);
  });

  it("refuses the published development session secret", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await call(
      productionBindings({ SESSION_SECRET: "dev-only-session-secret-change-me-in-production-0001" }),
      "/",
    );
    expect(res.status).toBe(503);
  });

  it("cannot build a request context", () => {
    expect(() =>
      getLoadContext({
        request: new Request("https://balise.example.fr/"),
        env: productionBindings({ MAIL_API_KEY: undefined }),
        ctx: { waitUntil: () => {} },
        nonce: "n",
      }),
    ).toThrow(/MAIL_API_KEY/);
  });
});

describe("a production Worker with its configuration", () => {
  it("uses Stripe and the HTTP mailer, never the local stand-ins", () => {
    const context = getLoadContext({
      request: new Request("https://balise.example.fr/"),
      env: productionBindings(),
      ctx: { waitUntil: () => {} },
      nonce: "n",
    });
    expect(context.payments.kind).toBe("stripe");
    expect(context.mailer.kind).toBe("http");
    expect(context.isDev).toBe(false);
  });

  it("answers 404 on every /dev/* page and local provider endpoint, GET and POST", async () => {
    const [mail] = await env.DB.prepare("SELECT id FROM mail_outbox LIMIT 1")
      .all<{ id: string }>()
      .then((r) => r.results);
    const paths = [
      "/dev",
      "/dev/mail",
      `/dev/mail/${mail?.id ?? "x"}`,
      "/dev/checkout/cs_local_x",
      "/dev/onboarding/al_local_x",
      "/dev/receipt/ch_local_x",
      "/dev/portail/bps_local_x",
    ];
    for (const path of paths) {
      const get = await call(productionBindings(), path);
      expect(get.status, path).toBe(404);
      const post = await call(productionBindings(), path, {
        method: "POST",
        body: new URLSearchParams({ intent: "payer" }),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "https://balise.example.fr",
          "sec-fetch-site": "same-origin",
        },
      });
      expect(post.status, `POST ${path}`).toBe(404);
    }
  });

  it("refuses a webhook signed with the development secret published in the source", async () => {
    const payload = eventPayload("checkout.session.completed", {
      id: "cs_local_forged",
      object: "checkout.session",
      payment_status: "paid",
    });
    const signature = await signWebhookPayload(payload, LOCAL_SECRET, Math.floor(Date.now() / 1000));
    const res = await call(productionBindings(), "/webhooks/stripe", {
      method: "POST",
      body: payload,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });
    expect(res.status).toBe(400);
  });

  it("sets Secure __Host- session cookies", async () => {
    const res = await call(productionBindings(), "/login", {
      method: "POST",
      body: new URLSearchParams({ email: "coureur@balise.test", password: "balise-demo" }),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://balise.example.fr",
        host: "balise.example.fr",
        "sec-fetch-site": "same-origin",
      },
    });
    expect(res.status).toBe(302);
    const cookie = res.headers.getSetCookie().find((c) => c.includes("balise_session="));
    expect(cookie).toMatch(/^__Host-balise_session=.*; Secure/i);
  });
});

describe("the development Worker (the test bindings)", () => {
  it("keeps its local stand-ins", async () => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request("http://localhost/dev/mail"), env as unknown as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
  });
});
