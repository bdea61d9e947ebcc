import { describe, expect, it } from "vitest";
import { itMaps, itMapsEqual } from "../../tests/support/cases";
import { EXPORT_COLUMNS } from "./csv";
import {
  escapeLike,
  exportLine,
  MSG,
  pageInfo,
  parseBibStart,
  parseField,
  parseStatutFilter,
  planBibs,
  statutLabel,
  type ExportRow,
} from "./registrants";
import { AddRunnerSchema, exceedsCapacity, validateNewRunner } from "./add-runner";
import { PPS_EXPIRATION_INVALID, ppsExpiryIssue } from "./justificatif";

const TODAY = "2026-11-21";
const ctx = { stockRepas: 3, today: "2026-11-21" };

it("the PPS rule's messages are French and name the day", () => {
  expect(ppsExpiryIssue("2026-11-20", ctx)!.message).toBe(
    "Votre PPS a expiré le 20\u00a0novembre\u00a02026\u00a0: renouvelez-le sur le site de la FFA.",
  );
});

describe("parseField", () => {
  it.each([
    ["nom", "  Dupont ", { ok: true, value: "Dupont" }],
    ["nom", "   ", { ok: false, error: MSG.nameRequired }],
    ["prenom", "", { ok: false, error: MSG.nameRequired }],
    ["email", "", { ok: true, value: null }],
    ["email", " Jean@Exemple.FR ", { ok: true, value: "jean@exemple.fr" }],
    ["email", "jean@exemple", { ok: false, error: MSG.emailInvalid }],
    ["email", "jean exemple@x.fr", { ok: false, error: MSG.emailInvalid }],
    ["dossard", "", { ok: true, value: null }],
    ["dossard", " 42 ", { ok: true, value: 42 }],
    ["dossard", "0", { ok: false, error: MSG.bibInvalid }],
    ["dossard", "-3", { ok: false, error: MSG.bibInvalid }],
    ["dossard", "4.5", { ok: false, error: MSG.bibInvalid }],
    ["dossard", "1000000", { ok: false, error: MSG.bibInvalid }],
    ["nombre_repas", "", { ok: true, value: 0 }],
    ["nombre_repas", "3", { ok: true, value: 3 }],
    ["nombre_repas", "4", { ok: false, error: MSG.mealsInvalid(3) }],
    ["nombre_repas", "-1", { ok: false, error: MSG.mealsInvalid(3) }],
    ["statut", "validé", { ok: true, value: "validee" }],
    ["statut", "en_attente", { ok: true, value: "en_attente" }],
    ["statut", "annulée", { ok: true, value: "annulee" }],
    ["statut", "remboursee_totalement", { ok: false, error: MSG.statutInvalid }],
    ["statut", "payé", { ok: false, error: MSG.statutInvalid }],
    ["date_naissance", "2001-02-28", { ok: true, value: "2001-02-28" }],
    ["date_naissance", "2001-02-30", { ok: false, error: MSG.dateInvalid }],
    ["date_naissance", "28/02/2001", { ok: false, error: MSG.dateInvalid }],
    ["date_naissance", "2026-11-22", { ok: false, error: "La date de naissance ne peut pas être dans le futur." }],
    ["date_naissance", "", { ok: true, value: null }],
    ["genre", "Autre", { ok: true, value: "Autre" }],
    ["genre", "X", { ok: false, error: "Veuillez choisir le genre." }],
    ["nationalite", "Martienne", { ok: false, error: "Veuillez choisir la nationalité." }],
    ["telephone", "12", { ok: false, error: "Numéro de téléphone invalide." }],
    ["code_postal", "690", { ok: false, error: "Code postal invalide (5 chiffres en France)." }],
    ["justificatif_type", "PPS", { ok: true, value: "pps" }],
    ["justificatif_type", "certificat", { ok: false, error: MSG.justificatifInvalid }],
    ["apparaitre_resultats", "true", { ok: true, value: true }],
    ["apparaitre_resultats", "false", { ok: true, value: false }],
    ["club", "  ", { ok: true, value: null }],
    ["club", "x".repeat(201), { ok: false, error: MSG.tooLong }],
    // The PPS's end of validity: the runner's rule (ppsExpiryIssue), today 2026-11-21.
    ["pps_expiration", "2026-11-21", { ok: true, value: "2026-11-21" }],
    ["pps_expiration", "2027-06-30", { ok: true, value: "2027-06-30" }],
    ["pps_expiration", "", { ok: true, value: null }],
    ["pps_expiration", "2026-11-20", { ok: false, error: ppsExpiryIssue("2026-11-20", ctx)!.message }],
    ["pps_expiration", "2025-01-01", { ok: false, error: ppsExpiryIssue("2025-01-01", ctx)!.message }],
    ["pps_expiration", "2028-01-01", { ok: false, error: ppsExpiryIssue("2028-01-01", ctx)!.message }],
    ["pps_expiration", "2026-02-30", { ok: false, error: PPS_EXPIRATION_INVALID }],
  ] as const)("%s %j", (field, raw, expected) => {
    expect(parseField(field, raw, ctx)).toEqual(expected);
  });

  it("keeps a refund status that is already the registration's", () => {
    expect(
      parseField("statut", "remboursee_totalement", {
        stockRepas: 0,
        currentStatut: "remboursee_totalement",
        today: "2026-11-21",
      }),
    ).toEqual({ ok: true, value: "remboursee_totalement" });
  });
  it("a format without meals accepts only 0", () => {
    expect(parseField("nombre_repas", "1", { stockRepas: 0, today: "2026-11-21" })).toEqual({
      ok: false,
      error: "Ce format ne propose pas de repas\u00a0: 0 repas.",
    });
  });
});

