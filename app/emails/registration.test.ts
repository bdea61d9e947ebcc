import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { expectEscaped, runnerEvent } from "../../tests/support/emails";
import { confirmationEmail, qrTable, refusedPaymentEmail, strayPaymentEmail } from "./registration";

const data = {
  ...runnerEvent,
  inscriptionId: "i-1",
  courseNom: "Trail des <Aiguilles> & Co",
  lieu: "Chamonix-Mont-Blanc",
  distanceKm: 28,
  dplus: 1800,
  nom: "Bernard",
  email: "coureur@balise.test",
  nombreRepas: 2,
  totalCents: 6200,
};

describe("confirmation e-mail", () => {
  const m = confirmationEmail(data);
  it("has the event, format, start, runner, amount and link, in French, HTML escaped", () => {
    expect(m.subject).toBe("Inscription validée : Trail des <Aiguilles> & Co — Balcons 28 km");
    for (const t of [
      "Balcons 28 km — 28\u00a0km, 1\u00a0800\u00a0m D+",
      "samedi 12 juin 2027 à 7h30",
      "Camille Bernard",
      "62,00\u00a0€",
      "Repas : 2",
      data.url,
    ]) {
      expect(m.text).toContain(t);
    }
    expectEscaped(m.html, "<Aiguilles>", "Trail des &lt;Aiguilles&gt; &amp; Co");
    expect(m.html).toContain('lang="fr"');
  });
  it("draws the QR of the signed check-in URL when there is one (decision 0216), the link staying the page's", () => {
    const qrUrl = `${data.url}?retrait=AbCdEf0123456789_-xyzw`;
    const signed = confirmationEmail({ ...data, qrUrl });
    expect(signed.html).toContain(qrTable(qrUrl));
    expect(signed.html).not.toContain(qrTable(data.url));
    expect(signed.html).toContain(`href="${data.url}"`);
  });
  it("carries the QR code of the registration page as a table", () => {
    expect(m.html).toContain(qrTable(data.url));
  });
});

describe("qrTable", () => {
  it("draws exactly the dark modules of the QR code, with a quiet zone", () => {
    const text = "http://localhost:8787/mon-inscription/abc";
    const modules = QRCode.create(text, { errorCorrectionLevel: "M" }).modules;
    let dark = 0;
    for (let r = 0; r < modules.size; r++) for (let c = 0; c < modules.size; c++) dark += modules.get(r, c);
    const html = qrTable(text, 1);
    const rows = html.match(/<tr>.*?<\/tr>/g)!;
    expect(rows).toHaveLength(modules.size + 4);
    // Sum of the widths of the black runs = number of dark modules (1 px per module).
    const blackPx = [...html.matchAll(/width:(\d+)px;height:1px;background:#000000/g)].reduce(
      (s, m) => s + Number(m[1]),
      0,
    );
    expect(blackPx).toBe(dark);
    expect(qrTable("autre texte", 1)).not.toBe(html);
  });
});

describe("late payment e-mail", () => {
  it("explains the full refund", () => {
    const m = refusedPaymentEmail({ ...data, coursesUrl: "http://localhost:8787/courses" });
    expect(m.subject).toBe("Paiement remboursé : Trail des <Aiguilles> & Co — Balcons 28 km est complet");
    expect(m.text).toContain("remboursé intégralement (62,00\u00a0€)");
    expect(m.text).toContain("http://localhost:8787/courses");
  });
});

describe("stray payment e-mail", () => {
  const refunded = { ...data, coursesUrl: "http://localhost:8787/courses" };
  it("keeps a paid registration and gives the amount refunded and the bank's delay", () => {
    const m = strayPaymentEmail(refunded, "already_paid");
    expect(m.subject).toBe("Second paiement remboursé : Trail des <Aiguilles> & Co — Balcons 28 km");
    expect(m.text).toContain("Votre inscription reste validée");
    expect(m.text).toContain(
      "Montant remboursé : 62,00\u00a0€. Le remboursement apparaît sur votre relevé sous 5 à 10 jours selon votre banque.",
    );
  });
  it("says a registration closed by the organiser is not validated", () => {
    const m = strayPaymentEmail(refunded, "registration_closed");
    expect(m.text).toContain("Nous ne pouvons donc pas la valider");
    expect(m.text).not.toContain("reste validée");
    expect(m.text).toContain("Montant remboursé : 62,00\u00a0€.");
  });
});
