import { payoutNoticeText } from "~/domain/admin-payouts";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { depositAmount, transferAllAmount } from "../../app/domain/money";
import { isLocalPaymentProvider } from "../../app/providers/payments-local.server";
import { getReceiptUrl } from "../../app/services/payments.server";
import { REFUND_RESUME_MINUTES, refundInscription } from "../../app/services/refunds.server";
import { PaymentError } from "../../app/services/payment-errors.server";
import { releaseFunds, setCommission, transferToOrganiser } from "../../app/services/payouts.server";
import { createCheckoutForInscription } from "../../app/services/checkout.server";
import { expireCheckoutForInscription, verifyCheckoutSession } from "../../app/services/payment-received.server";
import { loadDemoData } from "./helpers";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { PaymentProviderError } from "../../app/providers/payments";
import { fixedClock } from "../../app/providers/clock";
import type { CancelError } from "../../app/domain/cancellation";
import { cancelInscription, STALE_CLAIM_MINUTES } from "../../app/services/cancel.server";
import {
  enableOrganiserAccount,
  ORGANISER_ID,
  paiementOf,
  pendingInscription,
  RUNNER_ID,
  silentLocalProvider,
  testContext,
  type LedgerRow,
} from "./payments-helpers";

async function paidInscription(price: number) {
  const context = testContext();
  await enableOrganiserAccount(context);
  const inscriptionId = await pendingInscription(price);
  const { url } = await createCheckoutForInscription(context, inscriptionId);
  const sessionId = url.split("/").pop()!;
  if (!isLocalPaymentProvider(context.payments)) throw new Error("local provider expected");
  await context.payments.paySession(sessionId); // delivers checkout.session.completed in-process
  const p = (await paiementOf(inscriptionId))!;
  return { context, inscriptionId, sessionId, paiementId: p.id };
}

/** The invariant, plus: the movements tables add up to the totals. */
async function expectBooksBalance(p: LedgerRow) {
  expect(p.amount_total_cents).toBe(
    p.refunded_cents +
      p.fee_total_cents +
      p.platform_fee_cents +
      p.transferred_total_cents +
      p.net_remaining_cents +
      p.compensation_cents,
  );
  const t = await env.DB.prepare(
    "SELECT coalesce(sum(amount_cents - reversed_cents), 0) AS n FROM transferts WHERE paiement_id = ? AND status IN ('paid', 'reversed')",
  )
    .bind(p.id)
    .first<{ n: number }>();
  expect(t!.n).toBe(p.transferred_total_cents);
  const r = await env.DB.prepare(
    "SELECT coalesce(sum(amount_cents), 0) AS n FROM remboursements WHERE paiement_id = ? AND status = 'succeeded'",
  )
    .bind(p.id)
    .first<{ n: number }>();
  expect(r!.n).toBe(p.refunded_cents);
}

