// Bib transfers closed while an offer runs (issue 40, docs/decisions/0196): the organiser turns transfers off (or
// moves their last day into the past) in the event form, and the offers running are withdrawn, the buyer's checkout
// ended, both sides e-mailed; the cron does the same for offers whose format stopped taking transfers; an offer
// there can be neither accepted nor paid (French message), and a payment that arrives anyway is refunded in full.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { parisDate } from "../../app/domain/refund";
import { TRANSFER_MESSAGES } from "../../app/domain/transfer";
import { runMaintenance } from "../../app/services/maintenance.server";
import { onCheckoutCompleted } from "../../app/services/payment-received.server";
import { retryPayment } from "../../app/services/register.server";
import { offerTransfer } from "../../app/services/transfer.server";
import { acceptTransfer } from "../../app/services/transfer-accept.server";
import { html } from "./accounts-helpers";
import { loadDemoData } from "./helpers";
import { courseForm, get, ORG1, post, sessionCookie } from "./organiser-helpers";
import {
  account,
  enableOrganiserAccount,
  paidRegistration,
  silentLocalProvider,
  testContext,
} from "./payments-helpers";
import {
  accept,
  all,
  buyerOf,
  expectBalanced,
  inscription,
  one,
  personal,
  tokenFor,
  transferFormat,
} from "./transfer-helpers";

