import { describe, expect, it } from "vitest";
import { expiredBefore, lastExpiredRaceDay, RETENTION_RULES, retentionCutoffs, retentionRule } from "./retention";

describe("retention rules", () => {
  it("has one rule per key, each with its duration, basis and end in French", () => {
    const keys = RETENTION_RULES.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of RETENTION_RULES) {
      expect(r.days).toBeGreaterThan(0);
      for (const text of [r.donnees, r.duree, r.fin, r.base]) expect(text.length).toBeGreaterThan(5);
    }
  });

  it.each([
    ["justificatifs", "2026-11-27", "2026-08-29"],
    ["inscriptions_sans_compte", "2025-06-03", "2022-06-04"],
    ["inscriptions_sans_compte", "2024-03-01", "2021-03-02"],
  ] as const)("%s on %s: races up to %s are past", (key, today, day) => {
    expect(lastExpiredRaceDay(key, today)).toBe(day);
  });

  it.each([
    ["comptes_non_confirmes", "2026-11-27T10:00:00.000Z", "2026-10-28T10:00:00.000Z"],
    ["corps_courriels", "2026-11-27T10:00:00.000Z", "2026-08-29T10:00:00.000Z"],
    ["tentatives_connexion", "2026-11-27T10:00:00.000Z", "2026-11-26T10:00:00.000Z"],
    ["exports_donnees", "2026-11-27T10:00:00.000Z", "2026-11-20T10:00:00.000Z"],
  ] as const)("%s at %s: rows before %s are past", (key, now, before) => {
    expect(expiredBefore(key, new Date(now))).toBe(before);
  });

  it("gives each rule its cut-off: a Paris race day or an instant", () => {
    // 23:30 UTC on 27 November is already the 28th in Paris.
    const c = retentionCutoffs(new Date("2026-11-27T23:30:00.000Z"));
    expect(c.justificatifs).toBe(lastExpiredRaceDay("justificatifs", "2026-11-28"));
    expect(c.corps_courriels).toBe("2026-08-29T23:30:00.000Z");
    expect(Object.keys(c).sort()).toEqual(RETENTION_RULES.map((r) => r.key).sort());
  });

  it("refuses an unknown rule", () => {
    expect(() => retentionRule("nope" as never)).toThrow();
  });
});
