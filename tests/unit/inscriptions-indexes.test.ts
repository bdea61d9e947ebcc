// Decision 0177: the registrations' indexes of columns most rows leave empty hold only the rows that fill them,
// and every lookup by value still uses them. Read on the real migrations, with EXPLAIN QUERY PLAN.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { migratedDb } from "./migrated-db";

const plan = (db: DatabaseSync, q: string, ...params: (string | number)[]) =>
  db
    .prepare(`EXPLAIN QUERY PLAN ${q}`)
    .all(...params)
    .map((r) => String(r.detail))
    .join(" | ");

describe("registrations: partial indexes of the columns most rows leave empty (decision 0177)", () => {
  const db = migratedDb();

  it.each([
    ["SELECT id FROM inscriptions i WHERE i.liste_attente_id = ?", "inscriptions_liste_attente_idx"],
    ["SELECT id FROM inscriptions WHERE cession_id = ? AND statut = 'en_attente'", "inscriptions_cession_idx"],
    ["SELECT id FROM inscriptions i WHERE i.justificatif_document_id = ?", "inscriptions_justificatif_document_idx"],
    ["SELECT id FROM inscriptions i WHERE i.checkout_session_id = ?", "inscriptions_checkout_idx"],
    ["SELECT id FROM inscriptions i WHERE i.checkout_session_id IN (?, 'x')", "inscriptions_checkout_idx"],
    ["SELECT dossard FROM inscriptions WHERE format_id = ? AND dossard IS NOT NULL", "inscriptions_format_dossard_uq"],
    ["SELECT count(*) FROM inscriptions WHERE course_id = ?", "inscriptions_course_created_idx"],
  ])("%s reads %s", (q, index) => {
    expect(plan(db, q, "v")).toMatch(new RegExp(`SEARCH \\w+ USING (?:COVERING )?INDEX ${index} \\(`));
  });

  it("the indexes are partial, and the event's index is the one with the creation time", () => {
    const sqlOf = (name: string) =>
      (db.prepare("SELECT sql FROM sqlite_master WHERE name = ?").get(name) as { sql: string } | undefined)?.sql;
    for (const [name, column] of [
      ["inscriptions_liste_attente_idx", "liste_attente_id"],
      ["inscriptions_cession_idx", "cession_id"],
      ["inscriptions_justificatif_document_idx", "justificatif_document_id"],
      ["inscriptions_checkout_idx", "checkout_session_id"],
      ["inscriptions_format_dossard_uq", "dossard"],
    ])
      expect(sqlOf(name), name).toMatch(new RegExp(`WHERE "inscriptions"."${column}" IS NOT NULL$`));
    expect(sqlOf("inscriptions_course_idx")).toBeUndefined();
  });

  it("a bib is still unique within its format; empty bibs never conflict", () => {
    const insert = db.prepare(
      "INSERT INTO inscriptions (id, course_id, format_id, statut, paiement_trace_id, dossard) VALUES (?, 'c', ?, 'validee', ?, ?)",
    );
    insert.run("a", "f1", "t-a", null);
    insert.run("b", "f1", "t-b", null);
    insert.run("c", "f1", "t-c", 7);
    insert.run("d", "f2", "t-d", 7);
    expect(() => insert.run("e", "f1", "t-e", 7)).toThrow(
      /UNIQUE constraint failed: inscriptions.format_id, inscriptions.dossard/,
    );
  });

  it("the runners without a bib are read through their format's index, never by status across the platform", () => {
    const source = readFileSync(resolve(import.meta.dirname, "../../app/db/registrants.server.ts"), "utf8");
    const q =
      /SELECT id FROM inscriptions INDEXED BY inscriptions_format_created_idx[\s\S]*?ORDER BY created_at, id/.exec(
        source,
      )?.[0];
    expect(q).toBeDefined();
    const sqlText = (q as string).replace(/\$\{formatId\}/, "?");
    expect(plan(db, sqlText, "f1")).toBe(
      "SEARCH inscriptions USING INDEX inscriptions_format_created_idx (format_id=?)",
    );
  });
});
