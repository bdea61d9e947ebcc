import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import {
  centsToDecimal,
  applyCommission,
  applyTransfer,
  applyTransferReversal,
  applyCompensation,
  compensationAmount,
  runnerRefundPlatformShare,
  depositAmount,
  isValidCommissionPercent,
  ledgerBalances,
  localProviderFee,
  MoneyError,
  openLedger,
  parsePercent,
  planRefund,
  platformFee,
  shouldSkipTransfer,
  transferAllAmount,
  type Ledger,
} from "./money";
import { quoteRefund } from "./refund";

describe("platformFee = round(gross × commission %)", () => {
  it.each([
    // gross, percent, expected
    [0, 5, 0],
    [1, 5, 0], // 0.05 → 0
    [10, 5, 1], // 0.5 → rounds half up to 1
    [30, 5, 2], // 1.5 → 2
    [2500, 5, 125],
    [2510, 5, 126], // 125.5 → 126
    [2490, 5, 125], // 124.5 → 125
    [4200, undefined, 210], // default 5 %
    [4200, 0, 0],
    [4200, 50, 2100],
    [1, 50, 1], // 0.5 → 1
    [3333, 12.3, 410], // 409.959 → 410
    [1000, 0.1, 1],
    [999, 0.1, 1], // 0.999 → 1
    [10_000, 7.7, 770], // no float drift on 0.1 steps
  ])("gross %i at %s %% → %i", (gross, pct, expected) => {
    expect(platformFee(gross, pct)).toBe(expected);
  });

  it.each([[-1], [50.1], [12.34], [Number.NaN], [51]])("refuses commission %s", (pct) => {
    expect(() => platformFee(1000, pct)).toThrowError(MoneyError);
    expect(isValidCommissionPercent(pct)).toBe(false);
  });

  it.each([[-5], [1.5], [Number.NaN]])("refuses gross %s", (gross) => {
    expect(() => platformFee(gross, 5)).toThrowError(expect.objectContaining({ code: "montant_invalide" }));
  });

  it("accepts every 0.1 step from 0 to 50", () => {
    for (let t = 0; t <= 500; t++) expect(isValidCommissionPercent(t / 10)).toBe(true);
  });
});

describe("localProviderFee = round(1.5 %) + 0,25 €", () => {
  itMaps("%i → %i", localProviderFee, [
    [0, 0],
    [1, 1], // capped at the charge
    [25, 25],
    [50, 26], // 0.75 → 1 + 25
    [100, 27], // 1.5 → 2 + 25
    [2500, 63], // 37.5 → 38 + 25
    [4200, 88], // 63 + 25
    [10_000, 175],
  ]);
});

describe("depositAmount = clamp(net remaining × deposit %, 0, net remaining)", () => {
  it.each([
    [0, 50, 0],
    [1, 50, 1], // 0.5 → 1, still ≤ net
    [3, 50, 2], // 1.5 → 2
    [3737, undefined, 1869], // default 50 %
    [3737, 0, 0],
    [3737, 100, 3737],
    [-100, 50, 0], // negative net: nothing
    [1000, 33.3, 333],
  ])("net %i at %s %% → %i", (net, pct, expected) => {
    expect(depositAmount(net, pct)).toBe(expected);
  });

  it.each([[-1], [101], [Number.NaN]])("refuses deposit percent %s", (pct) => {
    expect(() => depositAmount(1000, pct)).toThrowError(expect.objectContaining({ code: "pourcentage_invalide" }));
  });

  it("after an earlier transfer, the deposit is taken on what remains", () => {
    let l = openLedger({ amountTotalCents: 4200, providerFeeCents: 88 }); // net 3902
    l = applyTransfer(l, depositAmount(l.net_remaining_cents)); // 1951
    expect(l.net_remaining_cents).toBe(1951);
    expect(depositAmount(l.net_remaining_cents)).toBe(976); // 975.5 → 976
    expect(ledgerBalances(l)).toBe(true);
  });
});

describe("'Tout transférer' and skipped transfers", () => {
  it.each([
    [3902, 3902, false],
    [1, 1, false],
    [0, 0, true],
    [-50, 0, true],
  ])("net %i → transfer %i (skipped: %s)", (net, amount, skipped) => {
    expect(transferAllAmount(net)).toBe(amount);
    expect(shouldSkipTransfer(transferAllAmount(net))).toBe(skipped);
  });

  it("refuses a transfer larger than the net remaining, or of 0", () => {
    const l = openLedger({ amountTotalCents: 1000, providerFeeCents: 40 });
    expect(() => applyTransfer(l, l.net_remaining_cents + 1)).toThrowError(
      expect.objectContaining({ code: "montant_superieur_au_solde" }),
    );
    expect(() => applyTransfer(l, 0)).toThrowError(expect.objectContaining({ code: "montant_invalide" }));
  });
});

