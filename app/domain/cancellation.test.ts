import { describe, expect, it } from "vitest";
import { itMaps, itMapsEqual } from "../../tests/support/cases";
import {
  cancelFormSchema,
  CANCEL_MSG,
  ORGANISER_CANCEL_MSG,
  organiserCancelSchema,
  readOnlyMessage,
  runnerCanCancel,
} from "./cancellation";

describe("cancel form", () => {
  itMapsEqual("accepts %j", (input) => cancelFormSchema.parse(input), [
    [{ accept_policy: "on" }, { reason: null, accept_policy: "on" }],
    [
      { accept_policy: "on", reason: "" },
      { reason: null, accept_policy: "on" },
    ],
    [
      { accept_policy: "on", reason: "Blessure" },
      { reason: "Blessure", accept_policy: "on" },
    ],
    [
      { accept_policy: "on", reason: "Erreur de commande", statut: "annulee" },
      { reason: "Erreur de commande", accept_policy: "on" },
    ],
  ]);

  it.each([
    [{}, "accept_policy", CANCEL_MSG.policy],
    [{ accept_policy: "" }, "accept_policy", CANCEL_MSG.policy],
    [{ accept_policy: "on", reason: "Flemme" }, "reason", CANCEL_MSG.reason],
  ])("refuses %j on %s", (input, field, message) => {
    const r = cancelFormSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error!.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});

describe("read-only message (spec section 4)", () => {
  itMaps("%s -> %s", readOnlyMessage, [
    ["annulee", "Cette inscription est déjà annulée."],
    ["annulé", "Cette inscription est déjà annulée."],
    ["remboursé", "Cette inscription est déjà remboursée totalement."],
    ["remboursee_partiellement", "Cette inscription est déjà remboursée partiellement."],
    ["remboursee_totalement", "Cette inscription est déjà remboursée totalement."],
    ["validee", null],
    ["en_attente", null],
  ]);
});

describe("runnerCanCancel", () => {
  it.each([
    ["validee", true, 2922, 31, { ok: true }],
    // At zero refund the runner may still free the place (issue 42), until race day.
    ["validee", true, 0, 6, { ok: true }],
    ["validee", true, 0, 0, { ok: true }],
    ["validee", true, 0, -1, { ok: false, code: "epreuve_passee" }],
    ["validee", false, 0, 6, { ok: false, code: "non_payee" }],
    ["en_attente", false, 0, 6, { ok: false, code: "non_payee" }],
    ["remboursee_partiellement", true, 2922, 31, { ok: false, code: "deja_annulee" }],
    ["annulee", true, 2922, 31, { ok: false, code: "deja_annulee" }],
  ])("%s, paid %s, refund %i, %i days before", (statut, paid, refund, days, out) =>
    expect(runnerCanCancel(statut, paid, { refund_cents: refund, days_before: days })).toEqual(out),
  );
});

describe("the organiser's cancellation form (issue 40)", () => {
  it.each([
    [{ reason: "Épreuve annulée", confirm: "on" }, null, null],
    [{ reason: "  Météo  ", confirm: "on" }, null, null],
    [{ reason: "abc", confirm: "on" }, ORGANISER_CANCEL_MSG.reason, null],
    [{ confirm: "on" }, ORGANISER_CANCEL_MSG.reason, null],
    [{ reason: "x".repeat(501), confirm: "on" }, ORGANISER_CANCEL_MSG.reasonTooLong, null],
    [{ reason: "Épreuve annulée" }, null, ORGANISER_CANCEL_MSG.confirm],
    [{ reason: "Épreuve annulée", confirm: "off" }, null, ORGANISER_CANCEL_MSG.confirm],
  ])("%j", (input, reasonError, confirmError) => {
    const r = organiserCancelSchema.safeParse(input);
    const issues = r.success ? [] : r.error.issues;
    expect(issues.find((i) => i.path[0] === "reason")?.message ?? null).toBe(reasonError);
    expect(issues.find((i) => i.path[0] === "confirm")?.message ?? null).toBe(confirmError);
    if (r.success) expect(r.data.reason).toBe(String((input as { reason?: string }).reason).trim());
  });

  it("asks no refund choice: an old form's 'refund' field changes nothing", () => {
    const r = organiserCancelSchema.safeParse({ reason: "Épreuve annulée", confirm: "on", refund: "bareme" });
    expect(r.success && Object.keys(r.data).sort()).toEqual(["confirm", "reason"]);
  });
});
