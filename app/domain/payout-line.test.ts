import { describe, expect, it } from "vitest";
import { payoutLine, transferLine, type PayoutTransfer } from "./payout-line";

const t = (
  amount: number,
  reversed: number,
  status: string,
  at: string,
  failure_reason: string | null = null,
): PayoutTransfer => ({ amount_cents: amount, reversed_cents: reversed, status, failure_reason, created_at: at });

const T1 = "2027-06-01T10:00:00.000Z";
const T2 = "2027-06-02T10:00:00.000Z";
const T3 = "2027-06-03T10:00:00.000Z";
const REFUS = "Le compte de paiement de l'organisateur ne peut pas encore recevoir de virements.";

describe("payoutLine: sent, taken back, still due and the state, from the ledger", () => {
  it.each([
    // case, payment status, net remaining, J+1 day, transfers → sent, taken back, held, due, state, label
    [
      "paid, nothing sent yet",
      "succeeded",
      3900,
      "2027-06-13",
      [],
      0,
      0,
      0,
      3900,
      "a_verser",
      "À verser le 13/06/2027",
    ],
    ["no format date", "succeeded", 3900, null, [], 0, 0, 0, 3900, "a_verser", "À verser"],
    // A partial refund leaves the payment 'refunded' with money still owed: the J+1 payout sends it.
    ["partly refunded", "refunded", 3784, "2027-06-13", [], 0, 0, 0, 3784, "a_verser", "À verser le 13/06/2027"],
    [
      "deposit sent",
      "succeeded",
      1950,
      "2027-06-13",
      [t(1950, 0, "paid", T1)],
      1950,
      0,
      1950,
      1950,
      "reste_a_verser",
      "Versé en partie, reste à verser le 13/06/2027",
    ],
    [
      "all sent",
      "succeeded",
      0,
      "2027-06-13",
      [t(1950, 0, "paid", T1), t(1950, 0, "paid", T2)],
      3900,
      0,
      3900,
      0,
      "verse",
      "Versé",
    ],
    // 81,40 € sent, 49,04 € taken back by a refund: 32,36 € held, not 'Versé' at 81,40 €.
    [
      "partly taken back",
      "refunded",
      0,
      "2027-06-13",
      [t(8140, 4904, "paid", T1)],
      8140,
      4904,
      3236,
      0,
      "verse_repris_en_partie",
      "Versé, repris en partie",
    ],
    // The newest transfer fully reversed, the deposit still with the organiser (5,17 €): not 'Annulé (reprise)'.
    [
      "last transfer reversed, deposit held",
      "refunded",
      0,
      "2027-06-13",
      [t(517, 0, "paid", T1), t(3000, 3000, "reversed", T2)],
      3517,
      3000,
      517,
      0,
      "verse_repris_en_partie",
      "Versé, repris en partie",
    ],
    [
      "all taken back",
      "refunded",
      0,
      "2027-06-13",
      [t(517, 517, "reversed", T1), t(3000, 3000, "reversed", T2)],
      3517,
      3517,
      0,
      0,
      "repris",
      "Repris en totalité",
    ],
    // A reversal the provider made on its own: the money is owed again (held nothing: 'À verser').
    [
      "reversed by the provider, owed again",
      "succeeded",
      1000,
      "2027-06-13",
      [t(1000, 1000, "reversed", T1)],
      1000,
      1000,
      0,
      1000,
      "a_verser",
      "À verser le 13/06/2027",
    ],
    [
      "partly reversed by the provider",
      "succeeded",
      400,
      "2027-06-13",
      [t(1000, 400, "paid", T1)],
      1000,
      400,
      600,
      400,
      "reste_a_verser",
      "Versé en partie, reste à verser le 13/06/2027",
    ],
    // A refused payout sends nothing; the money stays due and the reason is kept.
    [
      "refused",
      "succeeded",
      2400,
      "2027-06-13",
      [t(2400, 0, "failed", T1, REFUS)],
      0,
      0,
      0,
      2400,
      "echec",
      "Échec du versement",
    ],
    [
      "refused after a deposit",
      "succeeded",
      1200,
      "2027-06-13",
      [t(1200, 0, "paid", T1), t(1200, 0, "failed", T2, REFUS)],
      1200,
      0,
      1200,
      1200,
      "echec",
      "Échec du versement",
    ],
    // A failure followed by a success: the last one decides.
    [
      "failed, then paid",
      "succeeded",
      0,
      "2027-06-13",
      [t(2400, 0, "paid", T3), t(2400, 0, "failed", T2, REFUS)],
      2400,
      0,
      2400,
      0,
      "verse",
      "Versé",
    ],
    // Reserved in the ledger, the provider not yet answered.
    [
      "in flight",
      "succeeded",
      0,
      "2027-06-13",
      [t(2400, 0, "pending", T1)],
      2400,
      0,
      2400,
      0,
      "en_cours",
      "Versement en cours",
    ],
    ["refunded in full", "refunded", 0, "2027-06-13", [], 0, 0, 0, 0, "rien_a_verser", "Remboursé, rien à verser"],
    // A negative net is the organiser's debt (decision 0184): nothing due, the amount owed said.
    [
      "refunded, net negative",
      "refunded",
      -88,
      "2027-06-13",
      [],
      0,
      0,
      0,
      0,
      "a_deduire",
      "À déduire des prochains versements : 0,88\u00a0€",
    ],
    ["commission took it all", "succeeded", 0, "2027-06-13", [], 0, 0, 0, 0, "rien_a_verser", "Rien à verser"],
    ["not collected", "pending", 0, null, [], 0, 0, 0, 0, "non_encaisse", "Paiement en attente, rien à verser"],
    ["payment failed", "failed", 0, null, [], 0, 0, 0, 0, "non_encaisse", "Paiement échoué, rien à verser"],
    // The organiser's own full refund left the payment's fees to them: owed, deducted from their next payouts.
    [
      "organiser's refund, fees owed",
      "refunded",
      -303,
      "2027-06-13",
      [t(1950, 1950, "reversed", T1)],
      1950,
      1950,
      0,
      0,
      "a_deduire",
      "À déduire des prochains versements : 3,03\u00a0€",
    ],
    // Never more taken back than sent.
    [
      "reversal capped",
      "refunded",
      0,
      null,
      [t(500, 900, "reversed", T1)],
      500,
      500,
      0,
      0,
      "repris",
      "Repris en totalité",
    ],
  ] as const)("%s", (_case, status, net, dueOn, transfers, sent, back, held, due, state, label) => {
    const line = payoutLine({ status, net_remaining_cents: net, payout_due_on: dueOn }, transfers);
    expect(line).toMatchObject({
      sentCents: sent,
      takenBackCents: back,
      heldCents: held,
      dueCents: due,
      state,
      label,
    });
    expect(line.dueOn).toBe(due > 0 ? dueOn : null);
    expect(line.owedCents).toBe(Math.max(0, -net));
    expect(line.failureReason).toBe(state === "echec" ? REFUS : null);
  });
});

describe("transferLine: one transfer alone", () => {
  it.each([
    [t(2400, 0, "paid", T1), 2400, 0, "Versé"],
    [t(2400, 900, "paid", T1), 2400, 900, "Versé, repris en partie"],
    [t(2400, 2400, "reversed", T1), 2400, 2400, "Repris en totalité"],
    [t(2400, 0, "pending", T1), 2400, 0, "Versement en cours"],
    [t(2400, 0, "failed", T1, REFUS), 0, 0, "Échec du versement"],
  ] as const)("%j", (transfer, sent, back, label) => {
    const line = transferLine(transfer);
    expect(line).toMatchObject({ sentCents: sent, takenBackCents: back, dueCents: 0, label });
    expect(line.failureReason).toBe(transfer.status === "failed" ? REFUS : null);
  });
});
