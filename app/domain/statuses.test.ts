import { describe, expect, it } from "vitest";
import { isReadOnlyForRunner, normaliseStatut, runnerBadge, STATUT_LABELS, STATUTS } from "./statuses";

describe("normaliseStatut maps every spelling of the spec", () => {
  it.each([
    ["en attente", "en_attente"],
    ["validé", "validee"],
    ["validée", "validee"],
    ["Validée", "validee"],
    ["refusé", "refusee"],
    ["refusée", "refusee"],
    ["annulé", "annulee"],
    ["annulée", "annulee"],
    ["remboursé", "remboursee_totalement"],
    ["remboursée_partiellement", "remboursee_partiellement"],
    ["remboursée_totalement", "remboursee_totalement"],
    ["  validee ", "validee"],
    ["n'importe quoi", null],
    ["", null],
  ])("%j -> %j", (input, expected) => expect(normaliseStatut(input)).toBe(expected));
  it("has a label for every canonical status", () => {
    for (const s of STATUTS) expect(STATUT_LABELS[s]).toBeTruthy();
  });
});

describe("runner badge and read-only states (spec section 4)", () => {
  it.each([
    ["remboursée_totalement", "Remboursée totalement", true],
    ["remboursee_partiellement", "Remboursée partiellement", true],
    ["annulée", "Annulée", true],
    ["annulé", "Annulée", true],
    ["remboursé", "Remboursée totalement", true],
    ["validee", "Active", false],
    ["en_attente", "Active", false],
    ["refusee", "Active", false],
  ])("%s -> %s (read-only %s)", (statut, badge, ro) => {
    expect(runnerBadge(statut)).toBe(badge);
    expect(isReadOnlyForRunner(statut)).toBe(ro);
  });
});
