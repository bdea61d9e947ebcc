import { describe, expect, it } from "vitest";
import {
  ADMISSION_MINUTES,
  drawAt,
  drawOrder,
  drawRule,
  FACTS_NEVER_AGAIN,
  factsAccepted,
  isLiveMessage,
  liveMessage,
  nextAdmission,
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

describe("statusOf", () => {
  const entry = { seq: 153, arrivedAt: 0, admitAt: 15_200 };
  it.each<[number, number, ReturnType<typeof statusOf>]>([
    [0, 0, { state: "en_file", position: 153, waitSeconds: 16, ticket: 153 }],
    [10_000, 100, { state: "en_file", position: 53, waitSeconds: 6, ticket: 153 }],
    [15_200, 152, { state: "admis", until: 15_200 + ADMISSION_MINUTES * 60_000 }],
    [15_200 + ADMISSION_MINUTES * 60_000, 500, { state: "expire" }],
  ])("at %i with %i admitted", (now, admitted, expected) => {
    expect(statusOf(entry, admitted, now)).toEqual(expected);
  });
});

describe("French texts", () => {
  it.each([
    [20, "moins d'une minute"],
    [60, "environ 1 minute"],
    [170, "environ 3 minutes"],
    [4200, "environ 1 h 10"],
    [7200, "environ 2 h"],
  ])("%i s → %s", (s, text) => expect(waitText(s)).toBe(text));
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
  it.each([
    [10, { size: 10, windowMs: 1100 }],
    [25, { size: 25, windowMs: 1100 }],
    [2.5, { size: 2, windowMs: 1100 }],
    [1, { size: 1, windowMs: 1100 }],
    [0.5, { size: 1, windowMs: 2200 }],
    [0.1, { size: 1, windowMs: 11000 }],
    [0, { size: 1, windowMs: 11000 }],
  ])("%s per second → %o", (rate, expected) => {
    expect(checkoutWindow(rate)).toEqual(expected);
  });
});

describe("queueRefreshSeconds: a quarter of the wait, between 5 and 30 s", () => {
  it.each([
    [0, 5],
    [-3, 5],
    [20, 5],
    [21, 6],
    [60, 15],
    [120, 30],
    [3600, 30],
  ])("%s s of wait → reload after %s s", (wait, expected) => {
    expect(queueRefreshSeconds(wait)).toBe(expected);
  });
});

describe("mustWait: the form only outside the queue or once admitted", () => {
  it.each([
    [{ state: "libre" } as const, false],
    [{ state: "admis", until: 1 } as const, false],
    [{ state: "en_file", position: 3, waitSeconds: 1, ticket: 4 } as const, true],
    [{ state: "tirage", drawAt: 1, entrants: 2 } as const, true],
    [{ state: "expire" } as const, true],
  ])("%o → %s", (gate, expected) => {
    expect(mustWait(gate)).toBe(expected);
  });
});

describe("liveMessage: the place and the wait, in figures and in words", () => {
  it.each([
    [
      { state: "en_file", position: 1, waitSeconds: 30, ticket: 7 },
      {
        type: "position",
        position: 1,
        waitSeconds: 30,
        sentence: "Vous êtes 1er dans la file d'attente",
        wait: "moins d'une minute",
      },
    ],
    [
      { state: "en_file", position: 153, waitSeconds: 900, ticket: 160 },
      {
        type: "position",
        position: 153,
        waitSeconds: 900,
        sentence: "Vous êtes 153e dans la file d'attente",
        wait: "environ 15 minutes",
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
