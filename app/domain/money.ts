// Money rules of the platform (spec section 9). Pure: integer cents in, integer cents out.
// Rounding rules (docs/decisions/0033-rounding-rules.md):
// - percentages of an amount round half away from zero to the cent (Math.round on positive integers);
// - the local provider's fee rounds the percentage part the same way, then adds the fixed part;
// - the refund quote (app/domain/refund.ts) rounds down, so a runner is never promised a cent the books cannot cover.

import { tabledError } from "./errors";

export const DEFAULT_COMMISSION_PERCENT = 5;
export const MIN_COMMISSION_PERCENT = 0;
export const MAX_COMMISSION_PERCENT = 50;
export const DEFAULT_DEPOSIT_PERCENT = 50;

/** Local provider fee: 1.5 % + 0,25 € per successful charge (a realistic European card fee). */
export const LOCAL_PROVIDER_FEE = { basisPoints: 150, fixedCents: 25 } as const;

export type MoneyErrorCode =
  | "commission_invalide"
  | "pourcentage_invalide"
  | "montant_invalide"
  | "montant_superieur_au_solde"
  | "remboursement_superieur_au_paiement";

/** The HTTP status of each code: an amount or percentage that is not one 400, more than what is left 409. */
export const MONEY_ERROR_STATUS: Record<MoneyErrorCode, number> = {
  commission_invalide: 400,
  pourcentage_invalide: 400,
  montant_invalide: 400,
  montant_superieur_au_solde: 409,
  remboursement_superieur_au_paiement: 409,
};

export const MONEY_ERROR_MESSAGES: Record<MoneyErrorCode, string> = {
  commission_invalide: "La commission doit être comprise entre 0 et 50\u00a0%, par pas de 0,1.",
  pourcentage_invalide: "Le pourcentage doit être compris entre 0 et 100\u00a0%.",
  montant_invalide: "Le montant doit être un nombre entier de centimes positif.",
  montant_superieur_au_solde: "Le montant dépasse le solde restant à reverser.",
  remboursement_superieur_au_paiement: "Le remboursement dépasse le montant encore remboursable.",
};

export class MoneyError extends tabledError<MoneyErrorCode>("MoneyError", MONEY_ERROR_STATUS, MONEY_ERROR_MESSAGES) {}

function assertCents(n: number): void {
  if (!Number.isInteger(n) || n < 0) throw new MoneyError("montant_invalide");
}

/** Percent with at most one decimal, in tenths (5 → 50, 12.3 → 123), or null when it has more decimals. */
function toTenths(percent: number): number | null {
  const tenths = Math.round(percent * 10);
  return Math.abs(tenths - percent * 10) < 1e-6 ? tenths : null;
}

/** A commission percent is valid from 0 to 50, by steps of 0.1. */
export function isValidCommissionPercent(percent: number): boolean {
  if (!Number.isFinite(percent) || percent < MIN_COMMISSION_PERCENT || percent > MAX_COMMISSION_PERCENT) return false;
  return toTenths(percent) !== null;
}

/** round(cents × tenths / 1000), computed on integers so 0.1-step percents never meet float drift. */
function percentOf(cents: number, tenthsOfPercent: number): number {
  return Math.round((cents * tenthsOfPercent) / 1000);
}

/** Platform fee = round(gross × commission %). Commission 0–50 by steps of 0.1, default 5. */
export function platformFee(grossCents: number, commissionPercent: number = DEFAULT_COMMISSION_PERCENT): number {
  assertCents(grossCents);
  if (!isValidCommissionPercent(commissionPercent)) throw new MoneyError("commission_invalide");
  return percentOf(grossCents, toTenths(commissionPercent)!);
}

/** Fee the local provider charges on a successful charge: round(1.5 %) + 25 cents, never more than the charge. */
export function localProviderFee(amountCents: number): number {
  assertCents(amountCents);
  if (amountCents === 0) return 0;
  const fee = Math.round((amountCents * LOCAL_PROVIDER_FEE.basisPoints) / 10_000) + LOCAL_PROVIDER_FEE.fixedCents;
  return Math.min(fee, amountCents);
}

