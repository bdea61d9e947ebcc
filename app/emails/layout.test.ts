import { describe, expect, it } from "vitest";
import { confirmEmailMessage, resetPasswordMessage } from "./accounts";
import { itMaps } from "../../tests/support/cases";
import { escapeHtml, hello, raceLine, raceStart, renderEmail } from "./layout";

describe("e-mails", () => {
  it("escape every dynamic value", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    const m = renderEmail({ subject: "<b>", preheader: "p", paragraphs: ["<script>alert(1)</script>"] });
    expect(m.html).not.toContain("<script>");
    expect(m.text).toContain("<script>alert(1)</script>"); // plain text stays as typed
  });
  it("carry the link in HTML and in text, in French", () => {
    const url = "http://localhost:8787/confirmer-email?token=abc&x=1";
    const m = confirmEmailMessage(url);
    expect(m.subject).toBe("Confirmez votre adresse email — Balise");
    expect(m.html).toContain('href="http://localhost:8787/confirmer-email?token=abc&amp;x=1"');
    expect(m.text).toContain(url);
    expect(m.html).toContain('lang="fr"');
    const r = resetPasswordMessage("https://balise.fr/reset-password?token=t");
    expect(r.text).toContain("valable 1 heure");
  });
});

describe("the greeting and the race's start", () => {
  itMaps("hello(%j) -> %s", hello, [
    ["Camille", "Bonjour Camille,"],
    ["  Camille ", "Bonjour Camille,"],
    ["   ", "Bonjour,"],
    [null, "Bonjour,"],
    [undefined, "Bonjour,"],
  ]);
  itMaps("raceStart(%j) -> %s", raceStart, [
    [{ date: "2027-06-12", heureDepart: "07:30" }, "samedi 12 juin 2027 à 7h30"],
    [{ date: "2027-06-12", heureDepart: null }, "samedi 12 juin 2027"],
    [{ date: null, heureDepart: null }, "date à venir"],
  ]);
  it("names the event, the format and the start", () => {
    expect(raceLine({ courseNom: "Trail <X>", formatNom: "28 km", date: "2027-06-12", heureDepart: "07:30" })).toBe(
      "Trail <X> — 28 km (samedi 12 juin 2027 à 7h30)",
    );
  });
});
