// One writer of the training plan's tables (decision 0227): the training plans' store. No other module of app/
// inserts, updates or deletes a plan or a session row, in SQL or through drizzle's builders.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const STORE = "app/db/training-plans.server.ts";

const WRITES = [
  /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+(?:plans_entrainement|seances_plan)\b/,
  /\.(?:insert|update|delete)\(\s*(?:plans_entrainement|seances_plan)\s*\)/,
];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const writersOf = (files: readonly { path: string; text: string }[]) =>
  files.filter((f) => WRITES.some((re) => re.test(f.text))).map((f) => f.path);

describe("the training plans' store is the only writer of its tables", () => {
  it("finds the writes it looks for", () => {
    const found = writersOf([
      { path: "a", text: "sql`DELETE FROM seances_plan WHERE user_id = 1`" },
      { path: "b", text: "db.update(plans_entrainement).set({})" },
      { path: "c", text: "INSERT INTO plans_entrainement (id) VALUES (1)" },
      { path: "d", text: "SELECT * FROM seances_plan" },
    ]);
    expect(found).toEqual(["a", "b", "c"]);
  });

  it("no module of app/ but the store writes them", () => {
    const files = sources("app").map((path) => ({
      path: relative(ROOT, join(ROOT, path)),
      text: readFileSync(join(ROOT, path), "utf8"),
    }));
    expect(writersOf(files)).toEqual([STORE]);
  });
});
