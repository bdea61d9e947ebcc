import { describe, expect, it } from "vitest";
import { teamInvitationEmail } from "./team";

describe("teamInvitationEmail", () => {
  const mail = teamInvitationEmail({
    invitedBy: "organisatrice@balise.test",
    courseNom: "Trail des <Falaises>",
    rights: "Inscriptions, Finances",
    expiresAt: "2027-03-08T10:15:00.000Z",
    url: "https://balise.test/invitation/abc",
  });
  it("names who invites, the event, the rights, the link and its deadline, in French", () => {
    expect(mail.subject).toBe("Invitation à co-organiser Trail des <Falaises> — Balise");
    expect(mail.text).toContain("organisatrice@balise.test vous invite");
    expect(mail.text).toContain("avec les droits suivants\u00a0: Inscriptions, Finances.");
    expect(mail.text).toContain("https://balise.test/invitation/abc");
    expect(mail.text).toContain("8 mars 2027");
  });
  it("escapes the event's name in the HTML", () => {
    expect(mail.html).toContain("Trail des &lt;Falaises&gt;");
    expect(mail.html).not.toContain("<Falaises>");
  });
});