/** Deposit (acompte) = clamp(round(net remaining × deposit %), 0, net remaining). Deposit 0–100 %, default 50. */
export function depositAmount(netRemainingCents: number, depositPercent: number = DEFAULT_DEPOSIT_PERCENT): number {
  if (!Number.isFinite(depositPercent) || depositPercent < 0 || depositPercent > 100)
    throw new MoneyError("pourcentage_invalide");
  const net = Math.max(0, Math.trunc(netRemainingCents));
  const raw = Math.round((net * depositPercent) / 100);
  return Math.min(Math.max(raw, 0), net);
}

/** 'Tout transférer': the whole net remaining (nothing when it is 0 or less). */
export function transferAllAmount(netRemainingCents: number): number {
  return Math.max(0, Math.trunc(netRemainingCents));
}

/** Transfers of 0 or less are skipped, never sent to the provider. */
export function shouldSkipTransfer(amountCents: number): boolean {
  return !(amountCents > 0);
}

// ---------------------------------------------------------------- the ledger of one charge

/** The money columns of one `paiements` row. */
export interface Ledger {
  amount_total_cents: number;
  fee_total_cents: number;
  platform_fee_cents: number;
  transferred_total_cents: number;
  refunded_cents: number;
  net_remaining_cents: number;
  /**
   * Money of this payment used to cover the organiser's debt on another of their payments (positive), or brought by
   * another of their payments to cover this one's (negative). Zero for most payments (decision 0184).
   */
  compensation_cents: number;
}

/** amount_total = refunded + provider fee + platform fee + transferred + net remaining + compensation, to the cent. */
export function ledgerBalances(l: Ledger): boolean {
  return (
    l.amount_total_cents ===
    l.refunded_cents +
      l.fee_total_cents +
      l.platform_fee_cents +
      l.transferred_total_cents +
      l.net_remaining_cents +
      l.compensation_cents
  );
}

/**
 * The ledger of a new charge. The platform fee is capped so that the net remaining never starts negative
 * (a charge smaller than the provider fee leaves nothing for anybody).
 */
export function openLedger(input: {
  amountTotalCents: number;
  providerFeeCents: number;
  commissionPercent?: number;
}): Ledger {
  assertCents(input.amountTotalCents);
  assertCents(input.providerFeeCents);
  const fee = Math.min(input.providerFeeCents, input.amountTotalCents);
  const platform = Math.min(platformFee(input.amountTotalCents, input.commissionPercent), input.amountTotalCents - fee);
  return {
    amount_total_cents: input.amountTotalCents,
    fee_total_cents: fee,
    platform_fee_cents: platform,
    transferred_total_cents: 0,
    refunded_cents: 0,
    net_remaining_cents: input.amountTotalCents - fee - platform,
    compensation_cents: 0,
  };
}

/** A new commission on an existing charge: the platform fee moves, the net remaining absorbs the difference. */
export function applyCommission(l: Ledger, commissionPercent: number): Ledger {
  const wanted = platformFee(l.amount_total_cents, commissionPercent);
  const available = l.platform_fee_cents + Math.max(0, l.net_remaining_cents);
  const fee = Math.min(wanted, available);
  return { ...l, platform_fee_cents: fee, net_remaining_cents: l.net_remaining_cents + l.platform_fee_cents - fee };
}

/** A transfer to the organiser: it moves money from net remaining to transferred. Amount must be > 0 and ≤ net. */
export function applyTransfer(l: Ledger, amountCents: number): Ledger {
  assertCents(amountCents);
  if (amountCents === 0) throw new MoneyError("montant_invalide");
  if (amountCents > l.net_remaining_cents) throw new MoneyError("montant_superieur_au_solde");
  return {
    ...l,
    transferred_total_cents: l.transferred_total_cents + amountCents,
    net_remaining_cents: l.net_remaining_cents - amountCents,
  };
}

/** A transfer (partly) reversed: the money comes back from the organiser to the net remaining. */
export function applyTransferReversal(l: Ledger, amountCents: number): Ledger {
  assertCents(amountCents);
  const back = Math.min(amountCents, l.transferred_total_cents);
  return {
    ...l,
    transferred_total_cents: l.transferred_total_cents - back,
    net_remaining_cents: l.net_remaining_cents + back,
  };
}

