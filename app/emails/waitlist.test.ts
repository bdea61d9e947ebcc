import { describe, expect, it } from "vitest";
import { runnerEvent } from "../../tests/support/emails";
import { buyerTransferredEmail } from "./transfer";
import { joinedEmail } from "./waitlist";

const base = { ...runnerEvent, prenom: "Léa", genre: "Femme", heureDepart: null };

describe("the e-mails say the same thing to everyone (issue 42)", () => {
  it("joining the list: the registration on the list is recorded, with no masculine 'inscrit'", () => {
    const m = joinedEmail({ ...base, position: 1 });
    expect(m.text).toContain("Votre inscription sur la liste d'attente de Trail des <Aiguilles> — Balcons 28 km");
    expect(m.text).toContain("est enregistrée. Vous êtes 1re sur la liste.");
    expect(m.text).not.toMatch(/\binscrit\b/);
    expect(m.html).not.toMatch(/\binscrit\b/);
  });
  it("a bib taken over: the registration is confirmed, with no masculine 'inscrit'", () => {
    const m = buyerTransferredEmail({ ...base, paidCents: 4200, dossard: 12 });
    expect(m.text).toContain("votre inscription à Trail des <Aiguilles> — Balcons 28 km");
    expect(m.text).not.toMatch(/\binscrit\b/);
  });
});
