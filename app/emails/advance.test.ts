import { describe, expect, it } from "vitest";
import { advanceDecisionEmail } from "./advance";

describe("the advance decision e-mail", () => {
  it("tells the amount released and that J+1 sends the rest", () => {
    const m = advanceDecisionEmail({
      courseNom: "Trail des Aiguilles",
      url: "https://balise.example/organisateur/finances/c1",
      statut: "versee",
      pourcentage: 50,
      montantCents: 123456,
    });
    expect(m.subject).toBe("Acompte versé\u00a0: Trail des Aiguilles");
    expect(m.text).toContain("1\u00a0234,56\u00a0€");
    expect(m.text).toContain("J+1");
    expect(m.html).toContain("https://balise.example/organisateur/finances/c1");
  });

  it("gives the admin's reason for a refusal, escaped in HTML", () => {
    const m = advanceDecisionEmail({
      courseNom: "Trail <b>",
      url: "https://balise.example/f",
      statut: "refusee",
      motif: "Pièces <manquantes>",
    });
    expect(m.subject).toBe("Demande d'acompte refusée\u00a0: Trail <b>");
    expect(m.text).toContain("Motif\u00a0: Pièces <manquantes>");
    expect(m.html).toContain("Pièces &lt;manquantes&gt;");
  });
});
