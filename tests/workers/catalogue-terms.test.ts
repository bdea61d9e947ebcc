// course_terms and the walk that seeks in it (docs/decisions/0167-catalogue-terms-checked-per-row.md), on a real D1:
// 1. every letter searchTerms folds itself, FTS5's tokenizer folds the same way;
// 2. course_terms holds exactly the (event, term) pairs of the text index, through the writes the application makes.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { listCourses } from "~/db/catalogue/list.server";
import { TERM_LETTERS } from "~/db/catalogue/text-search";
import { createDb } from "~/db/client.server";
import { parseCourseFilters } from "~/domain/filters";
import { loadDemoData } from "./helpers";

/** The (rowid, term) pairs of the text index, and of course_terms, as sorted "id:term" strings. */
async function pairs() {
  await env.DB.prepare("CREATE VIRTUAL TABLE IF NOT EXISTS terms_oracle USING fts5vocab(courses_fts, instance)").run();
  const index = await env.DB.prepare("SELECT DISTINCT doc AS id, term FROM terms_oracle ORDER BY doc, term").all<{
    id: number;
    term: string;
  }>();
  const terms = await env.DB.prepare(
    "SELECT course_search_id AS id, term FROM course_terms ORDER BY course_search_id, term",
  ).all<{ id: number; term: string }>();
  const show = (rows: { id: number; term: string }[]) => rows.map((r) => `${r.id}:${r.term}`);
  return { index: show(index.results), terms: show(terms.results) };
}

const insertCourse = (id: string, nom: string, lieu: string, departement: string) =>
  env.DB.prepare(
    "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, ?, ?, ?, '42000', '00000000-0000-4000-a000-000000000002', 1, ?)",
  ).bind(id, nom, lieu, departement, id);

describe("course_terms: each event's terms, as the text index makes them", () => {
  beforeAll(async () => {
    await loadDemoData();
  });

  it("folds every letter searchTerms knows as FTS5's tokenizer does (the scratch index has the text index's tokenizer)", async () => {
    const tokenizer = (sql: string | undefined) => /tokenize\s*=\s*'([^']*)'/.exec(sql ?? "")?.[1];
    const tables = await env.DB.prepare(
      "SELECT name, sql FROM sqlite_master WHERE name IN ('courses_fts', 'course_terms_scratch')",
    ).all<{ name: string; sql: string }>();
    const byName = Object.fromEntries(tables.results.map((t) => [t.name, tokenizer(t.sql)]));
    expect(byName.courses_fts).toBe("unicode61 remove_diacritics 2");
    expect(byName.course_terms_scratch).toBe(byName.courses_fts);

    const letters = [...TERM_LETTERS.keys()];
    expect(letters.length).toBeGreaterThan(100);
    const folded: Record<string, string> = {};
    for (const ch of letters) {
      const [, , rows] = await env.DB.batch<{ term: string }>([
        env.DB.prepare("INSERT INTO course_terms_scratch (rowid, nom) VALUES (1, ?)").bind(ch),
        env.DB.prepare("INSERT INTO course_terms_scratch (course_terms_scratch) VALUES ('delete-all')"),
        env.DB.prepare("SELECT term FROM course_terms_scratch_vocab"),
      ]);
      // Read after the delete: the vocabulary must be empty again (a second batch reads the term).
      expect(rows.results).toEqual([]);
      const [, seen] = await env.DB.batch<{ term: string }>([
        env.DB.prepare("INSERT INTO course_terms_scratch (rowid, nom) VALUES (1, ?)").bind(ch),
        env.DB.prepare("SELECT term FROM course_terms_scratch_vocab"),
        env.DB.prepare("INSERT INTO course_terms_scratch (course_terms_scratch) VALUES ('delete-all')"),
      ]);
      folded[ch] = seen.results.map((r) => r.term).join(" ");
    }
    expect(folded).toEqual(Object.fromEntries(TERM_LETTERS));
  });

  it("holds exactly the text index's (event, term) pairs after the demo data, inserts, renames and deletes", async () => {
    const start = await pairs();
    expect(start.terms.length).toBeGreaterThan(50);
    expect(start.terms).toEqual(start.index);
    await env.DB.batch([
      insertCourse("terms-1", "Éco-trail du Pilat", "Saint-Étienne", "Loire"),
      insertCourse("terms-2", "Œuvre ＡＢＣ n° 12", "L'Haÿ-les-Roses", "Val-de-Marne"),
    ]);
    try {
      const inserted = await pairs();
      expect(inserted.terms).toEqual(inserted.index);
      expect(inserted.terms.filter((p) => p.endsWith(":pilat"))).toHaveLength(1);
      await env.DB.prepare(
        "UPDATE courses SET nom = 'Grand Trail du Forez', lieu = 'Montbrison' WHERE id = 'terms-1'",
      ).run();
      await env.DB.prepare("UPDATE courses SET departement = 'Rhône' WHERE id = 'terms-2'").run();
      const renamed = await pairs();
      expect(renamed.terms).toEqual(renamed.index);
      expect(renamed.terms.filter((p) => p.endsWith(":pilat"))).toEqual([]);
      await env.DB.prepare("DELETE FROM courses WHERE id IN ('terms-1', 'terms-2')").run();
      const deleted = await pairs();
      expect(deleted.terms).toEqual(deleted.index);
      expect(deleted.terms).toEqual(start.terms);
    } finally {
      await env.DB.prepare("DELETE FROM courses WHERE id IN ('terms-1', 'terms-2')").run();
    }
  });

  it("a search still answers, with the same events, when the events counter is wrong (the plan's size is never below 0)", async () => {
    const nowIso = new Date().toISOString();
    const today = nowIso.slice(0, 10);
    const ids = async (qs: string) =>
      (
        await listCourses(createDb(env.DB), parseCourseFilters(new URLSearchParams(qs), today).filters, today, nowIso)
      ).rows.map((r) => r.id);
    const sizeSql = "SELECT n FROM admin_totaux WHERE portee = '*' AND cle = 'courses'";
    const size = await env.DB.prepare(sizeSql).first<{ n: number }>();
    const expected = await Promise.all(["q=trail", "q=trail&tri=prix", "q=de"].map(ids));
    expect(expected[0].length).toBeGreaterThan(0);
    await env.DB.prepare("UPDATE admin_totaux SET n = -3 WHERE portee = '*' AND cle = 'courses'").run();
    try {
      expect(await Promise.all(["q=trail", "q=trail&tri=prix", "q=de"].map(ids))).toEqual(expected);
    } finally {
      await env.DB.prepare("UPDATE admin_totaux SET n = ? WHERE portee = '*' AND cle = 'courses'").bind(size!.n).run();
    }
  });
});