describe("statuses of the list", () => {
  itMaps("filter %j -> %j", parseStatutFilter, [
    ["validee", "validee"],
    ["validé", "validee"],
    ["en attente", "en_attente"],
    ["remboursee_totalement", null],
    ["", null],
    [null, null],
    ["n'importe quoi", null],
  ]);
  it("labels as the spec spells them in the list", () => {
    expect(statutLabel("validee")).toBe("validé");
    expect(statutLabel("en_attente")).toBe("en attente");
    expect(statutLabel("remboursee_partiellement")).toBe("Remboursée partiellement");
  });
});

describe("pageInfo", () => {
  it.each([
    [null, 0, { page: 1, pages: 1, offset: 0 }],
    ["1", 50, { page: 1, pages: 1, offset: 0 }],
    ["2", 50, { page: 1, pages: 1, offset: 0 }],
    ["2", 51, { page: 2, pages: 2, offset: 50 }],
    ["3", 120, { page: 3, pages: 3, offset: 100 }],
    ["99", 120, { page: 3, pages: 3, offset: 100 }],
    ["0", 120, { page: 1, pages: 3, offset: 0 }],
    ["-4", 120, { page: 1, pages: 3, offset: 0 }],
    ["abc", 120, { page: 1, pages: 3, offset: 0 }],
  ])("page %j of %i rows", (req, total, expected) => expect(pageInfo(req, total)).toEqual(expected));
});

describe("escapeLike", () => {
  it("escapes wildcards and the escape character", () => {
    expect(escapeLike("50%_a\\b")).toBe("50\\%\\_a\\\\b");
  });
});

