// Where Balise holds data about a person (issue 45, decision 0218): every column that names an account or holds an
// e-mail or IP, with what a data export gives back and what the erasure of the account does to it. The 'Mes données'
// export and the account's erasure are built from this map; a workerd test reads the database's own schema and fails
// when a column naming a person is missing here (a new table must say how it answers a data request).

/** What the export of a person's data does with the rows this column points to them from. */
export type ExportTreatment = "exportee" | "non_exportee";
/** What the erasure of the account does to them. */
export type ErasureTreatment = "supprimee" | "anonymisee" | "conservee";

export interface PersonalColumn {
  table: string;
  column: string;
  export: ExportTreatment;
  erasure: ErasureTreatment;
  /** Why, in a few words (the legal basis when the data is kept). */
  why: string;
}

const BOOKS = "pièce comptable gardée 10 ans (Code de commerce L123-22), identifiant sans nom";
const HISTORY = "historique d'une inscription : identifiant pseudonyme, sans nom une fois le compte effacé";

/** The columns, by what the export and the erasure do with them: [table, its columns (space-separated), why]. */
const TREATMENTS: readonly {
  export: ExportTreatment;
  erasure: ErasureTreatment;
  columns: readonly (readonly [table: string, columns: string, why: string])[];
}[] = [
  {
    export: "exportee",
    erasure: "supprimee",
    columns: [
      ["users", "email", "le compte"],
      ["sessions", "user_id", "sessions ouvertes (appareil)"],
      ["mail_outbox", "to_email", "les e-mails envoyés à la personne"],
      ["profils_utilisateurs", "user_id email", "le profil"],
      ["profils_coureurs", "id email", "le profil coureur"],
      ["admins", "user_id", "le rôle d'administrateur"],
      ["justificatif_documents", "owner_id", "justificatifs (fichiers supprimés du stockage)"],
      ["liste_attente", "coureur_id", "listes d'attente (terminées : l'effacement est refusé sinon)"],
      ["liste_attente", "email", "listes d'attente"],
      ["equipe_invitations", "email invited_by accepted_by", "invitations de co-organisateur"],
      ["equipe_membres", "user_id", "équipes d'organisation"],
      ["abonnements", "user_id", "abonnement Premium (refusé tant qu'il n'a pas pris fin)"],
      ["plans_entrainement", "user_id", "plan d'entraînement Premium (par cascade)"],
      ["seances_plan", "user_id", "séances du plan d'entraînement (par cascade)"],
      ["activites", "user_id", "activités importées ou synchronisées (Premium)"],
      ["connexions_activite", "user_id", "liaison Strava (jetons chiffrés, jamais exportés)"],
      ["exports_donnees", "user_id", "demandes d'export « Mes données » (ZIP supprimé du stockage)"],
    ],
  },
  {
    export: "non_exportee",
    erasure: "supprimee",
    columns: [
      ["auth_tokens", "user_id", "secrets à usage unique, sans intérêt pour la personne"],
      ["login_attempts", "email ip", "gardées 24 h (règle de conservation)"],
      ["brouillons_formulaires", "compte_id", "brouillons de formulaire de quelques heures"],
      ["abonnements_checkouts", "user_id", "dernier paiement Premium ouvert : identifiant"],
    ],
  },
  {
    export: "exportee",
    erasure: "conservee",
    columns: [
      ["courses", "organisateur_id", "épreuves publiées : l'effacement est refusé tant qu'il y en a"],
      ["inscriptions", "last_actor_id", HISTORY],
      ["inscriptions_historique", "actor_id", HISTORY],
      ["annulations", "demandee_par acteur_id", BOOKS],
      ["fichiers", "owner_id", "images et GPX des épreuves, pas de donnée sur la personne"],
      ["paiements", "organisateur_id", BOOKS],
      ["compensations", "organisateur_id", BOOKS],
      ["demandes_acompte", "demande_par", BOOKS],
      ["cessions", "vendeur_id", "cession terminée : remboursement du vendeur, identifiant sans nom"],
      ["journal_actions", "acteur_id acteur_email", "journal des actions : responsabilité de l'organisateur"],
    ],
  },
  {
    export: "exportee",
    erasure: "anonymisee",
    columns: [
      ["inscriptions", "coureur_id", "les inscriptions ; montants gardés"],
      ["inscriptions", "email", "les inscriptions"],
      ["chat_messages", "user_id", "messages publiés : auteur anonyme"],
      ["cessions", "email", "cessions de dossard (adresse de l'acheteur)"],
    ],
  },
  {
    export: "non_exportee",
    erasure: "conservee",
    columns: [
      ["inscriptions", "justificatif_decision_par", "décision d'un organisateur : identifiant"],
      ["transferts", "created_by", BOOKS],
      ["repas_sur_place", "enregistre_par", BOOKS],
      ["demandes_acompte", "traite_par", BOOKS],
      ["codes_promo", "emails", "adresses saisies par l'organisateur pour réserver un code"],
      ["retraits_dossards", "par_utilisateur_id", "retrait d'un dossard : qui l'a remis"],
      ["retraits_dossards", "annule_par_utilisateur_id", "retrait d'un dossard : qui l'a annulé"],
      ["resultats_formats", "brouillon_par", "import de résultats : identifiant"],
      ["resultats_formats", "publie_par", "publication de résultats : identifiant"],
      ["codes_promo", "created_by", "identifiant de l'organisateur"],
    ],
  },
];

export const PERSONAL_COLUMNS: readonly PersonalColumn[] = TREATMENTS.flatMap((t) =>
  t.columns.flatMap(([table, columns, why]) =>
    columns.split(" ").map((column) => ({ table, column, export: t.export, erasure: t.erasure, why })),
  ),
);

/**
 * A column's name says it names a person: an account id (`user_id`, `coureur_id`, `..._by`, `..._par`, …), an
 * e-mail or an IP. With the foreign keys to `users`, what the completeness test looks for.
 */
export function namesAPerson(column: string): boolean {
  return (
    /^(user_id|owner_id|coureur_id|organisateur_id|vendeur_id|compte_id|acteur_id|actor_id|last_actor_id)$/.test(
      column,
    ) ||
    /(^|_)utilisateur_id$/.test(column) ||
    /(_by|(^|_)par)$/.test(column) ||
    (/email/.test(column) && !column.endsWith("_at")) ||
    column === "ip"
  );
}
