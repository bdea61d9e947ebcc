// Migration 0036 makes the text index again with prefix indexes (docs/decisions/0166-text-index-prefix-indexes.md).
// Applied to a database that already holds events, it must keep every event findable under the same rowid, build
// prefix indexes that agree with the text (FTS5's own integrity check reads both), and leave the triggers of 0017
// keeping the new table.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";

const migrationsDir = resolve(import.meta.dirname, "../../migrations");
const PREFIX_MIGRATION = "0036_courses_fts_prefix_index.sql";
const files = readdirSync(migrationsDir)
  .filter((f) => f.endsWith(".sql"))
  .sort();

function migrate(db: DatabaseSync, which: (file: string) => boolean) {
  for (const file of files.filter(which)) db.exec(readFileSync(join(migrationsDir, file), "utf8"));
}

function addEvent(db: DatabaseSync, id: string, nom: string, lieu: string, departement: string) {
  db.prepare(
    "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, ?, ?, ?, '00000', 'org', 1, ?)",
  ).run(id, nom, lieu, departement, id);
}

/** Ids of the events whose text matches the FTS5 query, through the rowid key. */
function found(db: DatabaseSync, match: string): string[] {
  return db
    .prepare(
      "SELECT m.course_id AS id FROM courses_fts JOIN course_search_ids m ON m.id = courses_fts.rowid WHERE courses_fts MATCH ? ORDER BY m.course_id",
    )
    .all(match)
    .map((r) => String(r.id));
}

describe("migration 0036: the text index with prefix indexes", () => {
  it("keeps the events written before it, agrees with their text, and is kept by the triggers after it", () => {
    expect(files).toContain(PREFIX_MIGRATION);
    const db = new DatabaseSync(":memory:", { enableForeignKeyConstraints: false });
    migrate(db, (f) => f < PREFIX_MIGRATION);
    addEvent(db, "ev-1", "Trail des Crêtes", "Lyon", "Rhône");
    addEvent(db, "ev-2", "Course de la Côte", "Beaune", "Côte-d'Or");
    addEvent(db, "ev-3", "Rando du Lac", "Annecy", "Haute-Savoie");
    const rowids = db.prepare("SELECT course_id, id FROM course_search_ids ORDER BY course_id").all();
    const queries = ['"d"*', '"de"*', '"cre"*', '"cote"*', '"d"* "or"*', '"savoie"*'];
    const before = queries.map((q) => found(db, q));

    migrate(db, (f) => f === PREFIX_MIGRATION);

    const table = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'courses_fts'").get();
    expect(String(table?.sql)).toMatch(/prefix = '1 2 3'/);
    expect(db.prepare("SELECT course_id, id FROM course_search_ids ORDER BY course_id").all()).toEqual(rowids);
    expect(queries.map((q) => found(db, q))).toEqual(before);
    expect(found(db, '"d"*')).toEqual(["ev-1", "ev-2", "ev-3"]);
    expect(found(db, '"cre"*')).toEqual(["ev-1"]);
    expect(found(db, '"c"* "d"* "or"*')).toEqual(["ev-2"]);
    // FTS5 compares its index, prefix indexes included, with the text it was given (an error if they disagree).
    expect(() => db.exec("INSERT INTO courses_fts (courses_fts, rank) VALUES ('integrity-check', 0)")).not.toThrow();

    // The triggers of 0017 keep the new table: insert, rename, delete.
    addEvent(db, "ev-4", "Défi de l'Oisans", "Bourg-d'Oisans", "Isère");
    expect(found(db, '"oi"*')).toEqual(["ev-4"]);
    db.prepare("UPDATE courses SET nom = 'Ultra du Vercors' WHERE id = 'ev-4'").run();
    expect(found(db, '"oi"*')).toEqual(["ev-4"]); // still in its place name
    expect(found(db, '"ve"*')).toEqual(["ev-4"]);
    expect(found(db, '"def"*')).toEqual([]);
    db.prepare("DELETE FROM courses WHERE id = 'ev-4'").run();
    expect(found(db, '"ve"*')).toEqual([]);
    expect(() => db.exec("INSERT INTO courses_fts (courses_fts, rank) VALUES ('integrity-check', 0)")).not.toThrow();
    db.close();
  });
});
