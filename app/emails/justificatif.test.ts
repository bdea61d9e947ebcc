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
