// Justificatif use cases (decision 0150): the runner's document (stored privately in R2, read only by its owner, the
// organiser of an event it is attached to and admins), the organiser's 'Valider' / 'Refuser' (with the e-mail to the
// runner), the verification service's answer after a registration or an edit, the organiser's CSV of the missing
// ones, and the retention purge run by the maintenance cron. Never writes the registration's status.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import {
  deleteDocumentRowIfUnreferenced,
  detachExpiredProfileDocuments,
  detachExpiredRegistrationDocuments,
  findOwnDocument,
  findReadableDocument,
  insertDocument,
  listMissingJustificatifs,
  readJustificatifState,
  recordDecision,
  unreferencedDocuments,
} from "~/db/justificatifs.server";
import { courses, formats, inscriptions, profils_coureurs } from "~/db/schema";
import { CSV_BOM, csvRow, exportFileName } from "~/domain/csv";
import { statutLabel } from "~/domain/registrants";
import { isCompetition } from "~/domain/eligibility";
import {
  checkJustificatifDocument,
  DECISION_MSG,
  DOCUMENT_MSG,
  documentPurgeRaceDay,
  JUSTIFICATIF_DOCUMENT_PREFIX,
  JUSTIFICATIF_ETAT_LABELS,
  parseRefusal,
  PROFILE_DOCUMENT_RETENTION_DAYS,
  refusalText,
  UNATTACHED_DOCUMENT_HOURS,
  type JustificatifDecision,
} from "~/domain/justificatif";
import { parisDate } from "~/domain/refund";
import { justificatifRefusedEmail } from "~/emails/justificatif";
import { findOwnedFormat } from "~/db/registrants.server";

type Ctx = AppLoadContext;

// ---------------------------------------------------------------- the runner's document

export interface DocumentRef {
  id: string;
  name: string | null;
}

/** A submitted file input: a File with content, or nothing chosen. */
function chosenFile(v: FormDataEntryValue | null): File | null {
  if (v && typeof v === "object" && typeof (v as File).arrayBuffer === "function" && (v as File).size > 0)
    return v as File;
  return null;
}

/** Checks (size before reading, then the first bytes) and stores one document for its owner, privately. */
export async function storeDocument(
  context: Ctx,
  ownerId: string,
  file: File,
): Promise<{ ok: true; doc: DocumentRef } | { ok: false; message: string }> {
  const early = checkJustificatifDocument(file.size, null);
  if (!early.ok) return { ok: false, message: DOCUMENT_MSG[early.code] };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const check = checkJustificatifDocument(bytes.byteLength, bytes);
  if (!check.ok) return { ok: false, message: DOCUMENT_MSG[check.code] };
  const id = crypto.randomUUID();
  const key = `${JUSTIFICATIF_DOCUMENT_PREFIX}${ownerId}/${id}.${check.extension}`;
  await context.storage.put(key, bytes, check.contentType);
  const name = file.name ? file.name.slice(0, 120) : null;
  await insertDocument(context.db, {
    id,
    r2_key: key,
    owner_id: ownerId,
    content_type: check.contentType,
    size: bytes.byteLength,
    original_name: name,
    created_at: context.clock.now().toISOString(),
  });
  return { ok: true, doc: { id, name } };
}

/**
 * The document a runner's form gives: a new file (stored now, so a form sent back with errors keeps it), else the
 * id of one already given (from the profile or a first submit), kept only if it is this runner's own.
 * Field names: `justificatif_document` (the file) and `justificatif_document_id`.
 */
export async function documentFromForm(
  context: Ctx,
  ownerId: string,
  form: FormData,
): Promise<{ doc: DocumentRef | null; error: string | null }> {
  const file = chosenFile(form.get("justificatif_document"));
  if (file) {
    const stored = await storeDocument(context, ownerId, file);
    return stored.ok ? { doc: stored.doc, error: null } : { doc: null, error: stored.message };
  }
  const id = form.get("justificatif_document_id");
  if (form.get("retirer_document") === "on" || typeof id !== "string" || !id) return { doc: null, error: null };
  const own = await findOwnDocument(context.db, id, ownerId);
  return own
    ? { doc: { id: own.id, name: own.original_name }, error: null }
    : { doc: null, error: DOCUMENT_MSG.document_inconnu };
}

/** The runner's document by id, with its name, if it is theirs (to show it on a form). */
export async function ownDocument(
  context: Ctx,
  ownerId: string,
  id: string | null | undefined,
): Promise<DocumentRef | null> {
  if (!id) return null;
  const own = await findOwnDocument(context.db, id, ownerId);
  return own ? { id: own.id, name: own.original_name } : null;
}

/**
 * GET /justificatifs/{id}: the document for its owner, the organiser of an event it is attached to, or an admin;
 * null (a 404) for anyone else, anonymous included, and for a purged one.
 */
