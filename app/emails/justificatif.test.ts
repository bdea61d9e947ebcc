import { describe, expect, it } from "vitest";
import { expectEscaped, runnerEvent } from "../../tests/support/emails";
import { justificatifRefusedEmail } from "./justificatif";

describe("justificatifRefusedEmail", () => {
  const mail = justificatifRefusedEmail({
    ...runnerEvent,
    reason: "Document illisible ou incomplet\u00a0: photo coupée",
  });
  it("names the event, the reason and the page to fix it, in French", () => {
    expect(mail.subject).toBe("Justificatif à corriger\u00a0: Trail des <Aiguilles> — Balcons 28 km");
    expect(mail.text).toContain("Motif\u00a0: Document illisible ou incomplet\u00a0: photo coupée");
    expect(mail.text).toContain(runnerEvent.url);
    expect(mail.text).toContain("12 juin 2027");
  });
  it("escapes what the organiser typed", () => {
    expectEscaped(mail.html, "<Aiguilles>", "Trail des &lt;Aiguilles&gt;");
  });
});

describe("justificatifRefusedEmail to a runner the organiser added by hand (issue 42)", () => {
  const mail = justificatifRefusedEmail({
    ...runnerEvent,
    reason: "Licence expirée",
    url: null,
    organiser: { nom: "Chamonix Trail Club", email: "contact@ctc.test" },
  });
  it("links to no page they cannot open, and says whom to answer", () => {
    expect(mail.text).not.toContain("/mon-inscription/");
    expect(mail.html).not.toContain("Corriger mon justificatif");
    expect(mail.text).toContain("envoyez-lui votre justificatif corrigé");
    expect(mail.text).toContain("Chamonix Trail Club (contact@ctc.test)");
  });
});
