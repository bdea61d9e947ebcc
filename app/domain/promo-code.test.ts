import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import {
  applyCode,
  discountCents,
  emailList,
  nextDay,
  normaliseCode,
  parsePromoCodeForm,
  type PromoCode,
  type PromoUse,
  refusal,
} from "./promo-code";

const base: PromoCode = {
  id: "p1",
  course_id: "c1",
  code: "NOEL",
  type_remise: "pourcentage",
  valeur: 10,
  format_ids: null,
  utilisations_max: null,
  utilisations_max_par_coureur: null,
  valide_du: null,
  valide_au: null,
  emails: null,
  club: null,
  actif: true,
};
const use: PromoUse = {
  now: new Date("2026-12-01T10:00:00Z"),
  formatId: "f1",
  email: "Lea@Exemple.fr ",
  club: "AS Annecy",
  usesTotal: 0,
  usesByRunner: 0,
};

describe("normaliseCode", () => {
  itMaps("%s → %s", normaliseCode, [
    ["noel", "NOEL"],
    ["  noel 24 ", "NOEL24"],
    ["Club-Annecy", "CLUB-ANNECY"],
  ]);
});

describe("refusal", () => {
  it.each<[string, Partial<PromoCode>, Partial<PromoUse>, string | null]>([
    ["applies", {}, {}, null],
    ["inactive", { actif: false }, {}, "code_inactif"],
    ["before its window", { valide_du: "2026-12-02T00:00:00Z" }, {}, "code_pas_encore_valable"],
    ["at its start", { valide_du: "2026-12-01T10:00:00Z" }, {}, null],
    ["at its end (exclusive)", { valide_au: "2026-12-01T10:00:00Z" }, {}, "code_expire"],
    ["other format", { format_ids: ["f2"] }, {}, "code_format"],
    ["listed format", { format_ids: ["f2", "f1"] }, {}, null],
    ["e-mail not listed", { emails: ["paul@exemple.fr"] }, {}, "code_email"],
    ["e-mail listed (case, spaces)", { emails: ["lea@exemple.fr"] }, {}, null],
    ["other club", { club: "ASPTT" }, {}, "code_club"],
    ["same club, case and accents folded", { club: "as  annécy" }, {}, null],
    ["club code, runner without club", { club: "ASPTT" }, { club: null }, "code_club"],
    ["uses left", { utilisations_max: 10 }, { usesTotal: 9 }, null],
    ["exhausted", { utilisations_max: 10 }, { usesTotal: 10 }, "code_epuise"],
    ["per-runner limit", { utilisations_max_par_coureur: 1 }, { usesByRunner: 1 }, "code_limite_coureur"],
  ])("%s", (_, over, useOver, want) => {
    expect(refusal({ ...base, ...over }, { ...use, ...useOver })).toBe(want);
  });
});

describe("discountCents", () => {
  it.each<[PromoCode["type_remise"], number, number, number]>([
    ["pourcentage", 10, 2500, 250],
    ["pourcentage", 15, 2999, 449], // 449.85 rounded down
    ["pourcentage", 100, 2500, 2500],
    ["montant", 500, 2500, 500],
    ["montant", 5000, 2500, 2500], // never below 0 €
    ["montant", 500, 0, 0],
  ])("%s %d on %d → %d", (type_remise, valeur, total, want) => {
    expect(discountCents({ type_remise, valeur }, total)).toBe(want);
  });
});

describe("applyCode", () => {
  it.each<[PromoCode["type_remise"], number, number, unknown]>([
    ["montant", 500, 2500, { discountCents: 500, paidCents: 2000 }],
    ["pourcentage", 100, 2500, "code_montant_minimum"],
    ["montant", 2460, 2500, "code_montant_minimum"],
    ["montant", 2450, 2500, { discountCents: 2450, paidCents: 50 }],
  ])("%s %d on %d", (type_remise, valeur, total, want) => {
    expect(applyCode({ type_remise, valeur }, total)).toEqual(want);
  });
});

describe("parsePromoCodeForm", () => {
  const ok = {
    code: " noel 24",
    type_remise: "montant",
    valeur: "7,50",
    format_ids: [],
    utilisations_max: "10",
    utilisations_max_par_coureur: "",
    valide_du: "2026-12-01",
    valide_au: "2026-12-31",
    emails: "A@b.fr, c@d.fr\na@b.fr",
    club: "",
  };
  it("reads a valid form", () => {
    const r = parsePromoCodeForm(ok);
    expect(r).toEqual({
      ok: true,
      data: {
        code: "NOEL24",
        type_remise: "montant",
        valeur: 750,
        format_ids: null,
        utilisations_max: 10,
        utilisations_max_par_coureur: null,
        valide_du: "2026-11-30T23:00:00.000Z",
        valide_au: "2026-12-31T23:00:00.000Z",
        emails: ["a@b.fr", "c@d.fr"],
        club: null,
      },
    });
  });
  it.each<[string, Record<string, unknown>, string]>([
    ["short code", { code: "ab" }, "code"],
    ["bad chars", { code: "noël" }, "code"],
    ["percent over 100", { type_remise: "pourcentage", valeur: "120" }, "valeur"],
    ["percent not whole", { type_remise: "pourcentage", valeur: "12,5" }, "valeur"],
    ["amount 0", { valeur: "0" }, "valeur"],
    ["amount with 3 decimals", { valeur: "1,005" }, "valeur"],
    ["uses 0", { utilisations_max: "0" }, "utilisations_max"],
    ["end before start", { valide_au: "2026-11-01" }, "valide_au"],
    ["bad e-mail", { emails: "pas-un-mail" }, "emails"],
  ])("%s → error on %s", (_, over, field) => {
    const r = parsePromoCodeForm({ ...ok, ...over });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[field]).toBeTruthy();
  });
});

describe("helpers", () => {
  it("emailList dedupes and lower-cases", () =>
    expect(emailList(" X@y.fr;x@Y.fr  z@w.fr")).toEqual(["x@y.fr", "z@w.fr"]));
  it("nextDay crosses a year", () => expect(nextDay("2026-12-31")).toBe("2027-01-01"));
});
