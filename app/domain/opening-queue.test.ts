import { describe, expect, it } from "vitest";
import { itMaps, itMapsEqual } from "../../tests/support/cases";
import { nextAdmission, OUTLOOK_WAIT, RESERVATION_MS } from "./opening-admission";
import {
  drawAt,
  drawTickets,
  drawOrder,
  drawRule,
  FACTS_NEVER_AGAIN,
  factsAccepted,
  isLiveMessage,
  liveMessage,
  QUEUE_FACTS_TTL_MS,
  type QueueFacts,
  usableFacts,
  checkoutWindow,
  mustWait,
  queueRefreshSeconds,
  queueActive,
  queueSentence,
  statusOf,
  waitText,
} from "./opening-queue";

const OPEN = "2027-01-12T09:00:00.000Z";
const t = (iso: string) => new Date(iso);

describe("queueActive: only from the opening, for an hour, on a capped format", () => {
  it.each<[string, { ouverture_inscriptions?: string | null; nb_max_coureurs?: number | null }, string, boolean]>([
    ["no opening time", { nb_max_coureurs: 100 }, "2027-01-12T09:00:00.000Z", false],
    ["no cap", { ouverture_inscriptions: OPEN, nb_max_coureurs: null }, "2027-01-12T09:00:00.000Z", false],
    ["a second before", { ouverture_inscriptions: OPEN, nb_max_coureurs: 100 }, "2027-01-12T08:59:59.000Z", false],
    ["at the opening", { ouverture_inscriptions: OPEN, nb_max_coureurs: 100 }, "2027-01-12T09:00:00.000Z", true],
    ["59 minutes after", { ouverture_inscriptions: OPEN, nb_max_coureurs: 100 }, "2027-01-12T09:59:00.000Z", true],
    ["an hour after", { ouverture_inscriptions: OPEN, nb_max_coureurs: 100 }, "2027-01-12T10:00:00.000Z", false],
  ])("%s", (_, f, now, expected) => {
    expect(queueActive(f, t(now))).toBe(expected);
  });
});

describe("nextAdmission: metered in arrival order", () => {
  it.each<[number | null, number, number, number]>([
    [null, 5000, 10, 5000], // the first is admitted on arrival
    [5000, 5001, 10, 5100], // 10 per second: 100 ms apart
    [5000, 9000, 10, 9000], // an arrival after a quiet moment: at once
    [5000, 5000, 2, 5500],
    [5000, 5000, 0, 15000], // a rate of 0 reads as 0.1 per second (never stuck)
  ])("after %s, arrived %i at %i/s → %i", (prev, arrived, rate, expected) => {
    expect(nextAdmission(prev, arrived, rate)).toBe(expected);
  });

  it("1,000 arrivals within a second at 10/s: the last is admitted about 100 s later, in order", () => {
    let prev: number | null = null;
    const admits: number[] = [];
    for (let k = 0; k < 1000; k++) admits.push((prev = nextAdmission(prev, k, 10)));
    expect(admits[999]).toBe(99_900);
    expect(admits.every((a, k) => k === 0 || a > admits[k - 1])).toBe(true);
  });
});

describe("statusOf: admitted with a reserved place, waiting with what to expect, or past the reservation", () => {
  const waiting = { seq: 153, readyAt: 0, admittedAt: null, until: null };
  const admitted = { seq: 153, readyAt: 0, admittedAt: 15_200, until: 15_200 + RESERVATION_MS };
  const places = (cap: number, taken: number, validated: number) => ({ cap, taken, validated });
  const standing = (rank: number, open: number, reserved: number, p = places(100, 0, 0)) => ({
    rank,
    open,
    reserved,
    places: p,
    lastAdmitAt: 10_000,
    ratePerSecond: 10,
  });
  it.each<[string, Parameters<typeof statusOf>, ReturnType<typeof statusOf>]>([
    [
      "a place open for them: their turn at the rate",
      [waiting, standing(53, 60, 0), 10_000],
      { state: "en_file", position: 53, waitSeconds: 6, ticket: 153, outlook: "rythme" },
    ],
    [
      "every place taken or reserved, some only reserved: no estimate",
      [waiting, standing(5, 0, 3), 10_000],
      { state: "en_file", position: 5, waitSeconds: null, ticket: 153, outlook: "liberation" },
    ],
    [
      "every place held, some by unpaid checkouts: no estimate",
      [waiting, standing(5, 0, 0, places(3, 3, 2)), 10_000],
      { state: "en_file", position: 5, waitSeconds: null, ticket: 153, outlook: "liberation" },
    ],
    [
      "every place paid",
      [waiting, standing(5, 0, 0, places(3, 3, 3)), 10_000],
      { state: "en_file", position: 5, waitSeconds: null, ticket: 153, outlook: "complet" },
    ],
    ["admitted: until the reservation's end", [admitted, null, 20_000], { state: "admis", until: admitted.until }],
    ["at the reservation's end", [admitted, null, admitted.until], { state: "expire" }],
  ])("%s", (_, args, expected) => {
    expect(statusOf(...args)).toEqual(expected);
  });
});

