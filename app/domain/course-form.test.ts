import { describe, expect, it } from "vitest";
import { formDataOf, itMaps, itMapsEqual } from "../../tests/support/cases";
import {
  applyIntent,
  windowInputs,
  emptyCourseForm,
  emptyFormat,
  geoOrigin,
  needsGeocoding,
  parseCourseForm,
  parseIntent,
  readCourseForm,
  type CourseFormValues,
} from "./course-form";

function form(overrides: Partial<CourseFormValues> = {}, format: Record<string, string> = {}): CourseFormValues {
  const v = emptyCourseForm();
  return {
    ...v,
    nom: "Trail du Test",
    lieu: "Chamonix",
    code_postal: "74400",
    departement: "Haute-Savoie",
    ...overrides,
    formats: overrides.formats ?? [{ ...emptyFormat("k1"), ...format }],
  };
}

describe("parseCourseForm: required fields", () => {
  it.each([
    ["nom", "Le nom de l'épreuve est obligatoire."],
    ["lieu", "Le lieu est obligatoire."],
    ["code_postal", "Le code postal est obligatoire."],
    ["departement", "Le département est obligatoire."],
  ] as const)("empty %s -> %s", (field, message) => {
    const r = parseCourseForm(form({ [field]: "   " }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[field]).toBe(message);
  });

  it("refuses a postal code that is not 5 digits", () => {
    const r = parseCourseForm(form({ code_postal: "7440" }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.code_postal).toMatch(/Code postal invalide/);
  });

  it("needs at least one format", () => {
    const r = parseCourseForm(form({ formats: [] }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.formats).toBe("Ajoutez au moins un format.");
  });
});

describe("parseCourseForm: formats", () => {
  function parsedFormat(fields: Record<string, string>) {
    const r = parseCourseForm(form({}, fields));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.data.formats[0];
  }

  it("defaults: 'Format sans nom', trail, prices and meal stock 0, empty -> null", () => {
    const f = parsedFormat({ nom: "  ", type_epreuve: "", prix: "", stock_repas: "", prix_repas: "" });
    expect(f).toMatchObject({
      nom: "Format sans nom",
      type_epreuve: "trail",
      prix_cents: 0,
      stock_repas: 0,
      prix_repas_cents: 0,
      prix_total_inscription_cents: 0,
      distance_km: null,
      denivele_dplus: null,
      denivele_dmoins: null,
      date: null,
      heure_depart: null,
      nb_max_coureurs: null,
      age_minimum: null,
      adresse_depart: null,
      ravitaillements: null,
      image_url: null,
      gpx_url: null,
      reglement_pdf_url: null,
      id: null,
    });
  });

  itMaps("type %j -> %s", (raw) => parsedFormat({ type_epreuve: raw }).type_epreuve, [
    ["trail", "trail"],
    ["rando", "rando"],
    ["route", "route"],
    ["ultra", "trail"],
    ["", "trail"],
  ]);

  it("parses French decimals and integers", () => {
    const f = parsedFormat({
      distance_km: "12,5",
      denivele_dplus: "1 800",
      denivele_dmoins: "650",
      nb_max_coureurs: "300",
      age_minimum: "18",
    });
    expect(f).toMatchObject({
      distance_km: 12.5,
      denivele_dplus: 1800,
      denivele_dmoins: 650,
      nb_max_coureurs: 300,
      age_minimum: 18,
    });
  });

  it.each([
    // prix, stock, prix repas -> prix_cents, prix_repas_cents, total
    ["25", "100", "12,50", 2500, 1250, 3750],
    ["25", "0", "12,50", 2500, 1250, 2500], // kept as typed, not counted without meals
    ["25", "", "12,50", 2500, 1250, 2500],
    ["19,99", "5", "0,01", 1999, 1, 2000],
    ["", "10", "", 0, 0, 0],
  ])("prix %j, stock %j, repas %j -> %i, meal price %i, total %i", (prix, stock, repas, p, r, total) => {
    const f = parsedFormat({ prix, stock_repas: stock, prix_repas: repas });
    expect(f.prix_cents).toBe(p);
    expect(f.prix_repas_cents).toBe(r);
    expect(f.prix_total_inscription_cents).toBe(total);
  });

  it.each([
    ["distance_km", "douze", /Distance invalide/],
    ["denivele_dplus", "12,5", /D\+ invalide/],
    ["prix", "vingt euros", /Prix invalide/],
    ["prix_repas", "12,505", /Prix du repas invalide/],
    ["stock_repas", "-3", /Stock de repas invalide/],
    ["nb_max_coureurs", "beaucoup", /Nombre de places invalide/],
    ["age_minimum", "dix-huit", /Âge minimum invalide/],
    ["date", "31/02/2026", /Date invalide/],
    ["heure_depart", "25:00", /Heure invalide/],
  ])("%s = %j gets a French message beside the field", (field, raw, message) => {
    const r = parseCourseForm(form({ formats: [{ ...emptyFormat("a") }, { ...emptyFormat("b"), [field]: raw }] }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[`formats[1].${field}`]).toMatch(message);
  });

  it.each<[Record<string, string>, string | null, string | null]>([
    [{}, null, null],
    [{ ouverture_date: "12/01/2027", ouverture_heure: "10:00" }, "2027-01-12T09:00:00.000Z", null],
    [{ ouverture_date: "2027-06-01", ouverture_heure: "10h" }, "2027-06-01T08:00:00.000Z", null],
    [{ ouverture_date: "2027-01-12" }, "2027-01-11T23:00:00.000Z", null],
    [{ cloture_date: "2027-03-01" }, null, "2027-03-01T22:59:00.000Z"],
    [
      { ouverture_date: "2027-01-12", ouverture_heure: "10:00", cloture_date: "2027-03-01", cloture_heure: "20:00" },
      "2027-01-12T09:00:00.000Z",
      "2027-03-01T19:00:00.000Z",
    ],
  ])("registration window %j: Paris time stored as instants", (fields, ouverture, cloture) => {
    const f = parsedFormat(fields);
    expect([f.ouverture_inscriptions, f.cloture_inscriptions]).toEqual([ouverture, cloture]);
  });

  it.each<[Record<string, string>, string, RegExp]>([
    [{ ouverture_heure: "10:00" }, "ouverture_date", /Indiquez la date/],
    [{ ouverture_date: "2027-03-01", cloture_date: "2027-02-01" }, "cloture_date", /doit suivre leur ouverture/],
    [{ ouverture_date: "30/02/2027" }, "ouverture_date", /Date invalide/],
    [{ cloture_heure: "26:00", cloture_date: "2027-02-01" }, "cloture_heure", /Heure invalide/],
    [{ tirage_minutes: "10" }, "tirage_minutes", /indiquez la date d'ouverture/],
    [{ tirage_minutes: "10", ouverture_date: "2027-01-12" }, "tirage_minutes", /indiquez le nombre de places/],
    [{ tirage_minutes: "45", ouverture_date: "2027-01-12", nb_max_coureurs: "500" }, "tirage_minutes", /30 au plus/],
    [
      { tirage_minutes: "dix", ouverture_date: "2027-01-12", nb_max_coureurs: "500" },
      "tirage_minutes",
      /nombre entier/,
    ],
  ])("registration window %j: a French message beside %s", (fields, field, message) => {
    const r = parseCourseForm(form({}, fields));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[`formats[0].${field}`]).toMatch(message);
  });

  it.each<[Record<string, string>, string, RegExp]>([
    // A registration window ending after the race (decision 0196).
    [
      { date: "2027-06-12", heure_depart: "08:30", cloture_date: "2027-06-12", cloture_heure: "09:00" },
      "cloture_date",
      /au plus tard au départ de la course/,
    ],
    [
      { date: "2027-06-12", heure_depart: "08:30", cloture_date: "2027-06-13" },
      "cloture_date",
      /au plus tard au départ/,
    ],
    [{ date: "2027-06-12", cloture_date: "2027-06-14" }, "cloture_date", /au plus tard au départ/],
    // A bib-transfer fee above the place's price.
    [
      { prix: "20", cession_active: "oui", cession_frais: "20,01" },
      "cession_frais",
      /ne peuvent pas dépasser le prix de l'inscription \(20,00\u00a0€\)/,
    ],
    [{ prix: "", cession_frais: "1" }, "cession_frais", /ne peuvent pas dépasser/],
  ])("%j: a French message beside %s", (fields, field, message) => {
    const r = parseCourseForm(form({}, fields));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[`formats[0].${field}`]).toMatch(message);
  });

  it.each<Record<string, string>>([
    { date: "2027-06-12", heure_depart: "08:30", cloture_date: "2027-06-12", cloture_heure: "08:30" },
    { date: "2027-06-12", cloture_date: "2027-06-12" },
    { date: "2027-06-12", heure_depart: "08:30", cloture_date: "2027-06-11" },
    { cloture_date: "2027-06-11" },
    { prix: "20", cession_active: "oui", cession_frais: "20" },
    { prix: "20", cession_frais: "" },
  ])("%j is accepted", (fields) => {
    expect(parseCourseForm(form({}, fields)).ok).toBe(true);
  });

  it.each<[Record<string, string>, number]>([
    [{}, 0],
    [{ tirage_minutes: "" }, 0],
    [{ tirage_minutes: "0" }, 0],
    [{ tirage_minutes: "10", ouverture_date: "2027-01-12", ouverture_heure: "10:00", nb_max_coureurs: "500" }, 10],
  ])("draw at the opening %j → %i minutes", (fields, minutes) => {
    expect(parsedFormat(fields).tirage_minutes).toBe(minutes);
  });

  it("a stored instant comes back as the Paris date and time typed", () => {
    expect(windowInputs("2027-01-12T09:00:00.000Z")).toEqual({ date: "2027-01-12", time: "10:00" });
    expect(windowInputs("2027-07-01T06:30:00.000Z")).toEqual({ date: "2027-07-01", time: "08:30" });
    expect(windowInputs(null)).toEqual({ date: "", time: "" });
  });

  itMaps("date %j -> %s", (raw) => parsedFormat({ date: raw }).date, [
    ["14/06/2026", "2026-06-14"],
    ["2026-06-14", "2026-06-14"],
    ["1/6/2026", "2026-06-01"],
  ]);

  itMaps("time %j -> %s", (raw) => parsedFormat({ heure_depart: raw }).heure_depart, [
    ["09:30", "09:30"],
    ["9h30", "09:30"],
    ["7h", "07:00"],
  ]);

  it("keeps only our own file URLs", () => {
    expect(parsedFormat({ gpx_url: "/fichiers/gpx/abc.gpx" }).gpx_url).toBe("/fichiers/gpx/abc.gpx");
    expect(parsedFormat({ gpx_url: "javascript:alert(1)" }).gpx_url).toBeNull();
    expect(parsedFormat({ image_url: "https://evil.example/x.png" }).image_url).toBeNull();
    expect(parsedFormat({ image_url: "/fichiers/../secret" }).image_url).toBeNull();
  });
});

describe("coordinates", () => {
  it("parses typed coordinates with a comma", () => {
    const r = parseCourseForm(form({ lat: "45,92", lng: "-0,55" }));
    expect(r.ok && [r.data.lat, r.data.lng]).toEqual([45.92, -0.55]);
  });

  it("refuses an out-of-range latitude", () => {
    const r = parseCourseForm(form({ lat: "123", lng: "6" }));
    expect(!r.ok && r.errors.lat).toMatch(/Latitude invalide/);
  });

  it("geocodes when empty, or when the place changed but not the position", () => {
    const base = form({ lat: "45.9", lng: "6.8" });
    expect(needsGeocoding(form())).toBe(true);
    expect(needsGeocoding(base)).toBe(false);
    const origin = geoOrigin(base);
    expect(needsGeocoding({ ...base, geo_origin: origin })).toBe(false);
    expect(needsGeocoding({ ...base, geo_origin: origin, code_postal: "38250" })).toBe(true);
    expect(needsGeocoding({ ...base, geo_origin: origin, code_postal: "38250", lat: "45.07" })).toBe(false);
  });
});

describe("reading the form and its buttons", () => {
  it("reads format blocks in index order, keeping what was typed", () => {
    const fd = formDataOf([
      ["nom", "Trail"],
      ["formats[1].nom", "Second"],
      ["formats[1].prix", "12,5"],
      ["formats[0].nom", "Premier"],
      ["formats[0].key", "abc"],
      ["formats[0].bogus", "x"],
    ]);
    const v = readCourseForm(fd);
    expect(v.nom).toBe("Trail");
    expect(v.formats.map((f) => f.nom)).toEqual(["Premier", "Second"]);
    expect(v.formats[0].key).toBe("abc");
    expect(v.formats[1].prix).toBe("12,5");
    expect("bogus" in v.formats[0]).toBe(false);
  });

  itMapsEqual("intent %j", parseIntent, [
    ["save", { kind: "save" }],
    [null, { kind: "save" }],
    ["add-format", { kind: "add" }],
    ["duplicate-format:2", { kind: "duplicate", index: 2 }],
    ["ask-delete-format:0", { kind: "ask-delete", index: 0 }],
    ["delete-format:1", { kind: "delete", index: 1 }],
    ["n'importe quoi", { kind: "save" }],
  ]);

  it("adds, duplicates (without the id) and deletes format blocks", () => {
    const v = form({ formats: [{ ...emptyFormat("a"), id: "f1", nom: "Court", prix: "12,5" }] });
    const added = applyIntent(v, { kind: "add" });
    expect(added.formats).toHaveLength(2);
    expect(added.formats[1].nom).toBe("");
    const dup = applyIntent(v, { kind: "duplicate", index: 0 });
    expect(dup.formats[1]).toMatchObject({ nom: "Court (copie)", prix: "12,5", id: "" });
    expect(dup.formats[1].key).not.toBe("a");
    const asked = applyIntent(dup, { kind: "ask-delete", index: 1 });
    expect(asked.formats[1].confirmDelete).toBe(true);
    const deleted = applyIntent(asked, { kind: "delete", index: 0 });
    expect(deleted.formats.map((f) => f.nom)).toEqual(["Court (copie)"]);
    const last = applyIntent(deleted, { kind: "delete", index: 0 });
    expect(last.formats).toHaveLength(1);
    expect(last.formats[0].nom).toBe("");
  });
});
