import { describe, expect, it } from "vitest";
import {
  ACTORS,
  decide,
  EVENTS,
  guardHolds,
  initialStatuses,
  reasonLabel,
  statusAfterRefund,
  STATUTS,
  type Actor,
  type LifecycleEvent,
  type Statut,
} from "./lifecycle";

// The rules, written out by hand (not derived from the module): who may do what, from which status, to which.
// Every other (actor, event, from) of the cross product must be refused.
const ALLOWED: [Actor, LifecycleEvent, Statut | null, Statut][] = [
  ["runner", "created", null, "en_attente"],
  ["system", "offered", null, "en_attente"],
  ["payment", "paid", "en_attente", "validee"],
  ["payment", "paid", "annulee", "validee"], // only after an unpaid end (cancelReason below)
  ["system", "checkout_failed", "en_attente", "annulee"],
  ["runner", "abandoned", "en_attente", "annulee"],
  ["payment", "hold_expired", "en_attente", "annulee"],
  ["system", "hold_expired", "en_attente", "annulee"],
  ["payment", "offer_expired", "en_attente", "annulee"],
  ["system", "offer_expired", "en_attente", "annulee"],
  ["runner", "offer_withdrawn", "en_attente", "annulee"],
  ["organiser", "offer_withdrawn", "en_attente", "annulee"],
  ["admin", "offer_withdrawn", "en_attente", "annulee"],
  ["payment", "payment_failed", "en_attente", "annulee"],
  ["runner", "retried", "en_attente", "en_attente"],
  ["runner", "retried", "annulee", "en_attente"],
  ["payment", "late_payment", "en_attente", "annulee"],
  ["payment", "late_payment", "annulee", "annulee"],
  ["payment", "amount_mismatch", "en_attente", "annulee"],
  ["payment", "amount_mismatch", "annulee", "annulee"],
  ["payment", "event_unavailable", "en_attente", "annulee"],
  ["payment", "event_unavailable", "annulee", "annulee"],
  // Bib transfer (issue 22)
  ["runner", "transfer_accepted", null, "en_attente"],
  ["payment", "transferred", "validee", "transferee"],
  ["runner", "transfer_ended", "en_attente", "annulee"],
  ["payment", "transfer_ended", "en_attente", "annulee"],
  ["system", "transfer_ended", "en_attente", "annulee"],
];

const UNPAID_END = "hold_expired";

describe("decide: every (actor, event, from) of the cross product", () => {
  const cases: [Actor, LifecycleEvent, Statut | null][] = [];
  for (const actor of ACTORS)
    for (const event of EVENTS)
      for (const from of [null, ...STATUTS] as (Statut | null)[]) cases.push([actor, event, from]);

  it.each(
    cases.filter(
      ([, e]) =>
        ![
          "payment_refunded",
          "runner_cancelled",
          "organiser_cancelled",
          "refunded_outside",
          "status_set",
          "added_by_hand",
        ].includes(e),
    ),
  )("%s %s from %s", (actor, event, from) => {
    const d = decide(event, { actor, from, cancelReason: UNPAID_END });
    const rule = ALLOWED.find(([a, e, f]) => a === actor && e === event && f === from);
    if (rule) expect(d).toEqual({ ok: true, to: rule[3] });
    else expect(d.ok).toBe(false);
  });
});

describe("cancellations settle the money", () => {
  it.each([
    ["runner", "runner_cancelled", "validee", "remboursee_partiellement", true],
    ["runner", "runner_cancelled", "validee", "remboursee_totalement", true],
    ["runner", "runner_cancelled", "validee", "annulee", true],
    ["runner", "runner_cancelled", "en_attente", "annulee", false],
    ["runner", "runner_cancelled", "remboursee_partiellement", "remboursee_totalement", false],
    ["organiser", "runner_cancelled", "validee", "annulee", false],
    ["organiser", "organiser_cancelled", "validee", "remboursee_totalement", true],
    ["admin", "organiser_cancelled", "validee", "remboursee_partiellement", true],
    ["runner", "organiser_cancelled", "validee", "remboursee_totalement", false],
    ["organiser", "organiser_cancelled", "annulee", "remboursee_totalement", false],
    ["organiser", "organiser_cancelled", "validee", "validee", false],
    ["payment", "refunded_outside", "validee", "remboursee_partiellement", true],
    ["payment", "refunded_outside", "remboursee_partiellement", "remboursee_totalement", true],
    ["payment", "refunded_outside", "validee", "annulee", false],
    ["organiser", "refunded_outside", "validee", "remboursee_totalement", false],
  ] as const)("%s %s from %s to %s: %s", (actor, event, from, to, ok) => {
    expect(decide(event, { actor, from, to }).ok).toBe(ok);
  });

  it("a refused payment's refund completes only a refused payment", () => {
    expect(decide("payment_refunded", { actor: "payment", from: "annulee", cancelReason: "late_payment" })).toEqual({
      ok: true,
      to: "remboursee_totalement",
    });
    expect(decide("payment_refunded", { actor: "system", from: "annulee", cancelReason: "amount_mismatch" }).ok).toBe(
      true,
    );
    expect(decide("payment_refunded", { actor: "payment", from: "annulee", cancelReason: "hold_expired" }).ok).toBe(
      false,
    );
    expect(decide("payment_refunded", { actor: "payment", from: "validee", cancelReason: "late_payment" }).ok).toBe(
      false,
    );
    expect(decide("payment_refunded", { actor: "runner", from: "annulee", cancelReason: "late_payment" }).ok).toBe(
      false,
    );
  });
});

