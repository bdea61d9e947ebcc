import { describe, expect, it } from "vitest";
import { itMaps, itMapsEqual } from "../../tests/support/cases";
import {
  ALL_RIGHTS,
  type EventRole,
  INVITATION_TTL_MS,
  InviteSchema,
  invitationExpiresAt,
  invitationRefusal,
  invitationState,
  mayDo,
  NO_RIGHTS,
  ORGANISER_ACTIONS,
  rightsOf,
  rightsText,
  TEAM_MSG,
  TeamError,
} from "./event-team";

const inscriptionsOnly: EventRole = { kind: "member", rights: { ...NO_RIGHTS, inscriptions: true } };

describe("mayDo", () => {
  it.each([
    [{ kind: "owner" } as EventRole, "edit_event", true],
    [{ kind: "owner" } as EventRole, "team", true],
    [{ kind: "owner" } as EventRole, "delete_event", true],
    [inscriptionsOnly, "edit_registrant", true],
    [inscriptionsOnly, "exports", true],
    [inscriptionsOnly, "waitlist", true],
    [inscriptionsOnly, "edit_event", false],
    [inscriptionsOnly, "publish", false],
    [inscriptionsOnly, "finances", false],
    [inscriptionsOnly, "team", false],
    [inscriptionsOnly, "journal", false],
    [inscriptionsOnly, "delete_event", false],
    [{ kind: "member", rights: ALL_RIGHTS } as EventRole, "payment_account", false],
    [{ kind: "member", rights: ALL_RIGHTS } as EventRole, "advance", true],
    [{ kind: "none" } as EventRole, "registrants", false],
  ] as const)("%j may %s: %s", (role, action, expected) => {
    expect(mayDo(role, ORGANISER_ACTIONS[action])).toBe(expected);
  });

  it("gives the owner every right and nobody none", () => {
    expect(rightsOf({ kind: "owner" })).toEqual(ALL_RIGHTS);
    expect(rightsOf({ kind: "none" })).toEqual(NO_RIGHTS);
    expect(rightsOf(inscriptionsOnly)).toEqual({ epreuve: false, inscriptions: true, finances: false });
  });
});

describe("rightsText", () => {
  itMaps("%j → %s", rightsText, [
    [ALL_RIGHTS, "Épreuve, Inscriptions, Finances"],
    [{ ...NO_RIGHTS, finances: true }, "Finances"],
    [{ epreuve: true, inscriptions: false, finances: true }, "Épreuve, Finances"],
    [NO_RIGHTS, "—"],
  ]);
});

describe("invitationState", () => {
  const now = new Date("2026-11-27T12:00:00.000Z");
  const created = new Date("2026-11-20T12:00:00.001Z");
  const expires = invitationExpiresAt(created);
  it("expires 7 days after it was sent", () => {
    expect(Date.parse(expires) - created.getTime()).toBe(INVITATION_TTL_MS);
    expect(expires).toBe("2026-11-27T12:00:00.001Z");
  });
  it.each([
    [{ expires_at: expires, accepted_at: null, revoked_at: null }, now, "en_attente"],
    [{ expires_at: expires, accepted_at: null, revoked_at: null }, new Date(Date.parse(expires)), "expiree"],
    [{ expires_at: expires, accepted_at: null, revoked_at: null }, new Date(Date.parse(expires) + 1), "expiree"],
    [{ expires_at: expires, accepted_at: "2026-11-21T00:00:00Z", revoked_at: null }, now, "acceptee"],
    [{ expires_at: "2020-01-01T00:00:00Z", accepted_at: "2019-12-31T00:00:00Z", revoked_at: null }, now, "acceptee"],
    [{ expires_at: expires, accepted_at: null, revoked_at: "2026-11-21T00:00:00Z" }, now, "revoquee"],
    [{ expires_at: "not a date", accepted_at: null, revoked_at: null }, now, "expiree"],
  ] as const)("%j at %s is %s", (inv, at, state) => {
    expect(invitationState(inv, at)).toBe(state);
  });
  itMaps("%s is refused with %s", invitationRefusal, [
    ["en_attente", null],
    ["expiree", "invitation_expired"],
    ["revoquee", "invitation_revoked"],
    ["acceptee", "invitation_used"],
  ] as const);
});

describe("InviteSchema", () => {
  itMapsEqual("accepts %j", (form) => InviteSchema.parse(form), [
    [
      { email: " Ami@Exemple.FR ", inscriptions: "on" },
      { email: "ami@exemple.fr", rights: { ...NO_RIGHTS, inscriptions: true } },
    ],
    [
      { email: "a@b.fr", epreuve: "on", finances: "on" },
      { email: "a@b.fr", rights: { ...ALL_RIGHTS, inscriptions: false } },
    ],
  ]);
  it.each([
    [{ email: "", inscriptions: "on" }, "email", TEAM_MSG.emailRequired],
    [{ email: "pas-un-email", inscriptions: "on" }, "email", TEAM_MSG.emailInvalid],
    [{ email: "a@b.fr" }, "droits", TEAM_MSG.rightsRequired],
  ])("refuses %j on %s", (form, field, message) => {
    const r = InviteSchema.safeParse(form);
    expect(r.success).toBe(false);
    expect(r.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});

it("maps team errors to their status and French message", () => {
  const e = new TeamError("invitation_expired");
  expect(e.status).toBe(410);
  expect(e.message).toMatch(/expiré/);
  expect(new TeamError("already_member").field).toBe("email");
});