describe("validateNewRunner", () => {
  const format = { stockRepas: 2, prixCents: 2500, prixRepasCents: 1200 };
  const input = (over: Record<string, string>) => AddRunnerSchema.parse({ nom: "Martin", prenom: "Zoé", ...over });

  it("builds the row: meal total, runner total, empty bib null, licence kept for a licence only", () => {
    const r = validateNewRunner(
      input({
        nombre_repas: "2",
        dossard: "",
        justificatif_type: "licence",
        numero_licence: "123 4567",
        pps_identifier: "P9F28C586EB",
        apparaitre_resultats: "on",
      }),
      format,
      TODAY,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.runner).toMatchObject({
      nom: "Martin",
      prenom: "Zoé",
      statut: "validee",
      dossard: null,
      nombre_repas: 2,
      prix_total_repas_cents: 2400,
      prix_total_coureur_cents: 4900,
      numero_licence: "1234567",
      pps_identifier: null,
      apparaitre_resultats: true,
      overrideCapacity: false,
    });
  });
  it("a PPS keeps its id and drops a licence number", () => {
    const r = validateNewRunner(
      input({ justificatif_type: "pps", numero_licence: "1234567", pps_identifier: "P9F28C586EB" }),
      format,
      TODAY,
    );
    expect(r.ok && [r.runner.numero_licence, r.runner.pps_identifier]).toEqual([null, "P9F28C586EB"]);
  });
  it("requires nom and prénom with the spec's message, and checks the e-mail", () => {
    const r = validateNewRunner(AddRunnerSchema.parse({ nom: "", prenom: " ", email: "pas-un-email" }), format, TODAY);
    expect(r).toEqual({
      ok: false,
      errors: { nom: MSG.nameRequired, prenom: MSG.nameRequired, email: MSG.emailInvalid },
    });
  });
  it("refuses more meals than the stock, an unknown status and a bad bib", () => {
    const r = validateNewRunner(input({ nombre_repas: "3", statut: "annulee", dossard: "abc" }), format, TODAY);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(["dossard", "nombre_repas", "statut"]);
  });
  it("refuses a birth date in the future, as registration and the self-edit do", () => {
    const r = validateNewRunner(input({ date_naissance: "2027-01-01" }), format, TODAY);
    expect(r).toEqual({
      ok: false,
      errors: { date_naissance: "La date de naissance ne peut pas être dans le futur." },
    });
  });
  it("reads the override checkbox", () => {
    const r = validateNewRunner(input({ depasser_capacite: "on", statut: "en attente" }), format, TODAY);
    expect(r.ok && [r.runner.overrideCapacity, r.runner.statut]).toEqual([true, "en_attente"]);
  });
});

describe("exceedsCapacity", () => {
  it.each([
    ["validee", 3, 3, true],
    ["validee", 3, 2, false],
    ["en_attente", 3, 5, true],
    ["refusee", 3, 3, false],
    ["validee", null, 9999, false],
  ] as const)("%s max %j taken %i -> %j", (s, max, taken, expected) =>
    expect(exceedsCapacity(s, max, taken)).toBe(expected),
  );
});

describe("bibs", () => {
  it("counts up from the start, skipping numbers in use", () => {
    expect(planBibs(["a", "b", "c", "d"], [101, 103, 7], 100)).toEqual([
      { id: "a", dossard: 100 },
      { id: "b", dossard: 102 },
      { id: "c", dossard: 104 },
      { id: "d", dossard: 105 },
    ]);
  });
  it("nobody to number: nothing", () => expect(planBibs([], [1], 1)).toEqual([]));
  it("stops at the maximum bib", () => {
    expect(planBibs(["a", "b"], [999_999], 999_998)).toEqual([{ id: "a", dossard: 999_998 }]);
  });
  itMapsEqual("start %j", parseBibStart, [
    ["1", { ok: true, value: 1 }],
    [" 250 ", { ok: true, value: 250 }],
    ["0", { ok: false, error: MSG.startInvalid }],
    ["", { ok: false, error: MSG.startInvalid }],
    ["1e3", { ok: false, error: MSG.startInvalid }],
  ]);
});

describe("exportLine", () => {
  const row = {
    nom: "=cmd",
    prenom: "Léo",
    genre: "Homme",
    date_naissance: "2015-03-09",
    nationalite: "Française",
    email: "leo@x.fr",
    telephone: "+33 6 00 00 00 00",
    adresse: '1 rue A; bât. "B"',
    code_postal: "35000",
    ville: "Rennes",
    pays: "France",
    club: null,
    dossard: 12,
    nombre_repas: 0,
    statut: "validee",
    created_at: "2026-07-01T10:05:00.000Z",
    adresse_complement: null,
    justificatif_type: null,
    numero_licence: null,
    pps_identifier: null,
    contact_urgence_nom: null,
    contact_urgence_telephone: null,
    apparaitre_resultats: 1,
    code_promo: "NOEL",
    remise_euros: 750,
  } as unknown as ExportRow;
  it("formats the default columns exactly", () => {
    expect(exportLine(row, EXPORT_COLUMNS)).toBe(
      '\'=cmd;Léo;Homme;09/03/2015;Française;leo@x.fr;+33 6 00 00 00 00;"1 rue A; bât. ""B""";35000;Rennes;France;;12;0;validé;01/07/2026 12:05;NOEL;7,50\r\n',
    );
  });
  it("writes the chosen columns only", () => {
    expect(exportLine(row, ["prenom", "apparaitre_resultats", "dossard"])).toBe("Léo;Oui;12\r\n");
  });
});
