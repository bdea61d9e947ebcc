import { describe, expect, it } from "vitest";
import { formDataOf } from "../../tests/support/cases";
import { DRAFT_MAX_FIELDS, draftEntries, draftFormData, draftPage, withDraft } from "./form-drafts";

describe("form drafts (issue 42)", () => {
  it("keeps the text fields, not files, secrets or the submit's intent", () => {
    const fd = formDataOf([
      ["nom", "Durand"],
      ["formats[0][nom]", "Trail 20 km"],
      ["password", "secret"],
      ["intent", "payer"],
      ["justificatif_document", new File(["x"], "licence.pdf")],
    ]);
    expect(draftEntries(fd.entries())).toEqual([
      ["nom", "Durand"],
      ["formats[0][nom]", "Trail 20 km"],
    ]);
  });
  it("keeps nothing beyond its limits", () => {
    const many: [string, string][] = Array.from({ length: DRAFT_MAX_FIELDS + 1 }, (_, k) => [`f${k}`, "x"]);
    expect(draftEntries(many)).toEqual([]);
    expect(draftEntries([["texte", "x".repeat(50_000)]])).toEqual([]);
  });
  it("comes back as the same form", () => {
    const fd = draftFormData([
      ["nom", "Durand"],
      ["nombre_repas", "2"],
    ]);
    expect(fd.get("nom")).toBe("Durand");
    expect(fd.get("nombre_repas")).toBe("2");
  });
  it.each([
    ["/inscription/c1?format=f1", "abc", "/inscription/c1?format=f1&brouillon=abc"],
    ["/organisateur/nouvelle-course", "abc", "/organisateur/nouvelle-course?brouillon=abc"],
  ])("withDraft(%s) and back", (page, id, expected) => {
    expect(withDraft(page, id)).toBe(expected);
    expect(draftPage(new URL(expected, "https://balise.test"))).toBe(page);
  });
});
