// The justificatif a competition asks for (field notes, 'French rules'): an FFA licence that counts, or for the
// others the PPS ('Pass Prévention Santé' since 2026, valid one year). Its formats, the PPS expiry against the race,
// the check state an organiser sees (missing / to check / validated / refused) and the refusal reasons. The check
// state is not the registration's status (app/domain/lifecycle.ts): a refused justificatif keeps the place.
// Pure: `today` and the race date are passed in. docs/decisions/0150-justificatifs.md, 0152 (formats), 0153 (retention)
import { addDaysTo, frenchDay } from "./french-dates";
import { codesOf, labelOf, isOneOf } from "./labels";
import { sniffType } from "./uploads";
import { lastExpiredRaceDay, retentionRule } from "./retention";

// ---------------------------------------------------------------- formats

/**
 * An FFA licence number (Athlé Compétition, Entreprise, Running, Pass' J'aime Courir): digits only, 4 to 8 of them
 * once spaces, dots and hyphens are removed (current numbers have 6 or 7; shorter old ones and longer future ones
 * pass). What is stored is the digits.
 */
export const LICENCE_DIGITS = /^\d{4,8}$/;
/**
 * A PPS identifier, as printed on the attestation ('P' and ten hexadecimal characters on those seen, such as
 * P9F28C586EB): tolerant, 6 to 20 letters and digits with at least one letter and one digit, once spaces, dots and
 * hyphens are removed; stored upper-cased. Only digits is a licence number typed in the wrong field.
 */
export const PPS_CHARS = /^[A-Z0-9]{6,20}$/;

const SEPARATORS = /[\s.\-_/]+/g;

export function normaliseLicence(raw: string): string {
  return raw.replace(SEPARATORS, "");
}

export function normalisePps(raw: string): string {
  return raw.replace(SEPARATORS, "").toUpperCase();
}

export type JustificatifFormatCode =
  | "licence_format"
  | "licence_ressemble_pps"
  | "pps_format"
  | "pps_ressemble_licence";

/** The licence number typed (trimmed, non-empty): the value to store, or why it is refused. */
export function checkLicence(raw: string): { ok: true; value: string } | { ok: false; code: JustificatifFormatCode } {
  const v = normaliseLicence(raw);
  if (LICENCE_DIGITS.test(v)) return { ok: true, value: v };
  if (looksLikePps(v.toUpperCase())) return { ok: false, code: "licence_ressemble_pps" };
  return { ok: false, code: "licence_format" };
}

function looksLikePps(v: string): boolean {
  return PPS_CHARS.test(v) && /[A-Z]/.test(v) && /\d/.test(v) && v.startsWith("P");
}

/** The PPS identifier typed (trimmed, non-empty): the value to store, or why it is refused. */
export function checkPps(raw: string): { ok: true; value: string } | { ok: false; code: JustificatifFormatCode } {
  const v = normalisePps(raw);
  if (/^\d+$/.test(v)) return { ok: false, code: "pps_ressemble_licence" };
  if (PPS_CHARS.test(v) && /[A-Z]/.test(v) && /\d/.test(v)) return { ok: true, value: v };
  return { ok: false, code: "pps_format" };
}

export const JUSTIFICATIF_FORMAT_MSG: Record<JustificatifFormatCode, string> = {
  licence_format: "Numéro de licence invalide\u00a0: le numéro FFA est fait de chiffres (6 ou 7 en général).",
  licence_ressemble_pps: "Ceci ressemble à un identifiant PPS\u00a0: choisissez «\u00a0PPS\u00a0» comme justificatif.",
  pps_format:
    "Identifiant PPS invalide\u00a0: recopiez le numéro de votre attestation (lettres et chiffres, par exemple P9F28C586EB).",
  pps_ressemble_licence:
    "Ceci ressemble à un numéro de licence FFA\u00a0: choisissez «\u00a0Licence FFA\u00a0» comme justificatif.",
};

// ---------------------------------------------------------------- the PPS's expiry

/** The Pass Prévention Santé is valid one year (from 2026); a date further ahead than this is a typing error. */
export const PPS_VALIDITY_DAYS = 366;

