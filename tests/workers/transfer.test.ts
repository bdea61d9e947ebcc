// Bib transfer (issue 22) inside workerd with the real D1: the offer to a named person and its link (no IDOR), the
// place changing hands when the buyer pays, two buyers paying at once, a withdrawal during the checkout, a payment
// that arrives too late (refunded), the offer's expiry by the cron, no cancellation while on offer, and the ledger
// balanced to the cent after all of it. docs/decisions/0170-bib-transfer.md
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { CancelError } from "../../app/domain/cancellation";
import type { Ledger } from "../../app/domain/money";
import { TransferError, transferSplit } from "../../app/domain/transfer";
import { fixedClock } from "../../app/providers/clock";
import { cancelInscription } from "../../app/services/cancel.server";
import { runMaintenance } from "../../app/services/maintenance.server";
import { onCheckoutCompleted } from "../../app/services/payment-received.server";
import { offerTransfer, offerTransferToWaitlist, withdrawTransfer } from "../../app/services/transfer.server";
import { loadTransferPanel } from "../../app/services/transfer-reads.server";
import { acceptTransfer, loadInvitation } from "../../app/services/transfer-accept.server";
import { get, post, sessionCookie } from "./organiser-helpers";
import { loadDemoData } from "./helpers";
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
  waitingList,
} from "./transfer-helpers";

beforeAll(async () => {
  await loadDemoData();
  await enableOrganiserAccount(testContext());
});

describe("a named transfer, accepted and paid", () => {
  it("the buyer pays the place's face value, not the format's new price (issue 42)", async () => {
    const { courseId, formatId } = await transferFormat();
    const seller = await account("vendeur");
    const buyer = await account("acheteuse");
    const sellerReg = await paidRegistration(courseId, formatId, seller, 18);
    // The organiser raises the price after the seller paid 42 € for the place.
    await env.DB.prepare("UPDATE formats SET prix_cents = 6000 WHERE id = ?").bind(formatId).run();
    const { cessionId } = await offerTransfer(testContext(), seller, sellerReg, buyer.email);
    const sessionId = await accept(cessionId, buyer, 0);
    const buyerReg = await buyerOf(cessionId, buyer.id);
    expect(await inscription(buyerReg)).toMatchObject({ prix_total_coureur_cents: 4200 });
    await silentLocalProvider(testContext()).paySession(sessionId);
    expect((await onCheckoutCompleted(testContext(), sessionId)).state).toBe("validated");
    const [buyerPay] = await all<Ledger>("SELECT * FROM paiements WHERE inscription_id = ?", buyerReg);
    expect(buyerPay.amount_total_cents).toBe(4200);
    await expectBalanced(formatId);
  });

  it("hands the place and the bib over, refunds the seller the price paid minus the fees, e-mails both", async () => {
    const { courseId, formatId } = await transferFormat();
    const seller = await account("vendeur");
    const buyer = await account("acheteuse");
    const sellerReg = await paidRegistration(courseId, formatId, seller, 17);
    const { cessionId } = await offerTransfer(testContext(), seller, sellerReg, buyer.email);

    const sessionId = await accept(cessionId, buyer, 2);
    const buyerReg = await buyerOf(cessionId, buyer.id);
    expect(await inscription(buyerReg)).toMatchObject({ statut: "en_attente", cession_id: cessionId });
    await silentLocalProvider(testContext()).paySession(sessionId);
    expect((await onCheckoutCompleted(testContext(), sessionId)).state).toBe("validated");

    expect(await inscription(sellerReg)).toMatchObject({ statut: "transferee", dossard: null });
    expect(await inscription(buyerReg)).toMatchObject({ statut: "validee", dossard: 17 });
    const c = await one<{ statut: string; remboursement_cents: number; rembourse_at: string | null }>(
      "SELECT * FROM cessions WHERE id = ?",
      cessionId,
    );
    const [sellerPay] = await all<Ledger>("SELECT * FROM paiements WHERE inscription_id = ?", sellerReg);
    const split = transferSplit({
      sellerPaidCents: 5400,
      sellerProviderFeeCents: sellerPay.fee_total_cents,
      organiserFeeCents: 500,
      formatPriceCents: 4200,
      buyerMealsCents: 2400,
    });
    expect(c).toMatchObject({ statut: "payee", remboursement_cents: split.sellerRefundCents });
    expect(c!.rembourse_at).not.toBeNull();
    // The seller's ledger: refunded the split, the organiser keeps exactly the fee, the platform its nothing.
    expect(sellerPay).toMatchObject({
      refunded_cents: split.sellerRefundCents,
      platform_fee_cents: 0,
      net_remaining_cents: 500,
    });
    const [buyerPay] = await all<Ledger>("SELECT * FROM paiements WHERE inscription_id = ?", buyerReg);
    expect(buyerPay.amount_total_cents).toBe(4200 + 2400);
    await expectBalanced(formatId);
    // The history says it; both got an e-mail.
    const events = await all<{ event: string; to_statut: string; amount_cents: number | null }>(
      "SELECT event, to_statut, amount_cents FROM inscriptions_historique WHERE inscription_id = ? ORDER BY id",
      sellerReg,
    );
    expect(events.at(-1)).toEqual({
      event: "transferred",
      to_statut: "transferee",
      amount_cents: split.sellerRefundCents,
    });
    const kinds = await all<{ kind: string; to_email: string }>(
      "SELECT kind, to_email FROM mail_outbox WHERE dedupe_key LIKE ? ORDER BY kind",
      `cession-%:${cessionId}`,
    );
    expect(kinds.map((k) => `${k.kind}:${k.to_email}`)).toEqual([
      `cession_acheteur:${buyer.email}`,
      `cession_invitation:${buyer.email}`,
      `cession_vendeur:${seller.email}`,
    ]);
    // A transferred registration is read-only: no cancellation, no second offer.
    await expect(
      cancelInscription(testContext(), { inscriptionId: sellerReg, actor: { role: "coureur", userId: seller.id } }),
    ).rejects.toThrow(CancelError);
    await expect(offerTransfer(testContext(), seller, sellerReg, buyer.email)).rejects.toThrow(TransferError);
    // Replaying the payment changes nothing.
    expect((await onCheckoutCompleted(testContext(), sessionId)).state).toBe("validated");
    expect((await all("SELECT id FROM remboursements WHERE inscription_id = ?", sellerReg)).length).toBe(1);
  });
});

