// One writer of `abonnements` (decision 0224): the subscriptions' store. No other module of app/ inserts, updates or
// deletes a subscription row, in SQL or through drizzle's builders.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const STORE = "app/db/subscriptions.server.ts";

const WRITES = [
  /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+abonnements\b(?!_)/,
  /\.(?:insert|update|delete)\(\s*abonnements\s*\)/,
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

describe("the subscriptions' store is the only writer of abonnements", () => {
  it("finds the writes it looks for", () => {
    const found = writersOf([
      { path: "a", text: "sql`UPDATE abonnements SET statut = 'active'`" },
      { path: "b", text: "db.update(abonnements).set({})" },
      { path: "c", text: "db.insert( abonnements ).values({})" },
      { path: "d", text: "DELETE FROM abonnements WHERE id = 1" },
      { path: "e", text: "SELECT * FROM abonnements WHERE statut = 'active'" },
    ]);
    expect(found).toEqual(["a", "b", "c", "d"]);
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