describe("openLedger", () => {
  it.each([
    // amount, provider fee, commission, platform, net
    [4200, 88, 5, 210, 3902],
    [0, 0, 5, 0, 0],
    [1, 1, 5, 0, 0],
    [30, 25, 50, 5, 0], // platform fee capped so that net never starts negative
    [10_000, 175, 50, 5000, 4825],
  ])("amount %i, fee %i, %i %% → platform %i, net %i", (amount, fee, pct, platform, net) => {
    const l = openLedger({ amountTotalCents: amount, providerFeeCents: fee, commissionPercent: pct });
    expect(l.platform_fee_cents).toBe(platform);
    expect(l.net_remaining_cents).toBe(net);
    expect(ledgerBalances(l)).toBe(true);
  });
});

describe("planRefund", () => {
  it("takes from net remaining first", () => {
    const l = openLedger({ amountTotalCents: 4200, providerFeeCents: 88 });
    const plan = planRefund(l, 1000);
    expect(plan.reversalCents).toBe(0);
    expect(plan.ledger.net_remaining_cents).toBe(2902);
    expect(ledgerBalances(plan.ledger)).toBe(true);
  });

  it("reverses a transfer when the money already left", () => {
    let l = openLedger({ amountTotalCents: 4200, providerFeeCents: 88 });
    l = applyTransfer(l, 3000); // net 902
    const plan = planRefund(l, 1500);
    expect(plan.reversalCents).toBe(598);
    expect(plan.ledger.transferred_total_cents).toBe(2402);
    expect(plan.ledger.net_remaining_cents).toBe(0);
    expect(ledgerBalances(plan.ledger)).toBe(true);
  });

  it("a full refund the platform decides: it gives its commission back and loses the provider's fee", () => {
    const l = openLedger({ amountTotalCents: 4200, providerFeeCents: 88 });
    const plan = planRefund(l, 4200);
    expect(plan.fromPlatformFeeCents).toBe(298);
    expect(plan.ledger.platform_fee_cents).toBe(-88);
    expect(plan.ledger.net_remaining_cents).toBe(0);
    expect(ledgerBalances(plan.ledger)).toBe(true);
  });

  it("the organiser's own full refund: the platform keeps its commission, the organiser owes the fees", () => {
    let l = openLedger({ amountTotalCents: 4200, providerFeeCents: 88 });
    l = applyTransfer(l, 1951);
    const plan = planRefund(l, 4200, 0);
    expect(plan).toMatchObject({ reversalCents: 1951, fromPlatformFeeCents: 0 });
    expect(plan.ledger).toMatchObject({
      platform_fee_cents: 210,
      transferred_total_cents: 0,
      net_remaining_cents: -298,
    });
    expect(ledgerBalances(plan.ledger)).toBe(true);
  });

  it("a runner's refund on the scale: the platform pays only the commission it raised after the payment", () => {
    const l = applyCommission(openLedger({ amountTotalCents: 4200, providerFeeCents: 88 }), 20); // fee 210 → 840
    const share = runnerRefundPlatformShare(l, 210);
    expect(share).toBe(630);
    const base = 4200 - 88 - 210;
    const plan = planRefund(l, Math.floor(base * 0.9), share);
    expect(plan.fromPlatformFeeCents).toBe(Math.floor(base * 0.9) - (4200 - 88 - 840));
    expect(plan.ledger.net_remaining_cents).toBe(0);
    expect(ledgerBalances(plan.ledger)).toBe(true);
    expect(runnerRefundPlatformShare(openLedger({ amountTotalCents: 4200, providerFeeCents: 88 }), 210)).toBe(0);
  });

  it("refuses more than what is still refundable", () => {
    const l = openLedger({ amountTotalCents: 4200, providerFeeCents: 88 });
    const once = planRefund(l, 4000).ledger;
    expect(() => planRefund(once, 201)).toThrowError(
      expect.objectContaining({ code: "remboursement_superieur_au_paiement" }),
    );
    expect(() => planRefund(l, 0)).toThrowError(expect.objectContaining({ code: "montant_invalide" }));
  });

  it("the refund quote never exceeds what the organiser's share can cover", () => {
    for (const amount of [50, 100, 2500, 4200, 12_345]) {
      const l = openLedger({ amountTotalCents: amount, providerFeeCents: localProviderFee(amount) });
      const q = quoteRefund({
        amountTotalCents: amount,
        providerFeeCents: l.fee_total_cents,
        platformFeeCents: l.platform_fee_cents,
        eventDate: "2027-01-31",
        now: new Date("2026-11-21T10:00:00Z"),
      });
      expect(q.percent).toBe(90);
      expect(q.refund_cents).toBeLessThanOrEqual(l.net_remaining_cents);
      if (q.refund_cents > 0) expect(planRefund(l, q.refund_cents).fromPlatformFeeCents).toBe(0);
    }
  });
});