describe("the ledger through the local provider", () => {
  beforeAll(loadDemoData);

  it("stays balanced after fulfil, commission, deposit, refund with reversal and 'Tout transférer'", async () => {
    const { context, inscriptionId, paiementId } = await paidInscription(4200);
    let p = (await paiementOf(inscriptionId))!;
    expect(p).toMatchObject({
      status: "succeeded",
      amount_total_cents: 4200,
      fee_total_cents: 88,
      platform_fee_cents: 210,
      net_remaining_cents: 3902,
    });
    await expectBooksBalance(p);

    await setCommission(context, paiementId, 7.5); // 315
    p = (await paiementOf(inscriptionId))!;
    expect(p.platform_fee_cents).toBe(315);
    await expectBooksBalance(p);

    const deposit = depositAmount(p.net_remaining_cents); // 50 % of 3797 → 1899
    expect(deposit).toBe(1899);
    const t1 = await transferToOrganiser(context, {
      paiementId,
      amountCents: deposit,
      kind: "acompte",
      createdBy: "admin",
    });
    expect(t1.state).toBe("paid");
    p = (await paiementOf(inscriptionId))!;
    expect(p.transferred_total_cents).toBe(1899);
    await expectBooksBalance(p);

    // 'Tout transférer' then a refund: the money must come back from the organiser first.
    await transferToOrganiser(context, {
      paiementId,
      amountCents: transferAllAmount(p.net_remaining_cents),
      kind: "solde",
      createdBy: "admin",
    });
    p = (await paiementOf(inscriptionId))!;
    expect(p.net_remaining_cents).toBe(0);
    await expectBooksBalance(p);

    const r = await refundInscription(context, {
      inscriptionId,
      amountCents: 1000,
      percent: 25,
      reason: "Blessure",
      idempotencyKey: `refund-test:${inscriptionId}`,
    });
    p = (await paiementOf(inscriptionId))!;
    expect(p).toMatchObject({
      status: "refunded",
      refunded_cents: 1000,
      transferred_total_cents: 3797 - 1000,
      net_remaining_cents: 0,
    });
    await expectBooksBalance(p);
    const rem = await env.DB.prepare("SELECT transfer_reversal_cents, status FROM remboursements WHERE id = ?")
      .bind(r.remboursementId)
      .first();
    expect(rem).toEqual({ transfer_reversal_cents: 1000, status: "succeeded" });
    // The ledger never changes a registration's status: that is the lifecycle's (the cancellation's) to do.
    const ins = await env.DB.prepare("SELECT statut FROM inscriptions WHERE id = ?").bind(inscriptionId).first();
    expect(ins).toEqual({ statut: "validee" });

    // The same refund submitted again refunds nothing more.
    await refundInscription(context, {
      inscriptionId,
      amountCents: 1000,
      percent: 25,
      reason: "Blessure",
      idempotencyKey: `refund-test:${inscriptionId}`,
    });
    expect((await paiementOf(inscriptionId))!.refunded_cents).toBe(1000);

    // The provider's own books agree: the charge shows the refund, the transfers show the reversal.
    if (!isLocalPaymentProvider(context.payments)) throw new Error("local provider expected");
    const [row] = (
      await env.DB.prepare("SELECT charge_id FROM paiements WHERE id = ?").bind(paiementId).all<{ charge_id: string }>()
    ).results;
    const charge = await context.payments.getCharge(row.charge_id);
    expect(charge!.amount_refunded).toBe(1000);
  });

  it("skips transfers of 0 or less and refuses more than the net remaining", async () => {
    const { context, paiementId, inscriptionId } = await paidInscription(2500);
    expect(
      await transferToOrganiser(context, { paiementId, amountCents: 0, kind: "solde", createdBy: "admin" }),
    ).toEqual({ state: "skipped" });
    expect(
      await transferToOrganiser(context, { paiementId, amountCents: -5, kind: "solde", createdBy: "admin" }),
    ).toEqual({ state: "skipped" });
    const p = (await paiementOf(inscriptionId))!;
    await expect(
      transferToOrganiser(context, {
        paiementId,
        amountCents: p.net_remaining_cents + 1,
        kind: "solde",
        createdBy: "admin",
      }),
    ).rejects.toMatchObject({ code: "montant_superieur_au_solde" });
    expect(await paiementOf(inscriptionId)).toEqual(p);
    const n = await env.DB.prepare("SELECT count(*) AS n FROM transferts WHERE paiement_id = ?")
      .bind(paiementId)
      .first<{ n: number }>();
    expect(n!.n).toBe(0);
  });

  it("a full refund after everything was transferred keeps the invariant", async () => {
    const { context, paiementId, inscriptionId } = await paidInscription(3000);
    let p = (await paiementOf(inscriptionId))!;
    await transferToOrganiser(context, {
      paiementId,
      amountCents: p.net_remaining_cents,
      kind: "solde",
      createdBy: "admin",
    });
    await refundInscription(context, { inscriptionId, amountCents: 3000, idempotencyKey: `full:${inscriptionId}` });
    p = (await paiementOf(inscriptionId))!;
    expect(p.refunded_cents).toBe(3000);
    expect(p.transferred_total_cents).toBe(0);
    await expectBooksBalance(p);
  });
});

