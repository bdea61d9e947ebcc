// An event's team (issue 43, docs/decisions/0213): the owner invites by e-mail with chosen rights, revokes a pending
// invitation, removes a co-organiser; a co-organiser leaves; the invited person accepts (logged in with the invited
// address, or creating their account on the invitation's page). Every change is recorded in the event's journal.
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  acceptInvitation,
  coOrganisedCourses,
  deleteMember,
  findEventRole,
  findInvitationByHash,
  insertInvitation,
  isMemberByEmail,
  listTeam,
  revokeInvitation,
} from "~/db/event-team.server";
import {
  INVITATION_STATE_LABELS,
  type InviteInput,
  invitationExpiresAt,
  invitationRefusal,
  invitationState,
  rightsText,
  TeamError,
} from "~/domain/event-team";
import { formatDateTime } from "~/domain/format";
import * as paths from "~/domain/paths";
import { teamInvitationEmail } from "~/emails/team";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { type AuditTarget, recordAction } from "./audit.server";
import { createConfirmedAccount } from "./auth.server";
import { requireEventRight } from "./event-access.server";

type Ctx = AppLoadContext;
interface User {
  id: string;
  email: string;
}

function teamTarget(course: { id: string; nom: string }, objet: string): AuditTarget {
  return { courseId: course.id, courseNom: course.nom, objet };
}

/** The team page: the event, its co-organisers and its invitations (state and expiry at now), for its owner only. */
export async function teamPage(context: Ctx, user: User, courseId: string) {
  const { course } = await requireEventRight(context, user, courseId, "owner");
  const team = await listTeam(context.db, course.id);
  const now = context.clock.now();
  return {
    course: { id: course.id, nom: course.nom },
    members: team.members.map((m) => ({
      userId: m.userId,
      email: m.email,
      droits: rightsText(m.rights),
      depuis: formatDateTime(m.addedAt),
    })),
    invitations: team.invitations.map((i) => {
      const state = invitationState(i, now);
      return {
        id: i.id,
        email: i.email,
        droits: rightsText(i.rights),
        state,
        etat: INVITATION_STATE_LABELS[state],
        expire: formatDateTime(i.expires_at),
      };
    }),
  };
}

/** Invites `input.email` with `input.rights` (owner only): mails the link, records it. Refuses the owner and a member. */
export async function inviteCoOrganiser(context: Ctx, user: User, courseId: string, input: InviteInput) {
  const { course } = await requireEventRight(context, user, courseId, "owner");
  if (input.email === user.email.toLowerCase()) throw new TeamError("self_invite");
  if (await isMemberByEmail(context.db, course.id, input.email)) throw new TeamError("already_member");
  const now = context.clock.now();
  const token = randomToken();
  const expiresAt = invitationExpiresAt(now);
  await insertInvitation(
    context.db,
    {
      id: crypto.randomUUID(),
      courseId: course.id,
      email: input.email,
      rights: input.rights,
      tokenHash: await sha256Hex(token),
      invitedBy: user.id,
    },
    now.toISOString(),
    expiresAt,
  );
  const droits = rightsText(input.rights);
  const mail = teamInvitationEmail({
    invitedBy: user.email,
    courseNom: course.nom,
    rights: droits,
    expiresAt,
    url: paths.absoluteUrl(context.env.APP_URL, paths.teamInvitation(token)),
  });
  await context.mailer.send({ to: input.email, ...mail, kind: "team_invitation" });
  await recordAction(
    context,
    user,
    "organisateur",
    "equipe.invitation_envoyee",
    teamTarget(course, `${input.email} — ${droits}`),
  );
}

/** Revokes a pending invitation (owner only); an invitation no longer pending is a 404. */
export async function revokeTeamInvitation(context: Ctx, user: User, courseId: string, invitationId: string) {
  const { course } = await requireEventRight(context, user, courseId, "owner");
  const email = await revokeInvitation(context.db, course.id, invitationId, context.clock.now().toISOString());
  if (email === null) throw new TeamError("not_found");
  await recordAction(context, user, "organisateur", "equipe.invitation_revoquee", teamTarget(course, email));
}

