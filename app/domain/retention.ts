// How long Balise keeps personal data (issue 45, docs/decisions/0218-retention-rules.md): one table of rules, each
// with its duration, what it counts from, what happens at the end and its legal basis. The cron applies them
// (app/services/retention.server.ts), the admin's page shows what the next run would do; the durations other
// modules use (justificatif documents, login attempts) are read from here.
import { addDaysTo } from "./french-dates";
import { parisDate } from "./refund";

export type RetentionRuleKey =
  | "justificatifs"
  | "inscriptions_sans_compte"
  | "comptes_non_confirmes"
  | "corps_courriels"
  | "tentatives_connexion"
  | "exports_donnees";

export interface RetentionRule {
  key: RetentionRuleKey;
  /** What is kept, in the admin's words. */
  donnees: string;
  /** How long, in French. */
  duree: string;
  /** What happens at the end. */
  fin: string;
  /** Why this long (GDPR article 5(1)(e) and the text or guidance that sets it). */
  base: string;
  /** The duration: days counted from the race day ('course') or from the row's creation ('creation'). */
  days: number;
  from: "course" | "creation";
}

const DAY_MS = 86_400_000;

/** The rules, in the order the cron applies them and the admin's page lists them. */
export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    key: "justificatifs",
    donnees: "Justificatifs déposés (licence, PPS) des inscriptions",
    duree: "90 jours après la course",
    fin: "Fichier supprimé du stockage ; l'inscription garde le type, le numéro et la décision.",
    base: "Donnée de santé (art. 9 RGPD) : gardée le temps du contrôle au retrait et des réclamations.",
    days: 90,
    from: "course",
  },
  {
    key: "inscriptions_sans_compte",
    donnees: "Données personnelles des inscriptions sans compte (ajoutées par l'organisateur)",
    duree: "3 ans après la course",
    fin: "Nom remplacé par « Coureur anonymisé », coordonnées, adresse, date de naissance et contacts effacés ; montants gardés.",
    base: "Recommandation CNIL : 3 ans après le dernier contact ; les pièces comptables restent (Code de commerce, art. L123-22).",
    days: 3 * 365,
    from: "course",
  },
  {
    key: "comptes_non_confirmes",
    donnees: "Comptes dont l'adresse e-mail n'a jamais été confirmée",
    duree: "30 jours après la création",
    fin: "Compte et profil supprimés (seulement s'ils n'ont ni inscription, ni épreuve, ni paiement).",
    base: "Minimisation (art. 5(1)(c) RGPD) : un compte inutilisable n'a pas de finalité.",
    days: 30,
    from: "creation",
  },
  {
    key: "corps_courriels",
    donnees: "Contenu des e-mails envoyés (file d'envoi)",
    duree: "90 jours après l'envoi",
    fin: "Texte et HTML effacés ; restent le destinataire, l'objet, la date et l'état d'envoi.",
    base: "Preuve d'envoi le temps des réclamations courantes ; le contenu n'a plus de finalité ensuite.",
    days: 90,
    from: "creation",
  },
  {
    key: "tentatives_connexion",
    donnees: "Tentatives de connexion (adresse e-mail et adresse IP)",
    duree: "24 heures",
    fin: "Supprimées.",
    base: "Sécurité (art. 32 RGPD) : le temps de limiter les essais ; bien en deçà des 12 mois admis pour les journaux.",
    days: 1,
    from: "creation",
  },
  {
    key: "exports_donnees",
    donnees: "Archives « Mes données » préparées à la demande d'une personne (fichiers ZIP)",
    duree: "7 jours après leur préparation",
    fin: "Fichier supprimé du stockage ; la demande reste (date, taille) dans l'historique du compte.",
    base: "Minimisation (art. 5(1)(c) RGPD) : une copie ne sert que le temps de la télécharger.",
    days: 7,
    from: "creation",
  },
];

export function retentionRule(key: RetentionRuleKey): RetentionRule {
  const rule = RETENTION_RULES.find((r) => r.key === key);
  if (!rule) throw new Error(`retention rule ${key}`);
  return rule;
}

/** For a rule counted from the race: the last race day (YYYY-MM-DD, Paris) whose data is past the rule on `today`. */
export function lastExpiredRaceDay(key: RetentionRuleKey, today: string): string {
  return addDaysTo(today, -retentionRule(key).days);
}

/** For a rule counted from creation: the instant (ISO) before which a row is past the rule at `now`. */
export function expiredBefore(key: RetentionRuleKey, now: Date): string {
  return new Date(now.getTime() - retentionRule(key).days * DAY_MS).toISOString();
}

/** The name an anonymised registration keeps, in the organiser's lists, exports and results. */
export const ANONYMISED_RUNNER_NAME = "Coureur anonymisé";

/** Each rule's cut-off at `now`: the last expired race day (Paris) or the instant before which rows are expired. */
export function retentionCutoffs(now: Date): Record<RetentionRuleKey, string> {
  const today = parisDate(now);
  return Object.fromEntries(
    RETENTION_RULES.map((r) => [
      r.key,
      r.from === "course" ? lastExpiredRaceDay(r.key, today) : expiredBefore(r.key, now),
    ]),
  ) as Record<RetentionRuleKey, string>;
}