describe("a refund the provider refuses", () => {
  beforeAll(loadDemoData);

  it("is undone in the ledger, reported in French, and the same request can be retried", async () => {
    const { context, inscriptionId, paiementId } = await paidInscription(4200);
    const before = (await paiementOf(inscriptionId))!;
    const [{ charge_id }] = (
      await env.DB.prepare("SELECT charge_id FROM paiements WHERE id = ?").bind(paiementId).all<{ charge_id: string }>()
    ).results;
    await env.DB.prepare("UPDATE paiements SET charge_id = 'ch_local_inconnu' WHERE id = ?").bind(paiementId).run();
    const req = {
      inscriptionId,
      amountCents: 1500,
      percent: 50,
      reason: "Indisponibilité",
      idempotencyKey: `retry:${inscriptionId}`,
    };
    const err = await refundInscription(context, req).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentError);
    expect((err as PaymentError).code).toBe("remboursement_impossible");
    expect((err as PaymentError).message).toContain("Le remboursement n'a pas pu être effectué.");
    const undone = (await paiementOf(inscriptionId))!;
    const money = (r: LedgerRow) => ({ ...r, charge_id: undefined, updated_at: undefined });
    expect(money(undone)).toEqual(money(before));
    await expectBooksBalance(undone);
    const statut = await env.DB.prepare("SELECT statut FROM inscriptions WHERE id = ?")
      .bind(inscriptionId)
      .first<{ statut: string }>();
    expect(statut!.statut).toBe("validee");

    await env.DB.prepare("UPDATE paiements SET charge_id = ? WHERE id = ?").bind(charge_id, paiementId).run();
    await refundInscription(context, req);
    const after = (await paiementOf(inscriptionId))!;
    expect(after.refunded_cents).toBe(1500);
    await expectBooksBalance(after);
    const rows = (
      await env.DB.prepare("SELECT status FROM remboursements WHERE paiement_id = ? ORDER BY status")
        .bind(paiementId)
        .all<{ status: string }>()
    ).results;
    expect(rows.map((r) => r.status)).toEqual(["failed", "succeeded"]);
  });
});