export type PpsExpiryCode =
  | "pps_expiration_requise"
  | "pps_expire"
  | "pps_expire_avant_course"
  | "pps_expiration_trop_loin";

/**
 * The PPS's expiry date (already a valid YYYY-MM-DD) against today and, when known, the race day: a PPS must still be
 * valid on the day of the race. Null when fine.
 */
export function ppsExpiryIssue(
  expiration: string,
  ctx: { today: string; raceDate?: string | null },
): { code: PpsExpiryCode; message: string } | null {
  if (expiration < ctx.today)
    return {
      code: "pps_expire",
      message: `Votre PPS a expiré le ${frenchDay(expiration)}\u00a0: renouvelez-le sur le site de la FFA.`,
    };
  if (ctx.raceDate && expiration < ctx.raceDate) {
    return {
      code: "pps_expire_avant_course",
      message: `Votre PPS expire avant la course (le ${frenchDay(expiration)}).`,
    };
  }
  if (expiration > addDaysTo(ctx.today, PPS_VALIDITY_DAYS)) {
    return {
      code: "pps_expiration_trop_loin",
      message: "Date d'expiration invalide\u00a0: un PPS est valable un an au plus.",
    };
  }
  return null;
}

export const PPS_EXPIRATION_REQUIRED = "Indiquez la date de fin de validité de votre PPS (sur l'attestation).";
export const PPS_EXPIRATION_INVALID = "Date de fin de validité invalide.";

// ---------------------------------------------------------------- the check state

export const JUSTIFICATIF_ETAT_LABELS = {
  manquant: "Manquant",
  a_verifier: "À vérifier",
  valide: "Validé",
  refuse: "Refusé",
  non_requis: "Non requis",
};
export type JustificatifEtat = keyof typeof JUSTIFICATIF_ETAT_LABELS;
export const JUSTIFICATIF_ETATS = codesOf(JUSTIFICATIF_ETAT_LABELS);

/** The organiser's (or a verification service's) decision on the justificatif as it was when decided. */
export type JustificatifDecision = "valide" | "refuse";

export interface JustificatifContent {
  justificatif_type: string | null;
  numero_licence: string | null;
  pps_identifier: string | null;
  pps_expiration: string | null;
  justificatif_document_id: string | null;
}

/**
 * Does the registration give something to check: the chosen justificatif's number (and for a PPS its expiry), or a
 * document. Otherwise it is missing.
 */
export function hasJustificatif(c: JustificatifContent): boolean {
  if (c.justificatif_document_id) return true;
  if (c.justificatif_type === "licence") return !!c.numero_licence;
  if (c.justificatif_type === "pps") return !!c.pps_identifier;
  return false;
}

/**
 * The state an organiser sees. A walk needs nothing; a decision stands for the content it was made on (the database
 * clears it when the justificatif changes: migrations, trigger inscriptions_justificatif_change); without a decision,
 * something given is to check, nothing given is missing. The same rule in SQL: justificatifEtatSql
 * (app/db/justificatifs.server.ts), checked against this one by tests/workers/justificatifs.test.ts.
 */
export function justificatifEtat(
  c: JustificatifContent & { justificatif_decision: string | null },
  competition: boolean,
): JustificatifEtat {
  if (!competition) return "non_requis";
  if (c.justificatif_decision === "valide") return "valide";
  if (c.justificatif_decision === "refuse") return "refuse";
  return hasJustificatif(c) ? "a_verifier" : "manquant";
}

/** The state filter of the registrants list: one of the states, or null for all. */
export function parseEtatFilter(v: string | null | undefined): JustificatifEtat | null {
  return isOneOf(JUSTIFICATIF_ETATS, v) ? v : null;
}

/** What the organiser may decide from a state: validate what is to check (or was refused), refuse what was given. */
export function canDecide(etat: JustificatifEtat, decision: JustificatifDecision): boolean {
  if (decision === "valide") return etat === "a_verifier" || etat === "refuse";
  return etat === "a_verifier" || etat === "valide";
}

/**
 * The content a decision is about, as one string: the decision form carries it and the update applies only if the
 * justificatif is still the same (a runner who changes it meanwhile is not validated unseen).
 */
