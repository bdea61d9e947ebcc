import { describe, expect, test } from "vitest";
import { EVENT_HEADER_FIELDS, eventHeader } from "./event-header";

describe("eventHeader", () => {
  const row = {
    id: "c1",
    nom: "Trail des Crêtes",
    lieu: "Gérardmer",
    departement: "88",
    slug: "trail-des-cretes",
    en_ligne: 1,
    organisateur_id: "u1",
    updated_at: "2026-01-02T03:04:05.000Z",
  };

  test("keeps the header fields with their values", () => {
    expect(eventHeader(row)).toEqual({
      id: "c1",
      nom: "Trail des Crêtes",
      lieu: "Gérardmer",
      departement: "88",
      slug: "trail-des-cretes",
      en_ligne: 1,
    });
  });

  test("leaves every other field out", () => {
    expect(Object.keys(eventHeader(row))).toEqual([...EVENT_HEADER_FIELDS]);
  });

  test("keeps a null value (an event without a department)", () => {
    expect(eventHeader({ ...row, departement: null }).departement).toBeNull();
  });
});
