// An event's team (issue 43, docs/decisions/0213): the rights a co-organiser may hold, which right each organiser
// action needs (or whether only the owner may do it), the state of an invitation at `now`, and the invite form.
// Pure: no I/O, no clock.
import { z } from "zod";
import { codesOf } from "./labels";
import { tabledError } from "./errors";

/** The rights, in the order the pages show them. */
export const RIGHT_LABELS = {
  epreuve: "Épreuve",
  inscriptions: "Inscriptions",
  finances: "Finances",
};
export type EventRight = keyof typeof RIGHT_LABELS;
export const EVENT_RIGHTS = codesOf(RIGHT_LABELS);

export const RIGHT_HINTS: Record<EventRight, string> = {
  epreuve: "Modifier l'épreuve et ses formats, la publier ou la retirer du catalogue.",
  inscriptions:
    "Voir et modifier les inscrits, ajouter des coureurs, exports, justificatifs, liste d'attente, cessions.",
  finances: "Voir les paiements, remboursements, versements et le grand livre de l'épreuve, demander une avance.",
};

/** The rights one person holds on one event. */
export type Rights = Record<EventRight, boolean>;

export const NO_RIGHTS: Rights = { epreuve: false, inscriptions: false, finances: false };
export const ALL_RIGHTS: Rights = { epreuve: true, inscriptions: true, finances: true };

/** Who someone is on an event: its owner (every right, and the team), a co-organiser with rights, or nobody. */
export type EventRole = { kind: "owner" } | { kind: "member"; rights: Rights } | { kind: "none" };

/**
 * What an organiser does on an event, and what it needs: a right, or "owner" (the team, the payment account,
 * deleting or copying the event, the journal stay the owner's).
 */
export const ORGANISER_ACTIONS = {
  edit_event: "epreuve",
  publish: "epreuve",
  registrants: "inscriptions",
  edit_registrant: "inscriptions",
  add_runner: "inscriptions",
  exports: "inscriptions",
  justificatifs: "inscriptions",
  waitlist: "inscriptions",
  transfers: "inscriptions",
  finances: "finances",
  advance: "finances",
  team: "owner",
  payment_account: "owner",
  delete_event: "owner",
  duplicate_event: "owner",
  journal: "owner",
} as const satisfies Record<string, EventRight | "owner">;

export type OrganiserAction = keyof typeof ORGANISER_ACTIONS;

/** May someone with this role on the event do `needed` (a right, or "owner")? */
export function mayDo(role: EventRole, needed: EventRight | "owner"): boolean {
  if (role.kind === "owner") return true;
  if (role.kind === "none" || needed === "owner") return false;
  return role.rights[needed];
}

/** The rights of a role (the owner holds them all). */
export function rightsOf(role: EventRole): Rights {
  return role.kind === "owner" ? ALL_RIGHTS : role.kind === "member" ? role.rights : NO_RIGHTS;
}

/** The rights as the pages write them ('Épreuve, Inscriptions'; '—' for none). */
export function rightsText(rights: Rights): string {
  const held = EVENT_RIGHTS.filter((r) => rights[r]).map((r) => RIGHT_LABELS[r]);
  return held.length ? held.join(", ") : "—";
}

// ---------------------------------------------------------------- invitations

/** An invitation is valid 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;

export function invitationExpiresAt(now: Date): string {
  return new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
}

export type InvitationState = "en_attente" | "expiree" | "acceptee" | "revoquee";

export const INVITATION_STATE_LABELS: Record<InvitationState, string> = {
  en_attente: "En attente",
  expiree: "Expirée",
  acceptee: "Acceptée",
  revoquee: "Révoquée",
};

/** The state of an invitation at `now`: accepted and revoked are final; otherwise pending until expires_at (excluded). */
export function invitationState(
  inv: { expires_at: string; accepted_at: string | null; revoked_at: string | null },
  now: Date,
): InvitationState {
  if (inv.accepted_at) return "acceptee";
  if (inv.revoked_at) return "revoquee";
  const exp = Date.parse(inv.expires_at);
  if (!Number.isFinite(exp) || now.getTime() >= exp) return "expiree";
  return "en_attente";
}

