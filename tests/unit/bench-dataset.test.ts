// The catalogue bench's fast seed (bench/dataset.mjs) suspends the triggers and indexes of the tables it fills and
// fills what the triggers keep with its own statements (issue 26). Its figures are worth something only if that
// gives the database the triggers would have given: the same small dataset is loaded both ways, on the real
// migrations, and the summaries (every column the catalogue's walks read), the terms and the indexes compared.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { catalogueDataset, EMPTY_INDEXES, loadLocalD1 } from "../../bench/dataset.mjs";
import { migratedDb, migrationFileNames, migrationsDir } from "./migrated-db";

type Step = { sql: string };

function load(db: DatabaseSync, steps: Step[]) {
  db.exec("BEGIN");
  for (const step of steps) db.exec(step.sql);
  db.exec("COMMIT");
}

/** The trigger and index definitions the fast seed suspends and creates again, as loadLocalD1 reads them. */
function schemaOf(db: DatabaseSync) {
  return db
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('trigger', 'index') ORDER BY rowid")
    .all() as { type: string; name: string; tbl_name: string; sql: string | null }[];
}

/**
 * Every summary column, in key order, but two copies checked apart: the creation time (each load stamps its own
 * events) and the text-index rowid (numbered in each load's order of insertion).
 */
function summaries(db: DatabaseSync) {
  return db
    .prepare(
      `SELECT course_id, nb_formats, min_distance, max_distance, min_dplus, max_dplus, min_price_cents, has_meals,
              first_date, last_date, departement, types, next_date, en_ligne, terms
       FROM course_stats ORDER BY course_id`,
    )
    .all();
}