describe("drawTickets: one ticket per person, then the same person's other accounts", () => {
  const e = (userId: string, arrivedAt: number, keys: string[] = []) => ({ userId, arrivedAt, keys });
  it("one person with three accounts (same name and birth date, or same licence) draws once, among everyone", () => {
    const entrants = [
      e("a1", 1, ["id:dupont|jean|1990-01-01"]),
      e("b", 2),
      e("a2", 3, ["id:dupont|jean|1990-01-01", "licence:123"]),
      e("c", 4, ["id:martin|lea|1985-05-05"]),
      e("a3", 5, ["licence:123"]),
    ];
    // randomBelow(n) = n - 1: the people keep their arrival order.
    expect(drawTickets(entrants, (n) => n - 1)).toEqual(["a1", "b", "c", "a2", "a3"]);
    // Whatever the random source, the person's extra accounts come after all three people.
    for (const pick of [() => 0, (n: number) => Math.floor(n / 2)]) {
      const order = drawTickets(entrants, pick);
      expect(order.slice(3)).toEqual(["a2", "a3"]);
      expect(new Set(order.slice(0, 3))).toEqual(new Set(["a1", "b", "c"]));
    }
  });
  it("accounts without a known identity each draw once", () => {
    expect(drawTickets([e("x", 2), e("y", 1)], (n) => n - 1)).toEqual(["y", "x"]);
  });
});

describe("French texts", () => {
  itMaps("%i s → %s", waitText, [
    [20, "moins d'une minute"],
    [60, "environ 1 minute"],
    [170, "environ 3 minutes"],
    [4200, "environ 1 h 10"],
    [7200, "environ 2 h"],
  ]);
  it("positions", () => {
    expect(queueSentence(1)).toBe("Vous êtes 1er dans la file d'attente");
    expect(queueSentence(153)).toBe("Vous êtes 153e dans la file d'attente");
  });
});

