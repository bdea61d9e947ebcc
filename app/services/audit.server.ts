// The journal of organiser and admin actions (issue 43, decision 0212): recording an action after it succeeded, and
// how the journal names what was acted on. Its pages read it through journal.server.ts.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { accountEmail, auditInsert, type AuditEntry, courseOwnerId, paymentNames } from "~/db/audit.server";
import { type AuditAction, type AuditRole, type DataRightsAction, type FieldChange, teamRole } from "~/domain/audit";
import { parisDate } from "~/domain/refund";

type Ctx = AppLoadContext;

/** Who acts, as the session knows them (the e-mail is read from the account when the caller did not have it). */
export interface AuditActor {
  id: string;
  email?: string;
}

/** What an action was done on: the event (id and name) and the object in words. */
export interface AuditTarget {
  courseId: string | null;
  courseNom: string | null;
  objet: string | null;
}

/**
 * Records one action after it succeeded (an organiser's action by someone other than the event's owner is recorded
 * with the role 'coorganisateur'). A journal that cannot be written does not undo the action the user was
 * told succeeded: the failure is logged for the operator (the row's absence is visible in the journal's numbering).
 */
export async function recordAction(
  context: Ctx,
  actor: AuditActor,
  role: AuditRole,
  action: AuditAction,
  target: AuditTarget,
  changements: readonly FieldChange[] = [],
): Promise<void> {
  const now = context.clock.now();
  // Done as the event's organiser by a member of its team: recorded as a co-organiser's action.
  const owner = role === "organisateur" && target.courseId ? await courseOwnerId(context.db, target.courseId) : null;
  const entry: AuditEntry = {
    ...target,
    acteur: {
      id: actor.id,
      email: actor.email ?? (await accountEmail(context.db, actor.id)),
      role: teamRole(role, actor.id, owner),
    },
    action,
    changements,
    jour: parisDate(now),
    at: now.toISOString(),
  };
  try {
    await auditInsert(context.db, entry);
  } catch (e) {
    console.error("journal des actions", action, e);
  }
}

/**
 * Records a person's action on their own data (« Mes données », the erasure of their account): on no event, under
 * the role 'personne', with the account id and no e-mail (DATA_RIGHTS_ACTIONS says why).
 */
export function recordDataRightsAction(
  context: Ctx,
  userId: string,
  action: DataRightsAction,
  objet: string,
): Promise<void> {
  return recordAction(context, { id: userId, email: "" }, "personne", action, {
    courseId: null,
    courseNom: null,
    objet,
  });
}

/** The role an organiser-side action is recorded under: an admin acting on someone else's event is the admin. */
export function organiserSideRole(user: { id: string; isAdmin: boolean }, owner: string | null): AuditRole {
  return user.isAdmin && owner !== user.id ? "admin" : "organisateur";
}

/** A registration as the journal names it: its event, and the runner with the format. */
export function registrantTarget(row: {
  course_id: string;
  course_nom: string;
  format_nom: string;
  prenom?: unknown;
  nom?: unknown;
}): AuditTarget {
  const name = [row.prenom, row.nom].filter((v) => typeof v === "string" && v !== "").join(" ");
  return { courseId: row.course_id, courseNom: row.course_nom, objet: `${name || "Coureur"} — ${row.format_nom}` };
}

/** A format as the journal names it: its event, and the format's name. */
export function formatTarget(format: { course_id: string; course_nom: string; nom: string }): AuditTarget {
  return { courseId: format.course_id, courseNom: format.course_nom, objet: format.nom };
}

/** Payments as the journal names them (each its registration's event, runner and format), read at once. */
export async function paymentTargets(
  context: Ctx,
  paiementIds: readonly string[],
): Promise<(paiementId: string) => AuditTarget> {
  const names = await paymentNames(context.db, paiementIds);
  return (id) => {
    const n = names.get(id);
    return n ? registrantTarget(n) : { courseId: null, courseNom: null, objet: `Paiement ${id}` };
  };
}
