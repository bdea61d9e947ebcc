// Race results (issue 44, docs/decisions/0217): the organiser's import (file → draft → preview → corrections →
// publish, re-import replaces), the correction of a published line, the public page, and the runner's own results.
// The organiser's side needs the event's Inscriptions right (requireFormatRight: 404 otherwise).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BatchRead } from "~/db/batch.server";
import { publishedResultsPage, resultsOfRegistrations } from "~/db/results-page.server";
import {
  correctPublishedResult,
  dropDraft,
  findPublishedResult,
  findResultsState,
  formatBibs,
  publishResults,
  replaceDraftLines,
  saveDraft,
} from "~/db/results.server";
import { changesText, fieldChanges } from "~/domain/audit";
import { formatRaceTime, type ResultsQuery, RESULT_STATUSES } from "~/domain/results";
import { ResultsError } from "~/domain/results-errors";
import type { PublishedCorrection } from "~/domain/results-forms";
import {
  correctDraftLine,
  type DraftLine,
  previewResults,
  readResultsCsv,
  removeDraftLine,
} from "~/domain/results-import";
import { formatTarget, recordAction } from "./audit.server";
import { requireFormatRight } from "./event-access.server";

type Ctx = AppLoadContext;
interface User {
  id: string;
  email?: string;
  isAdmin?: boolean;
}

export type { PublishedResult } from "~/db/results.server";

/** The format when the actor holds the Inscriptions right on its event; else the 404. */
export function requireResultsRight(context: Ctx, user: User, formatId: string) {
  return requireFormatRight(context, user, formatId, "inscriptions");
}

export const MAX_RESULTS_FILE_BYTES = 2 * 1024 * 1024;

/** The organiser's results page: the format, its draft's preview (if any) and what is published. */
export async function resultsAdminPage(context: Ctx, user: User, formatId: string) {
  const format = await requireFormatRight(context, user, formatId, "inscriptions");
  const state = await findResultsState(context.db, formatId);
  const preview = state.brouillon ? previewResults(state.brouillon, await formatBibs(context.db, formatId)) : null;
  const linesWithIssues = new Set([...(preview?.errors ?? []).map((e) => e.ligne)]);
  return {
    format,
    draft: preview
      ? {
          version: state.brouillon_version,
          fichier: state.brouillon_fichier,
          counts: preview.counts,
          errors: preview.errors,
          warnings: preview.warnings.slice(0, 200),
          warningCount: preview.warnings.length,
          // The lines in error, as typed, for their correction forms.
          lines: (state.brouillon ?? []).filter((l) => linesWithIssues.has(l.ligne)).slice(0, 100),
        }
      : null,
    published: state.publie_at ? { at: state.publie_at, lignes: state.lignes_publiees } : null,
  };
}

/** Reads an uploaded file into the format's draft (replacing any draft); the file itself is not kept. */
export async function importResultsFile(context: Ctx, user: User, formatId: string, file: unknown): Promise<void> {
  await requireFormatRight(context, user, formatId, "inscriptions");
  if (!(file instanceof File) || file.size === 0) throw new ResultsError("no_file", undefined, "fichier");
  if (file.size > MAX_RESULTS_FILE_BYTES) throw new ResultsError("file_too_big", undefined, "fichier");
  const reading = readResultsCsv(await file.text());
  if (!reading.ok) throw new ResultsError("unreadable", reading.message, "fichier");
  await saveDraft(context.db, {
    formatId,
    lines: reading.lines,
    fichier: file.name.slice(0, 120),
    userId: user.id,
    now: context.clock.now().toISOString(),
  });
}

async function currentDraft(context: Ctx, formatId: string, version: number): Promise<DraftLine[]> {
  const state = await findResultsState(context.db, formatId);
  if (!state.brouillon) throw new ResultsError("no_draft");
  if (state.brouillon_version !== version) throw new ResultsError("draft_changed");
  return state.brouillon;
}