describe("the ledger invariant after any sequence of operations", () => {
  // A small deterministic generator, so that a failure can be replayed.
  function rng(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }

  it("holds after 2 000 random sequences of commission, deposit, transfer, reversal and refund", () => {
    const rand = rng(42);
    for (let run = 0; run < 2000; run++) {
      const amount = Math.floor(rand() * 20_000);
      let l: Ledger = openLedger({
        amountTotalCents: amount,
        providerFeeCents: localProviderFee(amount),
        commissionPercent: Math.floor(rand() * 501) / 10,
      });
      for (let step = 0; step < 8; step++) {
        const op = Math.floor(rand() * 5);
        try {
          if (op === 0) l = applyCommission(l, Math.floor(rand() * 501) / 10);
          else if (op === 1) {
            const d = depositAmount(l.net_remaining_cents, Math.floor(rand() * 101));
            if (!shouldSkipTransfer(d)) l = applyTransfer(l, d);
          } else if (op === 2) {
            const all = transferAllAmount(l.net_remaining_cents);
            if (!shouldSkipTransfer(all)) l = applyTransfer(l, all);
          } else if (op === 3) l = applyTransferReversal(l, Math.floor(rand() * (l.transferred_total_cents + 1)));
          else {
            const left = l.amount_total_cents - l.refunded_cents;
            if (left > 0) l = planRefund(l, 1 + Math.floor(rand() * left)).ledger;
          }
        } catch (e) {
          expect(e).toBeInstanceOf(MoneyError);
        }
        expect(ledgerBalances(l)).toBe(true);
        expect(l.transferred_total_cents).toBeGreaterThanOrEqual(0);
        expect(l.refunded_cents).toBeLessThanOrEqual(l.amount_total_cents);
      }
    }
  });

  it("detects a ledger that does not balance", () => {
    const l = openLedger({ amountTotalCents: 4200, providerFeeCents: 88 });
    expect(ledgerBalances({ ...l, net_remaining_cents: l.net_remaining_cents - 1 })).toBe(false);
  });
});

describe("parsePercent", () => {
  itMaps("%s → %s", parsePercent, [
    ["5", 5],
    ["12,5", 12.5],
    [" 0.1 ", 0.1],
    ["abc", null],
    ["-3", null],
    ["", null],
  ]);
});

describe("centsToDecimal (machine formats: JSON-LD offers)", () => {
  itMaps("%i cents → %s", centsToDecimal, [
    [0, "0.00"],
    [5, "0.05"],
    [99, "0.99"],
    [100, "1.00"],
    [4200, "42.00"],
    [4250, "42.50"],
    [123456789, "1234567.89"],
    [-5, "-0.05"],
    [-1234, "-12.34"],
  ]);

  it("refuses a fraction of a cent", () => {
    expect(() => centsToDecimal(12.5)).toThrow(MoneyError);
  });
});

describe("an organiser's debt covered by another of their payments (decision 0184)", () => {
  const debtor = (): Ledger => planRefund(openLedger({ amountTotalCents: 4200, providerFeeCents: 88 }), 4200, 0).ledger;
  const creditor = (): Ledger => openLedger({ amountTotalCents: 2500, providerFeeCents: 63 });

  it.each([
    ["a creditor larger than the debt covers it all", 2312, -298, 298],
    ["a smaller creditor covers what it has", 100, -298, 100],
    ["nothing to cover", 2312, 0, 0],
    ["nothing to cover with", 0, -298, 0],
  ])("%s", (_, creditorNet, debtorNet, amount) => {
    expect(
      compensationAmount(
        { ...creditor(), net_remaining_cents: creditorNet },
        { ...debtor(), net_remaining_cents: debtorNet },
      ),
    ).toBe(amount);
  });

  it("moves the amount between the two nets; both ledgers still balance, the sum of compensations is zero", () => {
    const moved = applyCompensation(creditor(), debtor(), 298);
    expect(moved.creditor).toMatchObject({ net_remaining_cents: 2312 - 298, compensation_cents: 298 });
    expect(moved.debtor).toMatchObject({ net_remaining_cents: 0, compensation_cents: -298 });
    expect(ledgerBalances(moved.creditor)).toBe(true);
    expect(ledgerBalances(moved.debtor)).toBe(true);
    expect(moved.creditor.compensation_cents + moved.debtor.compensation_cents).toBe(0);
  });

  it("refuses to move more than the debt or the creditor's net", () => {
    expect(() => applyCompensation(creditor(), debtor(), 299)).toThrowError(
      expect.objectContaining({ code: "montant_superieur_au_solde" }),
    );
    expect(() => applyCompensation(creditor(), debtor(), 0)).toThrowError(
      expect.objectContaining({ code: "montant_superieur_au_solde" }),
    );
  });
});
