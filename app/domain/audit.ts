// The journal of what organisers and admins do on an event (issue 43): the kinds of action with their French labels,
// what changed in an edit (before → after), the journal's filters and its CSV lines. Pure: no I/O, no clock.
import { z } from "zod";
import { codesOf, isOneOf, labelOf } from "./labels";

/** Every kind of action the journal records, with its label as the journal shows it. */
export const AUDIT_ACTIONS = {
  "course.modifiee": "Épreuve modifiée",
  "course.publiee": "Épreuve publiée",
  "course.depubliee": "Épreuve retirée du catalogue",
  "inscrit.modifie": "Inscrit modifié",
  "inscrit.ajoute": "Coureur ajouté à la main",
  "inscription.annulee": "Inscription annulée",
  "inscription.donnees_effacees": "Données personnelles effacées",
  "dossards.attribues": "Dossards attribués",
  "repas.sur_place": "Repas payés sur place ajoutés",
  "justificatif.decide": "Justificatif vérifié",
  "liste_attente.activee": "Liste d'attente activée",
  "liste_attente.desactivee": "Liste d'attente désactivée",
  "liste_attente.retrait": "Coureur retiré de la liste d'attente",
  "export.inscrits": "Export CSV des inscrits",
  "export.justificatifs": "Export CSV des justificatifs manquants",
  "export.liste_attente": "Export CSV de la liste d'attente",
  "export.admin_inscriptions": "Export CSV des inscriptions (admin)",
  "commission.modifiee": "Commission modifiée",
  "reversement.envoye": "Reversement envoyé à l'organisateur",
  "acompte.demande": "Acompte demandé",
  "acompte.verse": "Acompte versé",
  "acompte.refuse": "Demande d'acompte refusée",
  "equipe.invitation_envoyee": "Invitation d'un co-organisateur",
  "equipe.invitation_acceptee": "Invitation acceptée",
  "equipe.invitation_revoquee": "Invitation révoquée",
  "equipe.membre_retire": "Co-organisateur retiré",
  "equipe.membre_parti": "Co-organisateur parti de l'équipe",
  "code_promo.cree": "Code promo créé",
  "code_promo.desactive": "Code promo désactivé",
  "retrait.enregistre": "Dossard retiré",
  "retrait.annule": "Retrait du dossard annulé",
  "resultats.publies": "Résultats publiés",
  "resultats.corrige": "Résultat corrigé",
  "donnees.export_demande": "Copie de ses données demandée (Mes données)",
  "donnees.export_pret": "Copie de ses données prête, lien envoyé",
  "donnees.export_telecharge": "Copie de ses données téléchargée",
  "donnees.export_expire": "Copie de ses données supprimée (7 jours passés)",
  "compte.effacement_demande": "Effacement du compte demandé, lien envoyé",
  "compte.efface": "Compte effacé à la demande de la personne",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_CODES = codesOf(AUDIT_ACTIONS);

/**
 * Who acted: the event's owner, a co-organiser of its team (decision 0213), an admin, or the person exercising their
 * own data rights ('personne': « Mes données », the erasure of their account; issue 45).
 */
export type AuditRole = "organisateur" | "coorganisateur" | "admin" | "personne";

export const AUDIT_ROLE_LABELS: Record<AuditRole, string> = {
  organisateur: "Organisateur",
  coorganisateur: "Co-organisateur",
  admin: "Admin",
  personne: "Personne concernée",
};

/**
 * The actions a person does on their own data (issue 45). Their rows carry the account id and no e-mail: the journal
 * refuses updates and outlives the account, so a copied e-mail would survive the account's erasure.
 */
export const DATA_RIGHTS_ACTIONS = [
  "donnees.export_demande",
  "donnees.export_pret",
  "donnees.export_telecharge",
  "donnees.export_expire",
  "compte.effacement_demande",
  "compte.efface",
] as const satisfies readonly AuditAction[];

export type DataRightsAction = (typeof DATA_RIGHTS_ACTIONS)[number];

/** How the journal names who acted: their copied e-mail, or a short account id for a row recorded without one. */
export function actorName(id: string, email: string): string {
  return email !== "" ? email : `Compte ${id.slice(0, 8)}`;
}

/**
 * The role recorded for an action on an event: one done as its organiser by someone who is not its owner is a
 * co-organiser's (their own account, decision 0213); an admin's stays an admin's.
 */
export function teamRole(role: AuditRole, actorId: string, ownerId: string | null): AuditRole {
  return role === "organisateur" && ownerId !== null && ownerId !== actorId ? "coorganisateur" : role;
}

/** One field's change in an edit, as the journal shows it ('' for an empty value). */
export interface FieldChange {
  champ: string;
  avant: string;
  apres: string;
}

/** A value as the journal writes it: empty for null/undefined, 'oui'/'non' for booleans, else its text. */
export function auditText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "oui" : "non";
  return String(value);
}

/**
 * The fields `labels` names whose value differs between `before` and `after` (compared as the journal writes them),
 * in the order of `labels`, each under its label. A field absent from `after` did not change.
 */
export function fieldChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  labels: Record<string, string>,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [key, champ] of Object.entries(labels)) {
    if (!(key in after)) continue;
    const avant = auditText(before[key]);
    const apres = auditText(after[key]);
    if (avant !== apres) changes.push({ champ, avant, apres });
  }
  return changes;
}

/** One field's change as text ('Dossard\u00a0: 12 → 14'; an empty value is '—'). */
export function changeText(c: FieldChange): string {
  return `${c.champ}\u00a0: ${c.avant || "—"} → ${c.apres || "—"}`;
}

/** The change list as one line of text ('Dossard : 12 → 14 ; Club : — → ASPTT'). */
export function changesText(changes: readonly FieldChange[]): string {
  return changes.map(changeText).join(" ; ");
}

/** Reads the stored change list (JSON); anything unreadable is no change list. */
export function parseChanges(stored: string | null): FieldChange[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    const parsed = z.array(z.object({ champ: z.string(), avant: z.string(), apres: z.string() })).safeParse(value);
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export const JOURNAL_PAGE_SIZE = 50;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .nullable()
  .catch(null);

/** The journal's filters (a GET form): a person (user id), a kind of action, a date range (Paris days), a page. */
export const JournalFilterSchema = z.object({
  personne: z.string().trim().min(1).max(100).nullable().catch(null),
  type: z
    .string()
    .nullable()
    .catch(null)
    .transform((v) => (isOneOf(AUDIT_ACTION_CODES, v) ? v : null)),
  du: isoDay,
  au: isoDay,
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export type JournalFilters = z.infer<typeof JournalFilterSchema>;

/** The filters read from a URL's search parameters (unknown or malformed values are ignored). */
export function parseJournalFilters(params: URLSearchParams): JournalFilters {
  const get = (k: string) => {
    const v = params.get(k);
    return v === null || v === "" ? null : v;
  };
  return JournalFilterSchema.parse({
    personne: get("personne"),
    type: get("type"),
    du: get("du"),
    au: get("au"),
    page: get("page") ?? 1,
  });
}

/** The label of a stored action code (a code this version does not know is shown as it is). */
export function actionLabel(action: string): string {
  return labelOf(AUDIT_ACTIONS, action);
}
