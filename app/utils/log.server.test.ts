import { afterEach, describe, expect, it, vi } from "vitest";
import { errorCode, errorDetail, formatLogLine, logEvent, type LogFields } from "./log.server";

describe("formatLogLine: one JSON line, allowed fields only", () => {
  it.each<[string, LogFields | Record<string, unknown>, Record<string, unknown>]>([
    [
      "ids and amounts kept as given",
      { inscription_id: "i-1", paiement_id: "p-1", amount_cents: 4200, fee_cents: 150 },
      { inscription_id: "i-1", paiement_id: "p-1", amount_cents: 4200, fee_cents: 150 },
    ],
    [
      "undefined and null fields left out",
      { inscription_id: undefined, charge_id: null, amount_cents: 0 },
      { amount_cents: 0 },
    ],
    ["booleans kept", { newly_validated: false }, { newly_validated: false }],
    [
      "a runner's name is not an allowed field",
      { inscription_id: "i-1", nom: "Dupont", prenom: "Léa" },
      { inscription_id: "i-1" },
    ],
    ["an e-mail field is dropped", { email: "lea@example.org", amount_cents: 100 }, { amount_cents: 100 }],
    ["a licence number field is dropped", { numero_licence: "FFA-123456" }, {}],
    [
      "an e-mail inside an allowed field is masked",
      { detail: "No such customer: lea.dupont@example.org (cus_1)" },
      { detail: "No such customer: [e-mail] (cus_1)" },
    ],
    ["objects and arrays are dropped", { detail: { nested: true }, error: ["x"] }, {}],
    ["non-finite numbers are dropped", { amount_cents: Number.NaN, duration_ms: Infinity }, {}],
    ["long strings are cut at 200 characters", { detail: "x".repeat(500) }, { detail: "x".repeat(200) }],
  ])("%s", (_label, fields, expected) => {
    const line = formatLogLine("refund.succeeded", fields as LogFields);
    expect(line).not.toContain("\n");
    expect(JSON.parse(line)).toEqual({ event: "refund.succeeded", ...expected });
  });

  it("rejects personal fields at compile time too", () => {
    // @ts-expect-error -- `email` is not a log field
    const line = formatLogLine("payment.fulfilled", { email: "a@b.fr" });
    expect(JSON.parse(line)).toEqual({ event: "payment.fulfilled" });
  });
});

describe("errorCode and errorDetail", () => {
  class CodedError extends Error {
    constructor(public readonly code: string) {
      super("Le remboursement n'a pas pu être effectué.");
    }
  }
  class ProviderError extends Error {
    constructor(
      message: string,
      public readonly providerCode?: string,
    ) {
      super(message);
      this.name = "PaymentProviderError";
    }
  }
  it.each<[string, unknown, string]>([
    ["a domain error: its code", new CodedError("remboursement_impossible"), "remboursement_impossible"],
    [
      "a provider error with a code",
      new ProviderError("Charge already refunded", "charge_already_refunded"),
      "provider:charge_already_refunded",
    ],
    ["a provider error without a code: its class", new ProviderError("timeout"), "PaymentProviderError"],
    ["a plain error: its class", new TypeError("x is undefined"), "TypeError"],
    ["anything else", "oops", "unknown"],
    ["nothing", undefined, "unknown"],
  ])("%s", (_label, e, expected) => {
    expect(errorCode(e)).toBe(expected);
  });

  it("masks e-mail addresses in a message", () => {
    expect(errorDetail(new Error("Invalid email: jean.martin+trail@example.fr, try again"))).toBe(
      "Invalid email: [e-mail], try again",
    );
    expect(errorDetail(42)).toBeUndefined();
  });
});

describe("logEvent", () => {
  afterEach(() => vi.restoreAllMocks());

  it("prints failures with console.error, refused webhooks with console.warn, the rest with console.log", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    logEvent("refund.succeeded", { remboursement_id: "r-1", amount_cents: 2100 });
    logEvent("refund.failed", { remboursement_id: "r-2", error: "remboursement_impossible" });
    logEvent("webhook.rejected", { reason: "signature" });
    expect(log.mock.calls).toEqual([['{"event":"refund.succeeded","remboursement_id":"r-1","amount_cents":2100}']]);
    expect(error.mock.calls).toEqual([
      ['{"event":"refund.failed","remboursement_id":"r-2","error":"remboursement_impossible"}'],
    ]);
    expect(warn.mock.calls).toEqual([['{"event":"webhook.rejected","reason":"signature"}']]);
  });
});
