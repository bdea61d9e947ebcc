import { describe, expect, it } from "vitest";
import { closesAfterRace, closesAt, windowState, windowStatement } from "./registration-window";

const OPEN = "2027-01-12T09:00:00.000Z"; // 10h00 in Paris (winter)
const CLOSE = "2027-03-01T22:59:00.000Z";

describe("windowState: before the opening, open, closed", () => {
  it.each<
    [
      string,
      {
        ouverture_inscriptions?: string | null;
        cloture_inscriptions?: string | null;
        date?: string | null;
        heure_depart?: string | null;
      },
      string,
    ]
  >([
    ["no times, no date: open", {}, "ouvert"],
    ["a second before the opening", { ouverture_inscriptions: OPEN }, "2027-01-12T08:59:59.000Z"],
    ["at the opening", { ouverture_inscriptions: OPEN }, "2027-01-12T09:00:00.000Z"],
    ["after the organiser's close", { cloture_inscriptions: CLOSE }, "2027-03-01T22:59:00.000Z"],
    ["a second before the close", { cloture_inscriptions: CLOSE }, "2027-03-01T22:58:59.000Z"],
    [
      "no close: at the start (Paris time, summer)",
      { date: "2027-06-20", heure_depart: "08:30" },
      "2027-06-20T06:30:00.000Z",
    ],
    ["no close: a minute before the start", { date: "2027-06-20", heure_depart: "08:30" }, "2027-06-20T06:29:00.000Z"],
  ])("%s", (_, f, nowOrState) => {
    const expected: Record<string, string> = {
      "no times, no date: open": "ouvert",
      "a second before the opening": "avant",
      "at the opening": "ouvert",
      "after the organiser's close": "clos",
      "a second before the close": "ouvert",
      "no close: at the start (Paris time, summer)": "clos",
      "no close: a minute before the start": "ouvert",
    };
    const now = nowOrState === "ouvert" ? new Date("2027-01-01T00:00:00Z") : new Date(nowOrState);
    expect(windowState(f, now)).toBe(expected[_]);
  });

  it("the organiser's close wins over the start", () => {
    expect(closesAt({ cloture_inscriptions: CLOSE, date: "2027-06-20" })?.toISOString()).toBe(CLOSE);
    expect(closesAt({ date: null })).toBeNull();
  });

  it("states the opening in French, and the close", () => {
    const fmt = (iso: string) => (iso === OPEN ? "12 janvier 2027 à 10h00" : iso);
    expect(windowStatement({ ouverture_inscriptions: OPEN }, new Date("2027-01-01T00:00:00Z"), fmt)).toBe(
      "Ouverture des inscriptions le 12 janvier 2027 à 10h00",
    );
    expect(windowStatement({ cloture_inscriptions: CLOSE }, new Date("2027-04-01T00:00:00Z"), fmt)).toBe(
      "Inscriptions closes",
    );
    expect(
      windowStatement(
        { ouverture_inscriptions: OPEN, tirage_minutes: 10, nb_max_coureurs: 500 },
        new Date("2027-01-01T00:00:00Z"),
        fmt,
      ),
    ).toMatch(/^Ouverture des inscriptions le .+ \(tirage au sort des arrivées des 10 premières minutes\)$/);
    // Without a cap there is no queue, so no draw to state.
    expect(
      windowStatement({ ouverture_inscriptions: OPEN, tirage_minutes: 10 }, new Date("2027-01-01T00:00:00Z"), fmt),
    ).not.toContain("tirage");
    expect(windowStatement({}, new Date(), fmt)).toBeNull();
  });
});

describe("closesAfterRace: the registration window ends at the start at the latest", () => {
  it.each<[string | null, string | null, string | null, boolean]>([
    // race date, start time, closing instant → after the race?
    ["2027-06-12", "08:30", "2027-06-12T06:30:00.000Z", false], // 08:30 Paris: at the start
    ["2027-06-12", "08:30", "2027-06-12T06:31:00.000Z", true],
    ["2027-06-12", "08:30", "2027-06-11T21:59:00.000Z", false],
    ["2027-06-12", null, "2027-06-12T21:59:00.000Z", false], // 23:59 Paris on race day, no start time
    ["2027-06-12", null, "2027-06-13T08:00:00.000Z", true],
    ["2027-01-15", "09:00", "2027-01-15T08:00:00.000Z", false], // winter time: 09:00 Paris is 08:00 UTC
    ["2027-01-15", "09:00", "2027-01-15T08:01:00.000Z", true],
    [null, null, "2030-01-01T00:00:00.000Z", false],
    ["2027-06-12", "08:30", null, false],
  ])("race %j %j, closing %j → %j", (date, heure_depart, cloture_inscriptions, after) => {
    expect(closesAfterRace({ date, heure_depart, cloture_inscriptions })).toBe(after);
  });
});
