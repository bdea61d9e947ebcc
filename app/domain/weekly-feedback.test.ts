import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import type { ActivitySport, ActivitySummary } from "./activity.ts";
import { mondayOf, type PreviousWeek, weekDays, weeklyFeedback } from "./weekly-feedback.ts";
import type { SessionKind, WorkoutSession } from "./workout.ts";

const NB = "\u00a0";
/** Sentences written with plain spaces in the tables; the module uses no-break spaces where French wants them. */
const fr = (s: string) =>
  s
    .replace(/ ([:%!])/g, `${NB}$1`)
    .replace(/(\d) (?=(km|m|min|h|jours|semaines?|sorties?)\b)/g, `$1${NB}`)
    .replace(/(\d\u00a0h) (?=\d)/g, `$1${NB}`)
    .replace(/(\d) (\d{3})/g, `$1${NB}$2`);

/** The feedback's sentences, as written in the tables (plain spaces, see fr). */
function expectSentences(f: { sentences: readonly string[] }, sentences: string[]): void {
  expect(f.sentences).toEqual(sentences.map(fr));
}

function session(date: string, kind: SessionKind, minutes: number, km: number | null, dplus: number | null = null) {
  return {
    date,
    kind,
    title: `${kind} ${date}`,
    description: "",
    items: [{ kind: "continu", durationSec: minutes * 60, intensity: { low: 0.75, high: 0.8 } }],
    distanceKm: km,
    dplusM: dplus,
  } satisfies WorkoutSession;
}

function run(startedAt: string, km: number, minutes: number, dplus = 0, sport: ActivitySport = "course") {
  return {
    startedAt,
    name: `Sortie ${startedAt}`,
    sport,
    distanceM: km * 1000,
    elevationGainM: dplus,
    movingTimeSec: minutes * 60,
    source: "gpx",
  } satisfies ActivitySummary;
}

// The week of Monday 8 March 2027 (winter time: Paris is UTC+1). 50 km and 600 m of climbing planned.
const WEEK = "2027-03-08";
const plan = [
  session("2027-03-09", "footing", 45, 8, 50),
  session("2027-03-11", "fractionne", 60, 10, 50),
  session("2027-03-13", "footing", 40, 7, 100),
  session("2027-03-14", "sortie_longue", 100, 25, 400),
];
const history: PreviousWeek[] = [
  { weekStart: "2027-02-22", plannedKm: 48, doneKm: 47, doneDplus: 500 },
  { weekStart: "2027-02-15", plannedKm: 45, doneKm: 42, doneDplus: 450 },
  { weekStart: "2027-03-01", plannedKm: 50, doneKm: 44, doneDplus: 620 },
  { weekStart: "2027-02-08", plannedKm: 40, doneKm: 10, doneDplus: 100 }, // older than 4 weeks: left out
  { weekStart: "2027-03-15", plannedKm: 52, doneKm: 0, doneDplus: 0 }, // after the week: left out
];
const RACE = "2027-04-25";
/** The week of Monday 19 April 2027, which ends with the race on Sunday 25. */
const RACE_WEEK = { weekStart: "2027-04-19", raceDate: RACE };
const MONDAY_AFTER = new Date("2027-03-15T06:00:00Z");
/** An empty week of 8 March read on the Monday after, no race: each case says what differs. */
const feedback = (input: Partial<Parameters<typeof weeklyFeedback>[0]> = {}) =>
  weeklyFeedback({
    weekStart: WEEK,
    planned: [],
    activities: [],
    previousWeeks: [],
    raceDate: null,
    now: MONDAY_AFTER,
    ...input,
  });

