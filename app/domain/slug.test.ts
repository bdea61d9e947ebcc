import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { slugify, uniqueSlug } from "./slug";

describe("slugify", () => {
  itMaps("%s -> %s", slugify, [
    ["Trail des Lacs d'Annecy", "trail-des-lacs-d-annecy"],
    ["Les Foulées de la Croix-Rousse", "les-foulees-de-la-croix-rousse"],
    ["  Cœur de Bœuf — 2026 !  ", "coeur-de-boeuf-2026"],
    ["ÉTÉ À L'ÎLE", "ete-a-l-ile"],
    ["???", "epreuve"],
    ["", "epreuve"],
  ]);

  it("cuts long names at a word boundary", () => {
    const s = slugify("trail ".repeat(30));
    expect(s.length).toBeLessThanOrEqual(80);
    expect(s.endsWith("-")).toBe(false);
    expect(s.endsWith("trail")).toBe(true);
  });
});

describe("uniqueSlug", () => {
  it.each([
    ["trail", [], null, "trail"],
    ["trail", ["trail"], null, "trail-2"],
    ["trail", ["trail", "trail-2", "trail-3"], null, "trail-4"],
    ["trail", ["trail", "trail-2"], "trail", "trail"],
    ["trail", ["trail"], "autre", "trail-2"],
  ] as const)("%s with %j (own %s) -> %s", (base, taken, own, expected) => {
    expect(uniqueSlug(base, taken, own)).toBe(expected);
  });
});
