// Who may do what on an event (issue 43, docs/decisions/0213): the one check every organiser loader and action of an
// event goes through. The owner may do everything; a co-organiser only what their rights allow (app/domain/
// event-team.ts, ORGANISER_ACTIONS); the team, the payment account, deleting and the journal stay the owner's.
// A co-organiser without the right gets the same 404 as a missing event; someone outside the team keeps the answer
// each page gave before (403 on the event's own pages, 404 on the registrants' pages, whose queries are scoped by
// mayActSql in app/db/event-team.server.ts).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Db } from "~/db/client.server";
import { findEventRole } from "~/db/event-team.server";
import { findOwnedFormat, findOwnedRegistrant, type OwnedFormat, type RegistrantDetail } from "~/db/registrants.server";
import { CourseError } from "~/domain/course-errors";
import { type EventRight, type EventRole, mayDo } from "~/domain/event-team";
import { RegistrantError } from "~/domain/registrants";

interface User {
  id: string;
  isAdmin?: boolean;
}

/** What an organiser page needs: a right of the team, or "owner" for what only the owner does. */
export type Needed = EventRight | "owner";

/**
 * The event and the actor's role on it when the actor may do `needed` on it. Missing event, or a co-organiser
 * without the right: CourseError("not_found") (404). Anyone else: CourseError("forbidden") (403), unless
 * `adminRead` and the actor is an admin.
 */
export async function eventAccess(db: Db, user: User, courseId: string, needed: Needed, adminRead = false) {
  const found = await findEventRole(db, courseId, user.id);
  if (!found) throw new CourseError("not_found");
  if (mayDo(found.role, needed)) return found;
  if (found.role.kind === "member") throw new CourseError("not_found");
  if (adminRead && user.isAdmin) return found;
  throw new CourseError("forbidden");
}

/** Does `userId` hold `needed` on the event (its owner, or a co-organiser with the right)? */
export async function holdsRight(db: Db, courseId: string, userId: string, needed: Needed): Promise<boolean> {
  const found = await findEventRole(db, courseId, userId);
  return !!found && mayDo(found.role, needed);
}

/**
 * For a new organiser page of one event (finances, promo codes…): the event and the actor's role when the actor
 * holds `needed`; otherwise a 404 (missing event, another organiser's event, or a co-organiser without the right).
 */
export async function requireEventRight(
  context: AppLoadContext,
  user: User,
  courseId: string,
  needed: Needed,
): Promise<{ course: Awaited<ReturnType<typeof eventAccess>>["course"]; role: EventRole }> {
  try {
    return await eventAccess(context.db, user, courseId, needed);
  } catch (e) {
    if (e instanceof CourseError && e.code === "forbidden") throw new CourseError("not_found");
    throw e;
  }
}

/** The format when the actor holds `right` on its event; else RegistrantError("not_found") (404). */
export async function requireFormatRight(
  context: AppLoadContext,
  user: User,
  formatId: string,
  right: EventRight,
): Promise<OwnedFormat> {
  const format = await findOwnedFormat(context.db, formatId, user.id, right);
  if (!format) throw new RegistrantError("not_found", "Format introuvable.");
  return format;
}

/** The registration when the actor holds `right` on its event; else RegistrantError("not_found") (404). */
export async function requireRegistrantRight(
  context: AppLoadContext,
  user: User,
  id: string,
  right: EventRight,
): Promise<RegistrantDetail> {
  const row = await findOwnedRegistrant(context.db, id, user.id, right);
  if (!row) throw new RegistrantError("not_found");
  return row;
}