/** Corrects (or, with `remove`, removes) one line of the draft at `version`. */
export async function changeDraftLine(
  context: Ctx,
  user: User,
  formatId: string,
  change: { version: number; ligne: number; values?: Partial<Record<keyof DraftLine, string>>; remove?: boolean },
): Promise<void> {
  await requireFormatRight(context, user, formatId, "inscriptions");
  const lines = await currentDraft(context, formatId, change.version);
  const next = change.remove
    ? removeDraftLine(lines, change.ligne)
    : correctDraftLine(lines, change.ligne, change.values ?? {});
  if (!next) throw new ResultsError("line_not_found");
  const now = context.clock.now().toISOString();
  if (!(await replaceDraftLines(context.db, { formatId, version: change.version, lines: next, now }))) {
    throw new ResultsError("draft_changed");
  }
}

/** Drops the draft (the published results, if any, stay). */
export async function abandonDraft(context: Ctx, user: User, formatId: string, version: number): Promise<void> {
  await requireFormatRight(context, user, formatId, "inscriptions");
  if (!(await dropDraft(context.db, formatId, version, context.clock.now().toISOString()))) {
    throw new ResultsError("draft_changed");
  }
}

/** Publishes the draft at `version` when no line is in error: it replaces the format's results. */
export async function publishDraft(context: Ctx, user: User, formatId: string, version: number): Promise<number> {
  const format = await requireFormatRight(context, user, formatId, "inscriptions");
  const lines = await currentDraft(context, formatId, version);
  const preview = previewResults(lines, await formatBibs(context.db, formatId));
  if (preview.errors.length > 0) throw new ResultsError("has_errors");
  const now = context.clock.now().toISOString();
  if (!(await publishResults(context.db, { formatId, version, results: preview.results, userId: user.id, now }))) {
    throw new ResultsError("draft_changed");
  }
  const target = formatTarget({ course_id: format.course_id, course_nom: format.course_nom, nom: format.nom });
  await recordAction(context, user, "organisateur", "resultats.publies", {
    ...target,
    objet: `${format.nom} — ${preview.results.length} lignes`,
  });
  return preview.results.length;
}

/** The published line of bib `dossard` for its correction form, or null. */
export async function publishedLine(context: Ctx, user: User, formatId: string, dossard: number) {
  await requireFormatRight(context, user, formatId, "inscriptions");
  return findPublishedResult(context.db, formatId, dossard);
}

const CORRECTION_LABELS = { temps: "Temps", classement: "Classement", categorie: "Catégorie", statut: "Statut" };

/** Corrects one published line, recorded in the journal with what changed. */
export async function correctPublishedLine(context: Ctx, user: User, formatId: string, c: PublishedCorrection) {
  const format = await requireFormatRight(context, user, formatId, "inscriptions");
  const before = await findPublishedResult(context.db, formatId, c.dossard);
  if (!before || !(await correctPublishedResult(context.db, formatId, c))) {
    throw new ResultsError("line_not_found", `Aucun résultat publié pour le dossard ${c.dossard}.`, "dossard");
  }
  const words = (r: PublishedCorrection) => ({
    temps: formatRaceTime(r.temps_secondes),
    classement: r.classement,
    categorie: r.categorie,
    statut: RESULT_STATUSES[r.statut],
  });
  const changes = fieldChanges(words(before), words(c), CORRECTION_LABELS);
  await recordAction(
    context,
    user,
    "organisateur",
    "resultats.corrige",
    { courseId: format.course_id, courseNom: format.course_nom, objet: `Dossard ${c.dossard} — ${format.nom}` },
    changes,
  );
  return changesText(changes);
}

/**
 * The public results page's data; ResultsError("not_found") when the format has none published. `read`: see
 * BatchRead (one round trip with the session look-up).
 */
export async function publicResults(context: Ctx, formatId: string, query: ResultsQuery, read?: BatchRead) {
  const { format, rows, total } = await publishedResultsPage(context.db, formatId, query, read);
  if (!format) throw new ResultsError("not_found");
  return { format, rows, total };
}

/** The runner's results for their registrations `ids` (already scoped to the runner by the caller's query). */
export async function ownResults(context: Ctx, ids: readonly string[]) {
  const rows = await resultsOfRegistrations(context.db, ids);
  return new Map(rows.map((r) => [r.inscription_id, r]));
}
