import { describe, expect, it, vi } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { buildTrainingPlan } from "~/domain/training-plan";
import {
  explainFromFacts,
  intensityText,
  paceText,
  pickSessionExplainer,
  type SessionFacts,
  sessionFactsText,
} from "./session-assistant";

const plan = buildTrainingPlan(
  {
    race: { name: "Marathon", date: "2027-04-11", km: 42.2, dplusM: 0 },
    weeklyKm: 35,
    longRun: { km: 16 },
    targetSec: 13500,
    days: [2, 4, 6, 7],
    longRunDay: 7,
    thresholdPaceSecPerKm: 300,
  },
  new Date("2026-11-26T09:00:00Z"),
);
const week = plan.weeks.find((w) => w.phase === "developpement")!;
const seuil = week.sessions.find((s) => s.kind === "seuil")!;
const facts: SessionFacts = {
  session: seuil,
  phase: week.phase,
  week: week.number,
  weeks: plan.weeks.length,
  raceName: "Marathon de Paris",
  raceDate: "2027-04-11",
  thresholdSpeedMps: 1000 / 300,
};

describe("the session's explanation", () => {
  itMaps("pace of %s m/s → %s", paceText, [
    [1000 / 300, "5:00\u00a0min/km"],
    [1000 / 285, "4:45\u00a0min/km"],
  ]);

  it("says paces when the threshold is known, shares of it otherwise", () => {
    expect(intensityText({ low: 0.97, high: 1.02 }, 1000 / 300)).toBe("entre 4:54\u00a0min/km et 5:09\u00a0min/km");
    expect(intensityText({ low: 0.97, high: 1.02 }, null)).toBe("à 97\u00a0%–102\u00a0% de votre vitesse seuil");
  });

  it("explains from the session's facts: week, phase, purpose, steps", () => {
    const text = explainFromFacts(facts);
    expect(text).toContain(`Semaine ${week.number} sur ${plan.weeks.length}, phase développement`);
    expect(text).toContain("Le seuil se court");
    expect(text).toMatch(/3 fois\u00a0: \d+\u00a0min entre/);
    expect(explainFromFacts({ ...facts, thresholdSpeedMps: null })).toContain("Indiquez votre allure seuil");
  });

  it("uses Workers AI when bound, with the facts as its context", async () => {
    const run = vi.fn(async () => ({ response: "Une séance au seuil pour progresser." }));
    const explainer = pickSessionExplainer({ AI: { run } });
    expect(explainer.name).toBe("workers-ai");
    expect(await explainer.explain(facts)).toBe("Une séance au seuil pour progresser.");
    const [, input] = run.mock.calls[0] as unknown as [string, { messages: { content: string }[] }];
    expect(input.messages[0].content).toContain(sessionFactsText(facts));
    expect(pickSessionExplainer({}).name).toBe("local");
  });
});
