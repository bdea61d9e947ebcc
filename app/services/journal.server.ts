// The journal's pages and CSV (decision 0212): an event's journal for its owner, every event's for admins.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { journalBatch, listJournal, type JournalRow } from "~/db/audit.server";
import {
  actionLabel,
  actorName,
  AUDIT_ROLE_LABELS,
  type AuditRole,
  changesText,
  type FieldChange,
  type JournalFilters,
  parseChanges,
} from "~/domain/audit";
import { CSV_BOM, csvRow } from "~/domain/csv";
import { formatDateTime } from "~/domain/format";
import type { AuditActor } from "./audit.server";
import { requireEventRight } from "./event-access.server";

type Ctx = AppLoadContext;

/** A journal row as the pages show it. */
export interface JournalLine {
  id: number;
  quand: string;
  qui: string;
  role: string;
  action: string;
  courseId: string | null;
  epreuve: string | null;
  objet: string | null;
  changements: FieldChange[];
}

function lineOf(r: JournalRow): JournalLine {
  return {
    id: r.id,
    quand: formatDateTime(r.created_at),
    qui: actorName(r.acteur_id, r.acteur_email),
    role: AUDIT_ROLE_LABELS[r.acteur_role as AuditRole] ?? r.acteur_role,
    action: actionLabel(r.action),
    courseId: r.course_id,
    epreuve: r.course_nom,
    objet: r.objet,
    changements: parseChanges(r.changements),
  };
}

/** The filter's people, each named as the journal names them. */
function named(page: { people: { id: string; email: string }[] }) {
  return page.people.map((p) => ({ id: p.id, email: actorName(p.id, p.email) }));
}

/** The journal of one event, for its owner only (another organiser's event is not found). */
export async function eventJournal(context: Ctx, user: AuditActor, courseId: string, f: JournalFilters) {
  const course = (await requireEventRight(context, user, courseId, "owner")).course;
  const page = await listJournal(context.db, course.id, f);
  return { course: { id: course.id, nom: course.nom }, ...page, rows: page.rows.map(lineOf), people: named(page) };
}

/** The journal of every event (admins; the caller checked the admin). */
export async function adminJournal(context: Ctx, f: JournalFilters) {
  const page = await listJournal(context.db, null, f);
  return { ...page, rows: page.rows.map(lineOf), people: named(page) };
}

const CSV_COLUMNS = ["Date", "Personne", "Rôle", "Action", "Épreuve", "Objet", "Changements"] as const;
const CSV_BATCH = 500;

/** The journal's matching rows as a CSV (newest first), read in batches. Ownership is checked first. */
export async function journalCsv(context: Ctx, user: AuditActor | null, courseId: string | null, f: JournalFilters) {
  if (courseId !== null && user !== null) await requireEventRight(context, user, courseId, "owner");
  let body = CSV_BOM + csvRow(CSV_COLUMNS);
  let before: number | null = null;
  for (;;) {
    const rows = await journalBatch(context.db, courseId, f, before, CSV_BATCH);
    for (const r of rows) {
      const l = lineOf(r);
      body += csvRow([l.quand, l.qui, l.role, l.action, l.epreuve ?? "", l.objet ?? "", changesText(l.changements)]);
    }
    if (rows.length < CSV_BATCH) break;
    before = rows[rows.length - 1].id;
  }
  return body;
}
