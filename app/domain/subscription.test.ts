import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import {
  annualRecurringRevenueCents,
  effectsOfChange,
  isPremium,
  nextPastDueSince,
  premiumUntil,
  renewalReminderDue,
  type SubscriptionState,
  subscriptionStatusLabel,
  subscriptionView,
  toSubscriptionStatus,
} from "./subscription";

const END = "2027-06-01T10:00:00.000Z";
const sub = (over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  status: "active",
  currentPeriodEnd: END,
  cancelAtPeriodEnd: false,
  pastDueSince: null,
  ...over,
});
const at = (iso: string) => new Date(iso);

describe("isPremium: decided from the subscription's state and the time", () => {
  it.each<[string, SubscriptionState | null, string, boolean]>([
    ["no subscription", null, "2027-01-01T00:00:00.000Z", false],
    ["active, inside the period", sub(), "2027-05-31T23:59:59.000Z", true],
    ["active, the period's last instant is not in it", sub(), END, false],
    ["active, the period over (no renewal seen)", sub(), "2027-06-02T00:00:00.000Z", false],
    ["trialing, inside", sub({ status: "trialing" }), "2027-01-01T00:00:00.000Z", true],
    ["cancelled at period end, before the end", sub({ cancelAtPeriodEnd: true }), "2027-05-31T00:00:00.000Z", true],
    ["cancelled at period end, after the end", sub({ cancelAtPeriodEnd: true }), "2027-06-01T10:00:01.000Z", false],
    [
      "past due, day 6 of the grace",
      sub({ status: "past_due", pastDueSince: "2027-06-01T10:00:00.000Z" }),
      "2027-06-07T09:59:59.000Z",
      true,
    ],
    [
      "past due, the 7 days are over",
      sub({ status: "past_due", pastDueSince: "2027-06-01T10:00:00.000Z" }),
      "2027-06-08T10:00:00.000Z",
      false,
    ],
    [
      "past due without its start: counted from the period's end",
      sub({ status: "past_due" }),
      "2027-06-05T00:00:00.000Z",
      true,
    ],
    ["unpaid", sub({ status: "unpaid" }), "2027-01-01T00:00:00.000Z", false],
    ["canceled", sub({ status: "canceled" }), "2027-01-01T00:00:00.000Z", false],
    ["incomplete (checkout not paid)", sub({ status: "incomplete" }), "2027-01-01T00:00:00.000Z", false],
    ["paused", sub({ status: "paused" }), "2027-01-01T00:00:00.000Z", false],
  ])("%s", (_, s, now, expected) => {
    expect(isPremium(s, at(now))).toBe(expected);
  });

  itMaps("toSubscriptionStatus(%j) = %j", toSubscriptionStatus, [
    ["active", "active"],
    ["past_due", "past_due"],
    ["something_new", "incomplete"],
    [null, "incomplete"],
  ]);
});

describe("premiumUntil and the page's view", () => {
  it.each<[SubscriptionState, string, string | null]>([
    [sub(), "2027-01-01T00:00:00.000Z", END],
    [
      sub({ status: "past_due", pastDueSince: "2027-06-01T10:00:00.000Z" }),
      "2027-06-02T00:00:00.000Z",
      "2027-06-08T10:00:00.000Z",
    ],
    [sub({ status: "canceled" }), "2027-01-01T00:00:00.000Z", null],
  ])("%j at %s → %j", (s, now, expected) => {
    expect(premiumUntil(s, at(now))).toBe(expected);
  });

  it.each<[string, SubscriptionState | null, string, unknown]>([
    ["none", null, "2027-01-01T00:00:00.000Z", { kind: "none" }],
    [
      "renewing",
      sub(),
      "2027-01-01T00:00:00.000Z",
      { kind: "premium", label: "Actif", tone: "success", until: END, renews: true },
    ],
    [
      "cancelled at period end",
      sub({ cancelAtPeriodEnd: true }),
      "2027-01-01T00:00:00.000Z",
      {
        kind: "premium",
        label: "Résilié, actif jusqu'à la fin de la période",
        tone: "warning",
        until: END,
        renews: false,
      },
    ],
    [
      "ended",
      sub({ cancelAtPeriodEnd: true }),
      "2027-07-01T00:00:00.000Z",
      { kind: "lapsed", label: "Terminé", tone: "neutral" },
    ],
    [
      "canceled",
      sub({ status: "canceled" }),
      "2027-01-01T00:00:00.000Z",
      { kind: "lapsed", label: "Résilié", tone: "neutral" },
    ],
  ])("%s", (_, s, now, expected) => {
    expect(subscriptionView(s, at(now))).toEqual(expected);
  });

  it("labels a past-due subscription 'Paiement en retard'", () => {
    expect(subscriptionStatusLabel(sub({ status: "past_due" }), at("2027-06-02T00:00:00.000Z"))).toBe(
      "Paiement en retard",
    );
  });
});