describe("the optional draw of the first minutes' arrivals", () => {
  it.each<[string, { ouverture_inscriptions?: string | null; tirage_minutes?: number | null }, number | null]>([
    ["no draw chosen", { ouverture_inscriptions: OPEN, tirage_minutes: 0 }, null],
    ["no opening time", { tirage_minutes: 10 }, null],
    ["10 minutes", { ouverture_inscriptions: OPEN, tirage_minutes: 10 }, Date.parse(OPEN) + 600_000],
    ["capped at 30 minutes", { ouverture_inscriptions: OPEN, tirage_minutes: 90 }, Date.parse(OPEN) + 1_800_000],
  ])("drawAt: %s", (_, f, expected) => {
    expect(drawAt(f)).toBe(expected);
  });

  it.each<[number | null, string]>([
    [null, ""],
    [0, ""],
    [1, "tirage au sort des arrivées de la première minute"],
    [10, "tirage au sort des arrivées des 10 premières minutes"],
  ])("drawRule(%s)", (m, text) => expect(drawRule(m)).toBe(text));

  it("drawOrder keeps every arrival once, in the order the random source picks", () => {
    // randomBelow always 0: each step swaps the last unplaced item with the first → a fixed permutation.
    expect(drawOrder(["a", "b", "c", "d"], () => 0)).toEqual(["b", "c", "d", "a"]);
    // randomBelow(n) = n - 1: nothing moves.
    expect(drawOrder(["a", "b", "c", "d"], (n) => n - 1)).toEqual(["a", "b", "c", "d"]);
    expect(drawOrder([], () => 0)).toEqual([]);
  });

  it("drawOrder is uniform: over 24,000 draws of 4 arrivals each of the 24 orders comes up about 1,000 times", () => {
    let seed = 42;
    const lcg = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * n);
    };
    const counts = new Map<string, number>();
    for (let k = 0; k < 24_000; k++) {
      const o = drawOrder([1, 2, 3, 4], lcg).join("");
      counts.set(o, (counts.get(o) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(150);
  });
});

describe("checkoutWindow: at most the rate's calls in any window", () => {
  itMapsEqual("%s per second → %o", checkoutWindow, [
    [10, { size: 10, windowMs: 1100 }],
    [25, { size: 25, windowMs: 1100 }],
    [2.5, { size: 2, windowMs: 1100 }],
    [1, { size: 1, windowMs: 1100 }],
    [0.5, { size: 1, windowMs: 2200 }],
    [0.1, { size: 1, windowMs: 11000 }],
    [0, { size: 1, windowMs: 11000 }],
  ]);
});

describe("queueRefreshSeconds: a quarter of the wait, between 5 and 30 s", () => {
  itMaps("%s s of wait → reload after %s s", queueRefreshSeconds, [
    [0, 5],
    [-3, 5],
    [20, 5],
    [21, 6],
    [60, 15],
    [120, 30],
    [3600, 30],
  ]);
});

describe("mustWait: the form only outside the queue or once admitted", () => {
  itMaps("%o → %s", mustWait, [
    [{ state: "libre" } as const, false],
    [{ state: "admis", until: 1 } as const, false],
    [{ state: "en_file", position: 3, waitSeconds: 1, ticket: 4, outlook: "rythme" } as const, true],
    [{ state: "tirage", drawAt: 1, entrants: 2 } as const, true],
    [{ state: "expire" } as const, true],
  ]);
});

describe("liveMessage: the place and the wait, in figures and in words", () => {
  it.each([
    [
      { state: "en_file", position: 1, waitSeconds: 30, ticket: 7, outlook: "rythme" },
      {
        type: "position",
        position: 1,
        waitSeconds: 30,
        sentence: "Vous êtes 1er dans la file d'attente",
        wait: "moins d'une minute",
      },
    ],
    [
      { state: "en_file", position: 153, waitSeconds: 900, ticket: 160, outlook: "rythme" },
      {
        type: "position",
        position: 153,
        waitSeconds: 900,
        sentence: "Vous êtes 153e dans la file d'attente",
        wait: "environ 15 minutes",
      },
    ],
    [
      { state: "en_file", position: 4, waitSeconds: null, ticket: 9, outlook: "complet" },
      {
        type: "position",
        position: 4,
        waitSeconds: null,
        sentence: "Vous êtes 4e dans la file d'attente",
        wait: OUTLOOK_WAIT.complet,
      },
    ],
    [{ state: "admis", until: 1 }, { type: "admis" }],
    [{ state: "expire" }, { type: "inconnu" }],
    [null, { type: "inconnu" }],
  ] as const)("%j → %j", (status, message) => {
    expect(liveMessage(status)).toEqual(message);
    expect(isLiveMessage(JSON.parse(JSON.stringify(message)))).toBe(true);
  });
  it("a position without its words is not a live message", () => {
    expect(isLiveMessage({ type: "position", position: 3, waitSeconds: 10 })).toBe(false);
  });
});

describe("usableFacts: the light waiting page uses kept facts only while they are fresh, for their event, in the window", () => {
  const facts: QueueFacts = {
    id: "f1",
    nom: "Ultra 80 km",
    course_id: "c1",
    course_slug: "ultra-de-l-ouverture",
    course_nom: "Ultra de l'ouverture",
    version: "2027-01-01T10:00:00.000Z",
    ouverture_inscriptions: OPEN,
    nb_max_coureurs: 100,
    tirage_minutes: null,
  };
  const open = Date.parse(OPEN);
  it.each([
    ["kept a second ago, by id", { facts, at: open + 1000 }, "c1", open + 2000, true],
    ["by slug", { facts, at: open + 1000 }, "ultra-de-l-ouverture", open + 2000, true],
    ["nothing kept", null, "c1", open + 2000, false],
    ["just too old", { facts, at: open }, "c1", open + QUEUE_FACTS_TTL_MS, false],
    ["kept in the future (another clock)", { facts, at: open + 5000 }, "c1", open + 1000, false],
    ["another event's address", { facts, at: open + 1000 }, "c2", open + 2000, false],
    ["before the opening", { facts, at: open - 5000 }, "c1", open - 1000, false],
    ["after the queue's window", { facts, at: open + 3_600_000 }, "c1", open + 3_600_000 + 1000, false],
    ["no cap (no queue)", { facts: { ...facts, nb_max_coureurs: null }, at: open + 1000 }, "c1", open + 2000, false],
  ] as const)("%s", (_label, kept, courseId, now, usable) => {
    expect(usableFacts(kept, courseId, now) !== null).toBe(usable);
  });
});

describe("factsAccepted: facts read before a save the queue was told of are refused", () => {
  const facts = (version: string) => ({
    id: "f1",
    nom: "Ultra",
    course_id: "c1",
    course_slug: "ultra",
    course_nom: "Ultra",
    version,
    ouverture_inscriptions: OPEN,
    nb_max_coureurs: 100,
    tirage_minutes: null,
  });
  it.each([
    ["no save told", "2027-01-01T10:00:00.000Z", null, true],
    ["read at the save", "2027-01-01T10:00:00.000Z", "2027-01-01T10:00:00.000Z", true],
    ["read after the save", "2027-01-01T10:00:01.000Z", "2027-01-01T10:00:00.000Z", true],
    ["read before the save", "2027-01-01T09:59:59.999Z", "2027-01-01T10:00:00.000Z", false],
    ["the event deleted or gone for good", "2099-12-31T23:59:59.999Z", FACTS_NEVER_AGAIN, false],
  ] as const)("%s", (_label, version, floor, accepted) => {
    expect(factsAccepted(facts(version), floor)).toBe(accepted);
  });
});
