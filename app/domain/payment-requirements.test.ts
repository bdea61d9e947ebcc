import { describe, expect, it } from "vitest";
import { itMaps, itMapsEqual } from "../../tests/support/cases";
import { OTHER_REQUIREMENT, requirementLabel, requirementLabels } from "./payment-requirements";

describe("requirementLabel", () => {
  itMaps("%s → %s", requirementLabel, [
    ["external_account", "Coordonnées bancaires (IBAN)"],
    ["business_type", "Type d'organisation (association, entreprise…)"],
    ["business_profile.url", "Site web de l'organisation"],
    ["business_profile.support_phone", "Profil de l'organisation"],
    ["individual.first_name", "Nom et prénom"],
    ["individual.last_name", "Nom et prénom"],
    ["individual.dob.month", "Date de naissance"],
    ["individual.address.postal_code", "Adresse"],
    ["individual.email", "Adresse e-mail"],
    ["individual.phone", "Numéro de téléphone"],
    ["individual.id_number", "Numéro d'identification"],
    ["individual.verification.document", "Pièce d'identité"],
    ["individual.verification.additional_document", "Justificatif de domicile"],
    ["individual.political_exposure", "Informations sur le responsable du compte"],
    ["representative.dob.year", "Date de naissance du représentant"],
    ["representative.verification.document", "Pièce d'identité du représentant"],
    ["directors.first_name", "Nom et prénom d'un dirigeant"],
    ["person_1AbCdEf.address.city", "Adresse d'une personne liée au compte"],
    ["person_1AbCdEf.nationality", "Informations sur une personne liée au compte"],
    ["company.tax_id", "Numéro d'identification fiscale (SIREN)"],
    ["company.address.line1", "Informations sur l'organisation"],
    ["tos_acceptance.ip", "Acceptation des conditions du prestataire"],
    ["settings.payments.statement_descriptor", OTHER_REQUIREMENT],
    ["", OTHER_REQUIREMENT],
  ]);

  it("never shows a code as it is", () => {
    for (const code of ["individual.dob.day", "person_9z.relationship.title", "foo.bar", "external_account"])
      expect(requirementLabel(code)).not.toContain(code);
  });
});

describe("requirementLabels", () => {
  itMapsEqual("%j → %j", requirementLabels, [
    [[], []],
    [["individual.dob.day", "individual.dob.month", "individual.dob.year"], ["Date de naissance"]],
    [
      ["tos_acceptance.date", "external_account", "tos_acceptance.ip", "individual.first_name"],
      ["Acceptation des conditions du prestataire", "Coordonnées bancaires (IBAN)", "Nom et prénom"],
    ],
  ]);
});