describe("parallel acceptances (issue 40)", () => {
  it("20 acceptances sent at once make one registration and one checkout session", async () => {
    const { courseId, formatId } = await transferFormat();
    const seller = await account("vendeur");
    const buyer = await account("acheteuse");
    const sellerReg = await paidRegistration(courseId, formatId, seller, 21);
    const { cessionId } = await offerTransfer(testContext(), seller, sellerReg, buyer.email);
    const token = await tokenFor(cessionId);
    const urls = await Promise.all(
      Array.from({ length: 20 }, () =>
        acceptTransfer(testContext(), buyer, cessionId, token, { runner: personal(buyer), meals: 0 }),
      ),
    );
    expect(new Set(urls).size).toBe(1);
    const regs = await all<{ id: string }>("SELECT id FROM inscriptions WHERE cession_id = ?", cessionId);
    expect(regs).toHaveLength(1);
    const sessions = await one<{ n: number }>(
      `SELECT count(*) AS n FROM local_payment_objects WHERE kind = 'checkout_session'
        AND json_extract(data, '$.metadata.inscription_id') = ?`,
      regs[0].id,
    );
    expect(Number(sessions?.n)).toBe(1);
  });
});

describe("who may do what (no IDOR)", () => {
  it("only the owner offers or withdraws; only the invited account, with the link's token, sees and accepts", async () => {
    const { courseId, formatId } = await transferFormat();
    const seller = await account("vendeur");
    const buyer = await account("invitee");
    const other = await account("autre");
    const sellerReg = await paidRegistration(courseId, formatId, seller, 21);
    await expect(
      offerTransfer(testContext(), other, sellerReg, other.email === buyer.email ? "x@y.fr" : buyer.email),
    ).rejects.toMatchObject({
      code: "inscription_introuvable",
    });
    const { cessionId } = await offerTransfer(testContext(), seller, sellerReg, buyer.email);
    await expect(offerTransfer(testContext(), seller, sellerReg, other.email)).rejects.toMatchObject({
      code: "deja_proposee",
    });
    expect(await withdrawTransfer(testContext(), other.id, sellerReg)).toBe(false);
    const token = await tokenFor(cessionId);
    await expect(loadInvitation(testContext(), buyer, cessionId, `${token}x`)).rejects.toMatchObject({
      code: "offre_introuvable",
    });
    await expect(loadInvitation(testContext(), buyer, crypto.randomUUID(), token)).rejects.toMatchObject({
      code: "offre_introuvable",
    });
    await expect(loadInvitation(testContext(), other, cessionId, token)).rejects.toMatchObject({
      code: "mauvais_compte",
    });
    await expect(
      acceptTransfer(testContext(), other, cessionId, token, { runner: personal(other), meals: 0 }),
    ).rejects.toMatchObject({ code: "mauvais_compte" });
    expect((await loadInvitation(testContext(), buyer, cessionId, token)).statut).toBe("ouverte");
    expect(await one("SELECT count(*) AS n FROM inscriptions WHERE cession_id = ?", cessionId)).toEqual({ n: 0 });
  });
});