describe("the organiser's free status choice", () => {
  const settable: Statut[] = ["en_attente", "validee", "refusee", "annulee"];
  it.each(settable.flatMap((from) => settable.filter((to) => to !== from).map((to) => [from, to] as const)))(
    "unpaid %s → %s: allowed",
    (from, to) => {
      expect(decide("status_set", { actor: "organiser", from, to, paid: false })).toEqual({ ok: true, to });
      expect(decide("status_set", { actor: "admin", from, to, paid: false }).ok).toBe(true);
    },
  );
  it.each(settable)("a paid registration never leaves %s by hand (it must be cancelled with its refund)", (to) => {
    expect(decide("status_set", { actor: "organiser", from: "validee", to, paid: true })).toEqual(
      to === "validee" ? { ok: false, code: "paiement_a_regler" } : { ok: false, code: "paiement_a_regler" },
    );
  });
  it.each(["remboursee_partiellement", "remboursee_totalement"] as const)(
    "a refunded (%s) registration never becomes active again",
    (from) => {
      for (const to of settable)
        expect(decide("status_set", { actor: "organiser", from, to, paid: false }).ok).toBe(false);
      for (const to of settable)
        expect(decide("status_set", { actor: "organiser", from, to, paid: true }).ok).toBe(false);
    },
  );
  it("refunded statuses cannot be chosen by hand", () => {
    expect(
      decide("status_set", { actor: "organiser", from: "en_attente", to: "remboursee_totalement", paid: false }),
    ).toEqual({ ok: false, code: "statut_non_modifiable" });
  });
  it("runners and payments cannot use it", () => {
    expect(decide("status_set", { actor: "runner", from: "en_attente", to: "validee" }).ok).toBe(false);
    expect(decide("status_set", { actor: "payment", from: "en_attente", to: "validee" }).ok).toBe(false);
  });
});

describe("a registration ended without payment comes back only from an unpaid end", () => {
  it.each([
    ["hold_expired", true],
    ["payment_failed", true],
    ["abandoned", true],
    ["checkout_failed", true],
    ["offer_expired", true],
    ["transfer_ended", true],
    ["offer_withdrawn", false],
    ["transferred", false],
    ["runner_cancelled", false],
    ["organiser_cancelled", false],
    ["status_set", false],
    ["late_payment", false],
    [null, false],
  ] as const)("annulee (%s): paid / retried / refused allowed: %s", (reason, ok) => {
    expect(decide("paid", { actor: "payment", from: "annulee", cancelReason: reason }).ok).toBe(ok);
    // An expired offer's place went to the next runner: no new attempt (its session's payment still settles).
    expect(decide("retried", { actor: "runner", from: "annulee", cancelReason: reason }).ok).toBe(
      ok && reason !== "offer_expired" && reason !== "transfer_ended",
    );
    expect(decide("late_payment", { actor: "payment", from: "annulee", cancelReason: reason }).ok).toBe(ok);
  });
});

describe("bib transfer (issue 22)", () => {
  it("only a validated registration is handed over, by a payment, and it ends there", () => {
    expect(decide("transferred", { actor: "payment", from: "validee" })).toEqual({ ok: true, to: "transferee" });
    expect(decide("transferred", { actor: "runner", from: "validee" }).ok).toBe(false);
    expect(decide("transferred", { actor: "payment", from: "en_attente" }).ok).toBe(false);
    // A transferred registration is never cancelled, refunded again, set by hand or paid again.
    expect(decide("runner_cancelled", { actor: "runner", from: "transferee", to: "annulee" }).ok).toBe(false);
    expect(
      decide("organiser_cancelled", { actor: "organiser", from: "transferee", to: "remboursee_totalement" }).ok,
    ).toBe(false);
    expect(decide("status_set", { actor: "organiser", from: "transferee", to: "validee", paid: false }).ok).toBe(false);
    expect(decide("paid", { actor: "payment", from: "transferee", cancelReason: "transferred" }).ok).toBe(false);
    expect(decide("refunded_outside", { actor: "payment", from: "transferee", to: "remboursee_totalement" }).ok).toBe(
      false,
    );
  });
  it("a buyer's registration ended unpaid refuses a payment that still arrives (refunded) but is never retried", () => {
    expect(decide("late_payment", { actor: "payment", from: "annulee", cancelReason: "transfer_ended" }).ok).toBe(true);
    expect(decide("retried", { actor: "runner", from: "annulee", cancelReason: "transfer_ended" }).ok).toBe(false);
  });
});

