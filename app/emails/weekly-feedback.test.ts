import { describe, expect, it } from "vitest";
import { weeklyFeedback } from "~/domain/weekly-feedback";
import type { WorkoutSession } from "~/domain/workout";
import { weekSpan, weeklyFeedbackEmail, weeklyFeedbackUrl } from "./weekly-feedback";

const NB = "\u00a0";
const longRun: WorkoutSession = {
  date: "2027-03-14",
  kind: "sortie_longue",
  title: "Sortie longue 1 h 40",
  description: "",
  items: [{ kind: "continu", durationSec: 6000, intensity: { low: 0.7, high: 0.78 } }],
  distanceKm: 20,
  dplusM: 300,
};
const feedback = weeklyFeedback({
  weekStart: "2027-03-08",
  planned: [longRun],
  activities: [
    {
      startedAt: "2027-03-14T08:00:00Z",
      name: "Sortie longue",
      sport: "trail",
      distanceM: 21_000,
      elevationGainM: 350,
      movingTimeSec: 6720,
      source: "strava",
    },
  ],
  previousWeeks: [],
  raceDate: "2027-04-25",
  now: new Date("2027-03-15T06:00:00Z"),
});

describe("the Monday e-mail of the weekly feedback", () => {
  const m = weeklyFeedbackEmail({ feedback, appUrl: "https://balise.example/", prenom: "Léa" });

  it("says the week in its subject", () => {
    expect(m.subject).toBe(`Votre bilan de la semaine du 8 au 14${NB}mars${NB}2027`);
  });

  it("the text holds every sentence of the feedback, in order, and the link to the week's page", () => {
    expect(feedback.sentences.length).toBeGreaterThan(2);
    const lines = m.text.split("\n");
    expect(lines).toContain("Bonjour Léa,");
    expect(lines).toContain(`Voici le bilan de votre semaine d'entraînement, du 8 au 14${NB}mars${NB}2027${NB}:`);
    const at = feedback.sentences.map((s) => lines.indexOf(s));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(m.text).toContain(`Vous avez couru 21${NB}km sur 20 prévus (105${NB}%).`);
    expect(m.text).toContain(
      `Sortie longue${NB}: 1${NB}h${NB}52${NB}min, au-dessus de l'objectif (1${NB}h${NB}40${NB}min).`,
    );
    expect(m.text).toContain("Voir mon bilan : https://balise.example/premium/bilan?semaine=2027-03-08");
  });

  it("the HTML escapes the sentences and links to the same page", () => {
    expect(m.html).toContain('href="https://balise.example/premium/bilan?semaine=2027-03-08"');
    expect(m.html).toContain("au-dessus de l&#39;objectif");
  });

  it("greets without a first name, and never says the masculine 'abonné'", () => {
    const anonymous = weeklyFeedbackEmail({ feedback, appUrl: "https://balise.example" });
    expect(anonymous.text.split("\n")).toContain("Bonjour,");
    expect(anonymous.text).not.toMatch(/\babonné\b/);
  });
});

describe("weekSpan and the page's address", () => {
  it.each([
    ["2027-03-08", "2027-03-14", `du 8 au 14${NB}mars${NB}2027`],
    ["2027-03-29", "2027-04-04", `du 29${NB}mars au 4${NB}avril${NB}2027`],
    ["2027-12-27", "2028-01-02", `du 27${NB}décembre${NB}2027 au 2${NB}janvier${NB}2028`],
    ["2027-02-01", "2027-02-07", `du 1er au 7${NB}février${NB}2027`],
  ])("%s → %s", (start, end, text) => {
    expect(weekSpan(start, end)).toBe(text);
  });

  it("joins APP_URL and the week's page", () => {
    expect(weeklyFeedbackUrl("http://localhost:8787", "2027-03-08")).toBe(
      "http://localhost:8787/premium/bilan?semaine=2027-03-08",
    );
  });
});
