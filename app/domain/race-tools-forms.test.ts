import { describe, expect, it } from "vitest";
import { itMapsEqual } from "../../tests/support/cases";
import { readEstimateQuery, readPaceQuery, readReferencePick, referenceFormValues } from "./race-tools-forms";

const q = (s: string) => new URLSearchParams(s);

/** Each query's form has a French error on the field named, and keeps what was typed in `kept`. */
function itFlags(
  title: string,
  read: (query: URLSearchParams) => { submitted: boolean; values: object },
  kept: string,
  rows: [string, string][],
) {
  it.each(rows)(title, (query, fieldName) => {
    const f = read(q(query)) as {
      submitted: boolean;
      errors?: Record<string, string> | null;
      values: Record<string, string>;
    };
    expect(f.submitted && f.errors?.[fieldName]).toMatch(/Indiquez/);
    expect(f.values[kept]).toBe(new URLSearchParams(query).get(kept));
  });
}

describe("readEstimateQuery", () => {
  it("nothing asked yet", () => {
    expect(readEstimateQuery(q("")).submitted).toBe(false);
  });
  it.each([
    ["ref=itra&indice=550", { kind: "itra", index: 550 }],
    ["ref=utmb&indice=720", { kind: "utmb", index: 720 }],
    [
      "ref=course&distance=42,2&dplus=2 500&temps=5h35",
      { kind: "course", distanceKm: 42.2, dplus: 2500, seconds: 20100 },
    ],
    ["ref=course&distance=10&dplus=&temps=0:45", { kind: "course", distanceKm: 10, dplus: 0, seconds: 2700 }],
  ])("%s", (query, reference) => {
    const f = readEstimateQuery(q(query));
    expect(f.submitted && f.reference).toEqual(reference);
  });
  itFlags("%s → an error on %s, the values kept", readEstimateQuery, "ref", [
    ["ref=itra&indice=", "indice"],
    ["ref=utmb&indice=1200", "indice"],
    ["ref=itra&indice=abc", "indice"],
    ["ref=course&distance=1&temps=0:10", "distance"],
    ["ref=course&distance=20&temps=vite", "temps"],
    ["ref=course&distance=20&dplus=-5&temps=2:00", "dplus"],
  ]);
});

describe("readPaceQuery", () => {
  it.each([
    ["", null],
    ["cible=5:30", [19800, null]],
    ["cible=5:30&cible2=6h", [19800, 21600]],
    ["cible=5:30&cible2=", [19800, null]],
  ])("%s", (query, targets) => {
    const f = readPaceQuery(q(query));
    expect(f.submitted ? f.targets : null).toEqual(targets);
  });
  itFlags("%s → an error on %s", readPaceQuery, "cible", [
    ["cible=bientot", "cible"],
    ["cible=5:30&cible2=xx", "cible2"],
  ]);
});

describe("readReferencePick", () => {
  itMapsEqual("%s", (query) => readReferencePick(q(query)), [
    ["", null],
    ["ref=itra&indice=550", null],
    ["resultat=12", { source: "resultat", id: "12" }],
    ["resultat=%2012%20", { source: "resultat", id: "12" }],
    ["activite=abc-123", { source: "activite", id: "abc-123" }],
    ["resultat=", { source: "resultat", id: "" }],
    [`activite=${"x".repeat(100)}`, { source: "activite", id: "x".repeat(64) }],
  ]);
});

describe("referenceFormValues: a picked race fills the form, which reads it back to the same reference", () => {
  it.each([
    [{ kind: "course", distanceKm: 24, dplus: 1400, seconds: 8182 }, "24", "1400", "2:16:22"],
    [{ kind: "course", distanceKm: 12.4, dplus: 650, seconds: 5400 }, "12,4", "650", "1:30:00"],
    [{ kind: "course", distanceKm: 1234.5, dplus: 0, seconds: 90061 }, "1234,5", "0", "25:01:01"],
  ] as const)("%o", (ref, distance, dplus, temps) => {
    const values = referenceFormValues(ref);
    expect(values).toEqual({ ref: "course", indice: "", distance, dplus, temps });
    if (ref.distanceKm <= 400) {
      const back = readEstimateQuery(new URLSearchParams({ ...values }));
      expect(back.submitted && back.reference).toEqual(ref);
    }
  });
});
