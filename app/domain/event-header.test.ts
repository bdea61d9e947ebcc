import { describe, expect, test } from "vitest";
import { EVENT_HEADER_FIELDS, eventHeader } from "./event-header";

describe("eventHeader", () => {
  // Each header field with a value of its own, so that a field read from another shows.
  const header = Object.fromEntries(EVENT_HEADER_FIELDS.map((k) => [k, `valeur de ${k}`])) as Record<
    (typeof EVENT_HEADER_FIELDS)[number],
    string
  >;
  const row = { ...header, organisateur_id: "u1", updated_at: "2026-01-02T03:04:05.000Z" };

  test("keeps the header fields with their values, and nothing else", () => {
    expect(eventHeader(row)).toEqual(header);
  });

  test("keeps the six header fields, in their order", () => {
    expect(Object.keys(eventHeader(row))).toEqual(["id", "nom", "lieu", "departement", "slug", "en_ligne"]);
  });

  test("keeps a null value (an event without a department)", () => {
    expect(eventHeader({ ...row, departement: null }).departement).toBeNull();
  });
});
