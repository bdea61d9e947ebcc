import { describe, expect, it } from "vitest";
import { itReadsTyped } from "../../tests/support/cases";
import { parseDurationText, parseLongRun, parsePaceText, PlanFormSchema } from "./training-plan-form";

describe("durations, paces and long runs as typed", () => {
  itReadsTyped("duration %j → %s s", parseDurationText, {
    reads: [
      ["1 h 30", 5400],
      ["1h30", 5400],
      ["3 h 45 min", 13500],
      ["2h", 7200],
      ["1:30", 5400],
      ["3:45:20", 13520],
      ["90 min", 5400],
      ["45mn", 2700],
    ],
    unreadable: ["bientôt", "1 h 75"],
  });

  itReadsTyped("pace %j → %s s/km", parsePaceText, {
    reads: [
      ["4:45", 285],
      ["4'45", 285],
      ["4'45\"", 285],
      ["4 min 45", 285],
      ["5:00 /km", 300],
    ],
    unreadable: ["4:75", "vite"],
  });

  itReadsTyped("long run %j → %j", parseLongRun, {
    reads: [
      ["15", { km: 15 }],
      ["12,5", { km: 12.5 }],
      ["1 h 30", { minutes: 90 }],
      ["75 min", { minutes: 75 }],
    ],
  });
});

const valid = {
  formatId: "",
  nomCourse: "Marathon",
  dateCourse: "2027-04-11",
  distanceKm: "42,2",
  dplus: "",
  volumeKm: "35",
  sortieLongue: "1 h 30",
  objectif: "temps",
  tempsObjectif: "3 h 45",
  jours: ["2", "4", "7"],
  jourSortieLongue: "7",
  allureSeuil: "4:45",
};

describe("the plan's form", () => {
  it("reads what the runner typed", () => {
    expect(PlanFormSchema.parse(valid)).toEqual({
      formatId: null,
      raceName: "Marathon",
      raceDate: "2027-04-11",
      distanceKm: 42.2,
      dplusM: 0,
      weeklyKm: 35,
      longRun: { minutes: 90 },
      targetSec: 13500,
      days: [2, 4, 7],
      longRunDay: 7,
      thresholdPaceSec: 285,
    });
  });

  it("takes the race from a registration without a typed distance or date", () => {
    const out = PlanFormSchema.parse({ ...valid, formatId: "fmt-123456", dateCourse: "", distanceKm: "" });
    expect(out).toMatchObject({ formatId: "fmt-123456", raceDate: null, distanceKm: null });
  });

  it.each([
    ["dateCourse", { dateCourse: "" }, "Indiquez la date de la course."],
    ["dateCourse", { dateCourse: "31/02/2027" }, "Date invalide (jj/mm/aaaa)."],
    ["distanceKm", { distanceKm: "" }, "Indiquez la distance de la course (en km)."],
    ["distanceKm", { distanceKm: "beaucoup" }, "Distance invalide (en km, par exemple 42,2)."],
    ["volumeKm", { volumeKm: "" }, "Indiquez votre volume actuel (km par semaine)."],
    [
      "sortieLongue",
      { sortieLongue: "longtemps" },
      "Sortie longue illisible\u00a0: écrivez des km (« 15 ») ou une durée (« 1 h 30 »).",
    ],
    ["tempsObjectif", { tempsObjectif: "" }, "Indiquez votre temps visé, par exemple « 3 h 45 »."],
    ["jourSortieLongue", { jourSortieLongue: "" }, "Choisissez le jour de la sortie longue."],
    ["allureSeuil", { allureSeuil: "1:00" }, "Allure invalide (min/km, par exemple 4:45)."],
  ])("%s: %j → %s", (field, change, message) => {
    const r = PlanFormSchema.safeParse({ ...valid, ...change });
    expect(r.success).toBe(false);
    expect(r.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });

  it("needs no target time to finish", () => {
    expect(PlanFormSchema.parse({ ...valid, objectif: "finir", tempsObjectif: "" }).targetSec).toBeNull();
  });
});
