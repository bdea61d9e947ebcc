import { describe, expect, it } from "vitest";
import type { RaceFormat } from "./eligibility";
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
    expect(checkRunnerField("email", " ", today, { required: true })).toEqual({
      ok: false,
      error: RUNNER_FIELD_MSG.email,
    });
    expect(
      checkRunnerField("nom", "", today, { required: true, requiredMessage: "Nom et prénom sont obligatoires." }),
    ).toEqual({
      ok: false,
      error: "Nom et prénom sont obligatoires.",
    });
  });
});

describe("the same rules in every context", () => {
  const typed: Record<string, string> = {
    nom: "Bernard",
    prenom: "Camille",
    genre: "",
    date_naissance: "",
    nationalite: "",
    email: "camille@balise.test",
    telephone: "0612345678",
    adresse: "",
    adresse_complement: "",
    code_postal: "",
    ville: "",
    pays: "",
    club: "",
    justificatif_type: "licence",
    numero_licence: "1234567",
    pps_identifier: "",
    contact_urgence_nom: "",
    contact_urgence_telephone: "",
  };
  const formats = [
    { id: "f", nom: "F", prix_cents: 1000, prix_repas_cents: 0, stock_repas: 0, nb_max_coureurs: null, taken: 0 },
  ];
  const registration = (v: Record<string, string>) =>
    makeRegistrationSchema(formats, today).safeParse({ format_id: "f", nombre_repas: "0", runner: v });
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
    const profile = makeRunnerProfileSchema(today).safeParse({
      ...v,
      genre: "Femme",
      date_naissance: v.date_naissance || "1990-01-01",
      nationalite: v.nationalite || "Française",
    });
    expect(fieldErrors(profile.error!)[field]).toBe(message);
  });

  it("only the chosen justificatif's number is kept, unknown keys dropped", () => {
    const r = makeRunnerFieldsSchema(today).parse({ ...typed, pps_identifier: "PPS-1", statut: "validee" });
    expect(r.numero_licence).toBe("1234567");
    expect(r.pps_identifier).toBeNull();
    expect("statut" in r).toBe(false);
  });
});

describe("the race's rules in the shared schema (registration, self-edit)", () => {
  const runner: Record<string, string> = {
    nom: "Bernard",
    prenom: "Camille",
    email: "camille@balise.test",
    date_naissance: "1991-04-12",
    justificatif_type: "pps",
    pps_identifier: "P9F28C586EB",
    pps_expiration: "2027-06-30",
    numero_licence: "",
  };
  const trail: RaceFormat = {
    date: "2027-06-12",
    type_epreuve: "trail",
    distance_km: 28,
    denivele_dplus: 1500,
    age_minimum: 18,
  };
  const parse = (v: Record<string, string>, race: RaceFormat | null = trail) =>
    makeRunnerFieldsSchema(today, { required: ["email", "justificatif_type"], race }).safeParse(v);
  const issues = (v: Record<string, string>, race: RaceFormat | null = trail) => {
    const r = parse(v, race);
    return r.success ? {} : fieldErrors(r.error);
  };

  it.each<[string, Record<string, string>, RaceFormat | null, Record<string, string>]>([
    [
      "a PPS expiring before the race",
      { pps_expiration: "2027-05-03" },
      trail,
      { pps_expiration: "Votre PPS expire avant la course (le 3\u00a0mai\u00a02027)." },
    ],
    ["a PPS valid on race day", { pps_expiration: "2027-06-12" }, trail, {}],
    ["without a race (the profile), valid today is enough", { pps_expiration: "2027-05-03" }, null, {}],
    [
      "a PPS already expired",
      { pps_expiration: "2026-11-20" },
      null,
      {
        pps_expiration: "Votre PPS a expiré le 20\u00a0novembre\u00a02026\u00a0: renouvelez-le sur le site de la FFA.",
      },
    ],
    [
      "a PPS without its expiry",
      { pps_expiration: "" },
      trail,
      { pps_expiration: "Indiquez la date de fin de validité de votre PPS (sur l'attestation)." },
    ],
    [
      "a PPS identifier typed in the licence field",
      { justificatif_type: "licence", numero_licence: "P9F28C586EB" },
      trail,
      { numero_licence: "Ceci ressemble à un identifiant PPS\u00a0: choisissez «\u00a0PPS\u00a0» comme justificatif." },
    ],
    [
      "a licence number typed as a PPS",
      { pps_identifier: "1234567" },
      trail,
      {
        pps_identifier:
          "Ceci ressemble à un numéro de licence FFA\u00a0: choisissez «\u00a0Licence FFA\u00a0» comme justificatif.",
      },
    ],
    [
      "under the format's minimum age",
      { date_naissance: "2009-06-13" },
      trail,
      {
        date_naissance:
          "Âge minimum pour ce format\u00a0: 18\u00a0ans le jour de la course. Vous aurez 17\u00a0ans le 12\u00a0juin\u00a02027.",
      },
    ],
    [
      "18 on race day, but a junior: the FFA's distance limit",
      { date_naissance: "2009-06-12" },
      trail,
      {
        date_naissance:
          "Catégorie Juniors (nés de 2008 à 2009)\u00a0: la FFA limite la distance à 25\u00a0km-effort, ce format en compte 43\u00a0km-effort (28\u00a0km et 1500\u00a0m D+).",
      },
    ],
    ["an espoir may run it", { date_naissance: "2007-06-12" }, trail, {}],
    [
      "no birth date for a competition",
      { date_naissance: "" },
      trail,
      { date_naissance: RUNNER_FIELD_MSG.birthDateForRace },
    ],
  ])("%s", (_label, patch, race, expected) => {
    expect(issues({ ...runner, ...patch }, race)).toEqual(expected);
  });

  it("a walk needs no justificatif: nothing asked, nothing kept", () => {
    const walk = { ...trail, type_epreuve: "rando", age_minimum: null };
    const r = parse(
      {
        ...runner,
        justificatif_type: "",
        pps_identifier: "nimporte",
        pps_expiration: "2020-01-01",
        date_naissance: "",
      },
      walk,
    );
    expect(r.success).toBe(true);
    expect(
      r.success && [r.data.justificatif_type, r.data.pps_identifier, r.data.pps_expiration, r.data.numero_licence],
    ).toEqual([null, null, null, null]);
  });

  it("the stored values are normalised", () => {
    const r = parse({ ...runner, pps_identifier: " p9f2 8c58-6eb ", pps_expiration: "2027-06-30" });
    expect(r.success && [r.data.pps_identifier, r.data.numero_licence]).toEqual(["P9F28C586EB", null]);
    const l = parse({ ...runner, justificatif_type: "licence", numero_licence: "123.45.67" });
    expect(l.success && [l.data.numero_licence, l.data.pps_identifier, l.data.pps_expiration]).toEqual([
      "1234567",
      null,
      null,
    ]);
  });
});
