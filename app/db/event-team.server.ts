// The store of an event's team (issue 43, docs/decisions/0213): the only reader and writer of `equipe_membres` and
// `equipe_invitations`, and the one SQL definition of "may this user act on this event with this right" that every
// organiser query of an event uses (the owner, or a co-organiser holding the right).
import { and, asc, desc, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { EventRight, EventRole, Rights } from "~/domain/event-team";
import type { Db } from "./client.server";
import { courses, equipe_invitations, equipe_membres, users } from "./schema";
import { prepare } from "./batch.server";

const RIGHT_COLUMN: Record<EventRight, string> = {
  epreuve: "droit_epreuve",
  inscriptions: "droit_inscriptions",
  finances: "droit_finances",
};

/**
 * The condition "`userId` may act with `right` on the event of the row aliased `courseAlias`" (a `courses` alias):
 * its owner, or a member of its team holding the right. Every organiser query of an event is scoped by it.
 */
export function mayActSql(courseAlias: string, userId: string, right: EventRight): SQL {
  const c = sql.raw(courseAlias);
  const column = sql.raw(`m.${RIGHT_COLUMN[right]}`);
  return sql`(${c}.organisateur_id = ${userId} OR EXISTS (SELECT 1 FROM equipe_membres m WHERE m.course_id = ${c}.id AND m.user_id = ${userId} AND ${column} = 1))`;
}

function rightsOfRow(r: { droit_epreuve: boolean; droit_inscriptions: boolean; droit_finances: boolean }): Rights {
  return { epreuve: !!r.droit_epreuve, inscriptions: !!r.droit_inscriptions, finances: !!r.droit_finances };
}

function rightColumns(rights: Rights) {
  return { droit_epreuve: rights.epreuve, droit_inscriptions: rights.inscriptions, droit_finances: rights.finances };
}

/** The event's row and who `userId` is on it; null when there is no such event. */
export async function findEventRole(db: Db, courseId: string, userId: string) {
  const [row] = await db
    .select({ course: courses, member: equipe_membres })
    .from(courses)
    .leftJoin(equipe_membres, and(eq(equipe_membres.course_id, courses.id), eq(equipe_membres.user_id, userId)))
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!row) return null;
  const role: EventRole =
    row.course.organisateur_id === userId
      ? { kind: "owner" }
      : row.member
        ? { kind: "member", rights: rightsOfRow(row.member) }
        : { kind: "none" };
  return { course: row.course, role };
}

/** The events `userId` co-organises (not the ones they own), with their rights. */
export async function coOrganisedCourses(db: Db, userId: string) {
  const rows = await db
    .select({ course: courses, member: equipe_membres })
    .from(equipe_membres)
    .innerJoin(courses, eq(courses.id, equipe_membres.course_id))
    .where(eq(equipe_membres.user_id, userId))
    .orderBy(desc(courses.created_at));
  return rows.map((r) => ({ course: r.course, rights: rightsOfRow(r.member) }));
}

/** The team of an event: its members (with their account e-mail) and its invitations, newest first. */
export async function listTeam(db: Db, courseId: string) {
  const [members, invitations] = await Promise.all([
    db
      .select({ member: equipe_membres, email: users.email })
      .from(equipe_membres)
      .innerJoin(users, eq(users.id, equipe_membres.user_id))
      .where(eq(equipe_membres.course_id, courseId))
      .orderBy(asc(equipe_membres.added_at)),
    db
      .select()
      .from(equipe_invitations)
      .where(eq(equipe_invitations.course_id, courseId))
      .orderBy(desc(equipe_invitations.created_at)),
  ]);
  return {
    members: members.map((m) => ({
      userId: m.member.user_id,
      email: m.email,
      rights: rightsOfRow(m.member),
      addedAt: m.member.added_at,
    })),
    invitations: invitations.map((i) => ({ ...i, rights: rightsOfRow(i) })),
  };
}

export type TeamInvitationRow = Awaited<ReturnType<typeof listTeam>>["invitations"][number];

/** The e-mail of the event's team member `who` picks (a condition on the member or their account), or null. */
async function memberEmail(db: Db, courseId: string, who: SQL): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(equipe_membres)
    .innerJoin(users, eq(users.id, equipe_membres.user_id))
    .where(and(eq(equipe_membres.course_id, courseId), who))
    .limit(1);
  return row?.email ?? null;
}

/** Is the account with this e-mail already a member of the event's team? */
export async function isMemberByEmail(db: Db, courseId: string, email: string): Promise<boolean> {
  return (await memberEmail(db, courseId, eq(users.email, email))) !== null;
}

