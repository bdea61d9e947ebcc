import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import {
  AI_USER_ID,
  BANNED_WORDS,
  buildThreads,
  canFlag,
  canModify,
  CHAT_ERROR_MESSAGES,
  ChatError,
  containsBannedWord,
  displayName,
  extractAiPrompt,
  normalizeMessage,
  rateLimitCheck,
  threadRootId,
} from "./chat";

describe("normalizeMessage", () => {
  itMaps("%j -> %j", normalizeMessage, [
    ["  Bonjour  ", "Bonjour"],
    ["\n\tSalut à tous\n", "Salut à tous"],
    ["ligne 1\r\nligne 2", "ligne 1\nligne 2"],
    ["", null],
    ["    ", null],
    ["\n\n\t", null],
    [null, null],
    [undefined, null],
  ]);
});

describe("containsBannedWord", () => {
  it("keeps exactly four words in one list", () => {
    expect(BANNED_WORDS).toHaveLength(4);
  });
  it.each(BANNED_WORDS.map((w) => [w]))("finds %s in any case and inside other words", (w) => {
    expect(containsBannedWord(w)).toBe(true);
    expect(containsBannedWord(`Oh ${w.toUpperCase()} !`)).toBe(true);
    expect(containsBannedWord(`super${w}ment`)).toBe(true);
  });
  itMaps("%j -> %s", containsBannedWord, [
    ["Quelle belle course, bravo aux bénévoles", false],
    ["Le ravito du km 12 était top", false],
    ["MeRdE alors", true],
    ["c'est de la mèrde", true],
    ["", false],
  ]);
});

describe("extractAiPrompt", () => {
  itMaps("%j -> %j", extractAiPrompt, [
    ["@IA quelle est la distance ?", "quelle est la distance ?"],
    ["Bonjour @IA  à quelle heure le départ ?  ", "à quelle heure le départ ?"],
    ["@ia dossards ?", "dossards ?"],
    ["@IA", ""],
    ["@IA: le prix ?", ": le prix ?"],
    ["Pas de mention ici", null],
    ["@IAN est là", null],
    ["mon mail: bob@iamail.fr", null],
    ["@IA premier @IA second", "premier @IA second"],
  ]);
});

describe("rights (spec section 6)", () => {
  const organiser = "org-1";
  const message = { user_id: "u-1" };
  it.each<[{ id: string } | null, boolean, string]>([
    [null, false, "a visitor"],
    [{ id: "u-1" }, true, "the author"],
    [{ id: "u-2" }, false, "another user"],
    [{ id: "org-1" }, true, "the event's organiser"],
  ])("canModify(%j) is %s for %s", (actor, expected) => {
    expect(canModify(actor, message, organiser)).toBe(expected);
  });
  it("lets any logged-in user flag, not visitors", () => {
    expect(canFlag({ id: "u-9" })).toBe(true);
    expect(canFlag(null)).toBe(false);
  });
});

describe("threads", () => {
  const m = (id: string, parent_id: string | null, created_at: string) => ({ id, parent_id, created_at });
  const messages = [
    m("r2", null, "2026-01-01T10:05:00.000Z"),
    m("a", "r1", "2026-01-01T10:03:00.000Z"),
    m("r1", null, "2026-01-01T10:00:00.000Z"),
    m("b", "r1", "2026-01-01T10:01:00.000Z"),
    m("orphan", "gone", "2026-01-01T10:02:00.000Z"),
  ];
  it("groups replies under roots, oldest first, and counts them", () => {
    const threads = buildThreads(messages);
    expect(threads.map((t) => t.root.id)).toEqual(["r1", "r2"]);
    expect(threads[0].replies.map((r) => r.id)).toEqual(["b", "a"]);
    expect(threads.map((t) => t.repliesCount)).toEqual([2, 0]);
  });
  it("uses the view's counts when given", () => {
    expect(buildThreads(messages, { r1: 5 }).map((t) => t.repliesCount)).toEqual([5, 0]);
  });
  it("returns no thread for no message", () => {
    expect(buildThreads([])).toEqual([]);
  });
  it("attaches a reply to a reply to the root", () => {
    expect(threadRootId({ id: "a", parent_id: "r1" })).toBe("r1");
    expect(threadRootId({ id: "r1", parent_id: null })).toBe("r1");
  });
});

describe("displayName", () => {
  itMaps("%j -> %s", displayName, [
    [{ user_id: "u", prenom: "Camille", nom: "Bernard" }, "Camille B."],
    [{ user_id: "u", prenom: "Camille", nom: null }, "Camille"],
    [{ user_id: "u", prenom: null, nom: "Bernard" }, "Bernard"],
    [{ user_id: "u", prenom: " ", nom: "" }, "Participant"],
    [{ user_id: AI_USER_ID, prenom: null, nom: null }, "Assistant IA"],
  ]);
});

describe("rateLimitCheck", () => {
  const limit = { max: 3, windowMs: 1000 };
  it("allows up to max actions in the window, then refuses", () => {
    let h: number[] = [];
    for (const t of [0, 100, 200]) {
      const r = rateLimitCheck(h, t, limit);
      expect(r.allowed).toBe(true);
      h = r.history;
    }
    expect(rateLimitCheck(h, 300, limit).allowed).toBe(false);
  });
  it("forgets actions older than the window", () => {
    const r = rateLimitCheck([0, 100, 200], 1100, limit);
    expect(r.allowed).toBe(true);
    expect(r.history).toEqual([200, 1100]);
  });
});

describe("errors", () => {
  it("carry a code and the French message", () => {
    const e = new ChatError("SEND_FAILED");
    expect(e.code).toBe("SEND_FAILED");
    expect(e.message).toBe("Impossible d'envoyer le message.");
    expect(CHAT_ERROR_MESSAGES.EDIT_FAILED).toBe("Échec de la modification.");
    expect(CHAT_ERROR_MESSAGES.DELETE_FAILED).toBe("Échec de la suppression.");
    expect(CHAT_ERROR_MESSAGES.NOT_LOGGED_IN).toBe("Connecte-toi pour écrire.");
    expect(CHAT_ERROR_MESSAGES.TOO_LONG).toBe("Message trop long (1\u00a0000 caractères maximum).");
  });
});
