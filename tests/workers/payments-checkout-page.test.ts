import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createCheckoutForInscription } from "../../app/services/checkout.server";
import { loadDemoData } from "./helpers";
import { enableOrganiserAccount, paiementOf, pendingInscription, testContext } from "./payments-helpers";

async function openSession() {
  const context = testContext();
  await enableOrganiserAccount(context);
  const inscriptionId = await pendingInscription(3100);
  const { url } = await createCheckoutForInscription(context, inscriptionId);
  return { inscriptionId, url };
}

function post(path: string, intent: string) {
  return SELF.fetch(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams({ intent }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
}

async function statut(id: string) {
  return (await env.DB.prepare("SELECT statut FROM inscriptions WHERE id = ?").bind(id).first<{ statut: string }>())!
    .statut;
}

describe("/dev/checkout/{id}: the local hosted checkout page", () => {
  beforeAll(loadDemoData);

  it("shows the amount and the three buttons", async () => {
    const { url } = await openSession();
    const res = await SELF.fetch(`http://localhost${url}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("31,00\u00a0€");
    for (const label of [">Payer <", "Carte refusée", "Annuler"]) expect(html).toContain(label);
    expect(html).toContain('method="post"');
  });

  it("'Carte refusée' charges nothing and keeps the session open", async () => {
    const { inscriptionId, url } = await openSession();
    const res = await post(url, "refuser");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${url}?refus=1`);
    const page = await (await SELF.fetch(`http://localhost${url}?refus=1`)).text();
    expect(page).toContain("Carte refusée\u00a0: votre banque a refusé le paiement.");
    expect(await statut(inscriptionId)).toBe("en_attente");
    expect(await paiementOf(inscriptionId)).toBeNull();
  });

  it("'Annuler' goes back to the cancel page and keeps the hold", async () => {
    const { inscriptionId, url } = await openSession();
    const res = await post(url, "annuler");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(
      new RegExp(`^/paiement-annule\\?session_id=cs_local_\\w+&inscription_id=${inscriptionId}$`),
    );
    expect(await statut(inscriptionId)).toBe("en_attente");
  });

  it("'Payer' charges the card, the signed event validates the registration, then the success page", async () => {
    const { inscriptionId, url } = await openSession();
    const res = await post(url, "payer");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(
      new RegExp(`^/merci\\?session_id=cs_local_\\w+&inscription_id=${inscriptionId}$`),
    );
    expect(await statut(inscriptionId)).toBe("validee");
    expect(await paiementOf(inscriptionId)).toMatchObject({
      status: "succeeded",
      amount_total_cents: 3100,
      fee_total_cents: 72,
      platform_fee_cents: 155,
      net_remaining_cents: 2873,
    });
    const ev = await env.DB.prepare(
      "SELECT type, processed_at FROM webhook_events WHERE type = 'checkout.session.completed' ORDER BY created_at DESC LIMIT 1",
    ).first<{ processed_at: string | null }>();
    expect(ev!.processed_at).not.toBeNull();
    // Paying twice does nothing more.
    const again = await post(url, "payer");
    expect(again.status).toBe(302);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM paiements WHERE inscription_id = ?")
        .bind(inscriptionId)
        .first<{ n: number }>(),
    ).toEqual({ n: 1 });
  });

  it("answers 404 for an unknown session", async () => {
    expect((await SELF.fetch("http://localhost/dev/checkout/cs_local_nope")).status).toBe(404);
  });
});
