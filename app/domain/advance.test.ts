import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { AdvanceDecisionSchema, AdvanceError, advanceEstimate, advanceRefusal, AdvanceRequestSchema } from "./advance";

describe("advanceEstimate: each payment's share, rounded as its transfer is, added up", () => {
  it.each([
    [[], 50, 0],
    [[1000], 50, 500],
    [[1001, 1001], 50, 1002], // 500,5 → 501 each: the transfers' own rounding
    [[3333], 40, 1333],
    [[0, 2500], 100, 2500],
    [[-20, 2500], 50, 1250],
  ])("%j at %i %% → %i", (nets, percent, expected) => {
    expect(advanceEstimate(nets, percent)).toBe(expected);
  });
});

describe("advanceRefusal: why a request cannot be made now", () => {
  itMaps("%j → %s", advanceRefusal, [
    [{ netRemainingCents: 5000, pending: false }, null],
    [{ netRemainingCents: 5000, pending: true }, "deja_demandee"],
    [{ netRemainingCents: 0, pending: false }, "rien_a_avancer"],
    [{ netRemainingCents: -10, pending: false }, "rien_a_avancer"],
  ] as const);
});

describe("the forms", () => {
  it("a request's message is optional, trimmed, at most 500 characters", () => {
    expect(AdvanceRequestSchema.parse({ message: "  " })).toEqual({ message: null });
    expect(AdvanceRequestSchema.parse({ message: " Merci " })).toEqual({ message: "Merci" });
    expect(AdvanceRequestSchema.safeParse({ message: "x".repeat(501) }).success).toBe(false);
  });

  it.each([
    [
      { intent: "verser", pourcentage: "50" },
      { intent: "verser", pourcentage: 50 },
    ],
    [
      { intent: "verser", pourcentage: "100" },
      { intent: "verser", pourcentage: 100 },
    ],
    [{ intent: "verser", pourcentage: "0" }, null],
    [{ intent: "verser", pourcentage: "12,5" }, null],
    [{ intent: "verser", pourcentage: "101" }, null],
    [
      { intent: "refuser", motif: " Trop tôt " },
      { intent: "refuser", motif: "Trop tôt" },
    ],
    [{ intent: "refuser", motif: "no" }, null],
    [{ intent: "autre" }, null],
  ])("decision %j → %j", (input, expected) => {
    const r = AdvanceDecisionSchema.safeParse(input);
    expect(r.success ? r.data : null).toEqual(expected);
  });

  it("errors carry their status, French message and field", () => {
    const e = new AdvanceError("motif_requis");
    expect([e.status, e.field, e.message]).toEqual([
      400,
      "motif",
      "Indiquez le motif du refus (3 caractères au moins).",
    ]);
    expect(new AdvanceError("deja_traitee").status).toBe(409);
    expect(new AdvanceError("introuvable").status).toBe(404);
  });
});
