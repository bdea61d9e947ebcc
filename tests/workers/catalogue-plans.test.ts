// Issue 26: every catalogue page does a bounded amount of work whatever the number of events, formats and
// registrations. Each statement the catalogue sends to D1 (home, /courses in every order, filters, text search,
// deep pages, the map, the event page, /formats, the sitemap) is recorded, then its query plan is read with
// EXPLAIN QUERY PLAN, with the same values bound. A plan fails when it sorts (a temporary B-tree) anything but a
// page of rows already bounded by a LIMIT, or when it scans a table (or walks an index) that grows with the data
// outside the few walks that read an index in the page's own order and stop after the page.
// docs/decisions/0160-catalogue-bounded-work.md
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { getCourseWithFormats } from "~/db/catalogue/event.server";
import { listUpcomingFormats } from "~/db/catalogue/formats.server";
import { newestOnlineCourses } from "~/db/catalogue/home.server";
import { listCourses } from "~/db/catalogue/list.server";
import { readSitemap } from "~/db/catalogue/sitemap.server";
import { createDb } from "~/db/client.server";
import { addDays } from "~/domain/catalogue";
import { SITEMAP_PART_SIZE, sitemapPartRange } from "~/domain/sitemap";
import { parseCourseFilters } from "~/domain/filters";
import { parisDate } from "~/domain/refund";
import { loadDemoData } from "./helpers";

const now = new Date();
const nowIso = now.toISOString();
const today = parisDate(now);

interface Recorded {
  sql: string;
  params: unknown[];
}

