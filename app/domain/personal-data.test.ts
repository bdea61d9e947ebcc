import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { namesAPerson, PERSONAL_COLUMNS } from "./personal-data";

describe("columns that name a person", () => {
  itMaps("%s: %s", namesAPerson, [
    ["user_id", true],
    ["coureur_id", true],
    ["invited_by", true],
    ["demande_par", true],
    ["to_email", true],
    ["acteur_email", true],
    ["ip", true],
    ["par_utilisateur_id", true],
    ["email_confirmed_at", false],
    ["course_id", false],
    ["parent_id", false],
    ["statut", false],
  ] as const);

  it("gives every listed column a reason", () => {
    for (const p of PERSONAL_COLUMNS) expect(p.why.length).toBeGreaterThan(5);
  });
});
