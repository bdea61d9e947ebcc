// The platform refund scale (spec section 9) and the refund quote (spec section 3). Pure: pass `now`.
import { parisWallClock } from "./paris-time";

export interface RefundTier {
  /** Smallest number of days before the event for this tier (inclusive). */
  minDays: number;
  percent: number;
  label: string;
  /** The tier in a sentence: "de 15 à 30 jours". */
  short: string;
}

/**
 * Days before the event -> refund percent. The spec's table leaves exactly 30 days between
 * "more than 30" and "15 to 29": 30 days falls in the 50% tier (docs/decisions/0006-refund-scale.md).
 */
export const REFUND_SCALE: readonly RefundTier[] = [
  { minDays: 31, percent: 90, label: "Plus de 30 jours avant l'épreuve", short: "à plus de 30 jours" },
  { minDays: 15, percent: 50, label: "De 15 à 30 jours avant l'épreuve", short: "de 15 à 30 jours" },
  { minDays: 7, percent: 25, label: "De 7 à 14 jours avant l'épreuve", short: "de 7 à 14 jours" },
  {
    minDays: Number.NEGATIVE_INFINITY,
    percent: 0,
    label: "Moins de 7 jours avant l'épreuve",
    short: "à moins de 7 jours",
  },
];

/** The scale in one sentence, from the same tiers: "90 % à plus de 30 jours, 50 % de 15 à 30 jours, …". */
export function refundScaleSentence(): string {
  return REFUND_SCALE.map((t) => (t.percent > 0 ? `${t.percent}\u00a0% ${t.short}` : `rien ${t.short}`)).join(", ");
}

export function refundPercent(daysBefore: number): number {
  for (const tier of REFUND_SCALE) if (daysBefore >= tier.minDays) return tier.percent;
  return 0;
}

/** Calendar date (YYYY-MM-DD) of an instant in Europe/Paris. */
export function parisDate(now: Date): string {
  return parisWallClock(now).date;
}

/** Whole calendar days from today (Paris) to the event date; negative once the event is past. */
export function daysBefore(eventDate: string, now: Date): number {
  const [y, m, d] = eventDate.split("-").map(Number);
  const [ty, tm, td] = parisDate(now).split("-").map(Number);
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(ty, tm - 1, td)) / 86_400_000);
}

export interface RefundQuote {
  amount_total_cents: number;
  non_refundable_cents: number;
  base_cents: number;
  percent: number;
  refund_cents: number;
  days_before: number;
}

/**
 * Refund = percent of (amount paid − provider fees − platform fees), rounded down to the cent
 * (the runner is never promised a cent the books cannot cover).
 */
export function quoteRefund(input: {
  amountTotalCents: number;
  providerFeeCents: number;
  platformFeeCents: number;
  alreadyRefundedCents?: number;
  eventDate: string | null;
  now: Date;
}): RefundQuote {
  const amount = Math.max(0, Math.trunc(input.amountTotalCents));
  const nonRefundable = Math.min(amount, Math.max(0, input.providerFeeCents) + Math.max(0, input.platformFeeCents));
  const base = amount - nonRefundable;
  const days = input.eventDate ? daysBefore(input.eventDate, input.now) : 0;
  const percent = input.eventDate ? refundPercent(days) : 0;
  const already = Math.max(0, input.alreadyRefundedCents ?? 0);
  const refund = Math.max(0, Math.min(Math.floor((base * percent) / 100), amount - already));
  return {
    amount_total_cents: amount,
    non_refundable_cents: nonRefundable,
    base_cents: base,
    percent,
    refund_cents: refund,
    days_before: days,
  };
}

/**
 * The organiser's full refund (their decision, e.g. the event is cancelled): everything paid and not yet refunded
 * goes back, fees included, whatever the date; the same shape as a quote, at 100 %.
 */
export function quoteFullRefund(input: {
  amountTotalCents: number;
  alreadyRefundedCents?: number;
  eventDate: string | null;
  now: Date;
}): RefundQuote {
  const amount = Math.max(0, Math.trunc(input.amountTotalCents));
  const refund = Math.max(0, amount - Math.max(0, input.alreadyRefundedCents ?? 0));
  const days = input.eventDate ? daysBefore(input.eventDate, input.now) : 0;
  return {
    amount_total_cents: amount,
    non_refundable_cents: 0,
    base_cents: amount,
    percent: 100,
    refund_cents: refund,
    days_before: days,
  };
}
