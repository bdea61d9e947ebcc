import { describe, expect, it } from "vitest";
import { itMapsEqual } from "../../tests/support/cases";
import { z } from "zod";
import { fieldErrors } from "./form-errors";

const schema = z
  .object({
    nom: z.string().min(1, "Nom obligatoire.").max(3, "Trop long."),
    age: z.coerce.number().int("Âge entier."),
  })
  .refine((v) => v.nom !== "x", "Formulaire refusé.");

function errorsOf(value: unknown, keyOf?: (p: readonly PropertyKey[]) => string) {
  const r = schema.safeParse(value);
  if (r.success) throw new Error("expected a failure");
  return fieldErrors(r.error, keyOf);
}

describe("fieldErrors", () => {
  itMapsEqual("%j → %j (one message per field, the first)", errorsOf, [
    [
      { nom: "", age: "1.5" },
      { nom: "Nom obligatoire.", age: "Âge entier." },
    ],
    [{ nom: "abcd", age: "2" }, { nom: "Trop long." }],
    [{ nom: "x", age: "2" }, { form: "Formulaire refusé." }],
  ]);

  it("keeps the first message when a field has several", () => {
    const r = z.object({ a: z.string().min(5, "premier").regex(/^\d+$/, "second") }).safeParse({ a: "x" });
    expect(r.success ? {} : fieldErrors(r.error)).toEqual({ a: "premier" });
  });

  it("names nested fields with keyOf", () => {
    const nested = z.object({ runner: z.object({ nom: z.string().min(1, "Nom obligatoire.") }) });
    const r = nested.safeParse({ runner: { nom: "" } });
    expect(r.success ? {} : fieldErrors(r.error, (p) => String(p[p.length - 1]))).toEqual({ nom: "Nom obligatoire." });
  });
});
