import { describe, expect, it } from "vitest";
import { justificatifRefusedEmail } from "./justificatif";

describe("justificatifRefusedEmail", () => {
  const mail = justificatifRefusedEmail({
    prenom: "Camille",
    courseNom: "Trail des <Balcons>",
    formatNom: "28 km",
    date: "2027-06-12",
    reason: "Document illisible ou incomplet\u00a0: photo coupée",
    url: "https://balise.test/mon-inscription/i1",
  });
  it("names the event, the reason and the page to fix it, in French", () => {
    expect(mail.subject).toBe("Justificatif à corriger\u00a0: Trail des <Balcons> — 28 km");
    expect(mail.text).toContain("Motif\u00a0: Document illisible ou incomplet\u00a0: photo coupée");
    expect(mail.text).toContain("https://balise.test/mon-inscription/i1");
    expect(mail.text).toContain("12 juin 2027");
  });
  it("escapes what the organiser typed", () => {
    expect(mail.html).toContain("Trail des &lt;Balcons&gt;");
    expect(mail.html).not.toContain("<Balcons>");
  });
});

describe("justificatifRefusedEmail to a runner the organiser added by hand (issue 42)", () => {
  const mail = justificatifRefusedEmail({
    prenom: "Jules",
    courseNom: "Trail des Balcons",
    formatNom: "28 km",
    date: "2027-06-12",
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