/** A D1 binding that records every statement prepared through it, with its bound values. */
function recordingD1(db: D1Database, out: Recorded[]): D1Database {
  const statement = (s: D1PreparedStatement, rec: Recorded): D1PreparedStatement =>
    new Proxy(s, {
      get(target, prop) {
        if (prop === "bind")
          return (...values: unknown[]) => {
            rec.params = values;
            return statement(target.bind(...values), rec);
          };
        const v = Reflect.get(target, prop);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare")
        return (query: string) => {
          const rec: Recorded = { sql: query, params: [] };
          out.push(rec);
          return statement(target.prepare(query), rec);
        };
      const v = Reflect.get(target, prop);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

interface PlanRow {
  id: number;
  parent: number;
  detail: string;
}

/**
 * Indexes read in order that stop after a bounded number of entries (a LIMIT, or a min()): the date walk, the
 * price and elevation walks, the home page's newest events and /formats by date. (The sitemap reads a range of row
 * numbers instead: decision 0175.)
 */
const ORDERED_WALKS = [
  // The date walk and its count (decisions 0168, 0172), and the events whose summary's next date is not renewed yet.
  "course_stats_next_date_idx",
  "course_stats_price_order_idx",
  "course_stats_dplus_order_idx",
  "courses_online_newest_idx",
  "formats_date_idx",
  // The same walks within one department, and the events without an upcoming date when 'Du' is cleared (0162).
  "courses_online_created_desc_idx",
  "course_stats_departement_next_date_idx",
  "course_stats_departement_price_idx",
  "course_stats_departement_dplus_idx",
  // The departments' skip-scan: each step is min(departement) above the last one, a single index entry.
  "courses_departement_idx",
];
/** CTEs whose rows are bounded by construction (a LIMIT inside them): sorting or scanning them is bounded work. */
// dw: the date walk's page, from at most a page of renewed events and the few not renewed (decision 0172).
const BOUNDED = ["page", "p", "p1", "pts", "text_ids", "t", "d", "walk", "w", "n", "text_n", "dw"];

/** What is wrong with one plan (empty when the plan reads a bounded amount of data). */
function planProblems(rows: PlanRow[]): string[] {
  const problems: string[] = [];
  for (const r of rows) {
    const d = r.detail;
    if (/USE TEMP B-TREE/.test(d)) {
      // Allowed only when what is sorted is a bounded CTE scanned at the same level of the plan.
      const siblings = rows.filter((s) => s.parent === r.parent && s.id !== r.id);
      // or the few formats of one event (the card's types, read through formats_course_idx).
      const ok = siblings.some((s) => {
        const m = /^(?:SCAN|SEARCH) (\w+)/.exec(s.detail);
        if (m !== null && BOUNDED.includes(m[1]) && !/USING/.test(s.detail)) return true;
        return /^SEARCH \w+ USING (?:COVERING )?INDEX formats_course_idx \(course_id=\?/.test(s.detail);
      });
      if (!ok) problems.push(d);
      continue;
    }
    // A range (or a low-cardinality equality) at the head of an index outside the ordered walks reads a part of
    // the table that grows with the data: every upcoming format, every online event.
    const search = /^SEARCH (\w+) USING (?:COVERING )?INDEX (\w+) \((.*)\)$/.exec(d);
    if (search && !ORDERED_WALKS.includes(search[2])) {
      const head = search[3].split(" AND ")[0];
      if (/[<>]/.test(head) || search[3] === "en_ligne=?") problems.push(d);
      continue;
    }
    // A range of row numbers must be closed on both sides (the sitemap's parts: decision 0175).
    if (/USING INTEGER PRIMARY KEY \(rowid[<>]/.test(d) && !/rowid>\? AND rowid<\?/.test(d)) {
      problems.push(d);
      continue;
    }
    const scan = /^SCAN (\w+)(.*)$/.exec(d);
    if (d === "SCAN CONSTANT ROW") continue;
    if (scan) {
      const [, name, rest] = scan;
      if (BOUNDED.includes(name) && !/USING (?:COVERING )?INDEX/.test(rest)) continue;
      if (/VIRTUAL TABLE INDEX/.test(rest)) continue; // the text index: a MATCH lookup
      const index = /USING (?:COVERING )?INDEX (\w+)/.exec(rest)?.[1];
      if (index && ORDERED_WALKS.includes(index)) continue;
      problems.push(d);
    }
  }
  return problems;
}

async function plansOf(recorded: Recorded[]) {
  const out: { sql: string; problems: string[]; plan: string }[] = [];
  for (const r of recorded) {
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${r.sql}`)
      .bind(...r.params)
      .all<PlanRow>();
    out.push({
      sql: r.sql.replace(/\s+/g, " ").slice(0, 160),
      problems: planProblems(plan.results),
      plan: plan.results.map((p) => p.detail).join(" | "),
    });
  }
  return out;
}

/** The statements /courses?`qs` sends with their plans; `walks`: all but the departments' list. */
async function listPlans(qs: string) {
  const recorded: Recorded[] = [];
  const db = createDb(recordingD1(env.DB, recorded));
  await listCourses(db, parseCourseFilters(new URLSearchParams(qs), today).filters, today, nowIso);
  const plans = await plansOf(recorded);
  return { recorded, plans, walks: plans.filter((p) => !/WITH RECURSIVE d\(departement\)/.test(p.sql)) };
}

describe("catalogue query plans (bounded work per request)", () => {
  beforeAll(async () => {
    await loadDemoData();
  });

  const lists = [
    "",
    "tri=prix",
    "tri=dplus",
    "page=20",
    "taille=24&page=10&tri=prix",
    "q=trail",
    "q=trail&tri=dplus",
    "q=a&distance=15-30&denivele=0-1000&repas=on&tri=prix",
    "q=lanques%20de",
    "q=rai%20d&tri=dplus",
    `q=trail&du=${today}&au=${addDays(today, 180)}&departement=Is%C3%A8re&type=trail&distance=15-30&denivele=1000-2000&repas=1&tri=prix&taille=24`,
    "departement=Is%C3%A8re",
    "type=route&tri=dplus",
    `du=${addDays(today, 30)}&au=${addDays(today, 60)}`,
    "vue=carte",
    "vue=carte&q=trail",
    // 'Du' cleared (decision 0162): every order, with and without 'Au', a department or a text.
    "du=",
    "du=&tri=prix",
    "du=&tri=dplus",
    `du=&au=${addDays(today, 60)}`,
    `du=&au=${addDays(today, 60)}&tri=prix`,
    "du=&departement=Is%C3%A8re&tri=prix",
    "du=&q=trail",
    "du=&page=5",
  ];

  it.each(lists)(
    "/courses?%s reads a bounded number of rows (no sort of a growing group, no full scan)",
    async (qs) => {
      const { recorded, plans } = await listPlans(qs);
      // The page and its count (one statement: one walk, or two in date order, 0168), the departments; the map's
      // points in a third.
      expect(recorded.length).toBeGreaterThanOrEqual(2);
      for (const p of plans) {
        expect(p.problems, `${p.sql}\n${p.plan}`).toEqual([]);
      }
    },
  );

  // A department is the filter that shrinks the list most (a few per cent of the catalogue each): a walk of the
  // whole catalogue's index that keeps one event in twenty (then one in a hundred with the other filters) read
  // every upcoming event at 100,000 events before finding a page (decision 0162). With a department, the walk
  // starts at that department in an index of the same order.
  const byDepartment = [
    "departement=Is%C3%A8re",
    "departement=Is%C3%A8re&tri=prix",
    "departement=Is%C3%A8re&tri=dplus",
    "departement=Is%C3%A8re&q=trail",
    `q=trail&du=${today}&au=${addDays(today, 180)}&departement=Is%C3%A8re&type=trail&distance=15-30&denivele=1000-2000&repas=1&tri=prix&taille=24`,
    "departement=Is%C3%A8re&vue=carte&tri=dplus",
  ];
  // The count's walk in date order (0168) included.
  const wholeCatalogueWalk = /(?:course_stats_next_date_idx|course_stats_price_order_idx|course_stats_dplus_order_idx)/;
  const departmentWalk =
    /SEARCH \w+ USING (?:COVERING )?INDEX course_stats_departement_(?:next_date|price|dplus)_idx \(departement=\?/;

  it.each(byDepartment)("/courses?%s walks only the department's events", async (qs) => {
    // The page with its count (and the map's points): each walks the department's slice of an index.
    const { walks } = await listPlans(qs);
    expect(walks.length).toBeGreaterThanOrEqual(1);
    for (const p of walks) {
      expect(p.problems, `${p.sql}\n${p.plan}`).toEqual([]);
      expect(p.plan, p.sql).not.toMatch(wholeCatalogueWalk);
      expect(p.plan, p.sql).toMatch(departmentWalk);
    }
  });

  // The date order's count checks every filter from the walked index entry (decision 0172): an event the filters drop
  // costs an index entry, not a row. (SQLite says COVERING only when no column of the row is read.)
  it.each([
    "distance=15-30&denivele=0-1000&repas=on&type=trail",
    "departement=Is%C3%A8re&distance=30%2B&denivele=2000%2B&repas=on&type=rando",
    `du=${addDays(today, 30)}&au=${addDays(today, 60)}&type=route`,
  ])("/courses?%s counts its events from the index entries alone", async (qs) => {
    const { walks } = await listPlans(qs);
    expect(walks[0]?.plan).toMatch(
      /SEARCH s USING COVERING INDEX course_stats_(?:departement_)?next_date_idx \((?:departement=\? AND )?next_date>\?/,
    );
  });

  // A text search that walks an ordered index checks each walked event's terms in the index entry (decision 0174):
  // the walk reads nothing but its index (COVERING), never course_terms nor the event's search row. A word whose
  // folding only the text index knows ('Ørsta') is checked against the text index's list of matches, from the
  // text-index rowid the index entry carries (decisions 0163 and 0164); only the walk of past events ('Du'
  // cleared, date order) looks it up by event.
  const textWalks = [
    "q=trail",
    "q=trail&tri=prix",
    "q=trail&tri=dplus",
    "departement=Is%C3%A8re&q=trail",
    "departement=Is%C3%A8re&q=trail&tri=prix",
    "departement=Is%C3%A8re&q=trail&tri=dplus",
    "du=&q=trail&tri=prix",
    "du=&q=trail&tri=dplus",
  ];
  const searchRowLookup = /INDEX \S*course_search_ids\S* \(course_id=\?\)/;

  it.each(textWalks)("/courses?%s checks the text from the walked index entry", async (qs) => {
    const { recorded, walks } = await listPlans(qs);
    const page = walks[0];
    expect(page, recorded.map((r) => r.sql).join("\n")).toBeDefined();
    expect(page?.plan).toMatch(/courses_trigram/); // 'trail': a word found inside words (decision 0211)
    expect(page?.plan, page?.sql).not.toMatch(searchRowLookup);
    expect(page?.plan, page?.sql).toMatch(/(?:SEARCH|SCAN) s USING COVERING INDEX course_stats_\w+_idx/);
    expect(page?.plan, page?.sql).not.toMatch(/\bct\b|course_terms/);
  });

  it.each(textWalks.map((qs) => qs.replace("q=trail", "q=%C3%98rsta")))(
    "/courses?%s checks the text index's list from the walked index entry",
    async (qs) => {
      const { walks } = await listPlans(qs);
      const page = walks[0];
      expect(page?.plan, page?.sql).toMatch(/LIST SUBQUERY \d+ \| SCAN courses_trigram VIRTUAL TABLE/);
      expect(page?.plan, page?.sql).not.toMatch(searchRowLookup);
    },
  );

  // D1 takes at most 100 bound parameters and 100 KB per statement (field notes): the longest searches (eight words,
  // the most SEARCH_MAX_WORDS lets through, a department's words too), with every filter, in every order, with the map
  // and with 'Du' cleared, stay within both.
  const words = "trail de la montagne blanche du nord ouest et encore";
  const longest = ["date", "prix", "dplus"].flatMap((tri) => [
    `q=${encodeURIComponent(words)}&du=${today}&au=${addDays(today, 180)}&departement=Is%C3%A8re&type=trail&distance=15-30&denivele=1000-2000&repas=1&tri=${tri}&vue=carte`,
    `q=${encodeURIComponent(words)}&du=&au=${addDays(today, 180)}&departement=Is%C3%A8re&type=trail&distance=15-30&denivele=1000-2000&repas=1&tri=${tri}&vue=carte`,
    `q=${encodeURIComponent(`Ørsta ${words}`)}&du=${addDays(today, 3)}&departement=Haute-Savoie&distance=30%2B&repas=1&tri=${tri}&page=3`,
  ]);
  it.each(longest)("/courses?%s stays within D1's limits per statement", async (qs) => {
    const { recorded } = await listPlans(qs);
    for (const r of recorded) {
      expect(r.params.length, r.sql.slice(0, 120)).toBeLessThanOrEqual(100);
      expect(new TextEncoder().encode(r.sql).length).toBeLessThanOrEqual(100_000);
    }
    expect(Math.max(...recorded.map((r) => r.params.length))).toBeGreaterThan(30); // the statements were recorded
  });

  it("home, event page, /formats (deep page included) and the sitemap read a bounded number of rows", async () => {
    const recorded: Recorded[] = [];
    const db = createDb(recordingD1(env.DB, recorded));
    await newestOnlineCourses(db, 3, today, nowIso);
    await getCourseWithFormats(db, "trail-des-aiguilles-rouges", nowIso);
    await listUpcomingFormats(db, today, 3, 50);
    await listUpcomingFormats(db, today, 5, 50);
    await readSitemap(db, sitemapPartRange(1));
    expect(recorded.length).toBe(7);
    for (const p of await plansOf(recorded)) expect(p.problems, `${p.sql}\n${p.plan}`).toEqual([]);
    // The sitemap's part reads one range of row numbers, SITEMAP_PART_SIZE wide.
    const [after, upTo] = recorded[6].params as number[];
    expect(upTo - after).toBe(SITEMAP_PART_SIZE);
  });

  it("the checker itself refuses a sort of a whole date group and a full scan (it can fail)", () => {
    expect(
      planProblems([
        { id: 1, parent: 0, detail: "SCAN f USING INDEX formats_date_idx" },
        { id: 2, parent: 0, detail: "USE TEMP B-TREE FOR RIGHT PART OF ORDER BY" },
      ]),
    ).toEqual(["USE TEMP B-TREE FOR RIGHT PART OF ORDER BY"]);
    expect(planProblems([{ id: 1, parent: 0, detail: "SCAN c" }])).toEqual(["SCAN c"]);
    expect(planProblems([{ id: 1, parent: 0, detail: "SEARCH courses USING INTEGER PRIMARY KEY (rowid>?)" }])).toEqual([
      "SEARCH courses USING INTEGER PRIMARY KEY (rowid>?)",
    ]);
    expect(
      planProblems([{ id: 1, parent: 0, detail: "SEARCH c USING INDEX courses_en_ligne_created_idx (en_ligne=?)" }]),
    ).toEqual(["SEARCH c USING INDEX courses_en_ligne_created_idx (en_ligne=?)"]);
    expect(planProblems([{ id: 1, parent: 0, detail: "SCAN c USING INDEX courses_organisateur_idx" }])).toEqual([
      "SCAN c USING INDEX courses_organisateur_idx",
    ]);
    expect(
      planProblems([
        { id: 1, parent: 0, detail: "SCAN page" },
        { id: 2, parent: 0, detail: "USE TEMP B-TREE FOR ORDER BY" },
      ]),
    ).toEqual([]);
  });
});