export function justificatifVersion(c: JustificatifContent): string {
  return [c.justificatif_type, c.numero_licence, c.pps_identifier, c.pps_expiration, c.justificatif_document_id]
    .map((v) => v ?? "")
    .join("|");
}

// ---------------------------------------------------------------- refusals

export const REFUS_MOTIF_LABELS = {
  illisible: "Document illisible ou incomplet",
  expire: "Justificatif expiré à la date de la course",
  nom_different: "Le nom ne correspond pas au coureur",
  licence_non_admise:
    "Type de licence non admis (Athlé Compétition, Entreprise, Running ou Pass' J'aime Courir seulement)",
  numero_introuvable: "Numéro introuvable ou erroné",
  autre: "Autre motif",
};
export type RefusMotif = keyof typeof REFUS_MOTIF_LABELS;
export const REFUS_MOTIFS = codesOf(REFUS_MOTIF_LABELS);

export const COMMENTAIRE_MAX = 300;

export type DecisionInputError = "motif_requis" | "commentaire_requis" | "commentaire_trop_long";

export const DECISION_MSG: Record<DecisionInputError | "etat_incompatible" | "contenu_modifie", string> = {
  motif_requis: "Choisissez le motif du refus.",
  commentaire_requis: "Précisez le motif du refus.",
  commentaire_trop_long: `Le commentaire fait ${COMMENTAIRE_MAX} caractères au plus.`,
  etat_incompatible:
    "Ce justificatif ne peut plus recevoir cette décision (il a changé entre-temps)\u00a0: la liste est à jour.",
  contenu_modifie: "Le coureur a modifié son justificatif entre-temps\u00a0: vérifiez la nouvelle version.",
};

/** A refusal's reason and optional comment (required for 'autre'), as typed by the organiser. */
export function parseRefusal(
  motif: unknown,
  commentaire: unknown,
): { ok: true; motif: RefusMotif; commentaire: string | null } | { ok: false; code: DecisionInputError } {
  const m = typeof motif === "string" ? motif : "";
  const c = typeof commentaire === "string" ? commentaire.trim() : "";
  if (!isOneOf(REFUS_MOTIFS, m)) return { ok: false, code: "motif_requis" };
  if (c.length > COMMENTAIRE_MAX) return { ok: false, code: "commentaire_trop_long" };
  if (m === "autre" && c === "") return { ok: false, code: "commentaire_requis" };
  return { ok: true, motif: m, commentaire: c || null };
}

/** The reason shown to the organiser and sent to the runner. */
export function refusalText(motif: string | null, commentaire: string | null): string {
  const label = labelOf(REFUS_MOTIF_LABELS, motif ?? "", "Refusé");
  return commentaire ? `${label}\u00a0: ${commentaire}` : label;
}

// ---------------------------------------------------------------- retention (GDPR: special-category data)

/**
 * Days after the race a registration's document is kept, then deleted from storage (the registration keeps the
 * type, number and decision). Long enough for the organiser to check at bib pick-up, handle complaints after the
 * race and download what they must keep themselves; short, because a health-related document is special-category
 * data. docs/decisions/0153-justificatif-retention.md
 */
export const DOCUMENT_RETENTION_DAYS_AFTER_RACE = retentionRule("justificatifs").days;
/** A document in the runner profile only (attached to no registration) is kept at most this long after upload. */
export const PROFILE_DOCUMENT_RETENTION_DAYS = 366;
/** A document uploaded but never attached (form abandoned, registration refused) is deleted after this. */
export const UNATTACHED_DOCUMENT_HOURS = 24;

/** The last race day whose registrations' documents must be purged on `today`. */
export function documentPurgeRaceDay(today: string): string {
  return lastExpiredRaceDay("justificatifs", today);
}

// ---------------------------------------------------------------- the document (PPS attestation or licence)

/** Private R2 prefix of the documents: never served by the public /fichiers route. */
export const JUSTIFICATIF_DOCUMENT_PREFIX = "justificatifs/";
export const JUSTIFICATIF_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

export type DocumentErrorCode = "document_vide" | "document_trop_lourd" | "document_type";

