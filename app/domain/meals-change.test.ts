import { describe, expect, it } from "vitest";
import { MEALS_CHANGE_MSG, onSiteMealsSchema, paidMealsEditRefusal } from "./meals-change";

describe("a paid registration's meals", () => {
  it.each([
    [2, 2, null],
    [0, 5, MEALS_CHANGE_MSG.paidLocked],
    [3, 1, MEALS_CHANGE_MSG.paidLocked],
  ])("from %i to %i by editing the number: %s", (current, next, refusal) => {
    expect(paidMealsEditRefusal(current, next)).toBe(refusal);
  });

  it.each([
    [{ nombre: "2", paye: "on" }, null, null],
    [{ nombre: "0", paye: "on" }, MEALS_CHANGE_MSG.count, null],
    [{ nombre: "51", paye: "on" }, MEALS_CHANGE_MSG.count, null],
    [{ nombre: "1,5", paye: "on" }, MEALS_CHANGE_MSG.count, null],
    [{ nombre: "abc", paye: "on" }, MEALS_CHANGE_MSG.count, null],
    [{ nombre: "2" }, null, MEALS_CHANGE_MSG.confirm],
  ])("the on-site form %j", (input, countError, confirmError) => {
    const r = onSiteMealsSchema.safeParse(input);
    const issues = r.success ? [] : r.error.issues;
    expect(issues.find((i) => i.path[0] === "nombre")?.message ?? null).toBe(countError);
    expect(issues.find((i) => i.path[0] === "paye")?.message ?? null).toBe(confirmError);
  });

  it("says how many were added, in French", () => {
    expect(MEALS_CHANGE_MSG.done(1)).toBe("1 repas ajouté, payé sur place.");
    expect(MEALS_CHANGE_MSG.done(3)).toBe("3 repas ajoutés, payés sur place.");
    expect(MEALS_CHANGE_MSG.stock(0)).toBe("Il n'y a plus de repas disponibles pour ce format.");
  });
});