describe("a refund that stopped half-way (its request ended after the ledger was reserved)", () => {
  beforeAll(loadDemoData);

  /**
   * The context of a request whose provider refund is asked, before it reaches the provider or after, and then
   * either never answers (the request ends there) or loses its answer (the connection breaks).
   */
  function dyingContext(reached: boolean, end: "dies" | "answer lost" = "dies"): AppLoadContext {
    const context = testContext();
    const real = context.payments.createRefund;
    context.payments = {
      ...context.payments,
      createRefund: async (input) => {
        if (reached) await real(input);
        if (end === "answer lost") throw new PaymentProviderError("Connexion interrompue.", "StripeConnectionError");
        return new Promise(() => {});
      },
    };
    return context;
  }

  async function pendingRow(paiementId: string) {
    for (let i = 0; i < 200; i++) {
      const row = await env.DB.prepare("SELECT * FROM remboursements WHERE paiement_id = ? AND status = 'pending'")
        .bind(paiementId)
        .first<{ id: string }>();
      if (row) return row;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error("no pending refund");
  }

  async function chargeRefunded(paiementId: string) {
    const { charge_id } = (await env.DB.prepare("SELECT charge_id FROM paiements WHERE id = ?")
      .bind(paiementId)
      .first<{ charge_id: string }>())!;
    return (await silentLocalProvider(testContext()).getCharge(charge_id))!.amount_refunded;
  }

  it.each([
    ["dies before reaching the provider", false, "dies"],
    ["dies after the provider refunded", true, "dies"],
    ["loses the provider's answer, not refunded", false, "answer lost"],
    ["loses the provider's answer, refunded", true, "answer lost"],
  ] as const)(
    "%s: the next try waits while it may still run, then finishes it once under its key",
    async (_, reached, end) => {
      const { inscriptionId, paiementId } = await paidInscription(4200);
      const req = { inscriptionId, amountCents: 1500, percent: 50, idempotencyKey: `reprise:${inscriptionId}` };
      if (end === "dies") void refundInscription(dyingContext(reached), req);
      else {
        // The outcome is unknown: nothing is undone, the caller is told to wait.
        const lost = await refundInscription(dyingContext(reached, end), req).catch((e: unknown) => e);
        expect((lost as PaymentError).code).toBe("conflit");
      }
      await pendingRow(paiementId);
      expect((await paiementOf(inscriptionId))!.refunded_cents).toBe(1500); // reserved

      // Right away: it may still be running.
      const soon = await refundInscription(testContext(), req).catch((e: unknown) => e);
      expect((soon as PaymentError).code).toBe("conflit");
      // Another refund of the same payment does not start meanwhile either.
      const other = await refundInscription(testContext(), { ...req, idempotencyKey: `autre:${inscriptionId}` }).catch(
        (e: unknown) => e,
      );
      expect((other as PaymentError).code).toBe("conflit");

      // Later: the same refund is finished, once.
      const later = testContext(fixedClock(new Date(Date.now() + (REFUND_RESUME_MINUTES + 1) * 60_000).toISOString()));
      const done = await refundInscription(later, req);
      expect(done.ledger.refunded_cents).toBe(1500);
      expect(await chargeRefunded(paiementId)).toBe(1500);
      const rows = (
        await env.DB.prepare("SELECT status, provider_refund_id FROM remboursements WHERE paiement_id = ?")
          .bind(paiementId)
          .all<{ status: string; provider_refund_id: string | null }>()
      ).results;
      expect(rows).toHaveLength(1);
      expect(rows[0].status).toBe("succeeded");
      expect(rows[0].provider_refund_id).toMatch(/^re_/);
      const after = (await paiementOf(inscriptionId))!;
      expect(after.refunded_cents).toBe(1500);
      await expectBooksBalance(after);
      // A further refund of the payment goes through normally.
      await refundInscription(later, { ...req, amountCents: 500, idempotencyKey: `suite:${inscriptionId}` });
      expect(await chargeRefunded(paiementId)).toBe(2000);
      await expectBooksBalance((await paiementOf(inscriptionId))!);
    },
  );

  it("a runner's cancellation whose refund stopped half-way: 'en cours' at first, then finished with the scale's amount, once", async () => {
    const { inscriptionId, paiementId } = await paidInscription(4200);
    void cancelInscription(dyingContext(true), { inscriptionId, actor: { role: "coureur", userId: RUNNER_ID } });
    const pending = await pendingRow(paiementId);
    const reserved = (await paiementOf(inscriptionId))!.refunded_cents;
    expect(reserved).toBeGreaterThan(0);

    const again = await cancelInscription(testContext(), {
      inscriptionId,
      actor: { role: "coureur", userId: RUNNER_ID },
    }).catch((e: unknown) => e);
    expect((again as CancelError).code).toBe("annulation_en_cours");

    const later = testContext(fixedClock(new Date(Date.now() + (STALE_CLAIM_MINUTES + 1) * 60_000).toISOString()));
    const done = await cancelInscription(later, { inscriptionId, actor: { role: "coureur", userId: RUNNER_ID } });
    expect(done.statut).toMatch(/^remboursee_/);
    const after = (await paiementOf(inscriptionId))!;
    expect(after.refunded_cents).toBe(reserved);
    expect(await chargeRefunded(paiementId)).toBe(reserved);
    await expectBooksBalance(after);
    const rows = (
      await env.DB.prepare("SELECT id, status FROM remboursements WHERE paiement_id = ?")
        .bind(paiementId)
        .all<{ id: string; status: string }>()
    ).results;
    expect(rows).toEqual([{ id: pending.id, status: "succeeded" }]);
  });
  it("an organiser's full-refund cancellation whose answer was lost: later, the same claim finishes the same refund", async () => {
    const { inscriptionId, paiementId } = await paidInscription(4200);
    const ask = {
      inscriptionId,
      actor: { role: "organisateur" as const, userId: ORGANISER_ID },
      reason: "Épreuve annulée par la préfecture",
    };
    const lost = await cancelInscription(dyingContext(false, "answer lost"), ask).catch((e: unknown) => e);
    expect((lost as CancelError).code).toBe("annulation_en_cours");
    expect((await paiementOf(inscriptionId))!.refunded_cents).toBe(4200); // reserved, not made

    const later = testContext(fixedClock(new Date(Date.now() + (STALE_CLAIM_MINUTES + 1) * 60_000).toISOString()));
    const done = await cancelInscription(later, ask);
    expect(done.statut).toBe("remboursee_totalement");
    expect(await chargeRefunded(paiementId)).toBe(4200);
    await expectBooksBalance((await paiementOf(inscriptionId))!);
    // The claim keeps the quote it was asked with, not one computed from the ledger that already counted it.
    const claim = (await env.DB.prepare(
      "SELECT status, refund_cents, remboursement_id FROM annulations WHERE inscription_id = ?",
    )
      .bind(inscriptionId)
      .first<{ status: string; refund_cents: number; remboursement_id: string | null }>())!;
    expect(claim).toMatchObject({ status: "terminee", refund_cents: 4200 });
    expect(claim.remboursement_id).not.toBeNull();
  });
});

describe("admin release of funds on a selection", () => {
  beforeAll(loadDemoData);

  it("advances 50 %, then 'Tout transférer', skipping empty payments and counting failures", async () => {
    const a = await paidInscription(4200); // net 3902
    const b = await paidInscription(2500); // net 2312
    const { context } = a;
    let r = await releaseFunds(context, {
      paiementIds: [a.paiementId, b.paiementId, "inconnu"],
      mode: "acompte",
      adminId: "admin",
      token: crypto.randomUUID(),
    });
    expect(r).toMatchObject({ ok: 2, failed: 1, skipped: 0 });
    expect(r.sent.map((t) => t.paiementId)).toEqual([a.paiementId, b.paiementId]);
    expect(payoutNoticeText({ kind: "transferts", ok: r.ok, failed: r.failed })).toBe(
      "Transferts terminés: 2 OK, 1 échec(s).",
    );
    // Half of each net, once the organiser's debts left by the cancellations above are covered (decision 0184).
    const half = async (x: { inscriptionId: string }, net: number) => {
      const p = (await paiementOf(x.inscriptionId))!;
      return { sent: p.transferred_total_cents, expected: depositAmount(net - p.compensation_cents, 50) };
    };
    for (const [x, net] of [
      [a, 3902],
      [b, 2312],
    ] as const) {
      const { sent, expected } = await half(x, net);
      expect(sent).toBe(expected);
    }
    r = await releaseFunds(context, {
      paiementIds: [a.paiementId, b.paiementId],
      mode: "tout",
      adminId: "admin",
      token: crypto.randomUUID(),
    });
    expect(r).toMatchObject({ ok: 2, failed: 0, skipped: 0 });
    r = await releaseFunds(context, {
      paiementIds: [a.paiementId, b.paiementId],
      mode: "tout",
      adminId: "admin",
      token: crypto.randomUUID(),
    });
    expect(r).toEqual({ ok: 0, failed: 0, skipped: 2, sent: [] });
    for (const x of [a, b]) {
      const p = (await paiementOf(x.inscriptionId))!;
      expect(p.net_remaining_cents).toBe(0);
      await expectBooksBalance(p);
    }
  });
});

describe("checkout for a registration", () => {
  beforeAll(loadDemoData);

  it("refuses when the organiser's payment account is not enabled", async () => {
    const context = testContext();
    await env.DB.prepare(
      "UPDATE profils_utilisateurs SET stripe_account_id = NULL, stripe_charges_enabled = 0 WHERE user_id = ?",
    )
      .bind(ORGANISER_ID)
      .run();
    const id = await pendingInscription(2000);
    const err = await createCheckoutForInscription(context, id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentError);
    expect((err as PaymentError).code).toBe("compte_organisateur_non_configure");
  });

  it("reuses the open session on a second click, stores it and holds the place 31 minutes", async () => {
    const context = testContext();
    await enableOrganiserAccount(context);
    const id = await pendingInscription(2000);
    const a = await createCheckoutForInscription(context, id);
    const b = await createCheckoutForInscription(context, id);
    expect(b.url).toBe(a.url);
    expect(a.url).toMatch(/^\/dev\/checkout\/cs_local_/);
    const row = await env.DB.prepare("SELECT checkout_session_id, hold_expires_at FROM inscriptions WHERE id = ?")
      .bind(id)
      .first<{ checkout_session_id: string; hold_expires_at: string }>();
    expect(a.url.endsWith(row!.checkout_session_id)).toBe(true);
    const minutes = (Date.parse(row!.hold_expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(30);
    expect(minutes).toBeLessThanOrEqual(31.1);
  });

  it("verifies a session for the success page and refuses another registration's id", async () => {
    const { context, inscriptionId, sessionId } = await paidInscription(2000);
    expect((await verifyCheckoutSession(context, sessionId, inscriptionId)).state).toBe("validated");
    await expect(verifyCheckoutSession(context, sessionId, "someone-else")).rejects.toBeInstanceOf(PaymentError);
  });

  it("expiring a pending registration's session releases its hold", async () => {
    const context = testContext();
    await enableOrganiserAccount(context);
    const id = await pendingInscription(2000);
    await createCheckoutForInscription(context, id);
    await expireCheckoutForInscription(context, id);
    const row = await env.DB.prepare("SELECT statut FROM inscriptions WHERE id = ?")
      .bind(id)
      .first<{ statut: string }>();
    expect(row!.statut).toBe("annulee");
    await expect(createCheckoutForInscription(context, id)).rejects.toMatchObject({ code: "inscription_non_payable" });
  });
});

describe("receipts", () => {
  beforeAll(loadDemoData);

  it("gives the receipt URL to the runner and the organiser, the spec's messages to others", async () => {
    const { context, inscriptionId } = await paidInscription(2000);
    const trace = `trace-${inscriptionId}`;
    expect(await getReceiptUrl(context, { id: RUNNER_ID, isAdmin: false }, trace)).toMatch(
      /^\/dev\/receipt\/ch_local_/,
    );
    expect(await getReceiptUrl(context, { id: ORGANISER_ID, isAdmin: false }, trace)).toMatch(/^\/dev\/receipt\//);
    await expect(
      getReceiptUrl(context, { id: "00000000-0000-4000-a000-000000000004", isAdmin: false }, trace),
    ).rejects.toThrow("Aucun reçu trouvé.");
    await expect(getReceiptUrl(context, { id: RUNNER_ID, isAdmin: false }, "")).rejects.toThrow(
      "Aucun paiement_trace_id disponible pour cette inscription.",
    );
    const unpaid = await pendingInscription(2000);
    await expect(getReceiptUrl(context, { id: RUNNER_ID, isAdmin: false }, `trace-${unpaid}`)).rejects.toThrow(
      "Aucun reçu trouvé.",
    );
  });
});
