import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import {
  availability,
  leaveQuestion,
  MIN_OFFER_MINUTES,
  offerDeadline,
  offerMeals,
  offersToMake,
  ordinal,
  positionSentence,
  registrationClosesAt,
  WAITLIST_ACTION_MSG,
  WAITLIST_MESSAGES,
  WAITLIST_NOTICES,
  waitlistActionSchema,
  waitlistCsvLine,
  waitlistStatutLabel,
} from "./waitlist";

const at = (iso: string) => new Date(iso);

describe("offerDeadline", () => {
  const now = at("2027-03-01T10:00:00.000Z");
  it.each([
    // far from the race: 48 h
    ["race in 30 days", "2027-03-31T08:00:00.000Z", "2027-03-03T10:00:00.000Z"],
    ["race in 9 days", "2027-03-10T08:00:00.000Z", "2027-03-03T10:00:00.000Z"],
    // the 48 h would still end before the race: but the race is within 7 days → 12 h
    ["race in exactly 7 days", "2027-03-08T10:00:00.000Z", "2027-03-01T22:00:00.000Z"],
    ["race in 7 days and 1 minute", "2027-03-08T10:01:00.000Z", "2027-03-03T10:00:00.000Z"],
    ["race in 3 days", "2027-03-04T08:00:00.000Z", "2027-03-01T22:00:00.000Z"],
    // never past the close of registrations
    ["race in 5 hours", "2027-03-01T15:00:00.000Z", "2027-03-01T15:00:00.000Z"],
    ["race in exactly the minimum", "2027-03-01T11:00:00.000Z", "2027-03-01T11:00:00.000Z"],
  ])("%s", (_label, closes, expected) => {
    expect(offerDeadline(now, at(closes))?.toISOString()).toBe(expected);
  });

  it.each([
    ["race in 59 minutes", "2027-03-01T10:59:00.000Z"],
    ["race started", "2027-03-01T09:00:00.000Z"],
  ])("no offer when %s", (_label, closes) => {
    expect(offerDeadline(now, at(closes))).toBeNull();
  });

  it("48 h when the format has no date", () => {
    expect(offerDeadline(now, null)?.toISOString()).toBe("2027-03-03T10:00:00.000Z");
  });

  it("whole seconds", () => {
    expect(offerDeadline(at("2027-03-01T10:00:00.750Z"), null)?.toISOString()).toBe("2027-03-03T10:00:00.000Z");
  });

  it("the minimum is an hour", () => {
    expect(MIN_OFFER_MINUTES).toBe(60);
  });
});

describe("registrationClosesAt", () => {
  itMaps("%j → %s", (format) => registrationClosesAt(format)?.toISOString(), [
    [{ date: "2027-05-03", heure_depart: "08:00" }, "2027-05-03T06:00:00.000Z"],
    [{ date: "2027-05-03", heure_depart: null }, "2027-05-02T22:00:00.000Z"],
    [
      { date: "2027-05-03", heure_depart: "08:00", cloture_inscriptions: "2027-05-01T20:00:00.000Z" },
      "2027-05-01T20:00:00.000Z",
    ],
    [
      { date: "2027-05-03", heure_depart: "08:00", cloture_inscriptions: "2027-05-04T20:00:00.000Z" },
      "2027-05-03T06:00:00.000Z",
    ],
    [{ date: null, cloture_inscriptions: "2027-05-04T20:00:00.000Z" }, "2027-05-04T20:00:00.000Z"],
  ]);

  it("null without a date or a closing time", () => {
    expect(registrationClosesAt({ date: null })).toBeNull();
  });
});

describe("availability", () => {
  itMaps("%j → %s", availability, [
    [{ cap: null, taken: 500, waiting: 0, listEnabled: true }, "open"],
    [{ cap: 10, taken: 9, waiting: 0, listEnabled: true }, "open"],
    [{ cap: 10, taken: 10, waiting: 0, listEnabled: true }, "waitlist"],
    [{ cap: 10, taken: 10, waiting: 0, listEnabled: false }, "full"],
    // places freed while runners wait: they go to the list, not to newcomers
    [{ cap: 10, taken: 8, waiting: 3, listEnabled: true }, "waitlist"],
    // the list turned off: a freed place is anyone's
    [{ cap: 10, taken: 8, waiting: 3, listEnabled: false }, "open"],
    [{ cap: 10, taken: 12, waiting: 0, listEnabled: false }, "full"],
  ] as const);
});

