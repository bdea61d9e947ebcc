import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { fieldErrors } from "./form-errors";
import {
  birthDateIssue,
  conditionsAccepted,
  CONDITIONS_VERSION,
  makeOrganiserProfileSchema,
  makeRunnerProfileSchema,
  makeSimpleProfileSchema,
  normaliseWebsite,
  PROFILE_MSG,
  runnerProfileCompleteness,
} from "./profile";
import { camille } from "./runner.fixtures";

const today = "2026-05-10";

describe("runner profile", () => {
  const schema = makeRunnerProfileSchema(today);
  /** Both numbers typed: the justificatif type chosen decides which one is kept. */
  const bothNumbers = { ...camille, numero_licence: "1234567", pps_identifier: "p9f2-8c58-6eb" };

  it("saves empty strings as null and keeps the licence number only for a licence", () => {
    const r = schema.parse({
      ...bothNumbers,
      justificatif_type: "licence",
      telephone: "",
      club: "  ",
      apparaitre_resultats: "on",
    });
    expect(r.email).toBe("coureur@balise.test");
    expect(r.telephone).toBeNull();
    expect(r.club).toBeNull();
    expect(r.numero_licence).toBe("1234567");
    expect(r.pps_identifier).toBeNull();
    expect(r.apparaitre_resultats).toBe(true);
  });

  it("keeps the PPS identifier only for a PPS", () => {
    const r = schema.parse({ ...bothNumbers, justificatif_type: "pps", pps_expiration: "2027-03-01" });
    expect(r.numero_licence).toBeNull();
    expect(r.pps_identifier).toBe("P9F28C586EB");
    expect(r.pps_expiration).toBe("2027-03-01");
    expect(r.apparaitre_resultats).toBe(false);
  });

  it("drops both numbers without a justificatif", () => {
    const r = schema.parse({ ...bothNumbers, justificatif_type: "" });
    expect(r.justificatif_type).toBeNull();
    expect(r.numero_licence).toBeNull();
    expect(r.pps_identifier).toBeNull();
  });

  it.each([
    [{ nom: " " }, "nom", PROFILE_MSG.nom],
    [{ prenom: "" }, "prenom", PROFILE_MSG.prenom],
    [{ genre: "Autre" }, "genre", PROFILE_MSG.genre],
    [{ date_naissance: "" }, "date_naissance", PROFILE_MSG.dateRequired],
    [{ date_naissance: "2001-02-30" }, "date_naissance", PROFILE_MSG.dateInvalid],
    [{ date_naissance: "2026-05-11" }, "date_naissance", PROFILE_MSG.dateFuture],
    [{ nationalite: "Martienne" }, "nationalite", PROFILE_MSG.nationalite],
    [{ email: "" }, "email", PROFILE_MSG.email],
    [{ email: "camille@" }, "email", PROFILE_MSG.emailInvalid],
    [{ telephone: "12" }, "telephone", PROFILE_MSG.telephone],
    [{ code_postal: "6900" }, "code_postal", PROFILE_MSG.codePostal],
    [{ pays: "Narnia" }, "pays", PROFILE_MSG.pays],
    [{ justificatif_type: "certificat" }, "justificatif_type", PROFILE_MSG.justificatif],
    [{ contact_urgence_telephone: "abc" }, "contact_urgence_telephone", PROFILE_MSG.telephone],
  ])("%o -> error on %s", (patch, field, message) => {
    const r = schema.safeParse({ ...camille, ...patch });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)[field]).toBe(message);
  });

  it("accepts a foreign postcode outside France", () => {
    expect(schema.safeParse({ ...camille, pays: "Belgique", code_postal: "1000" }).success).toBe(true);
    expect(schema.safeParse({ ...camille, pays: "Suisse", code_postal: "1204" }).success).toBe(true);
  });

  it("birth dates: today is fine, before 1900 is not", () => {
    expect(birthDateIssue(today, today)).toBeNull();
    expect(birthDateIssue("1899-12-31", today)).toBe(PROFILE_MSG.dateInvalid);
  });
});

describe("simple profile", () => {
  it("offers 'Autre' as a gender and requires the identity fields", () => {
    const schema = makeSimpleProfileSchema(today);
    expect(schema.safeParse({ ...camille, genre: "Autre" }).success).toBe(true);
    const r = schema.safeParse({});
    expect(Object.keys(fieldErrors(r.error!)).sort()).toEqual([
      "date_naissance",
      "email",
      "genre",
      "nationalite",
      "nom",
      "prenom",
    ]);
  });
});

describe("organiser profile", () => {
  it("requires ticking the conditions the first time", () => {
    const r = makeOrganiserProfileSchema(false).safeParse({ organisation_nom: "Club", site_web: "", telephone: "" });
    expect(fieldErrors(r.error!)).toEqual({ conditions: "Vous devez accepter les conditions pour continuer." });
    const ok = makeOrganiserProfileSchema(false).parse({
      organisation_nom: "Club",
      conditions: "on",
      site_web: "mon-club.fr",
    });
    expect(ok.conditions).toBe(true);
    expect(ok.site_web).toBe("https://mon-club.fr/");
  });
  it("no longer asks once accepted", () => {
    expect(makeOrganiserProfileSchema(true).safeParse({ organisation_nom: "Club" }).success).toBe(true);
  });
  itMaps("website %s -> %s", normaliseWebsite, [
    ["", null],
    ["https://club.fr/inscriptions", "https://club.fr/inscriptions"],
    ["www.club.fr", "https://www.club.fr/"],
    ["javascript:alert(1)", null],
    ["ftp://club.fr", null],
    ["club", null],
  ]);
  it("rejects a bad website with a message", () => {
    const r = makeOrganiserProfileSchema(true).safeParse({ organisation_nom: "Club", site_web: "javascript:alert(1)" });
    expect(fieldErrors(r.error!)).toEqual({ site_web: PROFILE_MSG.siteWeb });
  });
  it("conditions count only for the current version", () => {
    expect(conditionsAccepted({ conditions_acceptees: true, conditions_version: CONDITIONS_VERSION })).toBe(true);
    expect(conditionsAccepted({ conditions_acceptees: true, conditions_version: "2024-01-01" })).toBe(false);
    expect(conditionsAccepted({ conditions_acceptees: false, conditions_version: CONDITIONS_VERSION })).toBe(false);
    expect(conditionsAccepted(null)).toBe(false);
  });
});

describe("runner profile completeness (the runner's home)", () => {
  const full = {
    ...camille,
    justificatif_type: "licence",
    numero_licence: "123",
    pps_identifier: null,
    contact_urgence_nom: "Julien",
    contact_urgence_telephone: "0698765432",
  };
  it.each([
    [null, 0, 9],
    [full, 9, 0],
    [{ ...full, telephone: null }, 8, 1],
    [{ ...full, justificatif_type: "pps", numero_licence: "123" }, 8, 1], // a PPS needs its identifier
    [{ ...full, contact_urgence_telephone: "" }, 8, 1],
  ])("%#: %i of 9 done", (p, done, missing) => {
    const r = runnerProfileCompleteness(p);
    expect([r.done, r.total, r.missing.length]).toEqual([done, 9, missing]);
  });
  it("names what is missing, and a percentage", () => {
    const r = runnerProfileCompleteness({ ...full, telephone: null, ville: null });
    expect(r.missing).toEqual(["Téléphone", "Adresse (code postal et ville)"]);
    expect(r.percent).toBe(78);
  });
});
