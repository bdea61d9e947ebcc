// « Mes données » (issue 45, docs/decisions/0219-personal-data-export.md): what the export of a person's data holds.
// Every table of the database with a column naming a person is either exported (one JSON and one CSV file in the
// ZIP, with the columns it leaves out: secrets) or excluded with its reason; a workerd test reads the real schema and
// fails when a new table holding a person's id is in neither list. The request's rules (one pending at a time, one
// per 24 hours, a ZIP kept 7 days) are here too. Pure: no I/O, no clock.
import { DomainError } from "./errors";
import { retentionRule } from "./retention";

/** A table exported: the category the README puts it in, what it holds, the columns left out (secrets, hashes). */
export interface ExportedTable {
  categorie: string;
  contenu: string;
  omit?: readonly string[];
}

const table = (categorie: string, contenu: string, omit?: readonly string[]): ExportedTable =>
  omit ? { categorie, contenu, omit } : { categorie, contenu };

/** The tables the ZIP holds (one `donnees/<table>.json` and `donnees/<table>.csv` each), in the README's order. */
export const EXPORTED_TABLES = {
  users: table("Compte", "votre compte (adresse, confirmation, création)", ["password_hash"]),
  sessions: table("Compte", "vos sessions ouvertes (appareil, dates)", ["id"]),
  profils_utilisateurs: table("Profil", "votre profil et votre profil organisateur"),
  profils_coureurs: table("Profil", "votre profil coureur"),
  admins: table("Compte", "votre rôle d'administrateur, s'il y a lieu"),
  inscriptions: table("Inscriptions", "vos inscriptions", [
    "checkout_claim",
    "checkout_claim_at",
    "identite",
    "nom_recherche",
    "prenom_recherche",
    "email_recherche",
  ]),
  inscriptions_historique: table("Inscriptions", "l'historique des statuts de vos inscriptions"),
  annulations: table("Paiements", "vos annulations et leur remboursement calculé"),
  paiements: table("Paiements", "vos paiements"),
  remboursements: table("Paiements", "vos remboursements"),
  retraits_dossards: table("Inscriptions", "le retrait de vos dossards"),
  resultats: table("Inscriptions", "vos résultats publiés"),
  liste_attente: table("Listes d'attente", "vos places en liste d'attente"),
  cessions: table("Transferts", "les transferts de dossard que vous avez proposés ou reçus", ["token_hash"]),
  chat_messages: table("Messages", "vos messages dans les discussions des épreuves"),
  justificatif_documents: table("Justificatifs", "vos justificatifs déposés (fichiers dans justificatifs/)"),
  mail_outbox: table("E-mails", "les e-mails que Balise vous a envoyés"),
  courses: table("Organisation", "les épreuves que vous organisez"),
  fichiers: table("Organisation", "les fichiers que vous avez déposés pour vos épreuves"),
  equipe_membres: table("Organisation", "les équipes d'organisation dont vous êtes membre"),
  equipe_invitations: table("Organisation", "les invitations de co-organisateur envoyées ou reçues", ["token_hash"]),
  demandes_acompte: table("Organisation", "vos demandes d'acompte"),
  compensations: table("Organisation", "les compensations entre vos paiements d'organisateur"),
  journal_actions: table("Organisation", "vos actions d'organisateur ou d'administrateur"),
  exports_donnees: table("Compte", "vos demandes d'export de données"),
  abonnements: table("Compte", "votre abonnement Premium (état, montant, fin de période)"),
  plans_entrainement: table("Entraînement", "votre plan d'entraînement (course, objectif, paramètres)", [
    "jeton_calendrier",
  ]),
  seances_plan: table("Entraînement", "les séances de votre plan d'entraînement"),
  activites: table("Premium", "vos activités importées ou synchronisées (résumés)"),
  connexions_activite: table(
    "Premium",
    "vos liaisons à un service de suivi sportif (Strava : identifiant d'athlète, date, autorisations)",
    ["access_token", "refresh_token"],
  ),
} satisfies Record<string, ExportedTable>;

export type ExportedTableName = keyof typeof EXPORTED_TABLES;

/** Tables with a column naming a person that the export leaves out, and why. */
export const EXCLUDED_TABLES: Record<string, string> = {
  auth_tokens: "jetons à usage unique (confirmation, mot de passe) : des secrets, sans intérêt pour vous",
  login_attempts: "tentatives de connexion gardées 24 heures pour la sécurité du compte",
  brouillons_formulaires: "brouillons de formulaire gardés quelques heures",
  transferts: "virements de la plateforme vers les organisateurs : l'identifiant est celui de l'administrateur",
  repas_sur_place: "repas payés sur place enregistrés par un organisateur : l'identifiant est le sien",
  codes_promo: "codes promo d'un organisateur (les adresses saisies sont celles de ses coureurs)",
  resultats_formats: "publication des résultats d'un format : l'identifiant est celui de l'organisateur",
  abonnements_checkouts: "la dernière page de paiement Premium ouverte : un identifiant technique du prestataire",
};

/** The consents and choices the person gave, with their dates, as the `consentements` files list them. */
export interface ConsentRow {
  consentement: string;
  valeur: string;
  date: string;
}