export async function readDocument(context: Ctx, user: { id: string; isAdmin: boolean } | null, id: string) {
  if (!user || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const doc = await findReadableDocument(context.db, id, user);
  if (!doc) return null;
  const object = await context.storage.get(doc.r2_key);
  if (!object) return null;
  return { doc, object };
}

/** Attaches the runner's document to their registration (the trigger then asks for a new check). */
export async function setRegistrationDocument(
  context: Ctx,
  userId: string,
  inscriptionId: string,
  documentId: string | null,
): Promise<void> {
  await context.db
    .update(inscriptions)
    .set({ justificatif_document_id: documentId, updated_at: context.clock.now().toISOString() })
    .where(and(eq(inscriptions.id, inscriptionId), eq(inscriptions.coureur_id, userId)))
    .run();
}

/** The runner profile's document (offered at each registration). */
export async function setProfileDocument(context: Ctx, userId: string, documentId: string | null): Promise<void> {
  await context.db
    .update(profils_coureurs)
    .set({ justificatif_document_id: documentId })
    .where(eq(profils_coureurs.id, userId))
    .run();
}

// ---------------------------------------------------------------- the verification service

/** The registration as verified: its row, and its format's race date and kind (read here unless the caller has them). */
export type JustificatifFacts = {
  i: typeof inscriptions.$inferSelect;
  date: string | null;
  type_epreuve: string;
};

/**
 * After a registration or an edit: asks the verification service (context.verifier) about the justificatif and
 * records a certain answer as a decision ('verificateur:<kind>'); an uncertain one leaves it to the organiser.
 * A failure of the service changes nothing (logged).
 */
export async function verifyJustificatif(
  context: Ctx,
  inscriptionId: string,
  known?: JustificatifFacts,
): Promise<void> {
  const [r] = known
    ? [known]
    : await context.db
        .select({ i: inscriptions, date: formats.date, type_epreuve: formats.type_epreuve })
        .from(inscriptions)
        .innerJoin(formats, eq(formats.id, inscriptions.format_id))
        .where(eq(inscriptions.id, inscriptionId))
        .limit(1);
  if (!r || !isCompetition(r) || r.i.justificatif_decision) return;
  const type = r.i.justificatif_type;
  const numero = type === "licence" ? r.i.numero_licence : type === "pps" ? r.i.pps_identifier : null;
  if ((type !== "licence" && type !== "pps") || !numero) return;
  const now = context.clock.now();
  let result: Awaited<ReturnType<Ctx["verifier"]["verify"]>>;
  try {
    result = await context.verifier.verify({
      type,
      numero,
      ppsExpiration: r.i.pps_expiration,
      nom: r.i.nom,
      prenom: r.i.prenom,
      dateNaissance: r.i.date_naissance,
      raceDate: r.date,
      today: parisDate(now),
    });
  } catch (e) {
    console.error("verifier", inscriptionId, e);
    return;
  }
  if (result.verdict === "a_verifier") return;
  await recordDecision(context.db, {
    inscriptionId,
    formatId: r.i.format_id,
    organiserId: null,
    decision: result.verdict,
    version: null,
    motif: result.verdict === "refuse" ? result.motif : null,
    commentaire: result.verdict === "refuse" ? result.commentaire : null,
    by: `verificateur:${context.verifier.kind}`,
    at: now.toISOString(),
  });
}

// ---------------------------------------------------------------- the organiser's decision

export type DecisionResult = { ok: true } | { ok: false; field: "motif" | "commentaire" | null; message: string };

/**
 * 'Valider' or 'Refuser' from the registrants page: only on a registration of the organiser's format, in a state
 * that allows it, on the content the organiser saw (`version`). A refusal needs a reason and e-mails the runner.
 * Another organiser's registration is a 404 (null).
 */
export async function decideJustificatif(
  context: Ctx,
  user: { id: string },
  formatId: string,
  input: { id: string; decision: JustificatifDecision; version: string; motif?: unknown; commentaire?: unknown },
): Promise<DecisionResult | null> {
  const format = await findOwnedFormat(context.db, formatId, user.id);
  if (!format) return null;
  let motif = null;
  let commentaire = null;
  if (input.decision === "refuse") {
    const r = parseRefusal(input.motif, input.commentaire);
    if (!r.ok)
      return { ok: false, field: r.code === "motif_requis" ? "motif" : "commentaire", message: DECISION_MSG[r.code] };
    motif = r.motif;
    commentaire = r.commentaire;
  }
  const at = context.clock.now().toISOString();
  const applied = await recordDecision(context.db, {
    inscriptionId: input.id,
    formatId: format.id,
    organiserId: user.id,
    decision: input.decision,
    version: input.version,
    motif,
    commentaire,
    by: user.id,
    at,
  });
  if (!applied) {
    const state = await readJustificatifState(context.db, input.id);
    if (!state || state.format_id !== format.id) return null;
    return {
      ok: false,
      field: null,
      message: state.version !== input.version ? DECISION_MSG.contenu_modifie : DECISION_MSG.etat_incompatible,
    };
  }
  if (input.decision === "refuse") await sendRefusalEmail(context, input.id, refusalText(motif, commentaire), at);
  return { ok: true };
}

async function sendRefusalEmail(context: Ctx, inscriptionId: string, reason: string, at: string): Promise<void> {
  const [r] = await context.db
    .select({
      email: inscriptions.email,
      prenom: inscriptions.prenom,
      courseNom: courses.nom,
      formatNom: formats.nom,
      date: formats.date,
    })
    .from(inscriptions)
    .innerJoin(courses, eq(courses.id, inscriptions.course_id))
    .innerJoin(formats, eq(formats.id, inscriptions.format_id))
    .where(eq(inscriptions.id, inscriptionId))
    .limit(1);
  if (!r?.email) return;
  const url = `${context.env.APP_URL}/mon-inscription/${inscriptionId}`;
  const mail = justificatifRefusedEmail({
    prenom: r.prenom,
    courseNom: r.courseNom,
    formatNom: r.formatNom,
    date: r.date,
    reason,
    url,
  });
  await context.mailer.send({
    to: r.email,
    ...mail,
    kind: "justificatif_refuse",
    dedupeKey: `justificatif-refuse:${inscriptionId}:${at}`,
  });
}

// ---------------------------------------------------------------- the missing ones, as CSV

const MISSING_COLUMNS = [
  "Nom",
  "Prénom",
  "Email",
  "Téléphone",
  "Dossard",
  "Statut de l'inscription",
  "Justificatif",
  "État",
  "Motif du refus",
];
export const MISSING_EXPORT_MAX = 5000;

/** The format's missing and refused justificatifs as CSV (semicolons, UTF-8 with BOM), for its organiser; null: 404. */
export async function missingJustificatifsCsv(
  context: Ctx,
  user: { id: string },
  formatId: string,
): Promise<{ fileName: string; body: string } | null> {
  const format = await findOwnedFormat(context.db, formatId, user.id);
  if (!format) return null;
  const rows = await listMissingJustificatifs(context.db, format.id, MISSING_EXPORT_MAX);
  let body = CSV_BOM + csvRow(MISSING_COLUMNS);
  for (const r of rows) {
    const type = r.justificatif_type === "licence" ? "Licence FFA" : r.justificatif_type === "pps" ? "PPS" : "";
    const reason = r.etat === "refuse" ? refusalText(r.justificatif_motif, r.justificatif_commentaire) : "";
    body += csvRow([
      r.nom,
      r.prenom,
      r.email,
      r.telephone,
      r.dossard,
      statutLabel(r.statut),
      type,
      JUSTIFICATIF_ETAT_LABELS[r.etat],
      reason,
    ]);
  }
  return { fileName: exportFileName(format.nom).replace(/^inscriptions-/, "justificatifs-manquants-"), body };
}

// ---------------------------------------------------------------- retention (maintenance cron)

export interface PurgeReport {
  detachedRegistrations: number;
  detachedProfiles: number;
  deletedDocuments: number;
}

/**
 * GDPR retention of the documents (special-category data): registrations let go of their document 90 days after
 * the race, profiles one year after the upload, and documents nothing points to any more (or never attached, after
 * 24 hours) are deleted from R2 and from the table. The registration keeps its type, number and decision.
 */
export async function purgeJustificatifDocuments(context: Ctx, limit = 200): Promise<PurgeReport> {
  const now = context.clock.now();
  const nowIso = now.toISOString();
  const detachedRegistrations = await detachExpiredRegistrationDocuments(
    context.db,
    documentPurgeRaceDay(parisDate(now)),
    nowIso,
    limit,
  );
  const profileCutoff = new Date(now.getTime() - PROFILE_DOCUMENT_RETENTION_DAYS * 86_400_000).toISOString();
  const detachedProfiles = await detachExpiredProfileDocuments(context.db, profileCutoff);
  const cutoff = new Date(now.getTime() - UNATTACHED_DOCUMENT_HOURS * 3_600_000).toISOString();
  let deletedDocuments = 0;
  for (const d of await unreferencedDocuments(context.db, cutoff, limit)) {
    // The row first (only if still unreferenced), then the object: never an object deleted under a live row.
    if (await deleteDocumentRowIfUnreferenced(context.db, d.id)) {
      await context.storage.delete(d.r2_key);
      deletedDocuments++;
    }
  }
  return { detachedRegistrations, detachedProfiles, deletedDocuments };
}

// ---------------------------------------------------------------- registration and profile

/** The document of the runner profile, offered on the registration form. */
export async function profileDocument(context: Ctx, userId: string): Promise<DocumentRef | null> {
  const [p] = await context.db
    .select({ d: profils_coureurs.justificatif_document_id })
    .from(profils_coureurs)
    .where(eq(profils_coureurs.id, userId))
    .limit(1);
  return ownDocument(context, userId, p?.d);
}
