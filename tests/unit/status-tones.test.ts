// What a status looks like is its tone, read from its code (app/domain/registration-rules/statuses.ts, the one
// owner of statuses, labels and tones): no route or component chooses a class by matching a French label.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { STATUT_LABELS } from "~/domain/registration-rules";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Every label a runner or an organiser reads for a registration's status. */
const LABELS = [
  ...Object.values(STATUT_LABELS),
  "Active",
  "Annulée",
  "Transférée",
  "Remboursée",
  "En attente",
  "Réservation expirée",
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const label = `(?:${LABELS.map(escapeRegExp).join("|")})`;
/** A label compared (===, !==, startsWith, includes) or used as a record's key. */
const MATCHES_LABEL = new RegExp(
  [
    `[!=]==\\s*["'\`]${label}`,
    `["'\`]${label}[^"'\`]*["'\`]\\s*[!=]==`,
    `\\.(?:startsWith|endsWith|includes)\\(\\s*["'\`]${label}`,
    `^\\s*(?:["']${label}[^"']*["']|${label})\\s*:\\s*["'\`]`,
  ].join("|"),
);

function uiFiles(): string[] {
  return ["app/routes", "app/components"].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\./.test(e.name))
      .map((e) => relative(ROOT, join(e.parentPath, e.name))),
  );
}

describe("the scan finds a class chosen by a label", () => {
  it.each([
    ['s === "Active"', true],
    ['  : s.startsWith("Remboursée")', true],
    ['    : s.startsWith("En attente")', true],
    ['  "Remboursée partiellement": "status-refunded",', true],
    ['  Annulée: "status-cancelled",', true],
    ['"Validée" === label', true],
    ["className={TONE_CLASS[r.tone]}", false],
    ["<p>Annulée</p>", false],
    ['if (r.statut === "annulee") return x;', false],
    ['  annulee: "Annulée",', false],
  ])("%s -> %s", (line, found) => {
    expect(MATCHES_LABEL.test(line)).toBe(found);
  });
});

describe("routes and components choose a status's look from its tone", () => {
  it("no route or component matches a French status label", () => {
    const offences: string[] = [];
    for (const file of uiFiles()) {
      readFileSync(join(ROOT, file), "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (MATCHES_LABEL.test(line)) offences.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offences).toEqual([]);
  });
});