describe("bench/dataset.mjs: the fast seed gives what the triggers give", () => {
  it("the same summaries, terms and indexes as a load with the triggers on", () => {
    const EVENTS = 60;
    const slow = migratedDb();
    load(slow, catalogueDataset({ events: EVENTS }).steps);

    const fast = migratedDb();
    load(fast, catalogueDataset({ events: EVENTS, schema: schemaOf(fast) }).steps);

    const expected = summaries(slow);
    expect(expected).toHaveLength(EVENTS);
    // The dataset exercises what the summaries hold: upcoming and past dates, terms, several types.
    expect(expected.filter((s) => s.next_date !== null).length).toBeGreaterThan(EVENTS / 2);
    expect(expected.every((s) => typeof s.terms === "string" && / $/.test(s.terms))).toBe(true);
    expect(summaries(fast)).toEqual(expected);
    for (const db of [slow, fast])
      expect(
        db
          .prepare(
            `SELECT count(*) AS n FROM course_stats s JOIN courses c ON c.id = s.course_id
             WHERE s.course_created_at IS NOT c.created_at
                OR s.course_search_id IS NOT (SELECT m.id FROM course_search_ids m WHERE m.course_id = s.course_id)`,
          )
          .get(),
      ).toEqual({ n: 0 });
    const terms = (db: DatabaseSync) =>
      db
        .prepare(
          "SELECT m.course_id, ct.term FROM course_terms ct JOIN course_search_ids m ON m.id = ct.course_search_id ORDER BY 1, 2",
        )
        .all();
    expect(terms(fast)).toEqual(terms(slow));
    // The same text indexes (the word index's and the trigram index's rows, by event).
    const indexed = (db: DatabaseSync, table: string) =>
      db
        .prepare(
          `SELECT m.course_id, t.nom, t.lieu, t.departement FROM ${table} t JOIN course_search_ids m ON m.id = t.rowid ORDER BY 1`,
        )
        .all();
    for (const table of ["courses_fts", "courses_trigram"]) {
      expect(indexed(fast, table), table).toEqual(indexed(slow, table));
      expect(indexed(fast, table).length, table).toBeGreaterThan(0);
    }
    // The same admin counters (every event's and the platform's registrations by status, takings), and the same
    // daily counters summed per scope (a day's edge could fall between the two loads' clocks).
    const counters = (db: DatabaseSync) =>
      db.prepare("SELECT portee, cle, n FROM admin_totaux ORDER BY portee, cle").all();
    expect(counters(fast)).toEqual(counters(slow));
    expect(counters(slow).length).toBeGreaterThan(3 * EVENTS);
    const daily = (db: DatabaseSync) =>
      db
        .prepare(
          "SELECT portee, sum(inscriptions) AS i, sum(ca_brut_cents) AS ca FROM admin_jours GROUP BY portee ORDER BY portee",
        )
        .all();
    expect(daily(fast)).toEqual(daily(slow));
    // The same triggers and indexes afterwards.
    const objects = (db: DatabaseSync) =>
      db.prepare("SELECT type, name, sql FROM sqlite_master WHERE type IN ('trigger', 'index') ORDER BY name").all();
    expect(objects(fast)).toEqual(objects(slow));
    // The indexes the fast seed keeps in place during its load are partial and hold nothing, as it assumes.
    for (const name of EMPTY_INDEXES) {
      const index = fast
        .prepare("SELECT tbl_name, sql FROM sqlite_master WHERE type = 'index' AND name = ?")
        .get(name) as { tbl_name: string; sql: string } | undefined;
      const where = index?.sql.split(" WHERE ")[1];
      expect(where, name).toBeDefined();
      expect(fast.prepare(`SELECT count(*) AS n FROM ${index?.tbl_name} WHERE ${where}`).get(), name).toEqual({ n: 0 });
    }
  });

  it("the fast seed: registrations 53 s apart up to now, in ISO instants; payouts due the day after their format", () => {
    const db = migratedDb();
    const before = Math.floor(Date.now() / 1000);
    load(db, catalogueDataset({ events: 40, schema: schemaOf(db) }).steps);
    const after = Math.ceil(Date.now() / 1000);
    const created = db.prepare("SELECT created_at, updated_at FROM inscriptions ORDER BY id").all() as {
      created_at: string;
      updated_at: string;
    }[];
    expect(created).toHaveLength(40 * 3 * 10);
    const seconds = created.map((r) => {
      expect(r.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(r.updated_at).toBe(r.created_at);
      return Date.parse(r.created_at) / 1000;
    });
    expect(seconds.slice(1).every((s, k) => s - seconds[k] === 53)).toBe(true);
    expect(seconds.at(-1)).toBeGreaterThanOrEqual(before);
    expect(seconds.at(-1)).toBeLessThanOrEqual(after);
    const payouts = db
      .prepare(
        `SELECT p.payout_due_on AS due, f.date AS date, p.created_at = i.created_at AS same
         FROM paiements p JOIN formats f ON f.id = p.format_id JOIN inscriptions i ON i.id = p.inscription_id`,
      )
      .all() as { due: string | null; date: string | null; same: number }[];
    expect(payouts.length).toBe(db.prepare("SELECT count(*) AS n FROM inscriptions WHERE statut = 'validee'").get()?.n);
    expect(payouts.some((p) => p.date === null)).toBe(true);
    for (const p of payouts) {
      expect(p.same).toBe(1);
      if (p.date === null) expect(p.due).toBeNull();
      else expect(Date.parse(p.due ?? "") - Date.parse(p.date)).toBe(86_400_000);
    }
  });

  it("loadLocalD1 loads a file of its own while the local D1 is created, then puts it in its place, whole, in WAL", async () => {
    const persistTo = mkdtempSync(join(tmpdir(), "balise-load-d1-"));
    try {
      const dir = join(persistTo, "v3/d1/miniflare-D1DatabaseObject");
      const file = join(dir, "base.sqlite");
      // What `wrangler d1 execute --local` leaves: workerd's own table, and a write-ahead log beside the file.
      const createDatabase = async () => {
        mkdirSync(dir, { recursive: true });
        const created = new DatabaseSync(file);
        created.exec("PRAGMA journal_mode = WAL");
        created.exec("CREATE TABLE _cf_METADATA (key INTEGER PRIMARY KEY, value BLOB)");
        created.exec("INSERT INTO _cf_METADATA VALUES (2, 0)");
        const wal = readFileSync(`${file}-wal`);
        created.close();
        writeFileSync(`${file}-wal`, wal);
      };
      const dataset = await loadLocalD1(persistTo, {
        events: 30,
        migrationsDir,
        createDatabase,
      });
      expect(dataset.counts).toEqual({ events: 30, formats: 90, registrations: 900 });
      expect(dataset.courseId(7)).toBe("bc-00007");
      const labels = dataset.timings.map((t: { label: string }) => t.label);
      expect(labels).toEqual(expect.arrayContaining(["migrations", "insertion inscriptions", "validation (COMMIT)"]));
      expect(readdirSync(dir).sort()).toEqual(["base.sqlite"]);
      expect(readdirSync(persistTo).sort()).toEqual(["v3"]);

      const db = new DatabaseSync(file);
      try {
        expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
        expect(db.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
        expect(db.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
        expect(db.prepare("SELECT key, value FROM _cf_METADATA").all()).toEqual([{ key: 2, value: 0 }]);
        expect(db.prepare("SELECT count(*) AS n FROM d1_migrations").get()).toEqual({ n: migrationFileNames.length });
        expect(db.prepare("SELECT count(*) AS n FROM inscriptions").get()).toEqual({ n: 900 });
        expect(db.prepare("SELECT count(*) AS n FROM course_stats").get()).toEqual({ n: 30 });
        const { page_count: pages } = db.prepare("PRAGMA page_count").get() as { page_count: number };
        expect(statSync(file).size).toBe(pages * 4096);
      } finally {
        db.close();
      }
    } finally {
      rmSync(persistTo, { recursive: true, force: true });
    }
  });
});
