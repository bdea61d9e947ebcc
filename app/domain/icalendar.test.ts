import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { escapeText, foldLine, utcStamp, writeCalendar } from "./icalendar";

const octets = (s: string) => new TextEncoder().encode(s).length;
/** Unfolds as RFC 5545 §3.1 says: a CRLF followed by one space is removed. */
const unfold = (s: string) => s.replace(/\r\n /g, "");

describe("escapeText", () => {
  itMaps("%j → %j", escapeText, [
    ["Seuil 3 × 8 min", "Seuil 3 × 8 min"],
    ["a, b; c", "a\\, b\\; c"],
    ["ligne 1\nligne 2", "ligne 1\\nligne 2"],
    ["C:\\dossier", "C:\\\\dossier"],
    ["a\r\nb", "a\\nb"],
  ]);
});

describe("foldLine", () => {
  it("leaves a line of 75 octets alone", () => {
    const line = `SUMMARY:${"a".repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it("folds a long line into lines of at most 75 octets, each continuation starting with a space", () => {
    const line = `DESCRIPTION:${"Échauffement progressif, puis côtes à 6–10 % ; ".repeat(6)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(3);
    for (const p of parts) expect(octets(p)).toBeLessThanOrEqual(75);
    for (const p of parts.slice(1)) expect(p.startsWith(" ")).toBe(true);
    expect(unfold(folded)).toBe(line);
  });

  it("never cuts a multi-byte character", () => {
    const line = `SUMMARY:${"é".repeat(100)}`;
    const folded = foldLine(line);
    expect(folded).not.toContain("\uFFFD");
    for (const p of folded.split("\r\n"))
      expect(new TextDecoder("utf-8", { fatal: true }).decode(new TextEncoder().encode(p))).toBe(p);
    expect(unfold(folded)).toBe(line);
  });
});

describe("writeCalendar", () => {
  const text = writeCalendar({
    name: "Plan Balise, Marathon",
    stamp: new Date("2026-11-28T10:15:30.123Z"),
    events: [
      { uid: "s1@balise", date: "2026-12-31", summary: "Footing 45 min", description: "Facile,\ntranquille" },
      {
        uid: "s2@balise",
        date: "2027-01-03",
        summary: "Sortie longue",
        url: "https://balise.test/premium/plan/seance/s2",
      },
    ],
  });

  it("ends every line with CRLF and has no bare LF", () => {
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("writes one all-day VEVENT per event, with its UID, DTSTAMP and next-day DTEND", () => {
    const lines = unfold(text).split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(2);
    expect(lines).toContain("UID:s1@balise");
    expect(lines).toContain("DTSTAMP:20261128T101530Z");
    expect(lines).toContain("DTSTART;VALUE=DATE:20261231");
    expect(lines).toContain("DTEND;VALUE=DATE:20270101");
    expect(lines).toContain("DESCRIPTION:Facile\\,\\ntranquille");
    expect(lines).toContain("X-WR-CALNAME:Plan Balise\\, Marathon");
    expect(lines.at(-2)).toBe("END:VCALENDAR");
  });

  it("writes an empty calendar when there is no event", () => {
    const empty = writeCalendar({ name: "Plan", stamp: new Date(0), events: [] });
    expect(empty).toContain("BEGIN:VCALENDAR\r\n");
    expect(empty).not.toContain("VEVENT");
  });

  it("stamps in UTC basic format", () => {
    expect(utcStamp(new Date("2027-03-28T01:30:00Z"))).toBe("20270328T013000Z");
  });
});
