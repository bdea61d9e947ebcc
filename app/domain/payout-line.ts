// One payment's payout, as the organiser ('Mes versements') and the admin (/admin/payouts, 'Versement') read it:
// what was sent to the organiser, what was taken back from them, what is still due, and one French label. The
// rule is written once, here, from the ledger: the payment's row (`paiements`) and its transfers (`transferts`).
// Pure: no I/O, no clock. docs/decisions/0193-payout-lines-from-the-ledger.md
import { formatDate, formatEuros } from "~/domain/format";
import type { PayoutTransfer } from "./payouts";
import { isOneOf } from "./labels";

export type { PayoutTransfer };

/**
 * Payment statuses whose net remaining still goes to the organiser: collected, partly refunded ones included (what
 * a partial refund leaves is the organiser's). The J+1 payout (runDuePayouts) and its partial index
 * (paiements_payout_due_idx) read the same list.
 */
export const PAYOUT_PAYMENT_STATUSES = ["succeeded", "refunded"] as const;

/** The payment's columns the line needs. */
export interface PayoutPayment {
  /** succeeded | pending | failed | refunded */
  status: string;
  net_remaining_cents: number;
  /** The J+1 day (the format's date + 1), or null. */
  payout_due_on: string | null;
}

export type PayoutState =
  | "a_verser"
  | "reste_a_verser"
  | "echec"
  | "en_cours"
  | "verse"
  | "verse_repris_en_partie"
  | "repris"
  | "rien_a_verser"
  | "non_encaisse"
  | "a_deduire";

export interface PayoutLine {
  /** Sent to the organiser: every transfer that left or is leaving (all but the failed ones). */
  sentCents: number;
  /** Taken back from the organiser (transfer reversals, for a refund or by the provider). */
  takenBackCents: number;
  /** What the organiser keeps: sent − taken back (the ledger's transferred_total_cents). */
  heldCents: number;
  /** Still to send: the net remaining of a collected payment (what the J+1 payout or an admin sends next). */
  dueCents: number;
  /**
   * Owed by the organiser: what their own decision to refund this payment cost beyond their share (a negative net),
   * deducted from their next payouts (decision 0184).
   */
  owedCents: number;
  /** The J+1 day, when something is still due. */
  dueOn: string | null;
  state: PayoutState;
  /** The state in French ('Versé, repris en partie', 'À verser le 13/06/2027'…). */
  label: string;
  /** Why the last transfer failed, when it did and money is still due. */
  failureReason: string | null;
}

/** The state's label; `dueOn` dates the two states where money is still to send. */
function stateLabel(state: PayoutState, dueOn: string | null, paymentStatus: string, owedCents: number): string {
  const when = dueOn ? ` le ${formatDate(dueOn)}` : "";
  switch (state) {
    case "a_deduire":
      return `À déduire des prochains versements : ${formatEuros(owedCents)}`;
    case "a_verser":
      return `À verser${when}`;
    case "reste_a_verser":
      return `Versé en partie, reste à verser${when}`;
    case "echec":
      return "Échec du versement";
    case "en_cours":
      return "Versement en cours";
    case "verse":
      return "Versé";
    case "verse_repris_en_partie":
      return "Versé, repris en partie";
    case "repris":
      return "Repris en totalité";
    case "rien_a_verser":
      return paymentStatus === "refunded" ? "Remboursé, rien à verser" : "Rien à verser";
    case "non_encaisse":
      return paymentStatus === "failed" ? "Paiement échoué, rien à verser" : "Paiement en attente, rien à verser";
  }
}

/** A payment's payout line, from its ledger row and its transfers. */
export function payoutLine(payment: PayoutPayment, transfers: readonly PayoutTransfer[]): PayoutLine {
  let sentCents = 0;
  let takenBackCents = 0;
  let pending = false;
  let last: PayoutTransfer | null = null;
  for (const t of transfers) {
    if (!last || t.created_at >= last.created_at) last = t;
    if (t.status === "failed") continue;
    sentCents += t.amount_cents;
    takenBackCents += Math.min(t.reversed_cents, t.amount_cents);
    if (t.status === "pending") pending = true;
  }
  const heldCents = sentCents - takenBackCents;
  const collected = isOneOf(PAYOUT_PAYMENT_STATUSES, payment.status);
  const dueCents = collected ? Math.max(0, payment.net_remaining_cents) : 0;
  const owedCents = collected ? Math.max(0, -payment.net_remaining_cents) : 0;
  const failed = last?.status === "failed" && dueCents > 0;
  let state: PayoutState;
  if (!collected && sentCents === 0) state = "non_encaisse";
  else if (pending) state = "en_cours";
  else if (failed) state = "echec";
  else if (owedCents > 0) state = "a_deduire";
  else if (dueCents > 0) state = heldCents > 0 ? "reste_a_verser" : "a_verser";
  else if (heldCents > 0) state = takenBackCents > 0 ? "verse_repris_en_partie" : "verse";
  else if (takenBackCents > 0) state = "repris";
  else state = "rien_a_verser";
  const dueOn = dueCents > 0 ? payment.payout_due_on : null;
  return {
    sentCents,
    takenBackCents,
    heldCents,
    dueCents,
    owedCents,
    dueOn,
    state,
    label: stateLabel(state, dueOn, payment.status, owedCents),
    failureReason: failed ? (last?.failure_reason ?? null) : null,
  };
}

/**
 * One transfer alone (the J+1 payouts' list): its label, saying when part of it was taken back
 * ('Versé, repris en partie'), through the same rule as a payment's line.
 */
export function transferLine(t: PayoutTransfer): PayoutLine {
  const line = payoutLine({ status: "succeeded", net_remaining_cents: 0, payout_due_on: null }, [t]);
  if (t.status !== "failed") return line;
  return { ...line, state: "echec", label: stateLabel("echec", null, "succeeded", 0), failureReason: t.failure_reason };
}