export interface RefundPlan {
  /** Part of the refund that must first come back from the organiser's account (transfer reversal). */
  reversalCents: number;
  /** Part of the refund taken from the platform fee (only for refunds beyond the organiser's share). */
  fromPlatformFeeCents: number;
  ledger: Ledger;
}

/**
 * A refund of `amountCents` to the runner. It is taken, in order, from the net remaining, then from money already
 * transferred (a transfer reversal), then from the platform up to `platformShareCents`, what the platform pays of this
 * refund (decision 0184): everything for the refunds it decides (a late or stray payment: by default), its commission
 * then below zero for the provider's fee, which the provider keeps (the platform's loss). What is left beyond that
 * makes the net remaining negative: a debt of the organiser, covered by their next payouts (0 for the organiser's own
 * cancellation).
 */
export function planRefund(
  l: Ledger,
  amountCents: number,
  platformShareCents: number = Number.POSITIVE_INFINITY,
): RefundPlan {
  assertCents(amountCents);
  if (amountCents === 0) throw new MoneyError("montant_invalide");
  if (amountCents > l.amount_total_cents - l.refunded_cents)
    throw new MoneyError("remboursement_superieur_au_paiement");
  let rest = amountCents;
  const fromNet = Math.min(rest, Math.max(0, l.net_remaining_cents));
  rest -= fromNet;
  const reversal = Math.min(rest, l.transferred_total_cents);
  rest -= reversal;
  const fromPlatform = Math.min(rest, Math.max(0, platformShareCents));
  rest -= fromPlatform;
  const ledger: Ledger = {
    ...l,
    refunded_cents: l.refunded_cents + amountCents,
    transferred_total_cents: l.transferred_total_cents - reversal,
    platform_fee_cents: l.platform_fee_cents - fromPlatform,
    net_remaining_cents: l.net_remaining_cents - fromNet - rest,
  };
  return { reversalCents: reversal, fromPlatformFeeCents: fromPlatform, ledger };
}

/**
 * What the platform pays of a runner's refund on the scale: only the commission it raised after the payment (the
 * refund's base keeps the fee of the payment's time, decision 0182); the rest is the organiser's share.
 */
export function runnerRefundPlatformShare(l: Ledger, platformFeeAtPaymentCents: number): number {
  return Math.max(0, l.platform_fee_cents - platformFeeAtPaymentCents);
}

/** How much of a creditor payment's net can cover a debtor payment's debt (both the same organiser's). */
export function compensationAmount(creditor: Ledger, debtor: Ledger): number {
  return Math.min(Math.max(0, creditor.net_remaining_cents), Math.max(0, -debtor.net_remaining_cents));
}

/** `amountCents` of the creditor's net covers the debtor's debt: both ledgers still balance. */
export function applyCompensation(
  creditor: Ledger,
  debtor: Ledger,
  amountCents: number,
): { creditor: Ledger; debtor: Ledger } {
  assertCents(amountCents);
  if (amountCents === 0 || amountCents > compensationAmount(creditor, debtor))
    throw new MoneyError("montant_superieur_au_solde");
  return {
    creditor: {
      ...creditor,
      net_remaining_cents: creditor.net_remaining_cents - amountCents,
      compensation_cents: creditor.compensation_cents + amountCents,
    },
    debtor: {
      ...debtor,
      net_remaining_cents: debtor.net_remaining_cents + amountCents,
      compensation_cents: debtor.compensation_cents - amountCents,
    },
  };
}

/** Parses a percent typed in French ("5", "12,5") into a number, or null. */
export function parsePercent(input: string): number | null {
  const s = input.trim().replace(",", ".");
  if (!/^\d{1,3}(\.\d+)?$/.test(s)) return null;
  return Number(s);
}

/** Integer cents as a decimal amount with two digits and a dot ("4200" → "42.00", "-5" → "-0.05"): machine formats only (JSON-LD), never shown to users. */
export function centsToDecimal(cents: number): string {
  if (!Number.isInteger(cents)) throw new MoneyError("montant_invalide");
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
