import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { filtersToSearch, hasActiveFilters, parseCourseFilters } from "./filters";

const today = "2026-11-21";
const parse = (qs: string) => parseCourseFilters(new URLSearchParams(qs), today);

describe("parseCourseFilters: defaults", () => {
  it("an empty query string: Du today, date sort, 12 per page, page 1, list view", () => {
    const { filters, errors, values } = parse("");
    expect(filters).toEqual({
      q: "",
      du: today,
      au: null,
      departement: null,
      type: null,
      distance: null,
      denivele: null,
      repas: false,
      tri: "date",
      taille: 12,
      page: 1,
      vue: "liste",
    });
    expect(errors).toEqual({});
    expect(values.du).toBe(today);
    expect(values.taille).toBe("12");
  });
});

describe("parseCourseFilters: every field", () => {
  it("reads a fully set query string", () => {
    const { filters, errors } = parse(
      "q=++Trail+&du=2026-12-01&au=2027-03-01&departement=Haute-Savoie&type=trail&distance=15-30&denivele=1000-2000&repas=1&tri=prix&taille=24&page=3&vue=carte",
    );
    expect(errors).toEqual({});
    expect(filters).toEqual({
      q: "Trail",
      du: "2026-12-01",
      au: "2027-03-01",
      departement: "Haute-Savoie",
      type: "trail",
      distance: "15-30",
      denivele: "1000-2000",
      repas: true,
      tri: "prix",
      taille: 24,
      page: 3,
      vue: "carte",
    });
  });

  it.each([
    ["du=", "du", null],
    ["repas=on", "repas", true],
    ["repas=0", "repas", false],
    ["repas=", "repas", false],
    ["distance=30%2B", "distance", "30+"],
    ["denivele=2000%2B", "denivele", "2000+"],
    ["tri=dplus", "tri", "dplus"],
    ["taille=6", "taille", 6],
    ["type=", "type", null],
    ["vue=autre", "vue", "liste"],
  ])("%s -> %s = %j", (qs, key, value) => {
    expect(parse(qs).filters[key as keyof ReturnType<typeof parse>["filters"]]).toEqual(value);
    expect(parse(qs).errors).toEqual({});
  });
});

describe("parseCourseFilters: bad values are ignored with a French message, and kept in the form", () => {
  it.each([
    ["du=2026-02-30", "du", "Date invalide (format attendu\u00a0: jj/mm/aaaa).", "du", today],
    ["au=demain", "au", "Date invalide (format attendu\u00a0: jj/mm/aaaa).", "au", null],
    ["type=velo", "type", "Type d'épreuve inconnu.", "type", null],
    ["distance=100-200", "distance", "Tranche de distance inconnue.", "distance", null],
    ["denivele=5000", "denivele", "Tranche de dénivelé inconnue.", "denivele", null],
    ["tri=nom", "tri", "Tri inconnu.", "tri", "date"],
    ["taille=1000", "taille", "Taille de page\u00a0: 6, 12, 18 ou 24.", "taille", 12],
    ["page=0", "page", "Numéro de page invalide.", "page", 1],
    ["page=abc", "page", "Numéro de page invalide.", "page", 1],
    ["page=99999999", "page", "Numéro de page invalide.", "page", 1],
    [`q=${"x".repeat(101)}`, "q", "100 caractères maximum.", "q", ""],
  ])("%s", (qs, field, message, key, fallback) => {
    const r = parse(qs);
    expect(r.errors[field as keyof typeof r.errors]).toBe(message);
    expect(r.filters[key as keyof typeof r.filters]).toEqual(fallback);
    const typed = new URLSearchParams(qs).get(field)!;
    if (field !== "taille" && field !== "tri") expect(r.values[field as keyof typeof r.values]).toBe(typed);
  });

  it("refuses 'Au' before 'Du' and keeps 'Du'", () => {
    const r = parse("du=2026-12-10&au=2026-12-01");
    expect(r.filters.du).toBe("2026-12-10");
    expect(r.filters.au).toBeNull();
    expect(r.errors.au).toBe("La date « Au » doit être le même jour ou après la date « Du ».");
    expect(r.values.au).toBe("2026-12-01");
  });

  it("accepts 'Au' equal to 'Du'", () => {
    expect(parse("du=2026-12-10&au=2026-12-10").filters.au).toBe("2026-12-10");
  });

  it("one bad field does not discard the others", () => {
    const r = parse("type=velo&departement=Gironde&page=2");
    expect(r.filters.departement).toBe("Gironde");
    expect(r.filters.page).toBe(2);
    expect(r.filters.type).toBeNull();
  });
});

describe("filtersToSearch", () => {
  it("leaves defaults out", () => {
    expect(filtersToSearch(parse("").filters, today)).toBe("");
  });
  it("round-trips every field", () => {
    const qs =
      "q=lac&du=2026-12-01&au=2027-03-01&departement=Haute-Savoie&type=trail&distance=30%2B&denivele=2000%2B&repas=1&tri=dplus&taille=6&page=2&vue=carte";
    const f = parse(qs).filters;
    expect(parse(filtersToSearch(f, today).slice(1)).filters).toEqual(f);
  });
  it("keeps a cleared 'Du' and applies overrides (pager)", () => {
    const f = parse("du=&q=x").filters;
    expect(filtersToSearch(f, today, { page: 4 })).toBe("?q=x&du=&page=4");
  });
});

describe("hasActiveFilters", () => {
  itMaps("%s -> %s", (qs) => hasActiveFilters(parse(qs).filters, today), [
    ["", false],
    ["tri=prix&taille=24&page=2", false],
    ["q=x", true],
    ["du=", true],
    ["repas=1", true],
    ["au=2027-01-01", true],
  ]);
});