describe("statusAfterRefund", () => {
  it.each([
    [3500, 0, "annulee"],
    [3500, 1, "remboursee_partiellement"],
    [3500, 2922, "remboursee_partiellement"],
    [3500, 3500, "remboursee_totalement"],
    [3500, 3600, "remboursee_totalement"],
  ])("paid %i, refunded %i → %s", (paid, refunded, s) => expect(statusAfterRefund(paid, refunded)).toBe(s));
});

describe("reason labels", () => {
  it("every event has a French label; an old free text is shown as it is", () => {
    for (const e of EVENTS) expect(reasonLabel(e)).toMatch(/^[A-ZÉ]/);
    expect(reasonLabel("Blessure")).toBe("Blessure");
    expect(reasonLabel(null)).toBeNull();
  });
});

describe("creations: the statuses each may start in (issue 41)", () => {
  it("a runner's hold, an offer and a transfer's acceptance start pending; a runner added by hand, as chosen", () => {
    expect(initialStatuses("created")).toEqual(["en_attente"]);
    expect(initialStatuses("offered")).toEqual(["en_attente"]);
    expect(initialStatuses("transfer_accepted")).toEqual(["en_attente"]);
    expect(initialStatuses("added_by_hand")).toEqual(["en_attente", "validee", "refusee", "annulee"]);
    expect(initialStatuses("paid")).toEqual([]);
  });
  it.each(ACTORS)("%s adding a runner by hand", (actor) => {
    for (const to of STATUTS) {
      const d = decide("added_by_hand", { actor, from: null, to });
      const ok = (actor === "organiser" || actor === "admin") && initialStatuses("added_by_hand").includes(to);
      expect(d.ok, `${actor} → ${to}`).toBe(ok);
    }
    // A creation never applies to a row that exists.
    expect(decide("added_by_hand", { actor, from: "en_attente", to: "validee" }).ok).toBe(false);
  });
});

describe("guards: what decide() reads besides the status", () => {
  it.each([
    ["retried", { from: "annulee", cancelReason: "offer_expired" }, false],
    ["retried", { from: "annulee", cancelReason: "hold_expired" }, true],
    ["retried", { from: "annulee", cancelReason: "hold_expired", transferBuyer: true }, false],
    ["retried", { from: "annulee", cancelReason: "runner_cancelled" }, false],
    ["paid", { from: "annulee", cancelReason: "late_payment" }, false],
  ] as const)("%s %o → %s", (event, facts, ok) => {
    const actor = event === "retried" ? "runner" : "payment";
    expect(decide(event, { actor, ...facts }).ok).toBe(ok);
  });
  it("a cancellation waits for an open bib transfer to be withdrawn", () => {
    expect(decide("runner_cancelled", { actor: "runner", from: "validee", to: "annulee", openTransfer: true }).ok).toBe(
      false,
    );
    expect(decide("runner_cancelled", { actor: "runner", from: "validee", to: "annulee" }).ok).toBe(true);
  });
  it.each([
    ["unpaid_end_if_cancelled", { from: "en_attente" }, true],
    ["unpaid_end_if_cancelled", { from: "annulee", cancelReason: "abandoned" }, true],
    ["unpaid_end_if_cancelled", { from: "annulee", cancelReason: "organiser_cancelled" }, false],
    ["place_not_given_on", { from: "annulee", cancelReason: "transfer_ended" }, false],
    ["place_not_given_on", { from: "annulee", cancelReason: null }, true],
    ["not_a_transfer_buyer", { from: "en_attente", transferBuyer: true }, false],
    ["no_open_transfer", { from: "validee", openTransfer: true }, false],
    ["refused_payment", { from: "annulee", cancelReason: "amount_mismatch" }, true],
    ["refused_payment", { from: "annulee", cancelReason: "hold_expired" }, false],
    ["no_payment", { from: "validee", paid: true }, false],
    ["no_payment", { from: "validee", paid: false }, true],
  ] as const)("%s on %o → %s", (guard, facts, holds) => {
    expect(guardHolds(guard, { actor: "system", ...facts })).toBe(holds);
  });
});