/**
 * What one account may store (docs/decisions/0190-justificatif-storage-limits.md). Documents waiting, attached to no
 * registration and no profile (a form sent back with errors, or abandoned), at most this many at once: with 5 MB
 * each, 25 MB waiting at most. They are deleted after UNATTACHED_DOCUMENT_HOURS, or at once when replaced.
 */
export const JUSTIFICATIF_PENDING_MAX = 5;
/** All the documents of one account, attached or not: ten documents of the largest size. */
export const JUSTIFICATIF_ACCOUNT_MAX_BYTES = 50 * 1024 * 1024;

export type DocumentLimitCode = "documents_en_attente" | "documents_trop_lourds";

/** What the account stores now: its documents waiting (attached to nothing) and the bytes of all its documents. */
export interface DocumentUsage {
  pending: number;
  bytes: number;
}

/**
 * May the account store one more document of `size` bytes: null, or the limit it would pass. The same rule guards
 * the INSERT in SQL (app/db/justificatifs.server.ts, insertDocumentWithinLimits), so that parallel uploads cannot
 * pass it either.
 */
export function documentLimitIssue(usage: DocumentUsage, size: number): DocumentLimitCode | null {
  if (usage.pending >= JUSTIFICATIF_PENDING_MAX) return "documents_en_attente";
  if (usage.bytes + size > JUSTIFICATIF_ACCOUNT_MAX_BYTES) return "documents_trop_lourds";
  return null;
}

export const DOCUMENT_MSG: Record<DocumentErrorCode | DocumentLimitCode | "document_inconnu", string> = {
  document_vide: "Le fichier est vide.",
  document_trop_lourd: "Fichier trop lourd\u00a0: 5\u00a0Mo au plus.",
  document_type: "Le justificatif doit être un PDF ou une image (JPEG, PNG ou WebP).",
  document_inconnu: "Ce document n'est plus disponible\u00a0: déposez-le de nouveau.",
  documents_en_attente: `Vous avez déjà ${JUSTIFICATIF_PENDING_MAX}\u00a0documents déposés qui ne sont joints à aucune inscription\u00a0: enregistrez le formulaire avec le document déjà joint, ou réessayez dans ${UNATTACHED_DOCUMENT_HOURS}\u00a0heures.`,
  documents_trop_lourds: `Avec ce fichier, vos justificatifs déposés dépasseraient ${JUSTIFICATIF_ACCOUNT_MAX_BYTES / (1024 * 1024)}\u00a0Mo en tout\u00a0: joignez un fichier plus léger, ou gardez le document déjà joint.`,
};

const DOCUMENT_TYPES: Record<string, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

/**
 * An uploaded justificatif: PDF or image, recognised by its first bytes (never its name or the browser's claim),
 * 5 MB at most. The size is checked before reading the body (`bytes` null) and again on the bytes.
 */
export function checkJustificatifDocument(
  size: number,
  bytes: Uint8Array | null,
): { ok: true; contentType: string; extension: string } | { ok: false; code: DocumentErrorCode } {
  if (size <= 0 || (bytes && bytes.byteLength === 0)) return { ok: false, code: "document_vide" };
  if (size > JUSTIFICATIF_DOCUMENT_MAX_BYTES || (bytes && bytes.byteLength > JUSTIFICATIF_DOCUMENT_MAX_BYTES))
    return { ok: false, code: "document_trop_lourd" };
  if (!bytes) return { ok: true, contentType: "", extension: "" };
  const type = sniffType(bytes);
  if (!type || !DOCUMENT_TYPES[type]) return { ok: false, code: "document_type" };
  return { ok: true, contentType: type, extension: DOCUMENT_TYPES[type] };
}

/** A registration's justificatif as the organiser's table reads it: what the runner gave and its check. */
export interface JustificatifColumns {
  justificatif_etat: JustificatifEtat;
  justificatif_type: string | null;
  numero_licence: string | null;
  pps_identifier: string | null;
  pps_expiration: string | null;
  justificatif_document_id: string | null;
  justificatif_motif: string | null;
  justificatif_commentaire: string | null;
}
