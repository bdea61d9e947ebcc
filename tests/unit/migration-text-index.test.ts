// Migration 0036 makes the text index again with prefix indexes (docs/decisions/0166-text-index-prefix-indexes.md).
// Applied to a database that already holds events, it must keep every event findable under the same rowid, build
// prefix indexes that agree with the text (FTS5's own integrity check reads both), and leave the triggers of 0017
// keeping the new table.
// Migrations 0037 and 0038 add course_terms, each event's terms (docs/decisions/0167-catalogue-terms-checked-per-row.md):
// back-filled from the text index, then kept by triggers, it must always hold exactly the (event, term) pairs the
// text index holds.
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { migrationFileNames as files, migrate } from "./migrated-db";

const PREFIX_MIGRATION = "0036_courses_fts_prefix_index.sql";
const TERMS_MIGRATION = "0037_course_terms.sql";
function addEvent(db: DatabaseSync, id: string, nom: string, lieu: string, departement: string) {
  db.prepare(
    "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, ?, ?, ?, '00000', 'org', 1, ?)",
  ).run(id, nom, lieu, departement, id);
}

/** A database with the migrations before `migration` applied and these events (id, nom, lieu, departement) written. */
function databaseBefore(migration: string, events: [string, string, string, string][]) {
  expect(files).toContain(migration);
  const db = new DatabaseSync(":memory:", { enableForeignKeyConstraints: false });
  migrate(db, (f) => f < migration);
  for (const event of events) addEvent(db, ...event);
  return db;
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
    const db = databaseBefore(PREFIX_MIGRATION, [
      ["ev-1", "Trail des Crêtes", "Lyon", "Rhône"],
      ["ev-2", "Course de la Côte", "Beaune", "Côte-d'Or"],
      ["ev-3", "Rando du Lac", "Annecy", "Haute-Savoie"],
    ]);
    const rowids = db.prepare("SELECT course_id, id FROM course_search_ids ORDER BY course_id").all();
    const queries = ['"d"*', '"de"*', '"cre"*', '"cote"*', '"d"* "or"*', '"savoie"*'];
    const before = queries.map((q) => found(db, q));

    migrate(db, (f) => f >= PREFIX_MIGRATION && f < TERMS_MIGRATION);

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

describe("migrations 0037–0038: each event's terms, as the text index holds them", () => {
  /** (rowid, term) pairs of the text index (an instance vocabulary, one row per occurrence) and of course_terms. */
  function pairs(db: DatabaseSync) {
    const index = db
      .prepare("SELECT DISTINCT doc AS id, term FROM temp.oracle ORDER BY doc, term")
      .all()
      .map((r) => `${r.id}:${r.term}`);
    const terms = db
      .prepare("SELECT course_search_id AS id, term FROM course_terms ORDER BY course_search_id, term")
      .all()
      .map((r) => `${r.id}:${r.term}`);
    return { index, terms };
  }

  it("are back-filled from the events written before, then kept through inserts (with or without a conflict clause), renames and deletes", () => {
    const db = databaseBefore(TERMS_MIGRATION, [
      ["ev-1", "Trail des Crêtes", "Lyon", "Rhône"],
      ["ev-2", "Course de la Côte n° 12", "Beaune", "Côte-d'Or"],
      ["ev-3", "Œuvre — ÉCOTRAIL ＡＢＣ", "L'Haÿ-les-Roses", "Val-de-Marne"],
    ]);
    migrate(db, (f) => f >= TERMS_MIGRATION);
    db.exec("CREATE VIRTUAL TABLE temp.oracle USING fts5vocab(main, courses_fts, instance)");

    const backfilled = pairs(db);
    expect(backfilled.terms.length).toBeGreaterThan(15);
    expect(backfilled.terms).toEqual(backfilled.index);
    expect(backfilled.terms).toContain("1:cretes");

    addEvent(db, "ev-4", "Défi de l'Oisans", "Bourg-d'Oisans", "Isère");
    db.prepare("UPDATE courses SET nom = 'Ultra du Vercors' WHERE id = 'ev-1'").run();
    db.prepare("UPDATE courses SET lieu = 'Dijon' WHERE id = 'ev-2'").run();
    db.prepare(
      "UPDATE courses SET nom = 'Rando des Lacs', lieu = 'Annecy', departement = 'Haute-Savoie' WHERE id = 'ev-3'",
    ).run();
    db.prepare("DELETE FROM courses WHERE id = 'ev-4'").run();
    addEvent(db, "ev-5", "Foulées du Lac", "Annecy", "Haute-Savoie");
    // An insert with its own conflict clause applies it to every trigger statement: the terms still follow the
    // index, and a new event is still accepted (found by review: a first version failed both).
    const withClause = (clause: string, id: string, nom: string) =>
      db
        .prepare(
          `INSERT ${clause} INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, ?, 'Gap', 'Hautes-Alpes', '05000', 'org', 1, ?)`,
        )
        .run(id, nom, id);
    withClause("OR ABORT", "ev-6", "Trail du Champsaur");
    withClause("OR REPLACE", "ev-7", "Raid des Écrins");
    withClause("OR REPLACE", "ev-6", "Ultra du Dévoluy");
    const found6 = db
      .prepare(
        "SELECT term FROM course_terms WHERE course_search_id = (SELECT id FROM course_search_ids WHERE course_id = 'ev-6')",
      )
      .all()
      .map((r) => r.term);
    expect(found6).toContain("devoluy");
    expect(found6).not.toContain("champsaur");

    const kept = pairs(db);
    expect(kept.terms).toEqual(kept.index);
    expect(kept.terms.some((p) => p.endsWith(":cretes") || p.endsWith(":oisans"))).toBe(false);
    expect(kept.terms.filter((p) => p.endsWith(":lacs") || p.endsWith(":lac"))).toHaveLength(2);
    // The scratch index is left empty after each write.
    expect(db.prepare("SELECT count(*) AS n FROM course_terms_scratch_vocab").get()).toEqual({ n: 0 });
    db.close();
  });
});
