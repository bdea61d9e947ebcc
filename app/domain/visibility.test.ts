import { describe, expect, it } from "vitest";
import { canViewCourse } from "./visibility";

const OWNER = "owner-1";
describe("canViewCourse", () => {
  it.each([
    ["published, anonymous", 1, null, true],
    ["published, another user", true, { id: "x" }, true],
    ["offline, anonymous", 0, null, false],
    ["offline, another user", false, { id: "x" }, false],
    ["offline, another user who is not admin", false, { id: "x", isAdmin: false }, false],
    ["offline, its organiser", false, { id: OWNER }, true],
    ["offline, an admin", false, { id: "admin", isAdmin: true }, true],
    ["en_ligne null (never published)", null, { id: "x" }, false],
  ] as const)("%s", (_label, en_ligne, viewer, expected) => {
    expect(canViewCourse({ en_ligne, organisateur_id: OWNER }, viewer)).toBe(expected);
  });
});
