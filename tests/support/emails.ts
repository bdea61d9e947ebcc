// The e-mail tests of app/emails said once: the runner and the event they write to (a test spreads `runnerEvent` and
// overrides what it is about), and the checks they share. The event's name holds markup, as an organiser may type it,
// so that each e-mail's HTML can be checked to escape it.
import { expect } from "vitest";
import type { RenderedEmail } from "~/emails/layout";

export const runnerEvent = {
  prenom: "Camille",
  courseNom: "Trail des <Aiguilles>",
  formatNom: "Balcons 28 km",
  date: "2027-06-12",
  heureDepart: "07:30",
  url: "https://balise.test/mon-inscription/i-1",
};

/** The HTML shows what was typed escaped (`shown`), never as markup (`typed`). */
export function expectEscaped(html: string, typed: string, shown: string): void {
  expect(html).toContain(shown);
  expect(html).not.toContain(typed);
}

/** Each part stands in the e-mail's text and in its HTML. */
export function expectSaysAll(mail: Pick<RenderedEmail, "text" | "html">, parts: readonly string[]): void {
  for (const part of parts) {
    expect(mail.text).toContain(part);
    expect(mail.html).toContain(part);
  }
}