describe("two buyers paying for the same bib at once", () => {
  it("one gets the place; the other payment is refunded in full and recorded; the books balance", async () => {
    const { courseId, formatId } = await transferFormat();
    const seller = await account("vendeur");
    const a = await account("acheteur-a");
    const b = await account("acheteur-b");
    const sellerReg = await paidRegistration(courseId, formatId, seller, 33);
    const { cessionId } = await offerTransfer(testContext(), seller, sellerReg, a.email);
    const sessionA = await accept(cessionId, a);
    // The same link re-sent to another address (as a public exchange would): a second buyer checks out too.
    await env.DB.prepare("UPDATE cessions SET email = ? WHERE id = ?").bind(b.email, cessionId).run();
    const sessionB = await accept(cessionId, b);
    const provider = silentLocalProvider(testContext());
    await Promise.all([provider.paySession(sessionA), provider.paySession(sessionB)]);
    const outcomes = await Promise.all([
      onCheckoutCompleted(testContext(), sessionA),
      onCheckoutCompleted(testContext(), sessionB),
    ]);
    expect(outcomes.map((o) => o.state).sort()).toEqual(["refunded", "validated"]);
    // The webhooks' replays agree.
    const replays = [
      await onCheckoutCompleted(testContext(), sessionA),
      await onCheckoutCompleted(testContext(), sessionB),
    ];
    expect(replays.map((o) => o.state)).toEqual(outcomes.map((o) => o.state));
    const regs = await all<{ statut: string; cancel_reason: string | null }>(
      "SELECT statut, cancel_reason FROM inscriptions WHERE cession_id = ? ORDER BY statut",
      cessionId,
    );
    expect(regs.map((r) => r.statut).sort()).toEqual(["remboursee_totalement", "validee"]);
    expect(regs.find((r) => r.statut !== "validee")?.cancel_reason).toBe("late_payment");
    expect((await inscription(sellerReg))?.statut).toBe("transferee");
    const pays = await expectBalanced(formatId);
    const loser = pays.find((p) => p.refunded_cents === p.amount_total_cents && p.amount_total_cents === 4200);
    expect(loser).toBeDefined();
    // One place taken in the format by this bib: the seller's is gone, one buyer holds it.
    expect(
      await one("SELECT count(*) AS n FROM inscriptions WHERE format_id = ? AND statut = 'validee'", formatId),
    ).toEqual({ n: 1 });
  });
});

