import { describe, expect, it } from "vitest";
import {
  fullness,
  heldLabel,
  canTakePlace,
  holdExpiresAt,
  holdsPlace,
  isFull,
  mealTotal,
  mealsSuffice,
  placeFree,
  placesLeft,
  placesTaken,
  registrationTotals,
} from "./places";

describe("registrationTotals: price + meal price × meals, in cents", () => {
  it.each([
    // prix, prix repas, stock, repas, attendu repas, attendu total
    [2200, 0, 0, 0, 0, 2200],
    [3800, 1200, 150, 0, 0, 3800],
    [3800, 1200, 150, 1, 1200, 5000],
    [3800, 1200, 150, 3, 3600, 7400],
    [1250, 999, 10, 10, 9990, 11240],
    [0, 500, 5, 2, 1000, 1000],
    // a meal price without stock never counts
    [2000, 1500, 0, 0, 0, 2000],
  ])("prix %i + repas %i (stock %i) × %i → repas %i, total %i", (prix, prixRepas, stock, meals, repas, total) => {
    expect(registrationTotals({ prix_cents: prix, prix_repas_cents: prixRepas, stock_repas: stock }, meals)).toEqual({
      repasCents: repas,
      totalCents: total,
    });
  });

  it.each([[-1], [1.5], [Number.NaN]])("refuses a meal count of %s", (meals) => {
    expect(() => registrationTotals({ prix_cents: 100, prix_repas_cents: 100, stock_repas: 5 }, meals)).toThrow(
      RangeError,
    );
  });

  it("refuses non-integer cents", () => {
    expect(() => registrationTotals({ prix_cents: 12.5, prix_repas_cents: 0, stock_repas: 0 }, 0)).toThrow(RangeError);
  });
});

describe("holds", () => {
  const now = new Date("2026-11-21T15:00:00.000Z");
  it("a hold lasts 30 minutes", () => {
    expect(holdExpiresAt(now).toISOString()).toBe("2026-11-21T15:30:00.000Z");
    expect(holdExpiresAt(now, 31).toISOString()).toBe("2026-11-21T15:31:00.000Z");
  });
  it.each([
    ["validee", null, true],
    ["en_attente", "2026-11-21T15:00:01.000Z", true],
    ["en_attente", "2026-11-21T15:00:00.000Z", false], // expires exactly now: released
    ["en_attente", "2026-11-21T14:59:59.000Z", false],
    ["en_attente", null, true], // added by hand by the organiser: holds it until they decide
    ["annulee", "2026-11-21T16:00:00.000Z", false],
    ["refusee", null, false],
    ["remboursee_totalement", null, false],
    ["remboursee_partiellement", null, false],
  ])("statut %s, hold until %s → holds a place: %s", (statut, hold, expected) => {
    expect(holdsPlace({ statut, hold_expires_at: hold }, now)).toBe(expected);
  });
});

describe("capacity arithmetic", () => {
  const now = new Date("2026-11-21T15:00:00.000Z");
  const rows = [
    { statut: "validee", hold_expires_at: null },
    { statut: "validee", hold_expires_at: null },
    { statut: "en_attente", hold_expires_at: "2026-11-21T15:20:00.000Z" },
    { statut: "en_attente", hold_expires_at: "2026-11-21T14:20:00.000Z" },
    { statut: "annulee", hold_expires_at: null },
  ];
  it("places taken = validated + pending holds not expired", () => {
    expect(placesTaken(rows, now)).toBe(3);
    // 40 minutes later the pending hold has expired too.
    expect(placesTaken(rows, new Date("2026-11-21T15:40:00.000Z"))).toBe(2);
  });
  it.each([
    [null, 0, null, false, true],
    [null, 5000, null, false, true],
    [10, 0, 10, false, true],
    [10, 9, 1, false, true],
    [10, 10, 0, true, false],
    [10, 12, 0, true, false], // over capacity (organiser additions) never reads negative
    [1, 0, 1, false, true],
    [1, 1, 0, true, false],
    [0, 0, 0, true, false],
  ])("cap %s, taken %i → left %s, full %s, can take %s", (cap, taken, left, full, can) => {
    expect(placesLeft(cap, taken)).toBe(left);
    expect(isFull(cap, taken)).toBe(full);
    expect(canTakePlace(cap, taken)).toBe(can);
  });
});

describe("placeFree, mealsSuffice, mealTotal", () => {
  it.each([
    [null, 99, true],
    [10, 9, true],
    [10, 10, false],
  ])("cap %s, taken %i → a place free: %s", (cap, taken, free) => {
    expect(placeFree(cap, taken)).toBe(free);
  });
  it.each([
    [10, 7, 3, true],
    [10, 7, 4, false],
    [0, 0, 0, true],
    [5, 9, 0, true],
  ])("stock %i, taken %i, %i wanted → enough: %s", (stock, taken, wanted, ok) => {
    expect(mealsSuffice({ stock_repas: stock, meals_taken: taken }, wanted)).toBe(ok);
  });
  it("the meals' total is the meal part of the registration's total", () => {
    expect(mealTotal({ prix_cents: 3800, prix_repas_cents: 1200, stock_repas: 10 }, 2)).toBe(2400);
    expect(mealTotal({ prix_cents: 3800, prix_repas_cents: 1200, stock_repas: 0 }, 2)).toBe(0);
  });
});

describe("fullness: 'complet' only when every place is held for good (issue 42)", () => {
  it.each<[number | null, number, number, string]>([
    [null, 500, 3, "places"],
    [10, 9, 0, "places"],
    [10, 10, 0, "complet"],
    [10, 10, 1, "en_paiement"],
    [10, 12, 2, "en_paiement"],
  ])("cap %s, %i taken, %i held by checkouts → %s", (cap, taken, held, expected) => {
    expect(fullness(cap, taken, held)).toBe(expected);
  });
  it("says how many places are being paid", () => {
    expect(heldLabel(1)).toBe("1 place en cours de paiement");
    expect(heldLabel(3)).toBe("3 places en cours de paiement");
  });
});
