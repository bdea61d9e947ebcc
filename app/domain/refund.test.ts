import { describe, expect, it } from "vitest";
import { daysBefore, quoteRefund, refundPercent } from "./refund";

describe("refundPercent: the scale, tier by tier", () => {
  it.each([
    [365, 90], [31, 90], [30, 50], [29, 50], [15, 50], [14, 25], [7, 25], [6, 0], [1, 0], [0, 0], [-3, 0],
  ])("%i days before -> %i %%", (days, pct) => expect(refundPercent(days)).toBe(pct));
});

describe("daysBefore counts Paris calendar days", () => {
  it.each([
    ["2026-12-31", "2026-11-21T10:00:00Z", 40],
    ["2026-11-21", "2026-11-21T22:59:00Z", 0], // 23:59 in Paris, same day
    ["2026-11-22", "2026-11-21T23:30:00Z", 0], // already the 22nd in Paris
    ["2026-11-20", "2026-11-21T10:00:00Z", -1],
    ["2027-03-29", "2027-03-28T12:00:00Z", 1], // across the DST change
  ])("%s from %s -> %i", (date, now, days) => expect(daysBefore(date, new Date(now))).toBe(days));
});

describe("quoteRefund", () => {
  const now = new Date("2026-11-21T10:00:00Z");
  it("90% of the base 40 days before", () => {
    expect(quoteRefund({ amountTotalCents: 3500, providerFeeCents: 78, platformFeeCents: 175, eventDate: "2026-12-31", now })).toEqual({
      amount_total_cents: 3500, non_refundable_cents: 253, base_cents: 3247, percent: 90, refund_cents: 2922, days_before: 40,
    });
  });
  it("rounds down to the cent", () => {
    expect(quoteRefund({ amountTotalCents: 1001, providerFeeCents: 0, platformFeeCents: 0, eventDate: "2026-12-31", now }).refund_cents).toBe(900);
  });
  it("zero refund under 7 days", () => {
    const q = quoteRefund({ amountTotalCents: 3500, providerFeeCents: 78, platformFeeCents: 175, eventDate: "2026-11-25", now });
    expect(q.percent).toBe(0);
    expect(q.refund_cents).toBe(0);
  });
  it("zero for a free registration and for an event without date", () => {
    expect(quoteRefund({ amountTotalCents: 0, providerFeeCents: 0, platformFeeCents: 0, eventDate: "2026-12-31", now }).refund_cents).toBe(0);
    expect(quoteRefund({ amountTotalCents: 2000, providerFeeCents: 0, platformFeeCents: 0, eventDate: null, now }).refund_cents).toBe(0);
  });
  it("fees larger than the amount never give a negative base", () => {
    const q = quoteRefund({ amountTotalCents: 100, providerFeeCents: 80, platformFeeCents: 50, eventDate: "2026-12-31", now });
    expect(q.non_refundable_cents).toBe(100);
    expect(q.base_cents).toBe(0);
    expect(q.refund_cents).toBe(0);
  });
  it("never refunds more than what is left", () => {
    const q = quoteRefund({ amountTotalCents: 1000, providerFeeCents: 0, platformFeeCents: 0, alreadyRefundedCents: 950, eventDate: "2026-12-31", now });
    expect(q.refund_cents).toBe(50);
  });
});
