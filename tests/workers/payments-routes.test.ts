import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { isLocalPaymentProvider } from "../../app/providers/payments-local.server";
import { createCheckoutForInscription } from "../../app/services/checkout.server";
import { createSession } from "../../app/utils/session.server";
import { loadDemoData } from "./helpers";
import { enableOrganiserAccount, ORGANISER_ID, pendingInscription, RUNNER_ID, testContext } from "./payments-helpers";

const OTHER_ORGANISER = "00000000-0000-4000-a000-000000000004";

async function cookieFor(userId: string): Promise<string> {
  const setCookie = await createSession(testContext(), userId, "vitest");
  return setCookie.split(";")[0];
}

function get(path: string, cookie?: string) {
  return SELF.fetch(`http://localhost${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
}

function post(path: string, body: Record<string, string>, cookie?: string) {
  return SELF.fetch(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(body),
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
}

describe("/recu/{trace}: receipts for the runner and the organiser only", () => {
  beforeAll(loadDemoData);

  it("redirects the runner and the organiser to the receipt, tells anybody else there is none", async () => {
    const context = testContext();
    await enableOrganiserAccount(context);
    const id = await pendingInscription(2600);
    const { url } = await createCheckoutForInscription(context, id);
    if (!isLocalPaymentProvider(context.payments)) throw new Error("local provider expected");
    await context.payments.paySession(url.split("/").pop()!);

    for (const user of [RUNNER_ID, ORGANISER_ID]) {
      const res = await get(`/recu/trace-${id}`, await cookieFor(user));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/dev\/receipt\/ch_local_/);
    }
    const other = await get(`/recu/trace-${id}`, await cookieFor(OTHER_ORGANISER));
    expect(other.status).toBe(404);
    expect(await other.text()).toContain("Aucun reçu trouvé.");

    const anonymous = await get(`/recu/trace-${id}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("the local receipt page shows the amount paid", async () => {
    const context = testContext();
    await enableOrganiserAccount(context);
    const id = await pendingInscription(2600);
    const { url } = await createCheckoutForInscription(context, id);
    if (!isLocalPaymentProvider(context.payments)) throw new Error("local provider expected");
    const paid = await context.payments.paySession(url.split("/").pop()!);
    const res = await get(`/dev/receipt/${paid.charge}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("26,00\u00a0€");
  });
});

describe("/monprofilorganisateur/compte-paiement: onboarding actions", () => {
  beforeAll(loadDemoData);

  it("requires a login", async () => {
    const res = await post("/monprofilorganisateur/compte-paiement", { intent: "demarrer" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("starts onboarding: a POST sends the organiser to the provider's onboarding page", async () => {
    const cookie = await cookieFor(OTHER_ORGANISER);
    const res = await post("/monprofilorganisateur/compte-paiement", { intent: "demarrer" }, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/dev\/onboarding\/acctlink_local_/);
    const page = await get(res.headers.get("location")!, cookie);
    expect(await page.text()).toContain("Activer votre compte de paiement");
  });

  it("refuses an unknown action with a French message, and a status refresh without account says why", async () => {
    const cookie = await cookieFor(RUNNER_ID);
    const bad = await post("/monprofilorganisateur/compte-paiement", { intent: "pirater" }, cookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Action inconnue.");
    const refresh = await post("/monprofilorganisateur/compte-paiement", { intent: "actualiser" }, cookie);
    expect(await refresh.text()).toContain("Erreur de statut : aucun compte de paiement n&#x27;est encore créé.");
  });

  it("a GET changes nothing and shows the block", async () => {
    const res = await get("/monprofilorganisateur/compte-paiement", await cookieFor(RUNNER_ID));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Compte de paiement");
    expect(html).toContain("Configurer mon compte de paiement");
  });
});
