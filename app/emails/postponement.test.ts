import { describe, expect, it } from "vitest";
import { postponementEmail } from "./postponement";

describe("postponement e-mail", () => {
  it("gives the new and the old date, in French, and the way to the registration", () => {
    const m = postponementEmail({
      prenom: "Camille",
      courseNom: "Trail des <Aiguilles>",
      formatNom: "Balcons 28 km",
      oldDate: "2027-06-12",
      newDate: "2027-09-18",
      heureDepart: "07:30",
      url: "http://localhost/mon-inscription/i-1",
    });
    expect(m.subject).toBe(
      "Course reportée : Trail des <Aiguilles> — Balcons 28 km a lieu le samedi 18 septembre 2027",
    );
    for (const t of ["Bonjour Camille,", "samedi 18 septembre 2027 à 7h30", "au lieu du samedi 12 juin 2027"]) {
      expect(m.text).toContain(t);
      expect(m.html).toContain(t);
    }
    expect(m.html).toContain("Trail des &lt;Aiguilles&gt;");
    expect(m.html).toContain('href="http://localhost/mon-inscription/i-1"');
  });
});
