import { describe, expect, it } from "vitest";
import { makeSelfEditSchema } from "./my-registration";
import { makeRunnerProfileSchema } from "./profile";
import { parseField } from "./registrants";
import { makeRegistrationSchema } from "./registration";
import { fieldErrors } from "./form-errors";
import { checkRunnerField, makeRunnerFieldsSchema, RUNNER_FIELD_MSG, type RunnerPersonalField } from "./runner-fields";

const today = "2026-11-21";

describe("checkRunnerField: one rule per field", () => {
  it.each<[RunnerPersonalField, string, { ok: true; value: string | null } | { ok: false; error: string }]>([
    ["nom", "  Dupont ", { ok: true, value: "Dupont" }],
    ["nom", "x".repeat(101), { ok: false, error: RUNNER_FIELD_MSG.tooLong }],
    ["genre", "Autre", { ok: true, value: "Autre" }],
    ["genre", "Robot", { ok: false, error: RUNNER_FIELD_MSG.genre }],
    ["date_naissance", "", { ok: true, value: null }],
    ["date_naissance", today, { ok: true, value: today }],
    ["date_naissance", "2026-11-22", { ok: false, error: RUNNER_FIELD_MSG.dateFuture }],
    ["date_naissance", "2001-02-30", { ok: false, error: RUNNER_FIELD_MSG.dateInvalid }],
    ["date_naissance", "1899-12-31", { ok: false, error: RUNNER_FIELD_MSG.dateInvalid }],
    ["nationalite", "Française", { ok: true, value: "Française" }],
    ["nationalite", "FR", { ok: false, error: RUNNER_FIELD_MSG.nationalite }],
    ["email", " Jean@Exemple.FR ", { ok: true, value: "jean@exemple.fr" }],
    ["email", "jean@exemple", { ok: false, error: RUNNER_FIELD_MSG.emailInvalid }],
    ["telephone", "06 12 34 56 78", { ok: true, value: "06 12 34 56 78" }],
    ["telephone", "+33 6 12 34 56 78", { ok: true, value: "+33 6 12 34 56 78" }],
    ["telephone", "12", { ok: false, error: RUNNER_FIELD_MSG.telephone }],
    ["pays", "Narnia", { ok: false, error: RUNNER_FIELD_MSG.pays }],
    ["justificatif_type", "PPS", { ok: true, value: "pps" }],
    ["justificatif_type", "certificat", { ok: false, error: RUNNER_FIELD_MSG.justificatif }],
    ["numero_licence", "1234567", { ok: true, value: "1234567" }],
    ["pps_identifier", "P!", { ok: false, error: RUNNER_FIELD_MSG.pps }],
    ["club", "  ", { ok: true, value: null }],
  ])("%s %j", (field, raw, expected) => {
    expect(checkRunnerField(field, raw, today)).toEqual(expected);
  });

  it("an empty required field gets its message", () => {
    expect(checkRunnerField("email", " ", today, { required: true })).toEqual({ ok: false, error: RUNNER_FIELD_MSG.email });
    expect(checkRunnerField("nom", "", today, { required: true, requiredMessage: "Nom et prénom sont obligatoires." })).toEqual({
      ok: false,
      error: "Nom et prénom sont obligatoires.",
    });
  });
});

describe("the same rules in every context", () => {
  const typed: Record<string, string> = {
    nom: "Bernard", prenom: "Camille", genre: "", date_naissance: "", nationalite: "", email: "camille@balise.test", telephone: "0612345678",
    adresse: "", adresse_complement: "", code_postal: "", ville: "", pays: "", club: "", justificatif_type: "licence", numero_licence: "1234567",
    pps_identifier: "", contact_urgence_nom: "", contact_urgence_telephone: "",
  };
  const formats = [{ id: "f", nom: "F", prix_cents: 1000, prix_repas_cents: 0, stock_repas: 0, nb_max_coureurs: null, taken: 0 }];
  const registration = (v: Record<string, string>) => makeRegistrationSchema(formats, today).safeParse({ format_id: "f", nombre_repas: "0", runner: v });
  const selfEdit = (v: Record<string, string>) => makeSelfEditSchema(today).safeParse(v);
  const organiser = (v: Record<string, string>) => {
    const errors: Record<string, string> = {};
    for (const [k, raw] of Object.entries(v)) {
      const r = parseField(k as RunnerPersonalField, raw, { stockRepas: 0, today, pays: v.pays || null });
      if (!r.ok) errors[k] = r.error;
    }
    return errors;
  };

  it("what registration accepts without gender, birth date or nationality, the self-edit and the organiser accept too", () => {
    expect(registration(typed).success).toBe(true);
    expect(selfEdit(typed).success).toBe(true);
    expect(organiser(typed)).toEqual({});
  });

  it.each<[string, Record<string, string>, string]>([
    ["birth date in the future", { date_naissance: "2030-01-01" }, RUNNER_FIELD_MSG.dateFuture],
    ["impossible birth date", { date_naissance: "2001-02-30" }, RUNNER_FIELD_MSG.dateInvalid],
    ["unknown nationality", { nationalite: "Martienne" }, RUNNER_FIELD_MSG.nationalite],
    ["bad phone", { telephone: "abc" }, RUNNER_FIELD_MSG.telephone],
    ["French postcode of 3 digits", { code_postal: "690" }, RUNNER_FIELD_MSG.codePostal],
  ])("%s: refused everywhere with the same message", (_label, patch, message) => {
    const v = { ...typed, ...patch };
    const field = Object.keys(patch)[0];
    const reg = registration(v);
    expect(reg.success).toBe(false);
    expect(reg.error!.issues.find((i) => i.path[1] === field)?.message).toBe(message);
    const self = selfEdit(v);
    expect(self.success).toBe(false);
    expect(fieldErrors(self.error!)[field]).toBe(message);
    expect(organiser(v)[field]).toBe(message);
    // The runner profile asks for more fields, but a given field follows the same rule.
    const profile = makeRunnerProfileSchema(today).safeParse({ ...v, genre: "Femme", date_naissance: v.date_naissance || "1990-01-01", nationalite: v.nationalite || "Française" });
    expect(fieldErrors(profile.error!)[field]).toBe(message);
  });

  it("only the chosen justificatif's number is kept, unknown keys dropped", () => {
    const r = makeRunnerFieldsSchema(today).parse({ ...typed, pps_identifier: "PPS-1", statut: "validee" });
    expect(r.numero_licence).toBe("1234567");
    expect(r.pps_identifier).toBeNull();
    expect("statut" in r).toBe(false);
  });
});
