// The store of the journal of organiser and admin actions (decision 0212, app/domain/audit.ts): the only writer and
// reader of `journal_actions`. Rows are only added (the database refuses updates and deletes).
import { and, count, desc, eq, gte, inArray, lte, type SQL } from "drizzle-orm";
import type { AuditAction, AuditRole, FieldChange, JournalFilters } from "~/domain/audit";
import { JOURNAL_PAGE_SIZE } from "~/domain/audit";
import type { Db } from "./client.server";
import { courses, formats, inscriptions, journal_actions, paiements, users } from "./schema";

/** One action to record. */
export interface AuditEntry {
  courseId: string | null;
  courseNom: string | null;
  acteur: { id: string; email: string; role: AuditRole };
  action: AuditAction;
  objet: string | null;
  changements?: readonly FieldChange[];
  /** The Paris day of the action. */
  jour: string;
  /** When it happened (ISO). */
  at: string;
}

/** The insert of one journal row, to run alone or in the batch of the change it records. */
export function auditInsert(db: Db, e: AuditEntry) {
  return db.insert(journal_actions).values({
    course_id: e.courseId,
    course_nom: e.courseNom,
    acteur_id: e.acteur.id,
    acteur_email: e.acteur.email,
    acteur_role: e.acteur.role,
    action: e.action,
    objet: e.objet,
    changements: e.changements && e.changements.length > 0 ? JSON.stringify(e.changements) : null,
    jour: e.jour,
    created_at: e.at,
  });
}

export type JournalRow = typeof journal_actions.$inferSelect;

function conditions(courseId: string | null, f: JournalFilters): SQL | undefined {
  const where: (SQL | undefined)[] = [
    courseId === null ? undefined : eq(journal_actions.course_id, courseId),
    f.personne === null ? undefined : eq(journal_actions.acteur_id, f.personne),
    f.type === null ? undefined : eq(journal_actions.action, f.type),
    f.du === null ? undefined : gte(journal_actions.jour, f.du),
    f.au === null ? undefined : lte(journal_actions.jour, f.au),
  ];
  return and(...where);
}

/**
 * One page of the journal, newest first: of one event (`courseId`), or of every event (null, for admins), with the
 * filters applied; the number of matching rows; the people who acted (for the filter's choices).
 */
export async function listJournal(
  db: Db,
  courseId: string | null,
  f: JournalFilters,
): Promise<{ rows: JournalRow[]; total: number; people: { id: string; email: string }[] }> {
  const where = conditions(courseId, f);
  const [rows, totals, people] = await db.batch([
    db
      .select()
      .from(journal_actions)
      .where(where)
      .orderBy(desc(journal_actions.id))
      .limit(JOURNAL_PAGE_SIZE)
      .offset((f.page - 1) * JOURNAL_PAGE_SIZE),
    db.select({ n: count() }).from(journal_actions).where(where),
    db
      .selectDistinct({ id: journal_actions.acteur_id, email: journal_actions.acteur_email })
      .from(journal_actions)
      .where(courseId === null ? undefined : eq(journal_actions.course_id, courseId))
      .orderBy(journal_actions.acteur_email)
      .limit(200),
  ]);
  return { rows, total: totals[0]?.n ?? 0, people };
}

/** Every matching row, newest first, `limit` at most after the row `beforeId` (for the CSV, read in batches). */
export function journalBatch(
  db: Db,
  courseId: string | null,
  f: JournalFilters,
  beforeId: number | null,
  limit: number,
): Promise<JournalRow[]> {
  const where = and(conditions(courseId, f), beforeId === null ? undefined : lte(journal_actions.id, beforeId - 1));
  return db.select().from(journal_actions).where(where).orderBy(desc(journal_actions.id)).limit(limit);
}

/** The e-mail of an account (for an action whose caller knew only the id); '' when the account is gone. */
export async function accountEmail(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? "";
}

/** The owner of an event (null when it is gone). */
export async function courseOwnerId(db: Db, courseId: string): Promise<string | null> {
  const [row] = await db
    .select({ owner: courses.organisateur_id })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  return row?.owner ?? null;
}

/** The columns a registration is named by in the journal. */
const NAMES = {
  course_id: courses.id,
  course_nom: courses.nom,
  owner: courses.organisateur_id,
  format_nom: formats.nom,
  prenom: inscriptions.prenom,
  nom: inscriptions.nom,
};

/** What the journal names a registration by: its event, its format and its runner (null when it is gone). */
export async function registrationNames(db: Db, inscriptionId: string) {
  const [row] = await db
    .select(NAMES)
    .from(inscriptions)
    .innerJoin(formats, eq(formats.id, inscriptions.format_id))
    .innerJoin(courses, eq(courses.id, formats.course_id))
    .where(eq(inscriptions.id, inscriptionId))
    .limit(1);
  return row ?? null;
}

/** What the journal names payments by: each one's registration names, in one read (absent when it is gone). */
export async function paymentNames(db: Db, paiementIds: readonly string[]) {
  const rows = await db
    .select({ paiement_id: paiements.id, ...NAMES })
    .from(paiements)
    .innerJoin(inscriptions, eq(inscriptions.id, paiements.inscription_id))
    .innerJoin(formats, eq(formats.id, inscriptions.format_id))
    .innerJoin(courses, eq(courses.id, formats.course_id))
    .where(inArray(paiements.id, [...paiementIds]));
  return new Map(rows.map(({ paiement_id, ...names }) => [paiement_id, names]));
}