describe("offersToMake", () => {
  it.each([
    [10, 10, 5, 0],
    [10, 8, 5, 2],
    [10, 5, 3, 3],
    [10, 12, 3, 0],
    [null, 0, 4, 4],
    [10, 8, 0, 0],
  ])("cap %s, taken %i, waiting %i → %i", (cap, taken, waiting, expected) => {
    expect(offersToMake(cap, taken, waiting)).toBe(expected);
  });
});

describe("offerMeals", () => {
  it.each([
    [2, 5, 2],
    [2, 2, 2],
    [2, 1, 0],
    [0, 10, 0],
  ])("wanted %i, left %i → %i", (wanted, left, expected) => {
    expect(offerMeals(wanted, left)).toBe(expected);
  });
});

describe("position", () => {
  it.each([
    [1, "Homme", "1er"],
    [1, "Femme", "1re"],
    [1, null, "1er"],
    [2, "Femme", "2e"],
    [41, null, "41e"],
  ])("%i (%s) → %s", (n, genre, expected) => {
    expect(ordinal(n, genre)).toBe(expected);
  });

  it("says the spec's sentence", () => {
    expect(positionSentence(4)).toBe("Vous êtes 4e sur la liste d'attente");
  });
});

describe("the organiser's export", () => {
  const fmt = (iso: string | null) => (iso ? `le ${iso.slice(0, 10)}` : "");
  const lea = {
    position: 2,
    nom: "Durand",
    prenom: "Léa",
    email: "lea@example.fr",
    created_at: "2027-03-01T10:00:00.000Z",
    statut: "offre",
    offres_envoyees: 1,
    offre_expires_at: "2027-03-03T10:00:00.000Z",
  };
  it("writes the rank, the runner, the status in French and the running offer's deadline", () => {
    expect(waitlistCsvLine(lea, fmt)).toBe(
      "2;Durand;Léa;lea@example.fr;le 2027-03-01;Offre envoyée;1;le 2027-03-03\r\n",
    );
  });

  it("no deadline once the offer ended; formulas are neutralised", () => {
    const line = waitlistCsvLine(
      { ...lea, position: 3, nom: "=cmd()", prenom: null, email: "x@example.fr", statut: "offre_expiree" },
      fmt,
    );
    expect(line).toBe("3;'=cmd();;x@example.fr;le 2027-03-01;Offre expirée;1;\r\n");
  });

  it("labels every status", () => {
    expect(waitlistStatutLabel("retiree")).toBe("A quitté la liste");
    expect(waitlistStatutLabel("inconnu")).toBe("inconnu");
  });
});

describe("leaving the list asks first (issue 42)", () => {
  itMaps("%o -> accepted %s", (form) => waitlistActionSchema.safeParse(form).success, [
    [{ intent: "quitter" }, false],
    [{ intent: "quitter", confirmation: "" }, false],
    [{ intent: "quitter", confirmation: "on" }, false],
    [{ intent: "quitter", confirmation: "oui" }, true],
    [{ intent: "payer" }, true],
    [{ intent: "supprimer", confirmation: "oui" }, false],
  ]);

  it("a bare 'quitter' is refused with the French message on the confirmation field", () => {
    const r = waitlistActionSchema.safeParse({ intent: "quitter" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ["confirmation"], message: WAITLIST_ACTION_MSG.confirm });
  });

  it.each([
    ["en_liste", 3, "Voulez-vous vraiment quitter la liste d'attente\u00a0? Vous perdrez votre rang (n°\u00a03)."],
    [
      "offre",
      0,
      "Voulez-vous vraiment quitter la liste d'attente\u00a0? La place qui vous est réservée sera proposée au coureur suivant.",
    ],
  ])("%s, position %i: %s", (statut, position, text) => expect(leaveQuestion(statut, position)).toBe(text));
});

describe("the runner's texts say the same thing to everyone (issue 42)", () => {
  it.each(Object.entries({ ...WAITLIST_NOTICES, ...WAITLIST_MESSAGES }))("%s has no masculine 'inscrit'", (_, text) =>
    expect(text).not.toMatch(/\binscrit\b/),
  );
  it("the notice after joining is neutral", () =>
    expect(WAITLIST_NOTICES.rejointe).toBe(
      "Votre inscription sur la liste d'attente est enregistrée. Nous vous écrirons dès qu'une place se libère.",
    ));
});
