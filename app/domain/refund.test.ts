import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { daysBefore, quoteRefund, refundPercent, refundScaleSentence } from "./refund";

describe("refundPercent: the scale, tier by tier", () => {
  itMaps("%i days before -> %i %%", refundPercent, [
    [365, 90],
    [31, 90],
    [30, 50],
    [29, 50],
    [15, 50],
    [14, 25],
    [7, 25],
    [6, 0],
    [1, 0],
    [0, 0],
    [-3, 0],
  ]);
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
  /** Paid 35,00 € (fees 0,78 € and 1,75 €) for a race on 31 December, unless the case says otherwise. */
  const quote = (input: Partial<Parameters<typeof quoteRefund>[0]> = {}) =>
    quoteRefund({
      amountTotalCents: 3500,
      providerFeeCents: 78,
      platformFeeCents: 175,
      eventDate: "2026-12-31",
      now,
      ...input,
    });
  const noFees = { providerFeeCents: 0, platformFeeCents: 0 };
  it("90% of the base 40 days before", () => {
    expect(quote()).toEqual({
      amount_total_cents: 3500,
      non_refundable_cents: 253,
      base_cents: 3247,
      percent: 90,
      refund_cents: 2922,
      days_before: 40,
    });
  });
  it("rounds down to the cent", () => {
    expect(quote({ amountTotalCents: 1001, ...noFees }).refund_cents).toBe(900);
  });
  it("zero refund under 7 days", () => {
    const q = quote({ eventDate: "2026-11-25" });
    expect(q.percent).toBe(0);
    expect(q.refund_cents).toBe(0);
  });
  it("zero for a free registration and for an event without date", () => {
    expect(quote({ amountTotalCents: 0, ...noFees }).refund_cents).toBe(0);
    expect(quote({ amountTotalCents: 2000, ...noFees, eventDate: null }).refund_cents).toBe(0);
  });
  it("fees larger than the amount never give a negative base", () => {
    const q = quote({ amountTotalCents: 100, providerFeeCents: 80, platformFeeCents: 50 });
    expect(q.non_refundable_cents).toBe(100);
    expect(q.base_cents).toBe(0);
    expect(q.refund_cents).toBe(0);
  });
  it("never refunds more than what is left", () => {
    expect(quote({ amountTotalCents: 1000, ...noFees, alreadyRefundedCents: 950 }).refund_cents).toBe(50);
  });
});

describe("quoteRefund at every tier boundary (issue 8)", () => {
  // Paid 35,00 €; provider fee 0,78 €; platform fee 1,75 € -> base 32,47 €.
  const now = new Date("2026-11-21T10:00:00Z"); // 11:00 in Paris
  const plusDays = (n: number) => {
    const d = new Date(Date.UTC(2026, 10, 21 + n));
    return d.toISOString().slice(0, 10);
  };
  const quote = (days: number) =>
    quoteRefund({
      amountTotalCents: 3500,
      providerFeeCents: 78,
      platformFeeCents: 175,
      eventDate: plusDays(days),
      now,
    });

  it.each([
    [40, 90, 2922],
    [31, 90, 2922],
    [30, 50, 1623], // floor(3247 × 50 %) = 1623 (1623,5 rounded down)
    [29, 50, 1623],
    [15, 50, 1623],
    [14, 25, 811], // floor(811,75)
    [7, 25, 811],
    [6, 0, 0],
    [0, 0, 0], // event today
    [-1, 0, 0], // event yesterday
    [-30, 0, 0], // long past
  ])("%i days before -> %i %% = %i cents", (days, percent, refund) => {
    expect(quote(days)).toEqual({
      amount_total_cents: 3500,
      non_refundable_cents: 253,
      base_cents: 3247,
      percent,
      refund_cents: refund,
      days_before: days,
    });
  });

  it("late evening in Paris counts the Paris day, not the UTC one", () => {
    // 23:30 in Paris on the 21st is 22:30 UTC: the event on the 22nd is 1 day away (0 % tier either way, but days count).
    const late = new Date("2026-11-21T22:30:00Z");
    expect(
      quoteRefund({
        amountTotalCents: 3500,
        providerFeeCents: 78,
        platformFeeCents: 175,
        eventDate: "2026-12-22",
        now: late,
      }).days_before,
    ).toBe(31);
    const afterMidnight = new Date("2026-11-21T23:30:00Z"); // 00:30 on the 22nd in Paris
    const q = quoteRefund({
      amountTotalCents: 3500,
      providerFeeCents: 78,
      platformFeeCents: 175,
      eventDate: "2026-12-22",
      now: afterMidnight,
    });
    expect(q.days_before).toBe(30);
    expect(q.percent).toBe(50);
  });

  it("fees are not refundable: the percent applies to the base only, rounded down", () => {
    // 42,00 € paid: local fee round(0,63)+0,25 = 0,88 €, platform 2,10 € -> base 39,02 € -> 90 % = 35,118 -> 35,11 €
    const q = quoteRefund({
      amountTotalCents: 4200,
      providerFeeCents: 88,
      platformFeeCents: 210,
      eventDate: plusDays(40),
      now,
    });
    expect(q).toMatchObject({ non_refundable_cents: 298, base_cents: 3902, refund_cents: 3511 });
  });
});

describe("the scale in a sentence", () => {
  it("says the same tiers as the table (30 days is 50 %)", () => {
    expect(refundScaleSentence()).toBe(
      "90\u00a0% à plus de 30 jours, 50\u00a0% de 15 à 30 jours, 25\u00a0% de 7 à 14 jours, rien à moins de 7 jours",
    );
  });
});