describe("withdrawal and expiry", () => {
  it("a withdrawal during the checkout ends it; a payment that slipped in is refunded; the seller keeps the place", async () => {
    const { courseId, formatId } = await transferFormat();
    const seller = await account("vendeur");
    const buyer = await account("acheteur");
    const sellerReg = await paidRegistration(courseId, formatId, seller, 41);
    const { cessionId } = await offerTransfer(testContext(), seller, sellerReg, buyer.email);
    const session = await accept(cessionId, buyer);
    // Paid at the provider, the webhook not yet here, when the seller withdraws.
    await silentLocalProvider(testContext()).paySession(session);
    expect(await withdrawTransfer(testContext(), seller.id, sellerReg)).toBe(true);
    const buyerReg = await buyerOf(cessionId, buyer.id);
    expect(await inscription(buyerReg)).toMatchObject({
      statut: "remboursee_totalement",
      cancel_reason: "late_payment",
    });
    expect(await inscription(sellerReg)).toMatchObject({ statut: "validee", dossard: 41 });
    expect((await one<{ statut: string }>("SELECT statut FROM cessions WHERE id = ?", cessionId))?.statut).toBe(
      "retiree",
    );
    // The webhook arriving afterwards changes nothing more.
    expect((await onCheckoutCompleted(testContext(), session)).state).toBe("refunded");
    await expectBalanced(formatId);
    // Withdrawn, the registration can be cancelled again.
    const ctx = testContext(fixedClock("2027-06-01T09:00:00.000Z"));
    expect(
      (await cancelInscription(ctx, { inscriptionId: sellerReg, actor: { role: "coureur", userId: seller.id } })).state,
    ).toBe("annulee");
  });

  it("a withdrawal before payment ends the buyer's checkout at the provider", async () => {
    const { courseId, formatId } = await transferFormat();
    const seller = await account("vendeur");
    const buyer = await account("acheteur");
    const sellerReg = await paidRegistration(courseId, formatId, seller, 42);
    const { cessionId } = await offerTransfer(testContext(), seller, sellerReg, buyer.email);
    const session = await accept(cessionId, buyer);
    expect(await withdrawTransfer(testContext(), seller.id, sellerReg)).toBe(true);
    const buyerReg = await buyerOf(cessionId, buyer.id);
    expect(await inscription(buyerReg)).toMatchObject({ statut: "annulee", cancel_reason: "transfer_ended" });
    const s = await silentLocalProvider(testContext()).paySession(session);
    expect(s.status).toBe("expired");
    await expectBalanced(formatId);
  });

  it("the cron ends an offer past its deadline; a payment arriving after is refunded", async () => {
    const { courseId, formatId } = await transferFormat();
    const seller = await account("vendeur");
    const buyer = await account("acheteur");
    const sellerReg = await paidRegistration(courseId, formatId, seller, 43);
    const { cessionId } = await offerTransfer(testContext(), seller, sellerReg, buyer.email);
    const session = await accept(cessionId, buyer);
    const later = testContext(fixedClock(new Date(Date.now() + 73 * 3_600_000).toISOString()));
    // Paid at the provider just before the cron runs: the cron closes the offer first, then finds the payment.
    await silentLocalProvider(testContext()).paySession(session);
    const report = await runMaintenance(later);
    expect(report.transfersExpired).toBeGreaterThanOrEqual(1);
    expect((await one<{ statut: string }>("SELECT statut FROM cessions WHERE id = ?", cessionId))?.statut).toBe(
      "expiree",
    );
    expect(await inscription(await buyerOf(cessionId, buyer.id))).toMatchObject({
      statut: "remboursee_totalement",
      cancel_reason: "late_payment",
    });
    expect((await inscription(sellerReg))?.statut).toBe("validee");
    await expectBalanced(formatId);
  });
});

