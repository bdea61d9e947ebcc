import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { isLocalPaymentProvider } from "../../app/providers/payments-local.server";
import {
  canTakePayments,
  loadPaymentAccountBlock,
  refreshAccountStatus,
  startOnboarding,
} from "../../app/services/payment-account.server";
import { loadDemoData } from "./helpers";
import { testContext } from "./payments-helpers";

const ORGANISATRICE = { id: "00000000-0000-4000-a000-000000000004", email: "organisatrice@balise.test" };

async function flags() {
  return env.DB.prepare(
    "SELECT stripe_account_id AS account, stripe_charges_enabled AS charges, stripe_payouts_enabled AS payouts, stripe_details_submitted AS details, stripe_requirements_due AS due FROM profils_utilisateurs WHERE user_id = ?",
  )
    .bind(ORGANISATRICE.id)
    .first<{ account: string | null; charges: number; payouts: number; details: number; due: string | null }>();
}

describe("organiser payment account (local provider)", () => {
  beforeAll(loadDemoData);

  it("has no account at first: cannot take payments, status refresh explains why", async () => {
    const context = testContext();
    expect((await flags())!.account).toBeNull();
    expect(await canTakePayments(context, ORGANISATRICE.id)).toBe(false);
    await expect(refreshAccountStatus(context, ORGANISATRICE.id)).rejects.toThrow(
      "aucun compte de paiement n'est encore créé.",
    );
  });

  it("start → onboarding page → enabled through account.updated, with one account however many clicks", async () => {
    const context = testContext();
    const url1 = await startOnboarding(context, ORGANISATRICE);
    const url2 = await startOnboarding(context, ORGANISATRICE);
    expect(url1).toMatch(/^\/dev\/onboarding\/acctlink_local_/);
    expect(url2).not.toBe(url1); // a fresh single-use link each time
    const accounts = await env.DB.prepare(
      "SELECT count(*) AS n FROM local_payment_objects WHERE kind = 'account' AND json_extract(data, '$.metadata.user_id') = ?",
    )
      .bind(ORGANISATRICE.id)
      .first<{ n: number }>();
    expect(accounts!.n).toBe(1);
    const before = (await flags())!;
    expect(before.account).toMatch(/^acct_local_/);
    expect(before.charges).toBe(0);

    // Back with ?onboarding=done before finishing: the live status shows what is still due.
    let block = await loadPaymentAccountBlock(
      context,
      ORGANISATRICE.id,
      new URL("http://localhost/monprofilorganisateur?onboarding=done"),
    );
    expect(block.account).toMatchObject({ hasAccount: true, chargesEnabled: false });
    expect(block.account.requirementsDue).toContain("external_account");

    if (!isLocalPaymentProvider(context.payments)) throw new Error("local provider expected");
    const done = await context.payments.completeOnboarding(url2.split("/").pop()!);
    expect(done!.returnUrl).toBe("http://localhost:8787/monprofilorganisateur?onboarding=done");
    // The account.updated event went through the webhook handler and stored the flags.
    expect(await flags()).toMatchObject({ charges: 1, payouts: 1, details: 1, due: "[]" });
    expect(await canTakePayments(context, ORGANISATRICE.id)).toBe(true);
    const link = await context.payments.getAccountLink(url2.split("/").pop()!);
    expect(link!.used).toBe(true);

    block = await loadPaymentAccountBlock(
      context,
      ORGANISATRICE.id,
      new URL("http://localhost/monprofilorganisateur?onboarding=done"),
    );
    expect(block).toMatchObject({ onboarding: "done", error: null, provider: "local" });
    expect(block.account).toEqual({
      hasAccount: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      requirementsDue: [],
    });
  });

  it("refresh re-reads the provider and fixes stale flags", async () => {
    const context = testContext();
    await env.DB.prepare("UPDATE profils_utilisateurs SET stripe_charges_enabled = 0 WHERE user_id = ?")
      .bind(ORGANISATRICE.id)
      .run();
    const view = await refreshAccountStatus(context, ORGANISATRICE.id);
    expect(view.chargesEnabled).toBe(true);
    expect((await flags())!.charges).toBe(1);
  });

  it("shows a status error with the provider's message when the account cannot be read", async () => {
    const context = testContext();
    await env.DB.prepare("UPDATE profils_utilisateurs SET stripe_account_id = 'acct_local_missing' WHERE user_id = ?")
      .bind(ORGANISATRICE.id)
      .run();
    const block = await loadPaymentAccountBlock(
      context,
      ORGANISATRICE.id,
      new URL("http://localhost/monprofilorganisateur?onboarding=done"),
    );
    expect(block.error).toBe("Erreur de statut : Compte introuvable : acct_local_missing");
  });
});