/** Records an invitation; an earlier one still pending for the same address and event is revoked in the same batch. */
export async function insertInvitation(
  db: Db,
  inv: { id: string; courseId: string; email: string; rights: Rights; tokenHash: string; invitedBy: string },
  now: string,
  expiresAt: string,
): Promise<void> {
  await db.batch([
    db
      .update(equipe_invitations)
      .set({ revoked_at: now })
      .where(
        and(
          eq(equipe_invitations.course_id, inv.courseId),
          eq(equipe_invitations.email, inv.email),
          isNull(equipe_invitations.accepted_at),
          isNull(equipe_invitations.revoked_at),
          gt(equipe_invitations.expires_at, now),
        ),
      ),
    db.insert(equipe_invitations).values({
      id: inv.id,
      course_id: inv.courseId,
      email: inv.email,
      ...rightColumns(inv.rights),
      token_hash: inv.tokenHash,
      invited_by: inv.invitedBy,
      expires_at: expiresAt,
      created_at: now,
    }),
  ]);
}

/** The invitation whose token has this hash, with its event's name; null when none. */
export async function findInvitationByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ inv: equipe_invitations, courseNom: courses.nom, owner: courses.organisateur_id })
    .from(equipe_invitations)
    .innerJoin(courses, eq(courses.id, equipe_invitations.course_id))
    .where(eq(equipe_invitations.token_hash, tokenHash))
    .limit(1);
  return row ? { ...row.inv, rights: rightsOfRow(row.inv), courseNom: row.courseNom, owner: row.owner } : null;
}

/** Revokes a pending invitation of the event; false when there was none to revoke. */
export async function revokeInvitation(db: Db, courseId: string, id: string, now: string): Promise<string | null> {
  const rows = await db
    .update(equipe_invitations)
    .set({ revoked_at: now })
    .where(
      and(
        eq(equipe_invitations.id, id),
        eq(equipe_invitations.course_id, courseId),
        isNull(equipe_invitations.accepted_at),
        isNull(equipe_invitations.revoked_at),
      ),
    )
    .returning({ email: equipe_invitations.email });
  return rows[0]?.email ?? null;
}

/**
 * Accepts a pending invitation for `userId`, once: the update only succeeds while it is unaccepted, unrevoked and
 * unexpired, and the membership is inserted in the same batch from the row just accepted (its rights replace any
 * the account already had on the event). False when the invitation could not be accepted.
 */
export async function acceptInvitation(db: Db, id: string, userId: string, now: string): Promise<boolean> {
  const [accepted] = await db.$client.batch([
    prepare(
      db,
      sql`UPDATE equipe_invitations SET accepted_at = ${now}, accepted_by = ${userId}
        WHERE id = ${id} AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ${now} RETURNING id`,
    ),
    prepare(
      db,
      sql`INSERT INTO equipe_membres (course_id, user_id, droit_epreuve, droit_inscriptions, droit_finances, invitation_id, added_at)
        SELECT i.course_id, ${userId}, i.droit_epreuve, i.droit_inscriptions, i.droit_finances, i.id, ${now}
        FROM equipe_invitations i JOIN courses c ON c.id = i.course_id
        WHERE i.id = ${id} AND i.accepted_at = ${now} AND i.accepted_by = ${userId} AND c.organisateur_id <> ${userId}
        ON CONFLICT (course_id, user_id) DO UPDATE SET droit_epreuve = excluded.droit_epreuve,
          droit_inscriptions = excluded.droit_inscriptions, droit_finances = excluded.droit_finances,
          invitation_id = excluded.invitation_id`,
    ),
  ]);
  return (accepted.results?.length ?? 0) > 0;
}

/** Removes a member from the event's team; the member's e-mail, or null when they were not in it. */
export async function deleteMember(db: Db, courseId: string, userId: string): Promise<string | null> {
  const email = await memberEmail(db, courseId, eq(equipe_membres.user_id, userId));
  if (email === null) return null;
  const gone = await db
    .delete(equipe_membres)
    .where(and(eq(equipe_membres.course_id, courseId), eq(equipe_membres.user_id, userId)))
    .returning({ user_id: equipe_membres.user_id });
  return gone.length ? email : null;
}

/** The statements removing an event's team (members and invitations), for the batch deleting the event. */
export function deleteTeamOfCourse(db: Db, courseId: string) {
  return [
    db.delete(equipe_membres).where(eq(equipe_membres.course_id, courseId)),
    db.delete(equipe_invitations).where(eq(equipe_invitations.course_id, courseId)),
  ] as const;
}
