// The catalogue bench's fast seed (bench/dataset.mjs) suspends the triggers and indexes of the tables it fills and
// fills what the triggers keep with its own statements (issue 26). Its figures are worth something only if that
// gives the database the triggers would have given: the same small dataset is loaded both ways, on the real
// migrations, and the summaries (every column the catalogue's walks read), the terms and the indexes compared.
import type { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { catalogueDataset } from "../../bench/dataset.mjs";
import { migratedDb } from "./migrated-db";

type Step = { sql: string };

function load(db: DatabaseSync, steps: Step[]) {
  db.exec("BEGIN");
  for (const step of steps) db.exec(step.sql);
  db.exec("COMMIT");
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
    const schema = fast
      .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('trigger', 'index') ORDER BY rowid")
      .all() as { type: string; name: string; tbl_name: string; sql: string | null }[];
    load(fast, catalogueDataset({ events: EVENTS, schema }).steps);

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
  });
});
