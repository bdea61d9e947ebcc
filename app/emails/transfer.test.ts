import { describe, expect, it } from "vitest";
import { runnerEvent } from "../../tests/support/emails";
import { invitedOfferClosedEmail, sellerOfferClosedEmail } from "./transfer";

describe("a transfer offer withdrawn because transfers closed", () => {
  const base = { ...runnerEvent, prenom: null, heureDepart: null };
  it("tells the seller they keep their place, and why", () => {
    const m = sellerOfferClosedEmail({ ...base, prenom: "Paul", reason: "cession_fermee" });
    expect(m.subject).toBe("Offre de transfert retirée : Trail des <Aiguilles> — Balcons 28 km");
    expect(m.text).toContain("l'organisateur a fermé le transfert de dossard");
    expect(m.text).toContain("vous gardez votre place");
  });
  it("tells the invited runner nothing will be charged, and a waiting-list runner that they keep their rank", () => {
    const m = invitedOfferClosedEmail({ ...base, reason: "cession_close", fromWaitlist: true });
    expect(m.text).toContain("la date limite des transferts de dossard fixée par l'organisateur est passée");
    expect(m.text).toContain("remboursé intégralement");
    expect(m.text).toContain("Vous gardez votre place sur la liste d'attente.");
    expect(invitedOfferClosedEmail({ ...base, reason: "cession_fermee", fromWaitlist: false }).text).not.toContain(
      "liste d'attente",
    );
  });
});
