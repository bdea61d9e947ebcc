// The J+1 payout (spec sections 1 and 9: 'A 5% platform fee, with 95% paid out automatically the next day'):
// the day after a format's date, the net remaining of each of its payments goes to the organiser. Transfers get
// ids derived from what asks for them, so that a repeated request (a double click, a cron run that comes back)
// finds its transfer already written and sends nothing twice. Pure: no I/O, no clock.
// docs/decisions/0121-j1-payout.md
import { addDays } from "./catalogue";

/** Payments handled per cron run (each is a few D1 statements and one provider call). */
export const AUTO_PAYOUT_BATCH = 50;
/** `transferts.created_by` of the automatic payout. */
export const AUTO_PAYOUT_ACTOR = "j1";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day a format's payments are paid out: its date + 1 (null without a valid date). Mirrors migration 0013. */
export function payoutDueOn(formatDate: string | null | undefined): string | null {
  return formatDate && DAY.test(formatDate) ? addDays(formatDate, 1) : null;
}

export function isPayoutDue(dueOn: string | null | undefined, today: string): boolean {
  return !!dueOn && dueOn <= today;
}

/** One automatic transfer per payment and day: a second run the same day finds it and sends nothing. */
export function autoPayoutTransferId(paiementId: string, day: string): string {
  return `j1-${day}-${paiementId}`;
}

/** A form's single-use token (hidden field): the same submit twice gives the same transfer ids. */
export function isActionToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{16,64}$/.test(value);
}

export function adminTransferId(token: string, paiementId: string, intent: "acompte" | "tout"): string {
  return `adm-${intent}-${token}-${paiementId}`;
}

/**
 * What every transfer of a released advance request's id starts with: the release is the admin's 'acompte' with the
 * request's id as its token (decision 0215), so a release sent twice transfers once per payment.
 */
export function advanceTransferPrefix(requestId: string): string {
  return adminTransferId(requestId, "", "acompte");
}

/** Why a transfer was not sent, as admins read it on the payment's row. */
export const TRANSFER_REFUSALS = {
  payouts_disabled: "Le compte de paiement de l'organisateur ne peut pas encore recevoir de virements.",
  no_account: "L'organisateur n'a pas de compte de paiement.",
  not_collected: "Ce paiement n'est pas encaissé : rien à reverser.",
  conflict: "Le paiement a été modifié en même temps par une autre opération.",
} as const;
export type TransferRefusal = keyof typeof TRANSFER_REFUSALS;

/** One transfer of the payment (any order). */
export interface PayoutTransfer {
  amount_cents: number;
  reversed_cents: number;
  /** pending | paid | failed | reversed */
  status: string;
  failure_reason: string | null;
  created_at: string;
}