describe("effectsOfChange: the e-mails a change calls for", () => {
  it.each<[string, SubscriptionState | null, SubscriptionState, string[]]>([
    ["first seen active: welcome", null, sub(), ["welcome"]],
    ["incomplete then active: welcome", sub({ status: "incomplete" }), sub(), ["welcome"]],
    ["active again (a replay): nothing", sub(), sub(), []],
    ["renewal paid (period moves on): nothing", sub(), sub({ currentPeriodEnd: "2028-06-01T10:00:00.000Z" }), []],
    ["renewal failed: payment_failed", sub(), sub({ status: "past_due" }), ["payment_failed"]],
    ["still past due: nothing", sub({ status: "past_due" }), sub({ status: "past_due" }), []],
    ["past due then paid: no second welcome", sub({ status: "past_due" }), sub(), []],
    ["cancel at period end asked: cancelled", sub(), sub({ cancelAtPeriodEnd: true }), ["cancelled"]],
    ["cancellation taken back: nothing", sub({ cancelAtPeriodEnd: true }), sub(), []],
    [
      "ended at period end (already told): nothing",
      sub({ cancelAtPeriodEnd: true }),
      sub({ status: "canceled", cancelAtPeriodEnd: true }),
      [],
    ],
    ["cancelled at once: cancelled", sub(), sub({ status: "canceled" }), ["cancelled"]],
    [
      "past due then cancelled by the provider: cancelled",
      sub({ status: "past_due" }),
      sub({ status: "canceled" }),
      ["cancelled"],
    ],
    ["first seen canceled: nothing", null, sub({ status: "canceled" }), []],
    ["first seen past due: payment_failed", null, sub({ status: "past_due" }), ["payment_failed"]],
  ])("%s", (_, before, after, expected) => {
    expect(effectsOfChange(before, after)).toEqual(expected);
  });
});

describe("nextPastDueSince: set on entering past_due, kept while it lasts, cleared after", () => {
  const now = at("2027-06-01T12:00:00.000Z");
  it.each<[SubscriptionState | null, SubscriptionState["status"], string | null]>([
    [sub(), "past_due", now.toISOString()],
    [sub({ status: "past_due", pastDueSince: "2027-06-01T10:00:00.000Z" }), "past_due", "2027-06-01T10:00:00.000Z"],
    [sub({ status: "past_due", pastDueSince: "2027-06-01T10:00:00.000Z" }), "active", null],
    [null, "active", null],
  ])("%j → %s gives %j", (before, status, expected) => {
    expect(nextPastDueSince(before, status, now)).toBe(expected);
  });
});

describe("renewalReminderDue: 7 days before a renewal, once per period", () => {
  it.each<[string, Partial<SubscriptionState> & { reminderSentFor?: string | null }, string, boolean]>([
    ["8 days before", {}, "2027-05-24T10:00:00.000Z", false],
    ["7 days before", {}, "2027-05-25T10:00:00.000Z", true],
    ["the day before", {}, "2027-05-31T10:00:00.000Z", true],
    ["sent for this period", { reminderSentFor: END }, "2027-05-31T10:00:00.000Z", false],
    ["sent for the previous period", { reminderSentFor: "2026-06-01T10:00:00.000Z" }, "2027-05-31T10:00:00.000Z", true],
    ["cancelled at period end: no renewal", { cancelAtPeriodEnd: true }, "2027-05-31T10:00:00.000Z", false],
    ["past due", { status: "past_due" }, "2027-05-31T10:00:00.000Z", false],
    ["the period is over", {}, "2027-06-01T10:00:00.000Z", false],
  ])("%s", (_, over, now, expected) => {
    expect(renewalReminderDue({ ...sub(over), reminderSentFor: over.reminderSentFor ?? null }, at(now))).toBe(expected);
  });
});

describe("annualRecurringRevenueCents", () => {
  itMaps("%j → %i", annualRecurringRevenueCents, [
    [[], 0],
    [[{ amountCents: 4900, renews: true }], 4900],
    [
      [
        { amountCents: 4900, renews: true },
        { amountCents: 4900, renews: false },
        { amountCents: 4900, renews: true },
      ],
      9800,
    ],
  ]);
});
