import { describe, expect, it } from "vitest";
import { dateChangeAllowed, FORMAT_DATE_MESSAGES } from "./format-dates";

const TODAY = "2027-05-10";

describe("dateChangeAllowed: a new or changed date is never past; once paid, a date only moves later", () => {
  it.each<[string | null, string | null, boolean, true | RegExp, boolean?]>([
    // old, new, collected payments → allowed (true, postponed?) or the message
    // A new format, or a format without payments: any date from today on, none at all.
    [null, "2027-05-10", false, true, false],
    [null, "2027-06-01", false, true, false],
    [null, null, false, true, false],
    [null, "2027-05-09", false, /date de la course est passée/],
    ["2027-06-01", "2027-05-20", false, true, false],
    ["2027-06-01", "2027-07-01", false, true, true],
    ["2027-06-01", null, false, true, false],
    ["2027-06-01", "2027-05-09", false, /date de la course est passée/],
    // An unchanged date is kept, even once past (an event edited after its race), payments or not.
    ["2027-04-01", "2027-04-01", false, true, false],
    ["2027-04-01", "2027-04-01", true, true, false],
    // Paid: later is a postponement; earlier, even by one day and still to come, is refused; so is no date.
    ["2027-06-01", "2027-06-02", true, true, true],
    ["2027-06-01", "2027-05-31", true, /ne peut pas être avancée \(au plus tôt le mardi 1er juin 2027\)/],
    ["2027-06-01", "2027-05-09", true, /ne peut pas être avancée/],
    ["2027-06-01", null, true, /gardez sa date/],
    // Paid while the format had no date: any date from today on.
    [null, "2027-05-10", true, true, false],
    [null, "2027-05-09", true, /date de la course est passée/],
    // A race already past, paid: moved later, but never to another past day.
    ["2027-04-01", "2027-04-02", true, /date de la course est passée/],
    ["2027-04-01", "2027-05-10", true, true, true],
  ])("%j → %j (payments: %j)", (oldDate, newDate, hasCollectedPayments, expected, postponed) => {
    const d = dateChangeAllowed({ oldDate, newDate, today: TODAY, hasCollectedPayments });
    if (expected === true) expect(d).toEqual({ ok: true, postponed });
    else {
      expect(d.ok).toBe(false);
      if (!d.ok) expect(d.message).toMatch(expected);
    }
  });

  it("the messages are French with a no-break space before the colon", () => {
    expect(FORMAT_DATE_MESSAGES.past).toContain("\u00a0:");
    expect(FORMAT_DATE_MESSAGES.earlier("2027-06-01")).toContain("\u00a0:");
  });
});