/** Yesterday, Paris (YYYY-MM-DD). */
function yesterday(): string {
  const [y, m, d] = parisDate(new Date()).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

let org1 = "";
beforeAll(async () => {
  await loadDemoData();
  await enableOrganiserAccount(testContext());
  org1 = await sessionCookie(ORG1.id);
});

/** A format open to transfers, its seller paid, an offer to a named buyer who opened the checkout. */
async function runningOffer() {
  const { courseId, formatId } = await transferFormat();
  const seller = await account("vendeur");
  const buyer = await account("acheteur");
  const sellerReg = await paidRegistration(courseId, formatId, seller, 61);
  const { cessionId } = await offerTransfer(testContext(), seller, sellerReg, buyer.email);
  const session = await accept(cessionId, buyer);
  return { courseId, formatId, seller, buyer, sellerReg, cessionId, session };
}

/** The event form as the organiser sends it for the transfer format, with the transfer settings `cession`. */
function editForm(o: { courseId: string; formatId: string }, cession: Record<string, string>) {
  return courseForm({ nom: "Trail des cessions", lieu: "Annecy", code_postal: "74000", lat: "45,9", lng: "6,1" }, [
    {
      id: o.formatId,
      nom: "Format cession",
      date: "2027-09-12",
      heure_depart: "08:30",
      prix: "42",
      stock_repas: "10",
      prix_repas: "12",
      nb_max_coureurs: "3",
      cession_active: "oui",
      cession_cloture: "2027-09-01",
      cession_frais: "5",
      ...cession,
    },
  ]);
}

const statut = async (cessionId: string) =>
  (await one<{ statut: string }>("SELECT statut FROM cessions WHERE id = ?", cessionId))?.statut;
const closedMails = (cessionId: string) =>
  all<{ kind: string; to_email: string; text: string }>(
    "SELECT kind, to_email, text FROM mail_outbox WHERE dedupe_key IN (?, ?) ORDER BY kind",
    `cession-fermee-invite:${cessionId}`,
    `cession-fermee-vendeur:${cessionId}`,
  );

describe("the organiser closes transfers in the event form", () => {
  it.each([
    ["turned off", { cession_active: "" }, "l'organisateur a fermé le transfert de dossard"],
    ["last day moved to yesterday", { cession_cloture: yesterday() }, "la date limite des transferts"],
  ])("%s: the offer is withdrawn, the buyer's checkout ended, both sides e-mailed", async (_l, cession, why) => {
    const o = await runningOffer();
    const res = await post(`/modifier-course/${o.courseId}`, editForm(o, cession), org1);
    expect(res.status).toBe(302);
    expect(await statut(o.cessionId)).toBe("retiree");
    expect(await inscription(await buyerOf(o.cessionId, o.buyer.id))).toMatchObject({
      statut: "annulee",
      cancel_reason: "transfer_ended",
    });
    expect((await silentLocalProvider(testContext()).paySession(o.session)).status).toBe("expired");
    // The seller keeps the place and the bib.
    expect(await inscription(o.sellerReg)).toMatchObject({ statut: "validee", dossard: 61 });
    const mails = await closedMails(o.cessionId);
    expect(mails.map((m) => `${m.kind}:${m.to_email}`)).toEqual([
      `cession_fermee_invite:${o.buyer.email}`,
      `cession_fermee_vendeur:${o.seller.email}`,
    ]);
    for (const m of mails) expect(m.text).toContain(why);
    await expectBalanced(o.formatId);
  });

  it("a save that leaves transfers open keeps the offer running", async () => {
    const o = await runningOffer();
    expect((await post(`/modifier-course/${o.courseId}`, editForm(o, {}), org1)).status).toBe(302);
    expect(await statut(o.cessionId)).toBe("ouverte");
    expect(await closedMails(o.cessionId)).toEqual([]);
  });
});

describe("the cron ends the offers of formats that stopped taking transfers", () => {
  it.each([
    ["turned off", "UPDATE formats SET cession_active = 0 WHERE id = ?"],
    ["last day past", `UPDATE formats SET cession_cloture = '${yesterday()}' WHERE id = ?`],
  ])("%s in the database: withdrawn at the next run, both sides e-mailed, a late payment refunded", async (_l, q) => {
    const o = await runningOffer();
    await env.DB.prepare(q).bind(o.formatId).run();
    // Paid at the provider just before the cron: the offer is closed first, then the payment refunded in full.
    await silentLocalProvider(testContext()).paySession(o.session);
    const report = await runMaintenance(testContext());
    expect(report.transfersClosed).toBeGreaterThanOrEqual(1);
    expect(await statut(o.cessionId)).toBe("retiree");
    expect(await inscription(await buyerOf(o.cessionId, o.buyer.id))).toMatchObject({
      statut: "remboursee_totalement",
    });
    expect(await inscription(o.sellerReg)).toMatchObject({ statut: "validee", dossard: 61 });
    expect((await closedMails(o.cessionId)).map((m) => m.kind)).toEqual([
      "cession_fermee_invite",
      "cession_fermee_vendeur",
    ]);
    await expectBalanced(o.formatId);
  });
});

describe("the rules checked again at acceptance and at payment", () => {
  it.each([
    ["turned off", "UPDATE formats SET cession_active = 0 WHERE id = ?", "cession_fermee"],
    ["last day past", `UPDATE formats SET cession_cloture = '${yesterday()}' WHERE id = ?`, "cession_close"],
  ] as const)("%s: the offer cannot be accepted (French message), nor paid again", async (_l, q, code) => {
    const { courseId, formatId } = await transferFormat();
    const seller = await account("vendeur");
    const buyer = await account("acheteur");
    const sellerReg = await paidRegistration(courseId, formatId, seller, 62);
    const { cessionId } = await offerTransfer(testContext(), seller, sellerReg, buyer.email);
    const token = await tokenFor(cessionId);
    await env.DB.prepare(q).bind(formatId).run();
    await expect(
      acceptTransfer(testContext(), buyer, cessionId, token, { runner: personal(buyer), meals: 0 }),
    ).rejects.toMatchObject({ code, message: TRANSFER_MESSAGES[code] });
    expect(await one("SELECT count(*) AS n FROM inscriptions WHERE cession_id = ?", cessionId)).toEqual({ n: 0 });
    // The link's page says it instead of the form.
    const page = await html(
      await get(`/cession/${cessionId}?jeton=${encodeURIComponent(token)}`, await sessionCookie(buyer.id)),
    );
    expect(page).toContain(TRANSFER_MESSAGES[code]);
    expect(page).not.toContain("Accepter et payer");
  });

  it.each([
    ["turned off", "UPDATE formats SET cession_active = 0 WHERE id = ?", "cession_fermee"],
    ["last day past", `UPDATE formats SET cession_cloture = '${yesterday()}' WHERE id = ?`, "cession_close"],
  ] as const)(
    "%s during the buyer's checkout: no new checkout, and the payment is refunded in full",
    async (_l, q, code) => {
      const o = await runningOffer();
      await env.DB.prepare(q).bind(o.formatId).run();
      const buyerReg = await buyerOf(o.cessionId, o.buyer.id);
      // Going back to the link, or 'Réessayer le paiement': refused in French.
      await expect(
        acceptTransfer(testContext(), o.buyer, o.cessionId, await tokenFor(o.cessionId), {
          runner: personal(o.buyer),
          meals: 0,
        }),
      ).rejects.toMatchObject({ code });
      await expect(retryPayment(testContext(), o.buyer.id, buyerReg)).rejects.toMatchObject({ code });
      // The checkout already open is paid anyway: the place stays the seller's, the buyer is refunded in full.
      await silentLocalProvider(testContext()).paySession(o.session);
      expect((await onCheckoutCompleted(testContext(), o.session)).state).toBe("refunded");
      expect(await inscription(buyerReg)).toMatchObject({ statut: "remboursee_totalement" });
      expect(await inscription(o.sellerReg)).toMatchObject({ statut: "validee", dossard: 61 });
      const [buyerPay] = await all<{ amount_total_cents: number; refunded_cents: number }>(
        "SELECT amount_total_cents, refunded_cents FROM paiements WHERE inscription_id = ?",
        buyerReg,
      );
      expect(buyerPay.refunded_cents).toBe(buyerPay.amount_total_cents);
      await expectBalanced(o.formatId);
    },
  );
});
