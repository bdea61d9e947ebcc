// The runner's licence or PPS document (decision 0150): stored privately in R2 within what one account may store
// (decision 0190), given on a form (a new file, or one already given), read only by its owner, the organiser of an
// event it is attached to and admins, and attached to a registration or the runner profile. A document a runner
// replaces (or removes) is deleted at once, from R2 and its row, when nothing else points to it; the ones never
// attached wait for the maintenance cron (justificatifs.server.ts, purgeJustificatifDocuments).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql } from "drizzle-orm";
import {
  deleteDocumentIfUnreferenced,
  documentUsage,
  findOwnDocument,
  findReadableDocument,
  insertDocumentWithinLimits,
} from "~/db/justificatifs.server";
import { inscriptions, profils_coureurs } from "~/db/schema";
import { updateRegistrations } from "~/db/registration-store/writes.server";
import {
  checkJustificatifDocument,
  DOCUMENT_MSG,
  documentLimitIssue,
  JUSTIFICATIF_DOCUMENT_PREFIX,
} from "~/domain/justificatif";

type Ctx = AppLoadContext;

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

/**
 * Checks (size before reading, then the first bytes) and stores one document for its owner, privately, if the
 * account stays within its limits (decision 0190). The row first, recorded only within the limits (so uploads sent
 * together cannot pass them), then the object.
 */
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
  const name = file.name ? file.name.slice(0, 120) : null;
  const recorded = await insertDocumentWithinLimits(context.db, {
    id,
    r2_key: key,
    owner_id: ownerId,
    content_type: check.contentType,
    size: bytes.byteLength,
    original_name: name,
    created_at: context.clock.now().toISOString(),
  });
  if (!recorded) {
    const issue = documentLimitIssue(await documentUsage(context.db, ownerId), bytes.byteLength);
    return { ok: false, message: DOCUMENT_MSG[issue ?? "documents_en_attente"] };
  }
  try {
    await context.storage.put(key, bytes, check.contentType);
  } catch (e) {
    await deleteDocumentIfUnreferenced(context.db, id, ownerId);
    throw e;
  }
  return { ok: true, doc: { id, name } };
}

/**
 * Deletes the owner's document at once, from its row then R2, if nothing points to it any more (a registration or
 * the profile may still use it: then it stays). For a document a runner replaced or removed.
 */
export async function releaseDocument(context: Ctx, ownerId: string, id: string | null | undefined): Promise<void> {
  if (!id) return;
  const key = await deleteDocumentIfUnreferenced(context.db, id, ownerId);
  if (key) await context.storage.delete(key);
}

/**
 * The document a runner's form gives: a new file (stored now, so a form sent back with errors keeps it), else the
 * id of one already given (from the profile, the registration or a first submit), kept only if it is this runner's
 * own. A new file refused (its type, its size, the account's limits) leaves the one already given on the form, with
 * the error. The one given before and replaced (or removed) on the form is deleted at once when nothing uses it (a
 * document stored by a submit sent back with errors). Field names: `justificatif_document` (the file),
 * `justificatif_document_id` and `retirer_document`.
 */
export async function documentFromForm(
  context: Ctx,
  ownerId: string,
  form: FormData,
): Promise<{ doc: DocumentRef | null; error: string | null }> {
  const given = form.get("justificatif_document_id");
  const previous = typeof given === "string" && given ? given : null;
  const file = chosenFile(form.get("justificatif_document"));
  if (file) {
    const stored = await storeDocument(context, ownerId, file);
    if (!stored.ok) return { doc: await ownDocument(context, ownerId, previous), error: stored.message };
    await releaseDocument(context, ownerId, previous);
    return { doc: stored.doc, error: null };
  }
  if (form.get("retirer_document") === "on") {
    await releaseDocument(context, ownerId, previous);
    return { doc: null, error: null };
  }
  if (!previous) return { doc: null, error: null };
  const own = await ownDocument(context, ownerId, previous);
  return own ? { doc: own, error: null } : { doc: null, error: DOCUMENT_MSG.document_inconnu };
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

/** The document id to attach, only if it is still the runner's own (a document deleted meanwhile attaches nothing). */
const ownDocumentId = (ownerId: string, documentId: string | null) =>
  documentId
    ? sql`(SELECT d.id FROM justificatif_documents d WHERE d.id = ${documentId} AND d.owner_id = ${ownerId})`
    : null;

/**
 * Attaches the runner's document to their registration (the trigger then asks for a new check); the one it replaces
 * is deleted at once when nothing else uses it.
 */
export async function setRegistrationDocument(
  context: Ctx,
  userId: string,
  inscriptionId: string,
  documentId: string | null,
): Promise<void> {
  const [before] = await context.db
    .select({ d: inscriptions.justificatif_document_id })
    .from(inscriptions)
    .where(and(eq(inscriptions.id, inscriptionId), eq(inscriptions.coureur_id, userId)))
    .limit(1);
  if (!before) return;
  await updateRegistrations(
    context.db,
    { justificatif_document_id: ownDocumentId(userId, documentId), updated_at: context.clock.now().toISOString() },
    sql`id = ${inscriptionId} AND coureur_id = ${userId}`,
  );
  if (before.d !== documentId) await releaseDocument(context, userId, before.d);
}

/** The runner profile's document (offered at each registration); the one it replaces is deleted at once if unused. */
export async function setProfileDocument(context: Ctx, userId: string, documentId: string | null): Promise<void> {
  const [before] = await context.db
    .select({ d: profils_coureurs.justificatif_document_id })
    .from(profils_coureurs)
    .where(eq(profils_coureurs.id, userId))
    .limit(1);
  await context.db
    .update(profils_coureurs)
    .set({ justificatif_document_id: ownDocumentId(userId, documentId) })
    .where(eq(profils_coureurs.id, userId))
    .run();
  if (before && before.d !== documentId) await releaseDocument(context, userId, before.d);
}

/** The document of the runner profile, offered on the registration form. */
export async function profileDocument(context: Ctx, userId: string): Promise<DocumentRef | null> {
  const [p] = await context.db
    .select({ d: profils_coureurs.justificatif_document_id })
    .from(profils_coureurs)
    .where(eq(profils_coureurs.id, userId))
    .limit(1);
  return ownDocument(context, userId, p?.d);
}