export interface ConsentSource {
  email_confirmed_at: string | null;
  conditions_acceptees: boolean | number | null;
  conditions_acceptees_at: string | null;
  conditions_version: string | null;
  apparaitre_resultats: boolean | number | null;
  profil_updated_at: string | null;
}

export function consentRows(s: ConsentSource): ConsentRow[] {
  return [
    {
      consentement: "Adresse e-mail confirmée",
      valeur: s.email_confirmed_at ? "oui" : "non",
      date: s.email_confirmed_at ?? "",
    },
    {
      consentement: `Conditions des organisateurs acceptées${s.conditions_version ? ` (version ${s.conditions_version})` : ""}`,
      valeur: s.conditions_acceptees ? "oui" : "non",
      date: s.conditions_acceptees_at ?? "",
    },
    {
      consentement: "Apparaître dans les résultats publiés (profil coureur)",
      valeur: s.apparaitre_resultats === null ? "non renseigné" : s.apparaitre_resultats ? "oui" : "non",
      date: s.profil_updated_at ?? "",
    },
  ];
}

// ---------------------------------------------------------------- requests

/** How long a ZIP stays downloadable (the retention rule 'exports_donnees' reads it). */
export const EXPORT_VALID_DAYS = retentionRule("exports_donnees").days;
/** One request per 24 hours. */
export const EXPORT_REQUEST_INTERVAL_MS = 24 * 3_600_000;
const DAY_MS = 86_400_000;

export type ExportStatus = "pending" | "ready" | "expired";

export interface ExportRequestRow {
  id: string;
  status: string;
  requested_at: string;
  ready_at: string | null;
  expires_at: string | null;
  size: number | null;
}

/** Whether a new request is taken, given the account's latest one: 'pending' and 'too_soon' say why not. */
export function requestDecision(latest: ExportRequestRow | null, now: Date): "ok" | "pending" | "too_soon" {
  if (!latest) return "ok";
  if (latest.status === "pending") return "pending";
  return now.getTime() - Date.parse(latest.requested_at) < EXPORT_REQUEST_INTERVAL_MS ? "too_soon" : "ok";
}

/** When the next request may be made (ISO), given the latest one. */
export function nextRequestAt(latest: Pick<ExportRequestRow, "requested_at">): string {
  return new Date(Date.parse(latest.requested_at) + EXPORT_REQUEST_INTERVAL_MS).toISOString();
}

/** When a ZIP made at `readyAt` stops being downloadable. */
export function exportExpiresAt(readyAt: Date): string {
  return new Date(readyAt.getTime() + EXPORT_VALID_DAYS * DAY_MS).toISOString();
}

/** Whether the ZIP may be downloaded at `now`. */
export function isDownloadable(row: Pick<ExportRequestRow, "status" | "expires_at">, now: Date): boolean {
  return row.status === "ready" && row.expires_at !== null && now.toISOString() < row.expires_at;
}

/** The private R2 key of a ZIP (never under the public /fichiers prefix). */
export const exportKey = (userId: string, exportId: string) => `exports/${userId}/${exportId}.zip`;

/** What the page says after a request (the redirect's `demande` parameter). */
export const REQUEST_OUTCOME_MESSAGES = {
  ok: "Votre demande est enregistrée. Vous recevrez un e-mail avec un lien de téléchargement dès que l'archive sera prête.",
  pending: "Une demande est déjà en cours de préparation : vous recevrez un e-mail dès qu'elle sera prête.",
  too_soon:
    "Vous avez déjà demandé un export il y a moins de 24 heures. Vous pourrez en demander un nouveau plus tard.",
} as const;

export type RequestOutcome = keyof typeof REQUEST_OUTCOME_MESSAGES;

export const isRequestOutcome = (v: string | null): v is RequestOutcome =>
  v !== null && Object.hasOwn(REQUEST_OUTCOME_MESSAGES, v);

/** A request's state as the page shows it. */
export function requestLabel(row: Pick<ExportRequestRow, "status" | "expires_at">, now: Date): string {
  if (row.status === "pending") return "En préparation";
  return isDownloadable(row, now) ? "Prête" : "Expirée";
}

/** A ZIP's size in French: '850\u00a0o', '12\u00a0ko', '3,4\u00a0Mo'. */
export function formatBytes(n: number | null): string {
  if (n === null) return "";
  if (n < 1000) return `${n}\u00a0o`;
  if (n < 1_000_000) return `${Math.round(n / 1000)}\u00a0ko`;
  return `${(n / 1_000_000).toLocaleString("fr-FR", { maximumFractionDigits: 1 })}\u00a0Mo`;
}

// ---------------------------------------------------------------- errors

export type DataExportErrorCode = "export_introuvable" | "export_expire";

const MESSAGES: Record<DataExportErrorCode, string> = {
  export_introuvable: "Cet export est introuvable.",
  export_expire: "Ce lien a expiré (7 jours). Demandez un nouvel export depuis « Mes données ».",
};

const STATUS: Record<DataExportErrorCode, number> = { export_introuvable: 404, export_expire: 410 };

export class DataExportError extends DomainError<DataExportErrorCode> {
  constructor(code: DataExportErrorCode) {
    super(code, STATUS[code], MESSAGES[code]);
  }
}

/** How the journal of actions names one export (no personal data: its short id). */
export function exportJournalName(id: string): string {
  return `Archive ${id.slice(0, 8)}`;
}
