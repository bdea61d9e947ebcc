// What the payment provider still asks an organiser for (its "requirements due" codes, such as
// `individual.dob.day` or `person_1AbC.verification.document`), in French. Pure.
//
// A code is matched exactly first, then by its first segment, so that every code the provider may add still reads
// as French; a code nothing matches reads as a generic French line, never as the code itself. A person's codes
// (`person_<id>.…`) are read like the account holder's. Several codes may give one label (day, month and year of
// birth): the list shows each label once, in the order of its first code.

const EXACT: Record<string, string> = {
  external_account: "Coordonnées bancaires (IBAN)",
  business_type: "Type d'organisation (association, entreprise…)",
  "business_profile.url": "Site web de l'organisation",
  "business_profile.mcc": "Secteur d'activité",
  "business_profile.product_description": "Description de l'activité",
  "business_profile.name": "Nom de l'organisation",
  "company.tax_id": "Numéro d'identification fiscale (SIREN)",
  "company.name": "Nom de l'organisation",
  "tos_acceptance.date": "Acceptation des conditions du prestataire",
  "tos_acceptance.ip": "Acceptation des conditions du prestataire",
};

/** Fields of a person (the account holder, its representative, a director, a person_<id>). */
const PERSON_FIELDS: Array<[RegExp, string]> = [
  [/^(first_name|last_name|first_name_kana|last_name_kana|first_name_kanji|last_name_kanji)$/, "Nom et prénom"],
  [/^dob\./, "Date de naissance"],
  [/^address\./, "Adresse"],
  [/^email$/, "Adresse e-mail"],
  [/^phone$/, "Numéro de téléphone"],
  [/^(id_number|ssn_last_4)$/, "Numéro d'identification"],
  [/^verification\.additional_document/, "Justificatif de domicile"],
  [/^verification\./, "Pièce d'identité"],
  [/^relationship\./, "Rôle dans l'organisation"],
];

const PEOPLE: Array<[RegExp, string]> = [
  [/^individual$/, ""],
  [/^representative$/, " du représentant"],
  [/^(owners|directors|executives)$/, " d'un dirigeant"],
  [/^person_[A-Za-z0-9]+$/, " d'une personne liée au compte"],
];

const BY_FIRST_SEGMENT: Record<string, string> = {
  external_account: "Coordonnées bancaires (IBAN)",
  business_profile: "Profil de l'organisation",
  company: "Informations sur l'organisation",
  tos_acceptance: "Acceptation des conditions du prestataire",
  owners: "Informations sur les dirigeants",
  directors: "Informations sur les dirigeants",
  executives: "Informations sur les dirigeants",
  representative: "Informations sur le représentant",
  individual: "Informations sur le responsable du compte",
};

/** Any other code: still French, still telling the organiser where to go. */
export const OTHER_REQUIREMENT = "Autre information demandée par le prestataire de paiement";

/** One code in French. */
export function requirementLabel(code: string): string {
  const exact = EXACT[code];
  if (exact) return exact;
  const dot = code.indexOf(".");
  const head = dot < 0 ? code : code.slice(0, dot);
  const rest = dot < 0 ? "" : code.slice(dot + 1);
  const who = PEOPLE.find(([re]) => re.test(head));
  if (who && rest) {
    const field = PERSON_FIELDS.find(([re]) => re.test(rest));
    if (field) return `${field[1]}${who[1]}`;
  }
  if (BY_FIRST_SEGMENT[head]) return BY_FIRST_SEGMENT[head];
  if (/^person_[A-Za-z0-9]+$/.test(head)) return "Informations sur une personne liée au compte";
  return OTHER_REQUIREMENT;
}

/** The codes in French, each label once, in the order of its first code. */
export function requirementLabels(codes: readonly string[]): string[] {
  return [...new Set(codes.map(requirementLabel))];
}
