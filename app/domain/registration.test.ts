import { describe, expect, it } from "vitest";
import { formDataOf, itMaps } from "../../tests/support/cases";
import {
  formValues,
  parseMealCount,
  parseRegistration,
  preselectFormat,
  registrationErrorMessage,
  RegistrationError,
  REGISTRATION_MSG,
  type FormatChoice,
  type RegistrationValues,
} from "./registration";
import { camille } from "./runner.fixtures";

describe("parseMealCount: a whole number from 0 to the meal stock", () => {
  it.each([
    ["", 5, 0],
    ["0", 5, 0],
    ["3", 5, 3],
    ["5", 5, 5],
    [" 2 ", 5, 2],
    ["6", 5, null],
    ["-1", 5, null],
    ["1,5", 5, null],
    ["abc", 5, null],
    ["1", 0, null],
    ["0", 0, 0],
  ])("%j with stock %i → %s", (raw, stock, expected) => {
    expect(parseMealCount(raw, stock)).toBe(expected);
  });
});

const TODAY = "2026-11-21";

const formats: FormatChoice[] = [
  {
    id: "f1",
    nom: "Découverte 12 km",
    prix_cents: 2200,
    prix_repas_cents: 0,
    stock_repas: 0,
    nb_max_coureurs: 300,
    taken: 10,
  },
  {
    id: "f2",
    nom: "Balcons 28 km",
    prix_cents: 3800,
    prix_repas_cents: 1200,
    stock_repas: 150,
    nb_max_coureurs: 400,
    taken: 0,
  },
  { id: "f3", nom: "Enfants 1 km", prix_cents: 300, prix_repas_cents: 0, stock_repas: 0, nb_max_coureurs: 3, taken: 3 },
];

function values(over: Partial<RegistrationValues> = {}): RegistrationValues {
  return {
    format_id: "f2",
    ...camille,
    email: "Coureur@Balise.test ",
    club: "",
    justificatif_type: "licence",
    numero_licence: "1234567",
    pps_identifier: "P9F28C586EB",
    pps_expiration: "2027-01-31",
    contact_urgence_nom: "Julien Bernard",
    contact_urgence_telephone: "06 98 76 54 32",
    nombre_repas: "2",
    apparaitre_resultats: true,
    ...over,
  };
}

describe("parseRegistration (the form's schema)", () => {
  it("accepts a complete form and computes the total", () => {
    const r = parseRegistration(values(), formats, TODAY);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.email).toBe("coureur@balise.test");
    expect(r.data.nombre_repas).toBe(2);
    expect(r.data.totals).toEqual({ repasCents: 2400, totalCents: 6200 });
    expect(r.data.club).toBeNull();
    // licence chosen: the PPS identifier is not kept
    expect(r.data.numero_licence).toBe("1234567");
    expect(r.data.pps_identifier).toBeNull();
  });

  it("gender, birth date and nationality may be left out (the self-edit accepts the same)", () => {
    const r = parseRegistration(
      values({ genre: "", date_naissance: "", nationalite: "", telephone: "" }),
      formats,
      TODAY,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect([r.data.genre, r.data.date_naissance, r.data.nationalite, r.data.telephone]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(r.data.date_naissance === null && r.data.format_id).toBe("f2");
  });

  it("born today is fine", () => {
    expect(parseRegistration(values({ date_naissance: TODAY }), formats, TODAY).ok).toBe(true);
  });

  it("pps chosen: only the PPS identifier is kept", () => {
    const r = parseRegistration(values({ justificatif_type: "pps" }), formats, TODAY);
    expect(r.ok && r.data.numero_licence).toBeNull();
    expect(r.ok && r.data.pps_identifier).toBe("P9F28C586EB");
    expect(r.ok && r.data.pps_expiration).toBe("2027-01-31");
  });

  it.each<[string, keyof RegistrationValues, string, string, Partial<RegistrationValues>?]>([
    ["no format", "format_id", "", "Veuillez sélectionner un format."],
    ["unknown format", "format_id", "zzz", REGISTRATION_MSG.formatUnknown],
    ["full format", "format_id", "f3", "Le format Enfants 1 km est complet.", { nombre_repas: "0" }],
    ["no e-mail", "email", "  ", "Veuillez renseigner un email."],
    ["bad e-mail", "email", "camille@", "Email invalide."],
    ["too many meals", "nombre_repas", "151", "Le nombre de repas doit être un nombre entier entre 0 et 150."],
    ["negative meals", "nombre_repas", "-1", "Le nombre de repas doit être un nombre entier entre 0 et 150."],
    ["meals where none offered", "nombre_repas", "1", "Aucun repas n'est proposé pour ce format.", { format_id: "f1" }],
    ["no name", "nom", " ", "Le nom est obligatoire."],
    ["no first name", "prenom", "", "Le prénom est obligatoire."],
    ["no justificatif", "justificatif_type", "", "Veuillez choisir licence ou PPS."],
    [
      "birth date in the future",
      "date_naissance",
      "2026-11-22",
      "La date de naissance ne peut pas être dans le futur.",
    ],
    ["impossible birth date", "date_naissance", "2001-02-30", "Date de naissance invalide."],
    ["unknown nationality", "nationalite", "Martienne", "Veuillez choisir la nationalité."],
    ["bad phone", "telephone", "12", "Numéro de téléphone invalide."],
    ["French postcode of 4 digits", "code_postal", "6900", "Code postal invalide (5 chiffres en France)."],
  ])("%s → message next to %s", (_label, field, typed, message, others) => {
    const r = parseRegistration(values({ ...others, [field]: typed }), formats, TODAY);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[field as keyof typeof r.errors]).toBe(message);
  });

  it("reads the posted form as typed, with the checkbox", () => {
    const fd = formDataOf([
      ["format_id", "f2"],
      ["nom", "  Bernard "],
      ["nombre_repas", "2"],
    ]);
    const v = formValues(fd);
    expect(v.nom).toBe("  Bernard ");
    expect(v.email).toBe("");
    expect(v.apparaitre_resultats).toBe(false);
    fd.set("apparaitre_resultats", "on");
    expect(formValues(fd).apparaitre_resultats).toBe(true);
  });
});