export const TEAM_MSG = {
  emailRequired: "Indiquez l'adresse email de la personne à inviter.",
  emailInvalid: "Adresse email invalide.",
  rightsRequired: "Cochez au moins un droit.",
} as const;

const checkbox = z
  .union([z.literal("on"), z.literal("1"), z.literal("true")])
  .optional()
  .transform((v) => v !== undefined);

/** The invite form: an e-mail and at least one right (checkboxes named after the rights). */
export const InviteSchema = z
  .object({
    email: z
      .string({ required_error: TEAM_MSG.emailRequired, invalid_type_error: TEAM_MSG.emailRequired })
      .trim()
      .min(1, TEAM_MSG.emailRequired)
      .max(254, TEAM_MSG.emailInvalid)
      .email(TEAM_MSG.emailInvalid)
      .transform((s) => s.toLowerCase()),
    epreuve: checkbox,
    inscriptions: checkbox,
    finances: checkbox,
  })
  .superRefine((v, ctx) => {
    if (!v.epreuve && !v.inscriptions && !v.finances)
      ctx.addIssue({ code: "custom", path: ["droits"], message: TEAM_MSG.rightsRequired });
  })
  .transform((v): { email: string; rights: Rights } => ({
    email: v.email,
    rights: { epreuve: v.epreuve, inscriptions: v.inscriptions, finances: v.finances },
  }));

export type InviteInput = z.output<typeof InviteSchema>;

/** The team page's other forms: revoke an invitation, remove a co-organiser, leave the team (a co-organiser). */
export const TeamActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("revoke"), invitationId: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("remove"), memberId: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("leave") }),
]);

const personName = (required: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .max(100, "100 caractères au plus.");

/** The name asked of someone who creates their account on the invitation page (the password: SignupSchema's). */
export const InvitedAccountNameSchema = z.object({
  prenom: personName("Indiquez votre prénom."),
  nom: personName("Indiquez votre nom."),
});

// ---------------------------------------------------------------- errors

export type TeamErrorCode =
  | "not_found"
  | "invitation_invalid"
  | "invitation_expired"
  | "invitation_revoked"
  | "invitation_used"
  | "wrong_account"
  | "already_member"
  | "self_invite";

export const TEAM_ERROR_MESSAGES: Record<TeamErrorCode, string> = {
  not_found: "Épreuve introuvable.",
  invitation_invalid: "Ce lien d'invitation n'est pas valable.",
  invitation_expired: "Cette invitation a expiré (elle était valable 7 jours). Demandez-en une nouvelle.",
  invitation_revoked: "Cette invitation a été révoquée par l'organisateur.",
  invitation_used: "Cette invitation a déjà été acceptée.",
  wrong_account:
    "Cette invitation est adressée à une autre adresse email. Déconnectez-vous puis rouvrez le lien avec le bon compte.",
  already_member: "Cette personne fait déjà partie de l'équipe.",
  self_invite: "Vous êtes l'organisateur de cette épreuve\u00a0: inutile de vous inviter.",
};

export const TEAM_ERROR_STATUS: Record<TeamErrorCode, number> = {
  not_found: 404,
  invitation_invalid: 404,
  invitation_expired: 410,
  invitation_revoked: 410,
  invitation_used: 410,
  wrong_account: 403,
  already_member: 409,
  self_invite: 409,
};

const FIELD_OF: Partial<Record<TeamErrorCode, string>> = { already_member: "email", self_invite: "email" };

export class TeamError extends tabledError<TeamErrorCode>(
  "TeamError",
  TEAM_ERROR_STATUS,
  TEAM_ERROR_MESSAGES,
  FIELD_OF,
) {}

/** The refusal for an invitation that is no longer pending, or null when it may be accepted. */
export function invitationRefusal(state: InvitationState): TeamErrorCode | null {
  if (state === "expiree") return "invitation_expired";
  if (state === "revoquee") return "invitation_revoked";
  if (state === "acceptee") return "invitation_used";
  return null;
}
