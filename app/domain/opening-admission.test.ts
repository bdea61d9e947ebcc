import { describe, expect, it } from "vitest";
import { admissions, outlookOf, placesOpen, RESERVATION_MS, reservationEnd, rhythmWait } from "./opening-admission";

const waiting = (n: number, readyAt = 0) => Array.from({ length: n }, (_, k) => ({ seq: k + 1, readyAt }));

describe("placesOpen: places neither taken nor reserved", () => {
  it.each<[number | null, number, number, number]>([
    [3, 0, 0, 3],
    [3, 1, 1, 1],
    [3, 2, 2, 0], // more reserved than free (a hold written before its reservation is told): never negative
    [100, 100, 0, 0],
    [null, 500, 20, Number.POSITIVE_INFINITY],
  ])("cap %s, %i taken, %i reserved → %s", (cap, taken, reserved, expected) => {
    expect(placesOpen({ cap, taken, validated: 0 }, reserved)).toBe(expected);
  });
});

describe("admissions: in queue order, at the rate, no more than the places open", () => {
  it("5 runners arrived together, 3 places: the first 3 at the rate, nobody passes anyone", () => {
    expect(admissions(waiting(5), null, 10, 10_000, 3)).toEqual([
      { seq: 1, admittedAt: 0 },
      { seq: 2, admittedAt: 100 },
      { seq: 3, admittedAt: 200 },
    ]);
  });
  it("the rate holds: at 150 ms only two are due", () => {
    expect(admissions(waiting(5), null, 10, 150, 3).map((a) => a.seq)).toEqual([1, 2]);
  });
  it("no place open: nobody", () => {
    expect(admissions(waiting(5), null, 10, 10_000, 0)).toEqual([]);
  });
  it("a place freed long after: the next runner at once, after the previous admission", () => {
    expect(admissions([{ seq: 4, readyAt: 0 }], 200, 10, 600_000, 1)).toEqual([{ seq: 4, admittedAt: 300 }]);
  });
  it("a drawn runner is not admitted before the draw", () => {
    expect(admissions(waiting(2, 5000), null, 10, 4000, 2)).toEqual([]);
  });
});

describe("the reservation and the wait", () => {
  it("a reservation lasts RESERVATION_MS from when it is made, or from when the queue sees it if later", () => {
    expect(reservationEnd(1000, 1000)).toBe(1000 + RESERVATION_MS);
    expect(reservationEnd(1000, 600_000)).toBe(600_000 + RESERVATION_MS);
  });
  it.each<[number, number, number, number]>([
    [1, 0, 100, 1], // next: 100 ms after the last admission → within the second
    [53, 0, 10_000, 6],
    [1, 0, 0, 1],
  ])("rank %i, ready at %i, last admitted at %i → %i s", (rank, readyAt, last, expected) => {
    expect(rhythmWait(rank, readyAt, last, 10, last)).toBe(expected);
  });
  it.each<[number, number, number, { cap: number; taken: number; validated: number }, string]>([
    [2, 3, 0, { cap: 10, taken: 0, validated: 0 }, "rythme"],
    [4, 3, 0, { cap: 10, taken: 7, validated: 7 }, "complet"],
    [4, 3, 1, { cap: 10, taken: 6, validated: 6 }, "liberation"],
    [4, 3, 0, { cap: 10, taken: 7, validated: 5 }, "liberation"],
  ])("rank %i with %i open and %i reserved → %s", (rank, open, reserved, places, expected) => {
    expect(outlookOf(rank, open, reserved, places)).toBe(expected);
  });
});
