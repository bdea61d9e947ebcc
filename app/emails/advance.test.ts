import { describe, expect, it } from "vitest";
import { expectEscaped, runnerEvent } from "../../tests/support/emails";
import { advanceDecisionEmail } from "./advance";

describe("the advance decision e-mail", () => {
  const event = { courseNom: runnerEvent.courseNom, url: "https://balise.example/organisateur/finances/c1" };

  it("tells the amount released and that J+1 sends the rest", () => {
    const m = advanceDecisionEmail({ ...event, statut: "versee", pourcentage: 50, montantCents: 123456 });
    expect(m.subject).toBe("Acompte versé\u00a0: Trail des <Aiguilles>");
    expect(m.text).toContain("1\u00a0234,56\u00a0€");
    expect(m.text).toContain("J+1");
    expect(m.html).toContain(event.url);
  });

  it("gives the admin's reason for a refusal, escaped in HTML", () => {
    const m = advanceDecisionEmail({ ...event, statut: "refusee", motif: "Pièces <manquantes>" });
    expect(m.subject).toBe("Demande d'acompte refusée\u00a0: Trail des <Aiguilles>");
    expect(m.text).toContain("Motif\u00a0: Pièces <manquantes>");
    expectEscaped(m.html, "Pièces <manquantes>", "Pièces &lt;manquantes&gt;");
  });
});