/** Removes a co-organiser from the team (owner only). */
export async function removeTeamMember(context: Ctx, user: User, courseId: string, memberId: string) {
  const { course } = await requireEventRight(context, user, courseId, "owner");
  const email = await deleteMember(context.db, course.id, memberId);
  if (email === null) throw new TeamError("not_found");
  await recordAction(context, user, "organisateur", "equipe.membre_retire", teamTarget(course, email));
}

/** A co-organiser leaves the event's team; anyone else gets a 404. */
export async function leaveTeam(context: Ctx, user: User, courseId: string) {
  const found = await findEventRole(context.db, courseId, user.id);
  if (found?.role.kind !== "member") throw new TeamError("not_found");
  const email = await deleteMember(context.db, courseId, user.id);
  if (email === null) throw new TeamError("not_found");
  await recordAction(context, user, "organisateur", "equipe.membre_parti", teamTarget(found.course, email));
}

/** The events `userId` co-organises, with their rights (the organiser space). */
export function coOrganisedEvents(context: Ctx, userId: string) {
  return coOrganisedCourses(context.db, userId);
}

// ---------------------------------------------------------------- the invitation's page

async function invitationOf(context: Ctx, token: string) {
  if (!token || token.length > 200) return null;
  return findInvitationByHash(context.db, await sha256Hex(token));
}

/**
 * What the invitation's page shows: the event, the rights and the address invited, or why the link no longer works
 * (a TeamError: unknown, expired, revoked, used).
 */
export async function invitationDetails(context: Ctx, token: string) {
  const inv = await invitationOf(context, token);
  if (!inv) throw new TeamError("invitation_invalid");
  const refusal = invitationRefusal(invitationState(inv, context.clock.now()));
  if (refusal) throw new TeamError(refusal);
  return { courseId: inv.course_id, courseNom: inv.courseNom, email: inv.email, droits: rightsText(inv.rights) };
}

/** Accepts the invitation for the logged-in `user`, who must hold the invited address. Returns the event's id. */
export async function acceptTeamInvitation(context: Ctx, token: string, user: User): Promise<string> {
  const inv = await invitationOf(context, token);
  if (!inv) throw new TeamError("invitation_invalid");
  const refusal = invitationRefusal(invitationState(inv, context.clock.now()));
  if (refusal) throw new TeamError(refusal);
  if (user.email.toLowerCase() !== inv.email) throw new TeamError("wrong_account");
  if (inv.owner === user.id) throw new TeamError("self_invite");
  const now = context.clock.now().toISOString();
  if (!(await acceptInvitation(context.db, inv.id, user.id, now))) {
    // Someone accepted, revoked or it expired meanwhile: say which.
    const again = await invitationOf(context, token);
    throw new TeamError((again && invitationRefusal(invitationState(again, context.clock.now()))) || "invitation_used");
  }
  await recordAction(
    context,
    user,
    "organisateur",
    "equipe.invitation_acceptee",
    teamTarget({ id: inv.course_id, nom: inv.courseNom }, `${inv.email} — ${rightsText(inv.rights)}`),
  );
  return inv.course_id;
}

/**
 * Creates the invited person's account (the address is the invitation's: following the link proved it) and accepts
 * the invitation with it. An address that already has an account must log in instead (wrong_account is not said:
 * the page asks to log in). Returns the new account and the event's id.
 */
export async function acceptWithNewAccount(
  context: Ctx,
  token: string,
  input: { password: string; prenom: string; nom: string },
): Promise<{ user: User; courseId: string } | { accountExists: true }> {
  const details = await invitationDetails(context, token);
  const user = await createConfirmedAccount(context, { email: details.email, ...input });
  if (!user) return { accountExists: true };
  return { user, courseId: await acceptTeamInvitation(context, token, user) };
}