describe("weeklyFeedback: realistic weeks", () => {
  it("nothing done: every session missed, the trend drops", () => {
    const f = feedback({
      planned: plan,
      previousWeeks: history,
      raceDate: RACE,
    });
    expect(f.planned).toEqual({ distanceKm: 50, dplusM: 600, timeSec: 245 * 60 });
    expect(f.done).toEqual({ distanceKm: 0, dplusM: 0, timeSec: 0 });
    expect(f.completion).toEqual({ basis: "distance", ratio: 0 });
    expect(f.sessions).toMatchObject({ planned: 4, done: 0, upcoming: 0 });
    expect(f.longRun).toMatchObject({ plannedSec: 6000, plannedKm: 25, doneSec: null, verdict: "non_faite" });
    expect(f.trend.weeks.map((w) => w.weekStart)).toEqual(["2027-02-15", "2027-02-22", "2027-03-01", WEEK]);
    // (42 + 47 + 44 + 0) / (45 + 48 + 50 + 50) = 133 / 193
    expect(f.trend.ratio).toBeCloseTo(133 / 193, 6);
    // 41 days from Monday 15 March to Sunday 25 April: 5 whole weeks.
    expect(f.trend).toMatchObject({ daysLeft: 41, weeksLeft: 5 });
    expectSentences(f, [
      "Aucune sortie de course n'a été enregistrée cette semaine (50 km étaient prévus).",
      "Séances faites : 0 sur 4.",
      "Dénivelé positif : 0 m sur 600 m prévus.",
      "Sortie longue : non faite (objectif 1 h 40 min).",
      "Encore 5 semaines avant la course : sur les 4 dernières semaines, vous avez couru 69 % du volume prévu, adaptez le plan à vos disponibilités plutôt que de rattraper les kilomètres.",
    ]);
  });

  it("more than planned: an extra run, a session moved a day, a long run well over", () => {
    const activities = [
      run("2027-03-09T17:30:00Z", 9.2, 48, 60), // Tuesday footing
      run("2027-03-10T18:00:00Z", 11.5, 62, 80), // Wednesday: Thursday's intervals done a day early
      run("2027-03-12T07:00:00Z", 8, 45, 40), // Friday: nothing planned, an extra run
      run("2027-03-13T09:00:00Z", 8.3, 42, 120), // Saturday footing
      run("2027-03-14T08:00:00Z", 28, 130, 650, "trail"), // Sunday long run on trails
      run("2027-03-14T15:00:00Z", 5, 60, 0, "marche"), // a walk: not counted
    ];
    const f = feedback({
      planned: plan,
      activities,
      previousWeeks: history,
      raceDate: RACE,
    });
    expect(f.done).toEqual({ distanceKm: 65, dplusM: 950, timeSec: 327 * 60 });
    expect(f.completion?.ratio).toBeCloseTo(1.3, 6);
    expect(f.sessions).toMatchObject({ planned: 4, done: 4, upcoming: 0 });
    expect(f.sessions.matches.map((m) => m.activity?.startedAt)).toEqual([
      "2027-03-09T17:30:00Z",
      "2027-03-10T18:00:00Z",
      "2027-03-13T09:00:00Z",
      "2027-03-14T08:00:00Z",
    ]);
    expect(f.extraActivities.map((a) => a.startedAt)).toEqual(["2027-03-12T07:00:00Z"]);
    expect(f.otherActivities.map((a) => a.sport)).toEqual(["marche"]);
    expect(f.longRun).toMatchObject({ plannedSec: 6000, doneSec: 7800, doneKm: 28, verdict: "au_dessus" });
    // (42 + 47 + 44 + 65) / 193
    expect(f.trend.ratio).toBeCloseTo(198 / 193, 6);
    expectSentences(f, [
      "Vous avez couru 65 km sur 50 prévus (130 %).",
      "Séances faites : 4 sur 4.",
      "Dénivelé positif : 950 m sur 600 m prévus.",
      "Temps de course : 5 h 27 min sur 4 h 05 min prévues.",
      "C'est nettement plus que prévu : gardez de la fraîcheur pour les séances clés.",
      "Sortie longue : 2 h 10 min, au-dessus de l'objectif (1 h 40 min).",
      "Encore 5 semaines avant la course : sur les 4 dernières semaines, vous avez couru 103 % du volume prévu, continuez ainsi.",
    ]);
  });

  it("no plan but activities: what was run, no ratio", () => {
    const f = feedback({
      activities: [run("2027-03-10T06:30:00Z", 10.4, 55, 90), run("2027-03-13T08:00:00Z", 8.1, 50, 200, "trail")],
    });
    expect(f.completion).toBeNull();
    expect(f.longRun).toMatchObject({ verdict: "sans_objectif", doneSec: 3300, doneKm: 10.4 });
    expect(f.trend).toMatchObject({ ratio: null, daysLeft: null, weeksLeft: null });
    expectSentences(f, [
      "Aucune séance n'était prévue cette semaine. Vous avez couru 18,5 km en 2 sorties.",
      "Dénivelé positif : 290 m.",
      "Temps de course : 1 h 45 min.",
      "Sortie la plus longue : 55 min (10,4 km).",
    ]);
  });

  it("race week, in progress: sessions still to come are not missed, the race is close", () => {
    const raceWeek = [
      session("2027-04-20", "footing", 35, 6),
      session("2027-04-22", "footing", 25, 5),
      session("2027-04-25", "course", 120, 22, 900),
    ];
    const f = feedback({
      ...RACE_WEEK,
      planned: raceWeek,
      activities: [run("2027-04-20T16:00:00Z", 6.2, 34, 30)],
      previousWeeks: [
        { weekStart: "2027-04-12", plannedKm: 30, doneKm: 28, doneDplus: 300 },
        { weekStart: "2027-04-05", plannedKm: 40, doneKm: 38, doneDplus: 500 },
      ],
      now: new Date("2027-04-22T05:00:00Z"), // Thursday morning: today's footing is still to come
    });
    expect(f.inProgress).toBe(true);
    expect(f.sessions).toMatchObject({ planned: 3, done: 1, upcoming: 2 });
    expect(f.trend).toMatchObject({ daysLeft: 3, weeksLeft: 0 });
    expectSentences(f, [
      "Jusqu'ici, vous avez couru 6,2 km sur 33 prévus (19 %).",
      "Séances faites : 1 sur 3 (2 à venir).",
      "Dénivelé positif : 30 m sur 900 m prévus.",
      "Temps de course : 34 min sur 3 h prévues.",
      "Sortie la plus longue : 34 min (6,2 km).",
      "La course est dans 3 jours : place à la fraîcheur, sans séance dure.",
    ]);
  });

  it("the Monday after the race: the race is past", () => {
    const f = feedback({
      ...RACE_WEEK,
      planned: [session("2027-04-25", "course", 120, 22, 900)],
      activities: [run("2027-04-25T07:00:00Z", 22.4, 131, 950, "trail")],
      now: new Date("2027-04-26T06:00:00Z"),
    });
    expect(f.inProgress).toBe(false);
    expect(f.sentences[0]).toBe(fr("Vous avez couru 22,4 km sur 22 prévus (102 %)."));
    expect(f.sentences.at(-1)).toBe(fr("Votre course est passée : bravo pour votre préparation !"));
  });

  it("a plan without distances compares times", () => {
    const f = feedback({
      planned: [session("2027-03-09", "footing", 60, null), session("2027-03-14", "sortie_longue", 90, null)],
      activities: [run("2027-03-09T17:00:00Z", 10, 58), run("2027-03-14T08:00:00Z", 15, 85)],
    });
    expect(f.completion).toEqual({ basis: "time", ratio: 143 / 150 });
    expectSentences(f, [
      "Vous avez couru 2 h 23 min sur 2 h 30 min prévues (95 %).",
      "Séances faites : 2 sur 2.",
      "Sortie longue : 1 h 25 min, dans l'objectif (1 h 30 min).",
    ]);
  });

  it("nothing planned, nothing done", () => {
    const f = feedback({
      raceDate: "2027-03-24",
    });
    expectSentences(f, [
      "Aucune séance n'était prévue et aucune sortie de course n'a été enregistrée cette semaine.",
      "Encore 1 semaine avant la course : tenez les séances clés du plan.",
    ]);
  });
});

