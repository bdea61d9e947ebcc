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

const c = (table: string, column: string, e: ExportTreatment, er: ErasureTreatment, why: string): PersonalColumn => ({
  table,
  column,
  export: e,
  erasure: er,
  why,
});

const BOOKS = "pièce comptable gardée 10 ans (Code de commerce L123-22), identifiant sans nom";
const HISTORY = "historique d'une inscription : identifiant pseudonyme, sans nom une fois le compte effacé";

export const PERSONAL_COLUMNS: readonly PersonalColumn[] = [
  c("users", "email", "exportee", "supprimee", "le compte"),
  c("sessions", "user_id", "exportee", "supprimee", "sessions ouvertes (appareil)"),
  c("auth_tokens", "user_id", "non_exportee", "supprimee", "secrets à usage unique, sans intérêt pour la personne"),
  c("login_attempts", "email", "non_exportee", "supprimee", "gardées 24 h (règle de conservation)"),
  c("login_attempts", "ip", "non_exportee", "supprimee", "gardées 24 h (règle de conservation)"),
  c("mail_outbox", "to_email", "exportee", "supprimee", "les e-mails envoyés à la personne"),
  c("profils_utilisateurs", "user_id", "exportee", "supprimee", "le profil"),
  c("profils_utilisateurs", "email", "exportee", "supprimee", "le profil"),
  c("profils_coureurs", "id", "exportee", "supprimee", "le profil coureur"),
  c("profils_coureurs", "email", "exportee", "supprimee", "le profil coureur"),
  c("admins", "user_id", "exportee", "supprimee", "le rôle d'administrateur"),
  c(
    "courses",
    "organisateur_id",
    "exportee",
    "conservee",
    "épreuves publiées : l'effacement est refusé tant qu'il y en a",
  ),
  c("inscriptions", "coureur_id", "exportee", "anonymisee", "les inscriptions ; montants gardés"),
  c("inscriptions", "email", "exportee", "anonymisee", "les inscriptions"),
  c(
    "inscriptions",
    "justificatif_decision_par",
    "non_exportee",
    "conservee",
    "décision d'un organisateur : identifiant",
  ),
  c("inscriptions", "last_actor_id", "exportee", "conservee", HISTORY),
  c("inscriptions_historique", "actor_id", "exportee", "conservee", HISTORY),
  c("annulations", "demandee_par", "exportee", "conservee", BOOKS),
  c("annulations", "acteur_id", "exportee", "conservee", BOOKS),
  c("chat_messages", "user_id", "exportee", "anonymisee", "messages publiés : auteur anonyme"),
  c("fichiers", "owner_id", "exportee", "conservee", "images et GPX des épreuves, pas de donnée sur la personne"),
  c("justificatif_documents", "owner_id", "exportee", "supprimee", "justificatifs (fichiers supprimés du stockage)"),
  c("paiements", "organisateur_id", "exportee", "conservee", BOOKS),
  c("compensations", "organisateur_id", "exportee", "conservee", BOOKS),
  c("transferts", "created_by", "non_exportee", "conservee", BOOKS),
  c("repas_sur_place", "enregistre_par", "non_exportee", "conservee", BOOKS),
  c("demandes_acompte", "demande_par", "exportee", "conservee", BOOKS),
  c("demandes_acompte", "traite_par", "non_exportee", "conservee", BOOKS),
  c(
    "liste_attente",
    "coureur_id",
    "exportee",
    "supprimee",
    "listes d'attente (terminées : l'effacement est refusé sinon)",
  ),
  c("liste_attente", "email", "exportee", "supprimee", "listes d'attente"),
  c(
    "cessions",
    "vendeur_id",
    "exportee",
    "conservee",
    "cession terminée : remboursement du vendeur, identifiant sans nom",
  ),
  c("cessions", "email", "exportee", "anonymisee", "cessions de dossard (adresse de l'acheteur)"),
  c("brouillons_formulaires", "compte_id", "non_exportee", "supprimee", "brouillons de formulaire de quelques heures"),
  c("journal_actions", "acteur_id", "exportee", "conservee", "journal des actions : responsabilité de l'organisateur"),
  c(
    "journal_actions",
    "acteur_email",
    "exportee",
    "conservee",
    "journal des actions : responsabilité de l'organisateur",
  ),
  c("equipe_invitations", "email", "exportee", "supprimee", "invitations de co-organisateur"),
  c("equipe_invitations", "invited_by", "exportee", "supprimee", "invitations de co-organisateur"),
  c("equipe_invitations", "accepted_by", "exportee", "supprimee", "invitations de co-organisateur"),
  c("equipe_membres", "user_id", "exportee", "supprimee", "équipes d'organisation"),
  c("codes_promo", "emails", "non_exportee", "conservee", "adresses saisies par l'organisateur pour réserver un code"),
  c("retraits_dossards", "par_utilisateur_id", "non_exportee", "conservee", "retrait d'un dossard : qui l'a remis"),
  c(
    "retraits_dossards",
    "annule_par_utilisateur_id",
    "non_exportee",
    "conservee",
    "retrait d'un dossard : qui l'a annulé",
  ),
  c("resultats_formats", "brouillon_par", "non_exportee", "conservee", "import de résultats : identifiant"),
  c("resultats_formats", "publie_par", "non_exportee", "conservee", "publication de résultats : identifiant"),
  c("codes_promo", "created_by", "non_exportee", "conservee", "identifiant de l'organisateur"),
  c("abonnements", "user_id", "exportee", "supprimee", "abonnement Premium (refusé tant qu'il n'a pas pris fin)"),
  c("abonnements_checkouts", "user_id", "non_exportee", "supprimee", "dernier paiement Premium ouvert : identifiant"),
  c("plans_entrainement", "user_id", "exportee", "supprimee", "plan d'entraînement Premium (par cascade)"),
  c("seances_plan", "user_id", "exportee", "supprimee", "séances du plan d'entraînement (par cascade)"),
  c("activites", "user_id", "exportee", "supprimee", "activités importées ou synchronisées (Premium)"),
  c("connexions_activite", "user_id", "exportee", "supprimee", "liaison Strava (jetons chiffrés, jamais exportés)"),
  c(
    "exports_donnees",
    "user_id",
    "exportee",
    "supprimee",
    "demandes d'export « Mes données » (ZIP supprimé du stockage)",
  ),
];

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
