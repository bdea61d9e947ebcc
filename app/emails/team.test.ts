import { describe, expect, it } from "vitest";
import { expectEscaped, runnerEvent } from "../../tests/support/emails";
import { teamInvitationEmail } from "./team";

describe("teamInvitationEmail", () => {
  const url = "https://balise.test/invitation/abc";
  const mail = teamInvitationEmail({
    invitedBy: "organisatrice@balise.test",
    courseNom: runnerEvent.courseNom,
    rights: "Inscriptions, Finances",
    expiresAt: "2027-03-08T10:15:00.000Z",
    url,
  });
  it("names who invites, the event, the rights, the link and its deadline, in French", () => {
    expect(mail.subject).toBe("Invitation à co-organiser Trail des <Aiguilles> — Balise");
    expect(mail.text).toContain("organisatrice@balise.test vous invite");
    expect(mail.text).toContain("avec les droits suivants\u00a0: Inscriptions, Finances.");
    expect(mail.text).toContain(url);
    expect(mail.text).toContain("8 mars 2027");
  });
  it("escapes the event's name in the HTML", () => {
    expectEscaped(mail.html, "<Aiguilles>", "Trail des &lt;Aiguilles&gt;");
  });
});