describe("weeklyFeedback: matching and the week's edges", () => {
  it("leaves out sessions and activities outside the week (Paris days, not UTC ones)", () => {
    const f = feedback({
      planned: [session("2027-03-07", "footing", 40, 7), session("2027-03-14", "sortie_longue", 90, 18)],
      activities: [
        run("2027-03-07T22:30:00Z", 5, 30), // 23:30 Sunday 7 March in Paris: the week before
        run("2027-03-14T22:30:00Z", 6, 35), // 23:30 Sunday 14 March in Paris: this week
        run("2027-03-14T23:30:00Z", 7, 40), // 00:30 Monday 15 March in Paris: the week after
      ],
    });
    expect(f.sessions.planned).toBe(1);
    expect(f.done.distanceKm).toBe(6);
    expect(f.longRun.verdict).toBe("en_dessous");
  });

  it("pairs two sessions of one day with two runs, the longest with the longest, and a shifted run only once", () => {
    const f = feedback({
      planned: [
        session("2027-03-10", "footing", 30, 5),
        session("2027-03-10", "seuil", 50, 9),
        session("2027-03-12", "footing", 40, 7),
      ],
      activities: [
        run("2027-03-10T06:00:00Z", 5, 29),
        run("2027-03-10T18:00:00Z", 9, 52),
        run("2027-03-11T12:00:00Z", 7, 41),
      ],
    });
    expect(f.sessions.matches.map((m) => [m.session.kind, m.activity?.distanceM])).toEqual([
      ["footing", 5000],
      ["seuil", 9000],
      ["footing", 7000],
    ]);
    expect(f.extraActivities).toEqual([]);
  });

  it("refuses a week that does not start on a Monday", () => {
    expect(() =>
      feedback({
        weekStart: "2027-03-09",
      }),
    ).toThrow(RangeError);
  });
});

describe("mondayOf (Paris calendar)", () => {
  itMaps("%s → %s", mondayOf, [
    ["2027-03-10", "2027-03-08"],
    ["2027-03-08", "2027-03-08"],
    ["2027-03-14", "2027-03-08"],
    ["2027-01-01", "2026-12-28"],
    [new Date("2027-03-14T22:59:00Z"), "2027-03-08"], // 23:59 Sunday in Paris
    [new Date("2027-03-14T23:00:00Z"), "2027-03-15"], // midnight Monday in Paris
    [new Date("2027-03-28T21:30:00Z"), "2027-03-22"], // 23:30 Sunday, the night clocks go forward
    [new Date("2027-03-28T22:30:00Z"), "2027-03-29"], // 00:30 Monday summer time
    ["2027-10-31T22:59:00Z", "2027-10-25"], // 23:59 Sunday, winter time again
  ] as const);

  it("weekDays lists Monday to Sunday across a month end", () => {
    expect(weekDays("2027-03-29")).toEqual([
      "2027-03-29",
      "2027-03-30",
      "2027-03-31",
      "2027-04-01",
      "2027-04-02",
      "2027-04-03",
      "2027-04-04",
    ]);
  });
});
