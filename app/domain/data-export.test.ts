import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import {
  consentRows,
  EXCLUDED_TABLES,
  EXPORTED_TABLES,
  exportExpiresAt,
  exportKey,
  formatBytes,
  isDownloadable,
  isRequestOutcome,
  nextRequestAt,
  requestDecision,
  requestLabel,
} from "./data-export";

const row = (status: string, requested_at: string, expires_at: string | null = null) => ({
  id: "e1",
  status,
  requested_at,
  ready_at: null,
  expires_at,
  size: null,
});
const NOW = new Date("2026-11-27T12:00:00.000Z");

describe("a data export request", () => {
  it.each([
    ["no request yet", null, "ok"],
    ["one pending", row("pending", "2026-11-20T12:00:00.000Z"), "pending"],
    ["one ready an hour ago", row("ready", "2026-11-27T11:00:00.000Z"), "too_soon"],
    ["one made 23 h 59 ago", row("ready", "2026-11-26T12:00:01.000Z"), "too_soon"],
    ["one made exactly 24 h ago", row("ready", "2026-11-26T12:00:00.000Z"), "ok"],
    ["one expired long ago", row("expired", "2026-10-01T12:00:00.000Z"), "ok"],
  ] as const)("%s: %s", (_label, latest, expected) => {
    expect(requestDecision(latest, NOW)).toBe(expected);
  });

  it("may be asked again 24 hours after the last one", () => {
    expect(nextRequestAt({ requested_at: "2026-11-27T08:30:00.000Z" })).toBe("2026-11-28T08:30:00.000Z");
  });

  it("keeps its ZIP 7 days, downloadable until then", () => {
    const expires = exportExpiresAt(new Date("2026-11-27T10:00:00.000Z"));
    expect(expires).toBe("2026-12-04T10:00:00.000Z");
    expect(isDownloadable({ status: "ready", expires_at: expires }, new Date("2026-12-04T09:59:59.000Z"))).toBe(true);
    expect(isDownloadable({ status: "ready", expires_at: expires }, new Date("2026-12-04T10:00:00.000Z"))).toBe(false);
    expect(isDownloadable({ status: "pending", expires_at: null }, NOW)).toBe(false);
    expect(isDownloadable({ status: "expired", expires_at: expires }, NOW)).toBe(false);
  });

  it.each([
    ["pending", null, "En préparation"],
    ["ready", "2026-12-01T00:00:00.000Z", "Prête"],
    ["ready", "2026-11-27T11:00:00.000Z", "Expirée"],
    ["expired", null, "Expirée"],
  ] as const)("%s until %s reads '%s'", (status, expires_at, label) => {
    expect(requestLabel({ status, expires_at }, NOW)).toBe(label);
  });

  it("names the outcomes the page knows, nothing else", () => {
    expect(["ok", "pending", "too_soon"].every(isRequestOutcome)).toBe(true);
    expect(isRequestOutcome("toString")).toBe(false);
    expect(isRequestOutcome(null)).toBe(false);
  });

  it("stores the ZIP under a private key of its account", () => {
    expect(exportKey("u1", "e1")).toBe("exports/u1/e1.zip");
  });
});

describe("the export's tables", () => {
  it("are exported or excluded, never both", () => {
    expect(Object.keys(EXPORTED_TABLES).filter((t) => t in EXCLUDED_TABLES)).toEqual([]);
    for (const why of Object.values(EXCLUDED_TABLES)) expect(why.length).toBeGreaterThan(10);
  });

  it("never give a password hash or a token", () => {
    expect(EXPORTED_TABLES.users.omit).toContain("password_hash");
    expect(EXPORTED_TABLES.cessions.omit).toContain("token_hash");
    expect(EXPORTED_TABLES.equipe_invitations.omit).toContain("token_hash");
  });
});

describe("formatBytes", () => {
  itMaps("%s → %s", formatBytes, [
    [null, ""],
    [850, "850\u00a0o"],
    [12_400, "12\u00a0ko"],
    [3_400_000, "3,4\u00a0Mo"],
  ] as const);
});

describe("consentRows", () => {
  it("lists each consent with its date, 'non' when not given", () => {
    const rows = consentRows({
      email_confirmed_at: "2026-01-02T10:00:00.000Z",
      conditions_acceptees: 1,
      conditions_acceptees_at: "2026-02-03T10:00:00.000Z",
      conditions_version: "2026-01",
      apparaitre_resultats: 0,
      profil_updated_at: "2026-03-04T10:00:00.000Z",
    });
    expect(rows).toEqual([
      { consentement: "Adresse e-mail confirmée", valeur: "oui", date: "2026-01-02T10:00:00.000Z" },
      {
        consentement: "Conditions des organisateurs acceptées (version 2026-01)",
        valeur: "oui",
        date: "2026-02-03T10:00:00.000Z",
      },
      {
        consentement: "Apparaître dans les résultats publiés (profil coureur)",
        valeur: "non",
        date: "2026-03-04T10:00:00.000Z",
      },
    ]);
    const none = consentRows({
      email_confirmed_at: null,
      conditions_acceptees: null,
      conditions_acceptees_at: null,
      conditions_version: null,
      apparaitre_resultats: null,
      profil_updated_at: null,
    });
    expect(none.map((r) => r.valeur)).toEqual(["non", "non", "non renseigné"]);
  });
});
