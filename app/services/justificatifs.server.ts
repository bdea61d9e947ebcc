// Justificatif use cases (decision 0150): the organiser's 'Valider' / 'Refuser' (with the e-mail to the runner), the
// verification service's answer after a registration or an edit, the organiser's CSV of the missing ones, and the
// retention purge run by the maintenance cron. The runner's document itself: justificatif-documents.server.ts. Never
// writes the registration's status.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import {
  deleteDocumentIfUnreferenced,
  detachExpiredProfileDocuments,
  detachExpiredRegistrationDocuments,
  listMissingJustificatifs,
  readJustificatifState,
  recordDecision,
  unreferencedDocuments,
} from "~/db/justificatifs.server";
import { courses, formats, inscriptions, profils_utilisateurs } from "~/db/schema";
import { CSV_BOM, csvRow, exportFileName } from "~/domain/csv";
import { statutLabel } from "~/domain/registrants";
import { isCompetition } from "~/domain/eligibility";
import {
  DECISION_MSG,
  documentPurgeRaceDay,
  JUSTIFICATIF_ETAT_LABELS,
  parseRefusal,
  PROFILE_DOCUMENT_RETENTION_DAYS,
  refusalText,
  UNATTACHED_DOCUMENT_HOURS,
  type JustificatifDecision,
} from "~/domain/justificatif";
import { parisDate } from "~/domain/refund";
import { justificatifRefusedEmail } from "~/emails/justificatif";
import { findOwnedFormat, findOwnedRegistrant } from "~/db/registrants.server";
import { raceMailColumns, withEvent } from "~/db/registrations.server";
import { formatTarget, recordAction, registrantTarget } from "./audit.server";
import * as paths from "~/domain/paths";

type Ctx = AppLoadContext;

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
  const format = await findOwnedFormat(context.db, formatId, user.id, "inscriptions");
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
  const row = await findOwnedRegistrant(context.db, input.id, user.id, "inscriptions");
  if (row) {
    const apres = input.decision === "valide" ? "Validé" : `Refusé : ${refusalText(motif, commentaire)}`;
    await recordAction(context, user, "organisateur", "justificatif.decide", registrantTarget(row), [
      { champ: "Justificatif", avant: "", apres },
    ]);
  }
  return { ok: true };
}

async function sendRefusalEmail(context: Ctx, inscriptionId: string, reason: string, at: string): Promise<void> {
  const [r] = await withEvent(
    context.db
      .select({
        ...raceMailColumns,
        coureurId: inscriptions.coureur_id,
        date: formats.date,
        organiserNom: profils_utilisateurs.organisation_nom,
        organiserEmail: profils_utilisateurs.email,
      })
      .from(inscriptions)
      .$dynamic(),
  )
    .leftJoin(profils_utilisateurs, eq(profils_utilisateurs.user_id, courses.organisateur_id))
    .where(eq(inscriptions.id, inscriptionId))
    .limit(1);
  if (!r?.email) return;
  // A runner added by hand has no account, so no page of theirs to link to: they answer the organiser (issue 42).
  const url = r.coureurId ? paths.absoluteUrl(context.env.APP_URL, paths.myRegistration(inscriptionId)) : null;
  const mail = justificatifRefusedEmail({
    prenom: r.prenom,
    courseNom: r.courseNom,
    formatNom: r.formatNom,
    date: r.date,
    reason,
    url,
    organiser: { nom: r.organiserNom, email: r.organiserEmail },
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
  const format = await findOwnedFormat(context.db, formatId, user.id, "inscriptions");
  if (!format) return null;
  await recordAction(context, user, "organisateur", "export.justificatifs", formatTarget(format));
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
    const key = await deleteDocumentIfUnreferenced(context.db, d.id);
    if (key) {
      await context.storage.delete(key);
      deletedDocuments++;
    }
  }
  return { detachedRegistrations, detachedProfiles, deletedDocuments };
}
