// One writer of `inscriptions` (issue 41, docs/architecture.md): the registration store. No other module of app/
// inserts, updates or deletes a registration, in SQL or through drizzle's builders; the store itself refuses to write
// the status or its record outside a transition or a creation (tests/workers/registration-store.test.ts).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const STORE = "app/db/registration-store/writes.server.ts";

/** A write of the table `inscriptions` (not of inscriptions_historique and the like). */
const WRITES = [
  /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+inscriptions\b(?!_)/,
  /\.(?:insert|update|delete)\(\s*inscriptions\s*\)/,
];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

function writersOf(files: readonly { path: string; text: string }[]): string[] {
  return files.filter((f) => WRITES.some((re) => re.test(f.text))).map((f) => f.path);
}

describe("the registration store is the only writer of inscriptions", () => {
  it("finds the writes it looks for (and not the history's)", () => {
    const found = writersOf([
      { path: "a", text: "sql`UPDATE inscriptions SET dossard = 1`" },
      { path: "b", text: "db.update(inscriptions).set({})" },
      { path: "c", text: "INSERT INTO inscriptions (id) SELECT 1" },
      { path: "d", text: "DELETE FROM inscriptions WHERE id = 1" },
      { path: "e", text: "db.delete( inscriptions )" },
      { path: "f", text: "INSERT INTO inscriptions_historique (id) VALUES (1)" },
      { path: "g", text: "SELECT * FROM inscriptions WHERE statut = 'validee'" },
    ]);
    expect(found).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("no module of app/ but the store writes the table", () => {
    const files = sources("app").map((path) => ({
      path: relative(ROOT, join(ROOT, path)),
      text: readFileSync(join(ROOT, path), "utf8"),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(writersOf(files)).toEqual([STORE]);
  });
});