describe("a registration on offer cannot be cancelled at the same time", () => {
  it("refuses the cancellation while an offer runs", async () => {
    const { courseId, formatId } = await transferFormat();
    const seller = await account("vendeur");
    const buyer = await account("acheteur");
    const sellerReg = await paidRegistration(courseId, formatId, seller, 51);
    await offerTransfer(testContext(), seller, sellerReg, buyer.email);
    const ctx = testContext(fixedClock("2027-06-01T09:00:00.000Z"));
    await expect(
      cancelInscription(ctx, { inscriptionId: sellerReg, actor: { role: "coureur", userId: seller.id } }),
    ).rejects.toMatchObject({ code: "cession_en_cours" });
    expect((await inscription(sellerReg))?.statut).toBe("validee");
    await expectBalanced(formatId);
  });

  it.each([0, 1, 2, 3])("offer and cancellation sent together (run %i): exactly one wins", async () => {
    const { courseId, formatId } = await transferFormat();
    const seller = await account("vendeur");
    const buyer = await account("acheteur");
    const sellerReg = await paidRegistration(courseId, formatId, seller, 60);
    const ctx = testContext(fixedClock("2027-06-01T09:00:00.000Z"));
    const [offer, cancel] = await Promise.allSettled([
      offerTransfer(ctx, seller, sellerReg, buyer.email),
      cancelInscription(ctx, { inscriptionId: sellerReg, actor: { role: "coureur", userId: seller.id } }),
    ]);
    const open = await one<{ n: number }>(
      "SELECT count(*) AS n FROM cessions WHERE inscription_id = ? AND statut = 'ouverte'",
      sellerReg,
    );
    const statut = (await inscription(sellerReg))!.statut;
    // Never both: an open offer on a cancelled registration.
    expect(open!.n === 1 && statut !== "validee").toBe(false);
    expect([offer.status, cancel.status].filter((s) => s === "fulfilled").length).toBe(1);
    await expectBalanced(formatId);
  });
});