describe("the waiting list's submit (issue 20): only a full format whose list is on", () => {
  const list = (over: Partial<(typeof formats)[number]>) => [{ ...formats[2], ...over }];
  it.each<[string, Partial<(typeof formats)[number]>, "register" | "waitlist", string | null]>([
    ["full, list on: join", { liste_attente_active: true, waiting: 0 }, "waitlist", null],
    [
      "full, list on: no direct registration",
      { liste_attente_active: true },
      "register",
      REGISTRATION_MSG.formatFullWaitlist("Enfants 1 km"),
    ],
    [
      "full, list off: no list",
      { liste_attente_active: false },
      "waitlist",
      REGISTRATION_MSG.waitlistClosed("Enfants 1 km"),
    ],
    ["full, list off: full", { liste_attente_active: false }, "register", "Le format Enfants 1 km est complet."],
    ["a place free, nobody waiting: register", { liste_attente_active: true, taken: 2, waiting: 0 }, "register", null],
    [
      "a place free, nobody waiting: no list",
      { liste_attente_active: true, taken: 2, waiting: 0 },
      "waitlist",
      REGISTRATION_MSG.waitlistOpen("Enfants 1 km"),
    ],
    [
      "a place free while runners wait: it is theirs",
      { liste_attente_active: true, taken: 2, waiting: 2 },
      "register",
      REGISTRATION_MSG.formatFullWaitlist("Enfants 1 km"),
    ],
    [
      "a place free while runners wait: join them",
      { liste_attente_active: true, taken: 2, waiting: 2 },
      "waitlist",
      null,
    ],
    [
      "runners wait on a list turned off: the place is free",
      { liste_attente_active: false, taken: 2, waiting: 2 },
      "register",
      null,
    ],
  ])("%s", (_, over, intent, error) => {
    const r = parseRegistration(values({ format_id: "f3", nombre_repas: "0" }), list(over), TODAY, intent);
    if (error === null) expect(r.ok).toBe(true);
    else expect(!r.ok && r.errors.format_id).toBe(error);
  });
  it("?format= opens a full format whose list can be joined, not one without a list", () => {
    expect(preselectFormat(list({ liste_attente_active: true }), "f3")).toBe("f3");
    expect(preselectFormat(list({ liste_attente_active: false }), "f3")).toBe("");
  });
});

describe("preselectFormat", () => {
  itMaps("?format=%s → %j", (wanted) => preselectFormat(formats, wanted), [
    ["f2", "f2"],
    ["f1", "f1"],
    ["f3", ""], // full: not preselected
    ["nope", ""],
    [null, ""],
  ]);
  it("the only open format is preselected", () => {
    expect(preselectFormat([formats[0], formats[2]], null)).toBe("f1");
  });
});

describe("error codes map to the spec's messages", () => {
  it.each([
    ["non_connecte", null, "Veuillez vous connecter pour effectuer le paiement."],
    ["format_manquant", null, "Veuillez sélectionner un format."],
    ["format_complet", "Trail 21 km", "Le format Trail 21 km est complet."],
    ["format_complet", null, "Ce format est complet."],
    ["enregistrement", null, "Erreur lors de l'enregistrement de l'inscription."],
    ["paiement", null, "Erreur lors de la création du paiement."],
    ["paiement_sans_url", null, "Erreur lors de la création du paiement (pas d'URL)."],
    ["relance_impossible", null, "Impossible de relancer le paiement."],
  ] as const)("%s (%s)", (code, name, message) => {
    expect(registrationErrorMessage(code, name)).toBe(message);
    expect(new RegistrationError(code, name).message).toBe(message);
  });
});
