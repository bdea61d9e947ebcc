import { describe, expect, it } from "vitest";
import { formatEuros } from "~/domain/format";
import { expectEscaped, expectSaysAll, runnerEvent } from "../../tests/support/emails";
import { cancellationEmail } from "./cancellation";

const base = {
  ...runnerEvent,
  amountPaidCents: 3800,
  nonRefundableCents: 272,
  baseCents: 3528,
  percent: 90,
  refundCents: 3175,
};

describe("cancellation e-mail", () => {
  it("states the refund, the tier and the fees, in HTML and in text", () => {
    const m = cancellationEmail(base);
    expect(m.subject).toBe("Annulation confirmée : Trail des <Aiguilles> — Balcons 28 km");
    expectSaysAll(m, [
      "Bonjour Camille,",
      "31,75\u00a0€",
      "90 %",
      "35,28\u00a0€",
      "38,00\u00a0€",
      "2,72\u00a0€",
      "samedi 12 juin 2027",
    ]);
    expect(m.html).toContain(`href="${runnerEvent.url}"`);
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
    expectEscaped(m.html, "Arrêté préfectoral <canicule>", "Arrêté préfectoral &lt;canicule&gt;");
  });

  it("escapes names in HTML", () => {
    const m = cancellationEmail({ ...base, courseNom: "<b>Trail</b>" });
    expectEscaped(m.html, "<b>Trail</b>", "&lt;b&gt;Trail&lt;/b&gt;");
  });
});
