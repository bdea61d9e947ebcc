// At most one payable Premium checkout per runner (issue 47, decision 0224): requests fired in parallel, or hours
// apart while the checkout is open, all get the same checkout; an expired one is replaced; a paid one whose webhook
// has not arrived refuses a new one; once Premium, the checkout is forgotten and a new one refused.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../app/providers/clock";
import { startPremiumCheckout, syncSubscription } from "../../app/services/subscriptions.server";
import { loadDemoData } from "./helpers";
import { silentLocalProvider, testContext } from "./payments-helpers";

const HOUR = 3600 * 1000;
const T0 = Date.parse("2027-05-03T08:00:00.000Z");
const ctxAt = (ms: number) => testContext(fixedClock(new Date(ms).toISOString()));

async function newRunner(): Promise<{ id: string; email: string }> {
  const id = crypto.randomUUID();
  const email = `caisse-${id.slice(0, 8)}@balise.test`;
  await env.DB.prepare(
    "INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (?, ?, 'x', '2026-01-01T00:00:00.000Z')",
  )
    .bind(id, email)
    .run();
  return { id, email };
}

const remembered = (userId: string) =>
  env.DB.prepare("SELECT checkout_session_id AS id FROM abonnements_checkouts WHERE user_id = ?")
    .bind(userId)
    .first<{ id: string }>("id");

const sessionOf = (url: string) => url.split("/").pop()!;

async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
  return "accepted";
}

describe("one payable Premium checkout per runner", () => {
  beforeAll(loadDemoData);

  it("five requests fired together get one checkout, remembered once", async () => {
    const runner = await newRunner();
    const urls = await Promise.all(Array.from({ length: 5 }, () => startPremiumCheckout(ctxAt(T0), runner)));
    expect(new Set(urls).size).toBe(1);
    expect(await remembered(runner.id)).toBe(sessionOf(urls[0]));
  });

  it("hours later, while it is open, the same checkout is offered again; once expired, a new one replaces it", async () => {
    const runner = await newRunner();
    const first = await startPremiumCheckout(ctxAt(T0), runner);
    expect(await startPremiumCheckout(ctxAt(T0 + 3 * HOUR), runner)).toBe(first);
    const later = await Promise.all([
      startPremiumCheckout(ctxAt(T0 + 25 * HOUR), runner),
      startPremiumCheckout(ctxAt(T0 + 25 * HOUR), runner),
    ]);
    expect(later[0]).not.toBe(first);
    expect(later[1]).toBe(later[0]);
    expect(await remembered(runner.id)).toBe(sessionOf(later[0]));
  });

  it("paid but not yet synced: a new checkout is refused; once Premium, forgotten and refused as already Premium", async () => {
    const runner = await newRunner();
    const ctx = ctxAt(T0);
    const url = await startPremiumCheckout(ctx, runner);
    const paid = await silentLocalProvider(ctx).paySession(sessionOf(url));
    expect(await refusal(startPremiumCheckout(ctxAt(T0 + 2 * HOUR), runner))).toBe("paiement_en_cours");
    expect(await syncSubscription(ctx, paid.subscription!)).toBe(true);
    expect(await remembered(runner.id)).toBeNull();
    expect(await refusal(startPremiumCheckout(ctxAt(T0 + 3 * HOUR), runner))).toBe("deja_premium");
  });
});