describe("an offer to the format's waiting list (decision 0171)", () => {
  const entry = (runnerId: string) =>
    one<{ statut: string }>("SELECT statut FROM liste_attente WHERE id = ?", `la-${runnerId}`);

  it("goes to the first runner waiting, to the next when it lapses, and the one who pays leaves the list with the place", async () => {
    const { courseId, formatId } = await transferFormat(1);
    const seller = await account("vendeur");
    const first = await account("premier");
    const second = await account("second");
    const sellerReg = await paidRegistration(courseId, formatId, seller, 77);
    await waitingList(courseId, formatId, [first, second]);
    const { cessionId } = await offerTransferToWaitlist(testContext(), seller, sellerReg);
    const offer = await one<{ email: string; liste_attente_id: string }>(
      "SELECT email, liste_attente_id FROM cessions WHERE id = ?",
      cessionId,
    );
    expect(offer).toEqual({ email: first.email, liste_attente_id: `la-${first.id}` });
    // The invitation goes to the first runner, without naming the seller.
    const mail = await one<{ to_email: string; subject: string; text: string }>(
      "SELECT * FROM mail_outbox WHERE dedupe_key = ?",
      `cession-invitation:${cessionId}`,
    );
    expect(mail?.to_email).toBe(first.email);
    expect(mail?.subject).toContain("Une place se libère pour vous");
    expect(mail?.text).not.toContain("Paul");
    // The seller's page does not show that runner's e-mail.
    const panel = await loadTransferPanel(testContext(), seller.id, sellerReg);
    expect(panel?.open).toMatchObject({ email: null, toWaitlist: true });
    // The first runner lets it lapse: the cron hands it to the second; the first keeps their place on the list.
    const later = testContext(fixedClock(new Date(Date.now() + 73 * 3_600_000).toISOString()));
    await runMaintenance(later);
    const relayed = await one<{ id: string; email: string; liste_attente_id: string }>(
      "SELECT id, email, liste_attente_id FROM cessions WHERE inscription_id = ? AND statut = 'ouverte'",
      sellerReg,
    );
    expect(relayed).toMatchObject({ email: second.email, liste_attente_id: `la-${second.id}` });
    expect((await entry(first.id))?.statut).toBe("en_liste");
    // The second runner accepts and pays: the place changes hands and their entry is served.
    const session = await accept(relayed!.id, second);
    await silentLocalProvider(testContext()).paySession(session);
    expect((await onCheckoutCompleted(testContext(), session)).state).toBe("validated");
    expect((await inscription(sellerReg))?.statut).toBe("transferee");
    expect((await inscription(await buyerOf(relayed!.id, second.id)))?.statut).toBe("validee");
    expect((await entry(second.id))?.statut).toBe("acceptee");
    expect((await entry(first.id))?.statut).toBe("en_liste");
    await expectBalanced(formatId);
  });

  it("is refused in French when nobody waits, and through the page the seller picks it without JavaScript", async () => {
    const { courseId, formatId } = await transferFormat(1);
    const seller = await account("vendeur");
    const sellerReg = await paidRegistration(courseId, formatId, seller, 78);
    const refused = await offerTransferToWaitlist(testContext(), seller, sellerReg).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TransferError);
    expect((refused as TransferError).message).toBe(
      "Personne n'attend sur la liste d'attente de ce format : proposez votre dossard à une personne de votre choix.",
    );
    const waiting = await account("attente");
    await waitingList(courseId, formatId, [waiting]);
    const cookie = await sessionCookie(seller.id);
    const page = await (await get(`/mon-inscription/${sellerReg}`, cookie)).text();
    expect(page).toContain("Au coureur qui attend sur la liste d&#x27;attente de ce format");
    const fd = new FormData();
    fd.append("intent", "cession-proposer");
    fd.append("cession_destinataire", "liste");
    // Without the confirmation: the message next to the box, nothing offered.
    const bad = await post(`/mon-inscription/${sellerReg}`, fd, cookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Cochez la case pour confirmer que vous cédez votre dossard.");
    fd.append("cession_confirmation", "on");
    const sent = await post(`/mon-inscription/${sellerReg}`, fd, cookie);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/mon-inscription/${sellerReg}?cession=proposee-liste#cession`);
    expect(
      await one<{ email: string }>(
        "SELECT email FROM cessions WHERE inscription_id = ? AND statut = 'ouverte'",
        sellerReg,
      ),
    ).toEqual({ email: waiting.email });
    const after = await (await get(`/mon-inscription/${sellerReg}?cession=proposee-liste`, cookie)).text();
    expect(after).toContain("premier coureur de la liste d&#x27;attente");
    expect(after).not.toContain(waiting.email);
  });
});

describe("the organiser's meals rule", () => {
  it("when the seller's meals follow the place, the buyer takes exactly those and pays them, whatever they send", async () => {
    const { courseId, formatId } = await transferFormat(1);
    await env.DB.prepare("UPDATE formats SET cession_repas_suivent = 1 WHERE id = ?").bind(formatId).run();
    const seller = await account("vendeur");
    const buyer = await account("acheteur");
    const sellerReg = await paidRegistration(courseId, formatId, seller, 90); // one meal, 12,00 €
    const { cessionId } = await offerTransfer(testContext(), seller, sellerReg, buyer.email);
    const invitation = await loadInvitation(testContext(), buyer, cessionId, await tokenFor(cessionId));
    expect(invitation).toMatchObject({ mealsFollow: true, sellerMeals: 1 });
    expect(invitation.rules).toContain("les repas suivent le dossard");
    const session = await accept(cessionId, buyer, 3); // asks for 3: the rule gives the seller's one
    const buyerReg = await buyerOf(cessionId, buyer.id);
    expect(
      await one<{ nombre_repas: number; prix_total_coureur_cents: number }>(
        "SELECT nombre_repas, prix_total_coureur_cents FROM inscriptions WHERE id = ?",
        buyerReg,
      ),
    ).toEqual({ nombre_repas: 1, prix_total_coureur_cents: 4200 + 1200 });
    await silentLocalProvider(testContext()).paySession(session);
    expect((await onCheckoutCompleted(testContext(), session)).state).toBe("validated");
    expect((await inscription(sellerReg))?.statut).toBe("transferee");
    await expectBalanced(formatId);
  });
});
