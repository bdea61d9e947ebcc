import { describe, expect, it } from "vitest";
import { allowsLocalStandIns, parseEnv, PRODUCTION_REQUIRED } from "./env.server";

const PROD = {
  APP_ENV: "production",
  APP_URL: "https://balise.fr",
  SESSION_SECRET: "a-real-secret-of-production-0123456789abcdef",
  STRIPE_SECRET_KEY: "sk_live_123",
  STRIPE_WEBHOOK_SECRET: "whsec_live_abc",
  MAIL_API_URL: "https://api.mailer.example/send",
  MAIL_API_KEY: "key_123",
  MAIL_FROM: "Balise <no-reply@balise.fr>",
};

function without(...keys: string[]) {
  const copy: Record<string, string> = { ...PROD };
  for (const k of keys) delete copy[k];
  return copy;
}

describe("parseEnv in production", () => {
  it("reads PAGE_CACHE_SECONDS as whole seconds, absent by default", () => {
    expect(parseEnv(PROD).PAGE_CACHE_SECONDS).toBeUndefined();
    expect(parseEnv({ ...PROD, PAGE_CACHE_SECONDS: "45" }).PAGE_CACHE_SECONDS).toBe(45);
    expect(parseEnv({ ...PROD, PAGE_CACHE_SECONDS: "0" }).PAGE_CACHE_SECONDS).toBe(0);
  });

  it("accepts a complete production configuration", () => {
    const env = parseEnv(PROD);
    expect(env.APP_ENV).toBe("production");
    expect(allowsLocalStandIns(env)).toBe(false);
  });

  it.each(PRODUCTION_REQUIRED.map((k) => [k]))("refuses to start without %s, naming it", (key) => {
    expect(() => parseEnv(without(key))).toThrow(new RegExp(`variables manquantes en production : .*${key}`));
  });

  it("names every missing variable at once (only SESSION_SECRET set)", () => {
    let message = "";
    try {
      parseEnv({ APP_ENV: "production", APP_URL: "https://balise.fr", SESSION_SECRET: PROD.SESSION_SECRET });
    } catch (e) {
      message = (e as Error).message;
    }
    for (const k of PRODUCTION_REQUIRED) expect(message).toContain(k);
  });

  it("treats empty strings as missing", () => {
    expect(() => parseEnv({ ...PROD, STRIPE_WEBHOOK_SECRET: "" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it("defaults to production when APP_ENV is absent", () => {
    expect(() => parseEnv(without("APP_ENV", "MAIL_API_KEY"))).toThrow(/MAIL_API_KEY/);
  });

  it.each([
    [
      "the development session secret",
      { SESSION_SECRET: "dev-only-session-secret-change-me-in-production-0001" },
      /SESSION_SECRET de développement/,
    ],
    ["a fake Stripe API host", { STRIPE_API_HOST: "127.0.0.1" }, /STRIPE_API_HOST/],
    ["a plain http site address", { APP_URL: "http://balise.fr" }, /APP_URL/],
    ["a .test sender", { MAIL_FROM: "Balise <no-reply@balise.test>" }, /MAIL_FROM/],
    ["a publishable key instead of a secret key", { STRIPE_SECRET_KEY: "pk_live_123" }, /STRIPE_SECRET_KEY/],
    ["a webhook secret of another kind", { STRIPE_WEBHOOK_SECRET: "secret" }, /STRIPE_WEBHOOK_SECRET/],
    ["a page cache of words", { PAGE_CACHE_SECONDS: "trente" }, /PAGE_CACHE_SECONDS doit être un nombre/],
    ["a page cache of 10 minutes", { PAGE_CACHE_SECONDS: "600" }, /PAGE_CACHE_SECONDS ne peut pas dépasser 300/],
    ["a negative page cache", { PAGE_CACHE_SECONDS: "-1" }, /PAGE_CACHE_SECONDS ne peut pas être négatif/],
  ])("refuses %s", (_label, over, message) => {
    expect(() => parseEnv({ ...PROD, ...over })).toThrow(message);
  });
});

describe("APP_URL", () => {
  it.each([
    ["https://balise.fr", "https://balise.fr"],
    ["https://balise.fr/", "https://balise.fr"],
    ["http://localhost:8787//", "http://localhost:8787"],
  ])("%s is kept as %s (no trailing slash: paths are appended to it)", (given, kept) => {
    const env = parseEnv({
      APP_ENV: "test",
      APP_URL: given,
      SESSION_SECRET: "dev-only-session-secret-change-me-in-production-0001",
    });
    expect(env.APP_URL).toBe(kept);
  });
});

describe("parseEnv in development and test", () => {
  it.each(["development", "test"])("%s runs on the local stand-ins with only APP_URL and SESSION_SECRET", (APP_ENV) => {
    const env = parseEnv({
      APP_ENV,
      APP_URL: "http://localhost:8787",
      SESSION_SECRET: "dev-only-session-secret-change-me-in-production-0001",
    });
    expect(allowsLocalStandIns(env)).toBe(true);
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
  });
});
