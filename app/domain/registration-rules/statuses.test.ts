import { describe, expect, it } from "vitest";
import { itMaps } from "../../../tests/support/cases";
import {
  isReadOnlyForRunner,
  mayEraseOnRequest,
  normaliseStatut,
  runnerBadge,
  STATUT_LABELS,
  STATUTS,
  runnerListStatus,
  runnerMayPay,
  runnerListTone,
  STATUS_TONES,
  STATUT_TONES,
} from "./statuses";

describe("normaliseStatut maps every spelling of the spec", () => {
  itMaps("%j -> %j", normaliseStatut, [
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
  ]);
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

describe("runnerListStatus and runnerListTone: a registration in the runner's lists", () => {
  const now = new Date("2027-01-12T10:00:00Z");
  it.each([
    [{ statut: "en_attente", hold_expires_at: "2027-01-12T10:05:00Z" }, "En attente de paiement", "waiting"],
    [{ statut: "en_attente", hold_expires_at: "2027-01-12T10:00:00Z" }, "Réservation expirée", "ended"],
    [{ statut: "en_attente", hold_expires_at: null }, "En attente de paiement", "waiting"],
    [{ statut: "refusee", hold_expires_at: null }, "Refusée", "ended"],
    [{ statut: "validee", hold_expires_at: null }, "Active", "active"],
    [{ statut: "annulee", hold_expires_at: null }, "Annulée", "ended"],
    [{ statut: "remboursee_partiellement", hold_expires_at: null }, "Remboursée partiellement", "refunded"],
    [{ statut: "remboursee_totalement", hold_expires_at: null }, "Remboursée totalement", "refunded"],
    [{ statut: "transferee", hold_expires_at: null }, "Transférée", "ended"],
  ])("%o → %s (%s)", (r, label, tone) => {
    expect(runnerListStatus(r, now)).toBe(label);
    expect(runnerListTone(r, now)).toBe(tone);
  });
});

describe("tones: what a status looks like, chosen from its code", () => {
  itMaps("%s -> %s", (statut) => STATUT_TONES[statut], [
    ["en_attente", "waiting"],
    ["validee", "active"],
    ["refusee", "ended"],
    ["annulee", "ended"],
    ["remboursee_partiellement", "refunded"],
    ["remboursee_totalement", "refunded"],
    ["transferee", "ended"],
  ] as const);
  it("gives every canonical status a known tone", () => {
    for (const s of STATUTS) expect(STATUS_TONES).toContain(STATUT_TONES[s]);
  });

  itMaps("runnerMayPay(%o) is %s (issue 42)", runnerMayPay, [
    [{ statut: "en_attente", hold_expires_at: "2027-01-12T10:05:00Z" }, true],
    [{ statut: "en_attente", hold_expires_at: "2027-01-12T09:00:00Z" }, true], // expired: a retry may take it again
    [{ statut: "en_attente", hold_expires_at: null }, false], // added by hand: the organiser collects
    [{ statut: "validee", hold_expires_at: null }, false],
    [{ statut: "annulee", hold_expires_at: "2027-01-12T10:05:00Z" }, false],
  ]);
});

describe("erasure on request", () => {
  itMaps("%s: %s", mayEraseOnRequest, [
    ["refusee", true],
    ["annulée", true],
    ["remboursee_partiellement", true],
    ["remboursee_totalement", true],
    ["transferee", true],
    ["validee", false],
    ["en_attente", false],
    ["inconnu", false],
    [null, false],
  ] as const);
});
