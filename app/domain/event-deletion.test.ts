import { describe, expect, it } from "vitest";
import { eventDeletionText } from "./event-deletion";

describe("what deleting an event takes with it", () => {
  it.each([
    [0, "L'épreuve, ses fichiers et ses inscriptions non payées seront supprimés."],
    [1, "L'épreuve, son format, ses fichiers et ses inscriptions non payées seront supprimés."],
    [2, "L'épreuve, ses 2\u00a0formats, ses fichiers et ses inscriptions non payées seront supprimés."],
    [12, "L'épreuve, ses 12\u00a0formats, ses fichiers et ses inscriptions non payées seront supprimés."],
  ])("%i format(s)", (formats, text) => {
    expect(eventDeletionText(formats)).toBe(text);
    expect(eventDeletionText(formats)).not.toMatch(/ses 1\b/);
  });
});
