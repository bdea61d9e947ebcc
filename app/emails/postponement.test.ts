import { describe, expect, it } from "vitest";
import { expectEscaped, expectSaysAll, runnerEvent } from "../../tests/support/emails";
import { postponementEmail } from "./postponement";

describe("postponement e-mail", () => {
  it("gives the new and the old date, in French, and the way to the registration", () => {
    const m = postponementEmail({ ...runnerEvent, oldDate: runnerEvent.date, newDate: "2027-09-18" });
    expect(m.subject).toBe(
      "Course reportée : Trail des <Aiguilles> — Balcons 28 km a lieu le samedi 18 septembre 2027",
    );
    expectSaysAll(m, ["Bonjour Camille,", "samedi 18 septembre 2027 à 7h30", "au lieu du samedi 12 juin 2027"]);
    expectEscaped(m.html, "<Aiguilles>", "Trail des &lt;Aiguilles&gt;");
    expect(m.html).toContain(`href="${runnerEvent.url}"`);
  });
});
