import { describe, expect, it } from "vitest";
import { itMaps } from "../../../tests/support/cases";
import type { ChatMessageDto } from "../../domain/chat-protocol";
import { applyRoomEvent, isRoomEvent } from "./room-events";

const msg = (id: string, parent_id: string | null = null, message = id): ChatMessageDto => ({
  id,
  course_id: "c",
  parent_id,
  user_id: "u",
  nom: null,
  prenom: "Camille",
  message,
  is_hidden: false,
  flagged: false,
  created_at: "2026-11-21T10:00:00.000Z",
  updated_at: "2026-11-21T10:00:00.000Z",
});

describe("applyRoomEvent", () => {
  it("inserts once, even when the same insert arrives twice (fetch answer and socket)", () => {
    const once = applyRoomEvent([msg("a")], { type: "insert", message: msg("b") });
    const twice = applyRoomEvent(once, { type: "insert", message: msg("b") });
    expect(twice.map((m) => m.id)).toEqual(["a", "b"]);
  });
  it("replaces an updated message in place", () => {
    const list = applyRoomEvent([msg("a"), msg("b")], { type: "update", message: msg("a", null, "modifié") });
    expect(list.map((m) => m.message)).toEqual(["modifié", "b"]);
  });
  it("removes a deleted root with its replies", () => {
    const list = applyRoomEvent([msg("a"), msg("r", "a"), msg("b")], { type: "delete", id: "a" });
    expect(list.map((m) => m.id)).toEqual(["b"]);
  });
  it("ignores pong and error", () => {
    const list = [msg("a")];
    expect(applyRoomEvent(list, { type: "pong" })).toBe(list);
    expect(applyRoomEvent(list, { type: "error", message: "x" })).toBe(list);
  });
  itMaps("isRoomEvent(%j) is %s", isRoomEvent, [
    [{ type: "insert", message: { id: "x" } }, true],
    [{ type: "delete", id: "x" }, true],
    [{ type: "delete" }, false],
    [{ type: "pong" }, false],
    ["insert", false],
    [null, false],
  ]);
});
