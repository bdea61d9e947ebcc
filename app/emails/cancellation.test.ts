import { describe, expect, it } from "vitest";
import { formatEuros } from "~/domain/format";
import { cancellationEmail } from "./cancellation";

const base = {
  prenom: "Camille",
  courseNom: "Trail des Aiguilles Rouges",
  formatNom: "Balcons 28 km",
  date: "2027-01-22",
  amountPaidCents: 3800,
  nonRefundableCents: 272,
  baseCents: 3528,
  percent: 90,
  refundCents: 3175,
  url: "http://localhost:8796/mon-inscription/abc",
};

describe("cancellation e-mail", () => {
  it("states the refund, the tier and the fees, in HTML and in text", () => {
    const m = cancellationEmail(base);
    expect(m.subject).toBe("Annulation confirmée : Trail des Aiguilles Rouges — Balcons 28 km");
    for (const part of [
      "Bonjour Camille,",
      "31,75\u00a0€",
      "90 %",
      "35,28\u00a0€",
      "38,00\u00a0€",
      "2,72\u00a0€",
      "vendredi 22 janvier 2027",
    ]) {
      expect(m.text).toContain(part);
      expect(m.html).toContain(part);
    }
    expect(m.html).toContain('href="http://localhost:8796/mon-inscription/abc"');
  });

  it("says no refund is due at zero, and who cancelled", () => {
    const m = cancellationEmail({ ...base, refundCents: 0, percent: 0, byOrganiser: true, prenom: null });
    expect(m.text).toContain("Bonjour,");
    expect(m.text).toContain("L'organisateur a annulé votre inscription");
    expect(m.text).toContain("À ce stade du barème, aucun remboursement n'est prévu.");
    expect(m.text).not.toContain("Remboursement :");
  });

  it("the organiser's cancellation: a full refund, fees included, and their reason", () => {
    const m = cancellationEmail({
      ...base,
      refundCents: base.amountPaidCents,
      percent: 100,
      byOrganiser: true,
      organiserReason: "Arrêté préfectoral <canicule>",
    });
    expect(m.text).toContain("Motif donné par l'organisateur : Arrêté préfectoral <canicule>");
    expect(m.text).toContain(`Remboursement intégral : ${formatEuros(base.amountPaidCents)}, frais compris.`);
    expect(m.text).not.toContain("base remboursable");
    expect(m.html).toContain("Arrêté préfectoral &lt;canicule&gt;");
  });

  it("escapes names in HTML", () => {
    const m = cancellationEmail({ ...base, courseNom: "<b>Trail</b>" });
    expect(m.html).not.toContain("<b>Trail</b>");
    expect(m.html).toContain("&lt;b&gt;Trail&lt;/b&gt;");
  });
});
