// Catalogue repositories on a real D1 with the demo data: filters, sort, paging edges, capacity, triggers.
// Expected results are computed independently, with the pure domain rules over the raw formats.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { getCourseWithFormats } from "~/db/catalogue/event.server";
import { listUpcomingFormats } from "~/db/catalogue/formats.server";
import { newestOnlineCourses } from "~/db/catalogue/home.server";
import { listCourses } from "~/db/catalogue/list.server";
import { renewNextDates } from "~/db/catalogue/next-dates.server";
import { readSitemap } from "~/db/catalogue/sitemap.server";
import { TEXT_DIRECT_MAX } from "~/db/catalogue/text-plan.server";
import { searchTerms } from "~/db/catalogue/text-search";
import { createDb } from "~/db/client.server";
import {
  addDays,
  LIST_MAX_ROWS,
  DISTANCE_BANDS,
  ELEVATION_BANDS,
  hasMeals,
  minPrice,
  nextDate,
  overlapsBand,
  valueRange,
} from "~/domain/catalogue";
import { parseCourseFilters } from "~/domain/filters";
import { parisDate } from "~/domain/refund";
import { discussionStatements, loadDiscussionFor, type DiscussionRows } from "~/services/chat-discussion.server";
import { countingD1, type QueryStats } from "~/utils/query-count.server";
import { loadDemoData } from "./helpers";

const now = new Date();
const nowIso = now.toISOString();
const today = parisDate(now);

/** A database whose D1 binding counts statements and round trips (the bench's counting binding). */
function countingDb() {
  const stats: QueryStats = { statements: 0, roundTrips: 0, sqlMs: 0 };
  return {
    db: createDb(countingD1(env.DB, stats)),
    count: () => stats.statements,
    roundTrips: () => stats.roundTrips,
    reset: () => Object.assign(stats, { statements: 0, roundTrips: 0, sqlMs: 0 }),
  };
}

interface RawFormat {
  course_id: string;
  date: string | null;
  distance_km: number | null;
  denivele_dplus: number | null;
  prix_cents: number;
  stock_repas: number;
  type_epreuve: string;
}
interface RawCourse {
  id: string;
  nom: string;
  lieu: string;
  departement: string;
  created_at: string;
  formats: RawFormat[];
}

async function onlineCourses(): Promise<RawCourse[]> {
  const cs = await env.DB.prepare("SELECT id, nom, lieu, departement, created_at FROM courses WHERE en_ligne = 1").all<
    Omit<RawCourse, "formats">
  >();
  const fs = await env.DB.prepare(
    "SELECT course_id, date, distance_km, denivele_dplus, prix_cents, stock_repas, type_epreuve FROM formats",
  ).all<RawFormat>();
  return cs.results.map((c) => ({ ...c, formats: fs.results.filter((f) => f.course_id === c.id) }));
}

/** Summaries whose copy of their event's text-index rowid is not the event's key (or has no key to copy). */
const rowidCopyMismatches = () =>
  env.DB.prepare(
    `SELECT count(*) AS n FROM course_stats t LEFT JOIN course_search_ids m ON m.course_id = t.course_id WHERE t.course_search_id IS NOT m.id OR m.id IS NULL`,
  ).first<number>("n");

const list = (db: ReturnType<typeof createDb>, qs: string) =>
  listCourses(db, parseCourseFilters(new URLSearchParams(qs), today).filters, today, nowIso);

/** Two online events without formats, `${p}-1` in Cantal and `${p}-2` in Lozère, for the trigger tests. */
/** The catalogue's day (decision 0172). */
function catalogueDay(): Promise<string> {
  return env.DB.prepare("SELECT jour FROM catalogue_jour WHERE id = 1")
    .first<string>("jour")
    .then((d) => d ?? "");
}

/** Puts the catalogue's day at `day` and every event's next date from it (the format triggers count it again). */
async function setCatalogueDay(day: string): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("UPDATE catalogue_jour SET jour = ? WHERE id = 1").bind(day),
    env.DB.prepare("UPDATE formats SET date = date"),
  ]);
}

/** Events whose summary's next date is before today: not renewed yet. */
function notRenewedCount(): Promise<number> {
  return env.DB.prepare("SELECT count(*) AS n FROM course_stats WHERE next_date < ?")
    .bind(today)
    .first<number>("n")
    .then((n) => n ?? 0);
}

function nextDateOf(id: string): Promise<string | null> {
  return env.DB.prepare("SELECT next_date FROM course_stats WHERE course_id = ?")
    .bind(id)
    .first<string | null>("next_date");
}

function twoEvents(p: string): D1PreparedStatement {
  return env.DB.prepare(
    "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?1 || '-1', 'Copie', 'Ici', 'Cantal', '15000', '00000000-0000-4000-a000-000000000002', 1, ?1 || '-copie-1'), (?1 || '-2', 'Copie 2', 'Là', 'Lozère', '48000', '00000000-0000-4000-a000-000000000002', 1, ?1 || '-copie-2')",
  ).bind(p);
}

describe("catalogue repositories", () => {
  let db: ReturnType<typeof createDb>;
  let all: RawCourse[];
  beforeAll(async () => {
    await loadDemoData();
    db = createDb(env.DB);
    all = await onlineCourses();
  });

  it("keeps course_stats equal to the aggregates of the formats (triggers)", async () => {
    const rows = await env.DB.prepare("SELECT * FROM course_stats").all<Record<string, number | string | null>>();
    expect(rows.results.length).toBe(17); // 15 events to come, the draft, the past edition
    for (const c of all) {
      const s = rows.results.find((r) => r.course_id === c.id)!;
      expect(s.nb_formats).toBe(c.formats.length);
      expect(s.min_price_cents).toBe(minPrice(c.formats.map((f) => f.prix_cents)));
      expect({ min: s.min_distance, max: s.max_distance }).toEqual(valueRange(c.formats.map((f) => f.distance_km)));
      expect({ min: s.min_dplus, max: s.max_dplus }).toEqual(valueRange(c.formats.map((f) => f.denivele_dplus)));
      expect(s.has_meals === 1).toBe(hasMeals(c.formats.map((f) => f.stock_repas)));
    }
  });

  it("keeps each event's summary of its formats' types, sorted and distinct (triggers, decision 0169)", async () => {
    // The reference: the event's formats, read directly.
    const mismatches = () =>
      env.DB.prepare(
        `SELECT count(*) AS n FROM course_stats s
         WHERE s.types IS NOT (SELECT group_concat(t.type_epreuve) FROM (SELECT DISTINCT ft.type_epreuve FROM formats ft WHERE ft.course_id = s.course_id ORDER BY ft.type_epreuve) t)`,
      ).first<number>("n");
    const types = (id: string) =>
      env.DB.prepare("SELECT types FROM course_stats WHERE course_id = ?").bind(id).first<string | null>("types");
    expect(await mismatches()).toBe(0);
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM course_stats WHERE types IS NOT NULL").first<number>("n"))!,
    ).toBeGreaterThan(0);
    await env.DB.batch([
      twoEvents("ty"),
      env.DB.prepare(
        "INSERT INTO formats (id, course_id, nom, type_epreuve) VALUES ('ty-f1', 'ty-1', 'A', 'trail'), ('ty-f2', 'ty-1', 'B', 'rando'), ('ty-f3', 'ty-1', 'C', 'trail')",
      ),
    ]);
    try {
      expect([await types("ty-1"), await types("ty-2")]).toEqual(["rando,trail", null]);
      await env.DB.prepare("UPDATE formats SET type_epreuve = 'route' WHERE id = 'ty-f2'").run();
      expect(await types("ty-1")).toBe("route,trail");
      // A format moved to another event: both summaries follow.
      await env.DB.prepare("UPDATE formats SET course_id = 'ty-2' WHERE id = 'ty-f2'").run();
      expect([await types("ty-1"), await types("ty-2")]).toEqual(["trail", "route"]);
      await env.DB.prepare("DELETE FROM formats WHERE id IN ('ty-f1', 'ty-f3')").run();
      expect(await types("ty-1")).toBeNull();
      // A summary made again (as the format triggers of 0003 do when it is missing) reads the formats.
      await env.DB.prepare("DELETE FROM course_stats WHERE course_id = 'ty-2'").run();
      await env.DB.prepare("INSERT INTO course_stats (course_id) VALUES ('ty-2')").run();
      expect(await types("ty-2")).toBe("route");
      expect(await mismatches()).toBe(0);
    } finally {
      await env.DB.prepare("DELETE FROM courses WHERE id IN ('ty-1', 'ty-2')").run();
    }
  });

  it("keeps the summary's copy of its event's department (triggers, decisions 0162 and 0172)", async () => {
    const mismatches = () =>
      env.DB.prepare(
        "SELECT count(*) AS n FROM course_stats s JOIN courses c ON c.id = s.course_id WHERE s.departement IS NOT c.departement",
      ).first<number>("n");
    const copy = (id: string) =>
      env.DB.prepare("SELECT departement FROM course_stats WHERE course_id = ?").bind(id).first<string>("departement");
    expect(await mismatches()).toBe(0);
    await env.DB.batch([twoEvents("dc")]);
    try {
      expect(await copy("dc-1")).toBe("Cantal");
      await env.DB.prepare("UPDATE courses SET departement = 'Aveyron' WHERE id = 'dc-1'").run();
      expect(await copy("dc-1")).toBe("Aveyron");
      // A direct write of the copy is undone.
      await env.DB.prepare("UPDATE course_stats SET departement = 'Paris' WHERE course_id = 'dc-1'").run();
      expect(await copy("dc-1")).toBe("Aveyron");
      expect(await mismatches()).toBe(0);
    } finally {
      await env.DB.prepare("DELETE FROM courses WHERE id IN ('dc-1', 'dc-2')").run();
    }
  });

  it("keeps each event's stats copy of its text-index rowid (triggers, decision 0164)", async () => {
    const mismatches = () => rowidCopyMismatches();
    const copy = (id: string) =>
      env.DB.prepare(
        "SELECT s.course_search_id AS copy, (SELECT m.id FROM course_search_ids m WHERE m.course_id = ?1) AS id FROM course_stats s WHERE s.course_id = ?1",
      )
        .bind(id)
        .first<{ copy: number | null; id: number | null }>();
    expect(await mismatches()).toBe(0);
    await env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES ('ss-1', 'Copie', 'Ici', 'Cantal', '15000', '00000000-0000-4000-a000-000000000002', 1, 'sscopie-1')",
    ).run();
    try {
      const made = await copy("ss-1");
      expect(made?.id).toEqual(expect.any(Number));
      expect(made?.copy).toBe(made?.id);
      // A direct write of the copy is undone.
      await env.DB.prepare("UPDATE course_stats SET course_search_id = -1 WHERE course_id = 'ss-1'").run();
      expect(await copy("ss-1")).toEqual(made);
      // Stats made before the event's search row get its rowid when the row comes.
      await env.DB.prepare("DELETE FROM course_search_ids WHERE course_id = 'ss-1'").run();
      await env.DB.prepare("DELETE FROM course_stats WHERE course_id = 'ss-1'").run();
      await env.DB.prepare("INSERT INTO course_stats (course_id) VALUES ('ss-1')").run();
      expect(await copy("ss-1")).toEqual({ copy: null, id: null });
      await env.DB.prepare("INSERT INTO course_search_ids (course_id) VALUES ('ss-1')").run();
      const again = await copy("ss-1");
      expect(again?.id).toEqual(expect.any(Number));
      expect(again?.copy).toBe(again?.id);
      expect(await mismatches()).toBe(0);
    } finally {
      await env.DB.prepare("DELETE FROM courses WHERE id = 'ss-1'").run();
    }
  });

  it("lists the 15 online events by next date, never the draft", async () => {
    const r = await list(db, "");
    expect(r.hasNext).toBe(true);
    expect(r.rows).toHaveLength(12);
    const dates = r.rows.map((x) => x.next_date!);
    expect(dates).toEqual([...dates].sort());
    expect(r.rows.every((x) => x.next_date! >= today)).toBe(true);
    expect(r.rows.map((x) => x.nom)).not.toContain("Trail des Lacs d'Annecy");
    for (const row of r.rows) {
      const c = all.find((x) => x.id === row.id)!;
      expect(row.next_date).toBe(
        nextDate(
          c.formats.map((f) => f.date),
          today,
        ),
      );
    }
    expect(r.departements).toContain("Gironde");
    expect(r.departements).not.toContain("Annecy");
  });

  it("a page past the last one of a short list is empty, not 'too deep': the list is cut only when more than LIST_MAX_ROWS match", async () => {
    for (const qs of ["taille=6&page=99", "taille=24&page=11", "taille=6&page=41&vue=carte"]) {
      const r = await list(db, qs);
      expect([r.rows.length, r.hasNext, r.tooDeep, r.total, r.totalCapped], qs).toEqual([0, false, false, 15, false]);
    }
  });

  it.each([
    ["q=lyon", (c: RawCourse) => /lyon/i.test(c.nom + c.lieu + c.departement)],
    ["q=SAVOIE", (c: RawCourse) => /savoie/i.test(c.nom + c.lieu + c.departement)],
    ["q=trail", (c: RawCourse) => /trail/i.test(c.nom + c.lieu + c.departement)],
    ["q=100%25", () => false],
    ["departement=Gironde", (c: RawCourse) => c.departement === "Gironde"],
    // A text with a department: the text index narrows to the department's words (decision 0165), the department
    // itself is checked exactly ('Savoie' is a word of 'Haute-Savoie', not its department).
    [
      "q=trail&departement=Haute-Savoie",
      (c: RawCourse) => /trail/i.test(c.nom + c.lieu + c.departement) && c.departement === "Haute-Savoie",
    ],
    ["q=a&departement=Savoie", () => false],
    [
      "q=du&departement=C%C3%B4te-d'Or",
      (c: RawCourse) => /\bdu/i.test(`${c.nom} ${c.lieu} ${c.departement}`) && c.departement === "Côte-d'Or",
    ],
    ["q=trail&departement=Is%22%C3%A8re) OR x", () => false],
    ["type=rando", (c: RawCourse) => c.formats.some((f) => f.type_epreuve === "rando")],
    ["repas=1", (c: RawCourse) => hasMeals(c.formats.map((f) => f.stock_repas))],
    ...(Object.keys(DISTANCE_BANDS) as (keyof typeof DISTANCE_BANDS)[]).map(
      (b) =>
        [
          `distance=${encodeURIComponent(b)}`,
          (c: RawCourse) => overlapsBand(valueRange(c.formats.map((f) => f.distance_km)), DISTANCE_BANDS[b]),
        ] as const,
    ),
    ...(Object.keys(ELEVATION_BANDS) as (keyof typeof ELEVATION_BANDS)[]).map(
      (b) =>
        [
          `denivele=${encodeURIComponent(b)}`,
          (c: RawCourse) => overlapsBand(valueRange(c.formats.map((f) => f.denivele_dplus)), ELEVATION_BANDS[b]),
        ] as const,
    ),
    [
      `au=${addDays(today, 30)}`,
      (c: RawCourse) =>
        (nextDate(
          c.formats.map((f) => f.date),
          today,
        ) ?? "9999") <= addDays(today, 30),
    ],
    [
      `du=${addDays(today, 60)}`,
      (c: RawCourse) =>
        (nextDate(
          c.formats.map((f) => f.date),
          today,
        ) ?? "0") >= addDays(today, 60),
    ],
    [
      `type=trail&distance=30%2B&denivele=2000%2B&repas=1`,
      (c: RawCourse) =>
        c.formats.some((f) => f.type_epreuve === "trail") &&
        hasMeals(c.formats.map((f) => f.stock_repas)) &&
        overlapsBand(valueRange(c.formats.map((f) => f.distance_km)), DISTANCE_BANDS["30+"]) &&
        overlapsBand(valueRange(c.formats.map((f) => f.denivele_dplus)), ELEVATION_BANDS["2000+"]),
    ],
  ] as [string, (c: RawCourse) => boolean][])("filter %s matches the domain rules", async (qs, keep) => {
    const r = await list(db, `${qs}&taille=24`);
    // The catalogue lists events with a date to come: the demo's past edition (published results) is not one.
    const expected = all
      .filter((c) => c.formats.some((f) => !f.date || f.date >= today))
      .filter(keep)
      .map((c) => c.id)
      .sort();
    expect(r.rows.map((x) => x.id).sort()).toEqual(expected);
    expect(r.hasNext).toBe(false);
    expect(r.total).toBe(expected.length);
    // The map view gets every match's coordinates, whatever the page size (6 here).
    const map = await list(db, `${qs}&taille=6&vue=carte`);
    expect(map.total).toBe(expected.length);
    expect(map.markers!.map((m) => all.find((c) => c.nom === m.nom)!.id).sort()).toEqual(expected);
    expect(r.markers).toBeNull();
  });

  it("a text search with a typed department finds its events, whatever accents and apostrophes (decision 0165)", async () => {
    const names = ["Ise\u0300re-Nord", "Val-d’Oise", "Lozère\uF8FF", "Saint-Pierre-et-Miquelon 975"];
    await env.DB.batch(
      names.map((dep, i) =>
        env.DB.prepare(
          "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?1, 'Trail tapé', 'Ici', ?2, '15000', '00000000-0000-4000-a000-000000000002', 1, ?3)",
        ).bind(`td-${i}`, dep, `tape-${i}`),
      ),
    );
    try {
      for (const [i, dep] of names.entries()) {
        const r = await list(db, `q=trail+tape&du=&departement=${encodeURIComponent(dep)}`);
        expect(
          r.rows.map((x) => x.id),
          dep,
        ).toEqual([`td-${i}`]);
      }
    } finally {
      await env.DB.prepare("DELETE FROM courses WHERE id LIKE 'td-%'").run();
    }
  });

  it("the map shows every filtered event, not only the page's: 15 points for a page of 12", async () => {
    const r = await list(db, "vue=carte");
    expect(r.rows).toHaveLength(12);
    expect(r.total).toBe(15);
    expect(r.markers).toHaveLength(15);
    for (const m of r.markers!) {
      expect(typeof m.lat).toBe("number");
      expect(Object.keys(m).sort()).toEqual(["departement", "lat", "lieu", "lng", "nom", "slug"]); // lightweight rows
    }
  });

  it("excludes courses with no value when a band is chosen", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES ('nv-1', 'Sans valeurs', 'Nulle part', 'Cantal', '15000', '00000000-0000-4000-a000-000000000002', 1, 'sans-valeurs')",
      ),
      env.DB.prepare(
        `INSERT INTO formats (id, course_id, nom, date) VALUES ('nv-f1', 'nv-1', 'Format', '${addDays(today, 3)}')`,
      ),
    ]);
    expect((await list(db, "q=Sans+valeurs")).rows).toHaveLength(1);
    expect((await list(db, "q=Sans+valeurs&distance=0-15")).rows).toHaveLength(0);
    expect((await list(db, "q=Sans+valeurs&denivele=0-1000")).rows).toHaveLength(0);
    await env.DB.prepare("DELETE FROM courses WHERE id = 'nv-1'").run();
    expect(await env.DB.prepare("SELECT count(*) AS n FROM course_stats WHERE course_id = 'nv-1'").first("n")).toBe(0);
  });

  it("drops formats without a date from date logic, and a cleared 'Du' keeps undated events", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES ('nd-1', 'Sans date', 'Ici', 'Cantal', '15000', '00000000-0000-4000-a000-000000000002', 1, 'sans-date')",
      ),
      env.DB.prepare(
        "INSERT INTO formats (id, course_id, nom, date, distance_km) VALUES ('nd-f1', 'nd-1', 'Format', NULL, 10)",
      ),
    ]);
    expect((await list(db, "q=Sans+date")).rows).toHaveLength(0);
    const cleared = await list(db, "q=Sans+date&du=");
    expect(cleared.rows).toHaveLength(1);
    expect(cleared.rows[0].next_date).toBeNull();
    await env.DB.prepare("DELETE FROM courses WHERE id = 'nd-1'").run();
  });

  it("sorts by lowest price, then by highest elevation gain", async () => {
    const byPrice = await list(db, "tri=prix&taille=24");
    const prices = byPrice.rows.map((r) => r.min_price_cents!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(byPrice.rows[0].min_price_cents).toBe(0);
    const byDplus = await list(db, "tri=dplus&taille=24");
    const dplus = byDplus.rows.map((r) => r.max_dplus!);
    expect(dplus).toEqual([...dplus].sort((a, b) => b - a));
    expect(byDplus.rows[0].nom).toBe("Trail des Aiguilles Rouges");
  });

  it("date, price and elevation orders (walked on an index, or computed when filtered by department) give the reference order (random events, every page)", async () => {
    // Deterministic pseudo-random events: ties on dates and creation times, past, missing and malformed dates.
    let seed = 7;
    const rnd = (n: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return (seed >>> 16) % n;
    };
    const dayChoices = [-20, -1, 0, 0, 1, 5, 5, 12, 30, 30, 90];
    const gen: RawCourse[] = [];
    const stmts: D1PreparedStatement[] = [];
    for (let i = 0; i < 40; i++) {
      const id = `rnd-${String(i).padStart(2, "0")}`;
      const created = `2026-0${1 + rnd(3)}-01T00:00:00.000Z`;
      const online = rnd(8) !== 0 ? 1 : 0;
      stmts.push(
        env.DB.prepare(
          "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug, created_at) VALUES (?, ?, 'Ici', ?, '15000', '00000000-0000-4000-a000-000000000002', ?, ?, ?)",
        ).bind(id, `Aleatoire ${i}`, i % 2 ? "Cantal" : "Lozère", online, id, created),
      );
      const formats: RawFormat[] = [];
      for (let k = 0; k < 1 + rnd(3); k++) {
        const pick = rnd(14);
        const date =
          pick === 11 ? null : pick === 12 ? "2026-1-5" : pick === 13 ? "bientôt" : addDays(today, dayChoices[pick]);
        const type = rnd(2) ? "trail" : "route";
        const prix = [0, 1500, 1500, 2500][rnd(4)];
        const dplus = [null, 300, 300, 1200][rnd(4)];
        formats.push({
          course_id: id,
          date,
          distance_km: 10,
          denivele_dplus: dplus,
          prix_cents: prix,
          stock_repas: 0,
          type_epreuve: type,
        });
        stmts.push(
          env.DB.prepare(
            "INSERT INTO formats (id, course_id, nom, date, type_epreuve, prix_cents, denivele_dplus) VALUES (?, ?, 'F', ?, ?, ?, ?)",
          ).bind(`${id}-f${k}`, id, date, type, prix, dplus),
        );
      }
      if (online)
        gen.push({
          id,
          nom: `Aleatoire ${i}`,
          lieu: "Ici",
          departement: i % 2 ? "Cantal" : "Lozère",
          created_at: created,
          formats,
        });
    }
    await env.DB.batch(stmts);
    try {
      const any = () => true;
      // `from` null: 'Du' cleared (events without an upcoming date listed too: decision 0162).
      const cases: [string, string | null, string | null, (c: RawCourse) => boolean][] = [
        ["", today, null, any],
        [`du=${addDays(today, -10)}`, today, null, any],
        [`du=${addDays(today, 5)}`, addDays(today, 5), null, any],
        [`au=${addDays(today, 12)}`, today, addDays(today, 12), any],
        [
          `du=${addDays(today, 1)}&au=${addDays(today, 30)}&type=trail`,
          addDays(today, 1),
          addDays(today, 30),
          (c) => c.formats.some((f) => f.type_epreuve === "trail"),
        ],
        [
          `du=${addDays(today, 1)}&au=${addDays(today, 30)}&departement=Cantal`,
          addDays(today, 1),
          addDays(today, 30),
          (c) => c.departement === "Cantal",
        ],
        ["tri=prix", today, null, any],
        [
          `tri=prix&du=${addDays(today, 5)}&type=route`,
          addDays(today, 5),
          null,
          (c) => c.formats.some((f) => f.type_epreuve === "route"),
        ],
        ["tri=dplus", today, null, any],
        [
          `tri=dplus&au=${addDays(today, 30)}&departement=Lozère`,
          today,
          addDays(today, 30),
          (c) => c.departement === "Lozère",
        ],
        ["du=", null, null, any],
        [`du=&au=${addDays(today, 12)}`, null, addDays(today, 12), any],
        ["du=&departement=Cantal", null, null, (c) => c.departement === "Cantal"],
        ["du=&tri=prix", null, null, any],
        ["du=&tri=prix&departement=Lozère", null, null, (c) => c.departement === "Lozère"],
        [`du=&tri=prix&au=${addDays(today, 30)}`, null, addDays(today, 30), any],
        ["du=&tri=dplus", null, null, any],
        ["du=&tri=dplus&type=route", null, null, (c) => c.formats.some((f) => f.type_epreuve === "route")],
      ];
      type Item = {
        c: RawCourse;
        next: string | null;
        first: string | null;
        price: number | null;
        dplus: number | null;
      };
      // null sorts first (as in SQLite's indexes); `last` puts it last instead.
      const cmp = (a: string | number | null, b: string | number | null) =>
        a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : a > b ? 1 : 0;
      const last = (a: unknown, b: unknown) => Number(a === null) - Number(b === null);
      const orders: Record<string, (a: Item, b: Item) => number> = {
        // Events without an upcoming date ('Du' cleared) last, newest first.
        date: (a, b) =>
          last(a.next, b.next) || cmp(a.next, b.next) || cmp(b.c.created_at, a.c.created_at) || cmp(a.c.id, b.c.id),
        // Ties by the event's first date (issue 26: the index carries it; none first), then the id.
        prix: (a, b) => last(a.price, b.price) || cmp(a.price, b.price) || cmp(a.first, b.first) || cmp(a.c.id, b.c.id),
        // Highest first, events without a value last.
        dplus: (a, b) => cmp(b.dplus ?? -1, a.dplus ?? -1) || cmp(a.first, b.first) || cmp(a.c.id, b.c.id),
      };
      const check = async (day: string) => {
        for (const [qs, from, to, keep] of cases) {
          // Every online event: the demo's and the random ones (no text search, so the index walk is used).
          const tri = /tri=(\w+)/.exec(qs)?.[1] ?? "date";
          const expected = [...all, ...gen]
            .map(
              (c): Item => ({
                c,
                next: nextDate(
                  c.formats.map((f) => f.date),
                  today,
                ),
                // The earliest valid date, past or not.
                first: nextDate(
                  c.formats.map((f) => f.date),
                  "0000-00-00",
                ),
                price: minPrice(c.formats.map((f) => f.prix_cents)),
                dplus: valueRange(c.formats.map((f) => f.denivele_dplus))?.max ?? null,
              }),
            )
            .filter(
              ({ c, next }) =>
                (from === null ? to === null || next !== null : next !== null && next >= from) &&
                (to === null || (next !== null && next <= to)) &&
                keep(c),
            )
            .sort(orders[tri])
            .map(({ c, next }) => `${c.id} ${next}`);
          const got: string[] = [];
          for (let page = 1; page < 20; page++) {
            const r = await list(db, `taille=6&page=${page}&${qs}`);
            got.push(...r.rows.map((x) => `${x.id} ${x.next_date}`));
            // The count (in date order, a walk of its own: decision 0168) is the number of rows listed.
            expect([r.total, r.totalCapped], `${qs} page ${page} (day ${day})`).toEqual([expected.length, false]);
            if (!r.hasNext) break;
          }
          expect(got, `${qs} (day ${day})`).toEqual(expected);
        }
      };
      // The summaries' next dates count from the catalogue's day (decision 0172), in each state the cron can leave
      // them: never renewed (every event with a past format is read apart), renewed today, and renewed by a clock
      // ahead of the request's (events with a format before that day are read apart).
      const original = await catalogueDay();
      try {
        await setCatalogueDay("2000-01-01");
        expect(await notRenewedCount(), "events read apart").toBeGreaterThan(3);
        await check("2000-01-01");
        await renewNextDates(db, today, 1000);
        expect(await notRenewedCount()).toBe(0);
        await check(today);
        await setCatalogueDay(addDays(today, 6));
        await check(addDays(today, 6));
      } finally {
        await setCatalogueDay(original);
      }
    } finally {
      await env.DB.prepare("DELETE FROM courses WHERE id LIKE 'rnd-%'").run();
    }
  });

  it("keeps each event's next date from the catalogue's day, its creation time and online flag (triggers, decision 0172)", async () => {
    const summary = (id: string) =>
      env.DB.prepare(
        "SELECT s.next_date, s.course_created_at = c.created_at AS created, s.en_ligne FROM course_stats s JOIN courses c ON c.id = s.course_id WHERE s.course_id = ?",
      )
        .bind(id)
        .first<{ next_date: string | null; created: number; en_ligne: number }>();
    // Every event's next date as the formats give it from the catalogue's day, and the copies: none differ.
    const mismatches = () =>
      env.DB.prepare(
        `SELECT count(*) AS n FROM course_stats s JOIN courses c ON c.id = s.course_id
         WHERE s.next_date IS NOT (SELECT min(f.date) FROM formats f WHERE f.course_id = s.course_id AND f.date >= (SELECT jour FROM catalogue_jour)
                                     AND f.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')
            OR s.course_created_at IS NOT c.created_at OR s.en_ligne IS NOT c.en_ligne`,
      ).first<number>("n");
    expect(await mismatches()).toBe(0);
    const day = await catalogueDay();
    await env.DB.batch([
      twoEvents("nd"),
      env.DB.prepare(
        "INSERT INTO formats (id, course_id, nom, date) VALUES ('nd-f1', 'nd-1', 'A', ?1), ('nd-f2', 'nd-1', 'B', ?2), ('nd-f3', 'nd-1', 'C', 'bientôt')",
      ).bind(addDays(day, -3), addDays(day, 9)),
    ]);
    try {
      // A past format is not the next date; a malformed one never is.
      expect(await summary("nd-1")).toEqual({ next_date: addDays(day, 9), created: 1, en_ligne: 1 });
      expect(await summary("nd-2")).toEqual({ next_date: null, created: 1, en_ligne: 1 });
      await env.DB.prepare("UPDATE formats SET date = ? WHERE id = 'nd-f1'").bind(addDays(day, 2)).run();
      expect((await summary("nd-1"))?.next_date).toBe(addDays(day, 2));
      // A format moved to another event: both events' next dates follow.
      await env.DB.prepare("UPDATE formats SET course_id = 'nd-2' WHERE id = 'nd-f1'").run();
      expect([(await summary("nd-1"))?.next_date, (await summary("nd-2"))?.next_date]).toEqual([
        addDays(day, 9),
        addDays(day, 2),
      ]);
      await env.DB.prepare("DELETE FROM formats WHERE id = 'nd-f2'").run();
      expect((await summary("nd-1"))?.next_date).toBe(null);
      // A direct write of the next date is undone (0042).
      await env.DB.prepare(
        "UPDATE course_stats SET next_date = '1999-01-01' WHERE course_id IN ('nd-1', 'nd-2')",
      ).run();
      expect([(await summary("nd-1"))?.next_date, (await summary("nd-2"))?.next_date]).toEqual([null, addDays(day, 2)]);
      await env.DB.prepare(
        "UPDATE courses SET en_ligne = 0, created_at = '2020-01-01T00:00:00.000Z' WHERE id = 'nd-2'",
      ).run();
      expect(await summary("nd-2")).toEqual({ next_date: addDays(day, 2), created: 1, en_ligne: 0 });
      // A summary made again (as the format triggers of 0003 do when it is missing) reads the formats and the event.
      await env.DB.prepare("DELETE FROM course_stats WHERE course_id = 'nd-2'").run();
      await env.DB.prepare("INSERT INTO course_stats (course_id) VALUES ('nd-2')").run();
      expect(await summary("nd-2")).toEqual({ next_date: addDays(day, 2), created: 1, en_ligne: 0 });
      expect(await mismatches()).toBe(0);
    } finally {
      await env.DB.prepare("DELETE FROM courses WHERE id IN ('nd-1', 'nd-2')").run();
    }
  });

  it("keeps each event's terms on its summary, as course_terms holds them (triggers, decision 0174)", async () => {
    const mismatches = () =>
      env.DB.prepare(
        `SELECT count(*) AS n FROM course_stats s
         WHERE s.terms IS NOT (SELECT group_concat(' ' || t.term, '') || ' ' FROM (SELECT ct.term FROM course_terms ct
           WHERE ct.course_search_id = (SELECT m.id FROM course_search_ids m WHERE m.course_id = s.course_id) ORDER BY ct.term) t)`,
      ).first<number>("n");
    const terms = (id: string) =>
      env.DB.prepare("SELECT terms FROM course_stats WHERE course_id = ?").bind(id).first<string | null>("terms");
    /** The event's terms, sorted, without the spaces around them. */
    const termList = async (id: string) => (await terms(id))?.split(" ").filter(Boolean).sort();
    expect(await mismatches()).toBe(0);
    await env.DB.batch([twoEvents("tm")]);
    try {
      // 'Copie' in 'Ici', Cantal: every term after a space, a space at the end.
      const made = await terms("tm-1");
      expect(await termList("tm-1")).toEqual(["cantal", "copie", "ici"]);
      expect(made).toMatch(/^ .* $/);
      await env.DB.prepare("UPDATE courses SET nom = 'Trail des Crêtes', lieu = 'Gérardmer' WHERE id = 'tm-1'").run();
      expect(await termList("tm-1")).toEqual(["cantal", "cretes", "des", "gerardmer", "trail"]);
      // A direct write of the terms is undone.
      await env.DB.prepare("UPDATE course_stats SET terms = ' x ' WHERE course_id = 'tm-1'").run();
      expect(await termList("tm-1")).toEqual(["cantal", "cretes", "des", "gerardmer", "trail"]);
      // A text without a word: no terms left.
      await env.DB.prepare("UPDATE courses SET nom = '—', lieu = '…', departement = '?' WHERE id = 'tm-1'").run();
      expect(await terms("tm-1")).toBeNull();
      // A summary made again (as the format triggers of 0003 do when it is missing) reads the event's terms.
      await env.DB.prepare("DELETE FROM course_stats WHERE course_id = 'tm-2'").run();
      await env.DB.prepare("INSERT INTO course_stats (course_id) VALUES ('tm-2')").run();
      expect(await termList("tm-2")).toEqual(["2", "copie", "la", "lozere"]);
      expect(await mismatches()).toBe(0);
    } finally {
      await env.DB.prepare("DELETE FROM courses WHERE id IN ('tm-1', 'tm-2')").run();
    }
  });

  it("the cron's renewal moves the catalogue's day forward only, and renews the next dates that went by, a bounded number a run (decision 0172)", async () => {
    const original = await catalogueDay();
    await env.DB.batch([
      twoEvents("rn"),
      env.DB.prepare(
        "INSERT INTO formats (id, course_id, nom, date) VALUES ('rn-f1', 'rn-1', 'A', ?1), ('rn-f2', 'rn-1', 'B', ?2), ('rn-f3', 'rn-2', 'C', ?1)",
      ).bind(addDays(today, -2), addDays(today, 4)),
    ]);
    try {
      await setCatalogueDay(addDays(today, -10));
      const gone = await notRenewedCount();
      expect(gone).toBeGreaterThanOrEqual(2); // rn-1 and rn-2, with the demo's past events
      expect(await nextDateOf("rn-1")).toBe(addDays(today, -2));
      // At most `limit` rows a run; the rest the next runs.
      expect(await renewNextDates(db, today, 1)).toBe(1);
      expect(await notRenewedCount()).toBe(gone - 1);
      expect(await renewNextDates(db, today, 1000)).toBe(gone - 1);
      expect(await catalogueDay()).toBe(today);
      expect([await nextDateOf("rn-1"), await nextDateOf("rn-2")]).toEqual([addDays(today, 4), null]);
      // Nothing left: a run renews nothing. A clock behind never moves the day back.
      expect(await renewNextDates(db, today, 1000)).toBe(0);
      expect(await renewNextDates(db, addDays(today, -1), 1000)).toBe(0);
      expect(await catalogueDay()).toBe(today);
    } finally {
      await env.DB.prepare("DELETE FROM courses WHERE id IN ('rn-1', 'rn-2')").run();
      await setCatalogueDay(original);
    }
  });

  it.each([
    ["crete", ["Rando des Crêtes Vosgiennes"]],
    ["CRÊTES", ["Rando des Crêtes Vosgiennes"]],
    ["crêtes vosg", ["Rando des Crêtes Vosgiennes"]],
    ["gerardmer", ["Rando des Crêtes Vosgiennes"]],
    ["COTE D'OR", ["Ronde des Vignobles"]],
    ["pyrenees", ["Trail du Canigou"]],
    ["É", ["Corrida de Noël de Rennes"]], // Ille-et-Vilaine: the word 'et'
    ["noel", ["Corrida de Noël de Rennes"]],
    ["trail chamonix", ["Trail des Aiguilles Rouges"]],
    // Three letters or more are found inside words (decision 0211), case and accents folded.
    ["lanques", ["Trail des Calanques"]],
    ["LANQUÉS", ["Trail des Calanques"]],
    ["rêtes osgien", ["Rando des Crêtes Vosgiennes"]],
    ["amonix d", ["Trail des Aiguilles Rouges"]], // a short word still starts a word: 'des'
    ["amonix x", []],
    ["ête de", ["Rando des Crêtes Vosgiennes"]],
    ["lanquesx", []],
    ['"trail" OR nom:*', []], // FTS syntax typed by a user is only words: trail AND or AND nom
    ["-", []],
  ])("text search %j ignores case and accents, through the index", async (q, expected) => {
    const r = await list(db, `q=${encodeURIComponent(q)}&taille=24`);
    expect(r.rows.map((x) => x.nom).sort()).toEqual(expected);
  });

  it("a text search with many matches walks the date index and checks each event's terms in the index entry (or the text index's list); with few it reads them: same rows as the reference; count and depth stop at LIST_MAX_ROWS", async () => {
    // 520 online events named 'Sentier n', one format each, 40 per day: more than TEXT_DIRECT_MAX matches.
    const n = 520;
    const stmts: D1PreparedStatement[] = [];
    const gen: { id: string; nom: string; next: string; created: string }[] = [];
    for (let i = 0; i < n; i++) {
      const id = `sent-${String(i).padStart(3, "0")}`;
      const created = `2026-0${1 + (i % 3)}-01T00:00:00.000Z`;
      const next = addDays(today, 1 + (i % 13));
      gen.push({ id, nom: `Sentier ${i}`, next, created });
      stmts.push(
        env.DB.prepare(
          "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug, created_at) VALUES (?, ?, 'Ørsta', 'Cantal', '15000', '00000000-0000-4000-a000-000000000002', 1, ?, ?)",
        ).bind(id, `Sentier ${i}`, id, created),
        env.DB.prepare(
          "INSERT INTO formats (id, course_id, nom, date, type_epreuve, prix_cents) VALUES (?, ?, 'F', ?, 'trail', 1000)",
        ).bind(`${id}-f`, id, next),
      );
    }
    for (let i = 0; i < stmts.length; i += 100) await env.DB.batch(stmts.slice(i, i + 100));
    try {
      const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      const reference = (keep: (g: (typeof gen)[number]) => boolean) =>
        gen
          .filter(keep)
          .sort((a, b) => cmp(a.next, b.next) || cmp(b.created, a.created) || cmp(a.id, b.id))
          .map((g) => `${g.id} ${g.next}`);
      const walkAll = async (qs: string) => {
        const got: string[] = [];
        let last: Awaited<ReturnType<typeof list>> | null = null;
        for (let page = 1; page < 40; page++) {
          last = await list(db, `taille=24&page=${page}&${qs}`);
          got.push(...last.rows.map((x) => `${x.id} ${x.next_date}`));
          if (!last.hasNext) break;
        }
        return { got, first: await list(db, qs) };
      };
      // Many matches: the walk. The list stops after LIST_MAX_ROWS events, the count says "more than".
      const many = await walkAll("q=sentier");
      expect(many.got).toEqual(reference(() => true).slice(0, LIST_MAX_ROWS));
      // Inside words (decision 0211): the same walk, the same rows.
      expect((await walkAll("q=ENTI")).got).toEqual(many.got);
      expect([many.first.total, many.first.totalCapped]).toEqual([LIST_MAX_ROWS, true]);
      const beyond = await list(db, `q=sentier&taille=24&page=${Math.ceil(LIST_MAX_ROWS / 24) + 1}`);
      expect([beyond.rows.length, beyond.hasNext, beyond.tooDeep]).toEqual([0, false, true]);
      // Few matches ('1' starts 111 of the numbers): read directly, the same order.
      const few = await walkAll("q=sentier%201");
      const expected = reference((g) => /^Sentier 1/.test(g.nom));
      expect(expected.length).toBeLessThanOrEqual(TEXT_DIRECT_MAX);
      expect(few.got).toEqual(expected);
      expect([few.first.total, few.first.totalCapped]).toEqual([expected.length, false]);
      // Inside words with a short word: the trigram index's matches narrowed by the word index's, read directly.
      expect((await walkAll("q=ntier%201")).got).toEqual(expected);
      expect((await walkAll("q=tier%20012")).got).toEqual([]);
      expect((await walkAll("q=sentie%20112")).got).toEqual(reference((g) => /112/.test(g.nom)));
      // Many matches, fewer events within the dates: the walk reads them all, and counts them.
      const au = addDays(today, 3);
      const within = reference((g) => g.next <= au);
      expect(within.length).toBeLessThan(LIST_MAX_ROWS);
      const manyWithin = await walkAll(`q=sentier&au=${au}`);
      expect(manyWithin.got).toEqual(within);
      expect([manyWithin.first.total, manyWithin.first.totalCapped]).toEqual([within.length, false]);
      // Price order with many matches walks course_stats: every event has the same price, ties by first date, id.
      const byPrice = await list(db, "q=sentier&tri=prix&taille=6");
      expect(byPrice.rows.map((r) => r.id)).toEqual(
        [...gen]
          .sort((a, b) => cmp(a.next, b.next) || cmp(a.id, b.id))
          .slice(0, 6)
          .map((g) => g.id),
      );
      // The map's points are the walk's first LIST_MAX_ROWS events in the list's order (decision 0176), read with
      // the page: the same page, count and pager as the list, whatever the order.
      await env.DB.prepare("UPDATE courses SET lat = 45.1, lng = 6.2 WHERE id LIKE 'sent-%'").run();
      for (const [tri, order] of [
        ["date", reference(() => true).map((x) => x.split(" ")[0])],
        ["prix", [...gen].sort((a, b) => cmp(a.next, b.next) || cmp(a.id, b.id)).map((g) => g.id)],
      ] as [string, string[]][]) {
        const plain = await list(db, `q=sentier&tri=${tri}&taille=6&page=2`);
        const onMap = await list(db, `q=sentier&tri=${tri}&taille=6&page=2&vue=carte`);
        expect(onMap.rows, tri).toEqual(plain.rows);
        expect([onMap.total, onMap.totalCapped, onMap.hasNext], tri).toEqual([LIST_MAX_ROWS, true, true]);
        expect(onMap.markers!.map((m) => m.slug).sort(), tri).toEqual(order.slice(0, LIST_MAX_ROWS).sort());
        expect(onMap.markers![0], tri).toEqual({
          slug: onMap.markers![0].slug,
          nom: expect.stringMatching(/^Sentier /),
          lieu: "Ørsta",
          departement: "Cantal",
          lat: 45.1,
          lng: 6.2,
        });
        // A page past the last one still gets the points (on the count's row).
        const deep = await list(
          db,
          `q=sentier&tri=${tri}&taille=24&page=${Math.ceil(LIST_MAX_ROWS / 24) + 1}&vue=carte`,
        );
        expect([deep.rows.length, deep.tooDeep, deep.markers!.length], tri).toEqual([0, true, LIST_MAX_ROWS]);
      }
      // The walk checks each event's terms in its index entry (decision 0174) when this code knows the folding of
      // every letter typed; otherwise ('Ørsta': ø is not in TERM_LETTERS) it checks the text index's list of
      // matches. The same rows either way; one event's terms emptied hides it from the first walk only, which shows
      // the walk taken.
      expect(searchTerms("Ørsta")).toBeNull();
      const listed = await walkAll("q=%C3%98rsta");
      expect(listed.got).toEqual(reference(() => true).slice(0, LIST_MAX_ROWS));
      expect([listed.first.total, listed.first.totalCapped]).toEqual([LIST_MAX_ROWS, true]);
      // With a short word too: the trigram index's list, the short word checked in the walked entry's terms.
      expect((await walkAll("q=%C3%98rsta%20c")).got).toEqual(listed.got);
      expect((await walkAll("q=%C3%98rsta%20z")).got).toEqual([]);
      const listedWithin = await walkAll(`q=%C3%B8rsta&au=${au}`);
      expect(listedWithin.got).toEqual(within);
      expect((await list(db, "q=%C3%98rsta&tri=prix&taille=6")).rows.map((r) => r.id)).toEqual(
        byPrice.rows.map((r) => r.id),
      );
      const firstId = reference(() => true)[0].split(" ")[0];
      await env.DB.prepare(
        "DELETE FROM course_terms WHERE course_search_id = (SELECT id FROM course_search_ids WHERE course_id = ?)",
      )
        .bind(firstId)
        .run();
      expect((await list(db, "q=sentier&taille=6")).rows.map((r) => r.id)).not.toContain(firstId);
      expect((await list(db, "q=%C3%98rsta&taille=6")).rows.map((r) => r.id)).toContain(firstId);
      // Its text written again: its terms come back (triggers).
      await env.DB.prepare("UPDATE courses SET nom = nom WHERE id = ?").bind(firstId).run();
      expect((await list(db, "q=sentier&taille=6")).rows.map((r) => r.id)).toContain(firstId);
    } finally {
      await env.DB.prepare("DELETE FROM formats WHERE course_id LIKE 'sent-%'").run();
      await env.DB.prepare("DELETE FROM courses WHERE id LIKE 'sent-%'").run();
    }
  });

  it("a card knows the lowest paid price next to a free format (never 'dès 0,00 €')", async () => {
    const [croix] = (await list(db, "q=croix-rousse")).rows;
    expect([croix.min_price_cents, croix.min_paid_price_cents]).toEqual([0, 1200]);
    const [calanques] = (await list(db, "q=calanques")).rows;
    expect([calanques.min_price_cents, calanques.min_paid_price_cents]).toEqual([3000, 3000]);
    const home = await newestOnlineCourses(db, 20, today, nowIso);
    expect(home.find((r) => r.slug === "foulees-de-la-croix-rousse")?.min_paid_price_cents).toBe(1200);
  });

  it("the text index follows inserts, renames and deletes of events (triggers)", async () => {
    const course = (id: string, nom: string) =>
      env.DB.prepare(
        "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, ?, 'Saint-Étienne', 'Loire', '42000', '00000000-0000-4000-a000-000000000002', 1, ?)",
      ).bind(id, nom, id);
    await env.DB.batch([
      course("fts-1", "Éco-trail du Pilat"),
      env.DB.prepare(
        "INSERT INTO formats (id, course_id, nom, date, prix_cents) VALUES ('fts-1-f', 'fts-1', 'F', ?, 1000)",
      ).bind(addDays(today, 20)),
    ]);
    try {
      const names = async (q: string) =>
        (await list(db, `q=${encodeURIComponent(q)}&taille=24`)).rows.map((x) => x.nom);
      expect(await names("ECO pilat")).toEqual(["Éco-trail du Pilat"]);
      expect(await names("saint etienne")).toEqual(["Éco-trail du Pilat"]);
      await env.DB.prepare(
        "UPDATE courses SET nom = 'Grand Trail du Forez', lieu = 'Montbrison' WHERE id = 'fts-1'",
      ).run();
      expect(await names("pilat")).toEqual([]);
      expect(await names("forez montbri")).toEqual(["Grand Trail du Forez"]);
      expect(await names("orez ontbris")).toEqual(["Grand Trail du Forez"]);
      expect(await names("ilat")).toEqual([]);
      const key = await env.DB.prepare("SELECT id FROM course_search_ids WHERE course_id = 'fts-1'").first<{
        id: number;
      }>();
      expect(key).not.toBeNull();
      await env.DB.prepare("DELETE FROM courses WHERE id = 'fts-1'").run();
      expect(await names("forez")).toEqual([]);
      expect(await names("orez")).toEqual([]);
      expect(
        await env.DB.prepare("SELECT count(*) AS n FROM course_search_ids WHERE course_id = 'fts-1'").first<{
          n: number;
        }>(),
      ).toEqual({ n: 0 });
      expect(
        await env.DB.prepare("SELECT count(*) AS n FROM courses_fts WHERE rowid = ?")
          .bind(key!.id)
          .first<{ n: number }>(),
      ).toEqual({ n: 0 });
      expect(
        await env.DB.prepare("SELECT count(*) AS n FROM courses_trigram WHERE rowid = ?")
          .bind(key!.id)
          .first<{ n: number }>(),
      ).toEqual({ n: 0 });
      // One index row per event, no more.
      const counts = await env.DB.prepare(
        "SELECT (SELECT count(*) FROM courses) AS c, (SELECT count(*) FROM course_search_ids) AS m, (SELECT count(*) FROM courses_fts) AS f, (SELECT count(*) FROM courses_trigram) AS t",
      ).first();
      expect(counts).toEqual({ c: 17, m: 17, f: 17, t: 17 });
    } finally {
      await env.DB.prepare("DELETE FROM courses WHERE id = 'fts-1'").run();
    }
  });

  it("the text search reads the index, not every event", async () => {
    const plan = await env.DB.prepare(
      "EXPLAIN QUERY PLAN SELECT m.course_id FROM courses_fts JOIN course_search_ids m ON m.id = courses_fts.rowid WHERE courses_fts MATCH ?",
    )
      .bind('"crete"*')
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join(" | ");
    expect(details).toMatch(/VIRTUAL TABLE INDEX/);
    expect(details).toMatch(/SEARCH m USING INTEGER PRIMARY KEY/);
  });

  it("pages without overlap or gap, and past the end gives an empty page", async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => list(db, `taille=6&page=${p}`)));
    expect(pages.map((p) => p.rows.length)).toEqual([6, 6, 3]);
    expect(pages.map((p) => p.hasNext)).toEqual([true, true, false]);
    const ids = pages.flatMap((p) => p.rows.map((r) => r.id));
    expect(new Set(ids).size).toBe(15);
    const beyond = await list(db, "taille=6&page=4");
    expect(beyond.rows).toEqual([]);
    expect(beyond.hasNext).toBe(false);
    const none = await list(db, "q=zzzz-introuvable");
    expect(none.rows).toEqual([]);
    const exact = await list(db, `taille=6&page=2&au=${addDays(today, 400)}`);
    expect(exact.rows).toHaveLength(6); // 15 = 6 + 6 + 3: page 2 is full and page 3 exists
    expect(exact.hasNext).toBe(true);
  });

  it("issues the same number of statements whatever the page size and filters (no N+1)", async () => {
    const c = countingDb();
    await list(c.db, "taille=6");
    const small = c.count();
    c.reset();
    await list(c.db, "taille=24&type=trail&repas=1&distance=30%2B&denivele=2000%2B&tri=dplus&q=trail&au=2099-01-01");
    expect(c.count()).toBe(small);
    expect(small).toBe(2); // the page with the number of matches (one walk), the departments
    expect(c.roundTrips()).toBe(1);
    c.reset();
    await list(c.db, "vue=carte&q=trail");
    expect(c.count()).toBe(2); // the map's points come with the page (one walk: decision 0176)
    expect(c.roundTrips()).toBe(1);
    c.reset();
    await getCourseWithFormats(c.db, "trail-des-aiguilles-rouges", nowIso);
    expect(c.count()).toBe(2);
    c.reset();
    await newestOnlineCourses(c.db, 3, today, nowIso);
    expect(c.count()).toBe(1);
  });

  it("counts validated and unexpired pending registrations toward capacity, and shows Complet when every format is full for good", async () => {
    const course = await getCourseWithFormats(db, "corrida-de-noel-rennes", nowIso);
    const kids = course!.formats.find((f) => f.nom === "Course enfants 1 km")!;
    expect(kids.taken).toBe(3);
    expect(kids.nb_max_coureurs).toBe(3);
    const corrida = (await list(db, "q=Corrida")).rows[0];
    expect(corrida.is_full).toBe(0); // the 6 km still has places

    const later = new Date(now.getTime() + 30 * 60_000).toISOString();
    const earlier = new Date(now.getTime() - 60_000).toISOString();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES ('full-1', 'Course pleine', 'Ici', 'Cantal', '15000', '00000000-0000-4000-a000-000000000002', 1, 'course-pleine')",
      ),
      env.DB.prepare(
        `INSERT INTO formats (id, course_id, nom, date, nb_max_coureurs) VALUES ('full-f1', 'full-1', 'Seul format', '${addDays(today, 20)}', 2)`,
      ),
      env.DB.prepare(
        "INSERT INTO inscriptions (id, course_id, format_id, statut, paiement_trace_id) VALUES ('full-i1', 'full-1', 'full-f1', 'validee', 'full-t1')",
      ),
      env.DB.prepare(
        `INSERT INTO inscriptions (id, course_id, format_id, statut, paiement_trace_id, hold_expires_at) VALUES ('full-i2', 'full-1', 'full-f1', 'en_attente', 'full-t2', '${earlier}')`,
      ),
      env.DB.prepare(
        "INSERT INTO inscriptions (id, course_id, format_id, statut, paiement_trace_id) VALUES ('full-i3', 'full-1', 'full-f1', 'annulee', 'full-t3')",
      ),
    ]);
    let detail = await getCourseWithFormats(db, "full-1", nowIso);
    expect(detail!.formats[0].taken).toBe(1); // expired hold and cancelled registration do not count
    expect((await list(db, "q=Course+pleine")).rows[0].is_full).toBe(0);
    await env.DB.prepare(`UPDATE inscriptions SET hold_expires_at = '${later}' WHERE id = 'full-i2'`).run();
    detail = await getCourseWithFormats(db, "full-1", nowIso);
    expect(detail!.formats[0].taken).toBe(2);
    // Full, but one place only held by a checkout in progress: not 'Complet' yet (issue 42).
    expect((await list(db, "q=Course+pleine")).rows[0].is_full).toBe(0);
    // Held for good (a runner added by hand, no deadline): 'Complet'.
    await env.DB.prepare("UPDATE inscriptions SET hold_expires_at = NULL WHERE id = 'full-i2'").run();
    expect((await list(db, "q=Course+pleine")).rows[0].is_full).toBe(1);
    await env.DB.prepare("DELETE FROM inscriptions WHERE course_id = 'full-1'").run();
    await env.DB.prepare("DELETE FROM courses WHERE id = 'full-1'").run();
  });

  it("finds an event by id or by slug, offline ones included (the route decides who sees them), else null", async () => {
    const bySlug = await getCourseWithFormats(db, "trail-des-lacs-d-annecy", nowIso);
    expect(bySlug!.course.en_ligne).toBe(0);
    const byId = await getCourseWithFormats(db, bySlug!.course.id, nowIso);
    expect(byId!.course.nom).toBe("Trail des Lacs d'Annecy");
    expect(byId!.formats.map((f) => f.nom).sort()).toEqual(["Semnoz 25 km", "Tour du lac 42 km"]);
    expect(byId!.formats).toHaveLength(2);
    const dates = byId!.formats.map((f) => `${f.date} ${f.heure_depart}`);
    expect(dates).toEqual([...dates].sort());
    expect(await getCourseWithFormats(db, "n-existe-pas", nowIso)).toBeNull();
  });

  it("event page: the event, its formats and its discussion in one round trip, the same discussion as read alone", async () => {
    const event = (await getCourseWithFormats(db, "trail-des-aiguilles-rouges", nowIso))!.course;
    const at = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
    const insert =
      "INSERT INTO chat_messages (id, course_id, parent_id, user_id, message, is_hidden, flagged, flagged_reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)";
    await env.DB.batch([
      env.DB.prepare(insert).bind(
        "one-trip-root",
        event.id,
        null,
        "runner-x",
        "Y a-t-il des navettes ?",
        0,
        0,
        null,
        at(30),
      ),
      env.DB.prepare(insert).bind(
        "one-trip-reply",
        event.id,
        "one-trip-root",
        event.organisateur_id,
        "Oui, depuis la gare.",
        0,
        0,
        null,
        at(20),
      ),
      env.DB.prepare(insert).bind(
        "one-trip-hidden",
        event.id,
        null,
        "runner-y",
        "texte masqué",
        1,
        1,
        "insulte",
        at(10),
      ),
    ]);
    try {
      const c = countingDb();
      const page = await getCourseWithFormats<DiscussionRows>(
        c.db,
        "trail-des-aiguilles-rouges",
        nowIso,
        discussionStatements,
      );
      expect(c.roundTrips()).toBe(1);
      expect(c.count()).toBe(4);
      const organiser = { id: event.organisateur_id };
      const fromPage = await loadDiscussionFor({ db }, event, organiser, page!.also);
      expect(fromPage).toEqual(await loadDiscussionFor({ db }, event, organiser));
      expect(fromPage.messages.map((m) => [m.id, m.is_hidden, m.flagged, m.message])).toEqual([
        ["one-trip-root", false, false, "Y a-t-il des navettes ?"],
        ["one-trip-reply", false, false, "Oui, depuis la gare."],
        ["one-trip-hidden", true, true, ""],
      ]);
      expect(fromPage.replyCounts).toEqual({ "one-trip-root": 1, "one-trip-hidden": 0 });
      expect(fromPage.flagReasons).toEqual({ "one-trip-hidden": "insulte" });
      // Anyone else never gets the flag reasons; an event whose discussion is not visible gets none.
      expect((await loadDiscussionFor({ db }, event, { id: "runner-x" }, page!.also)).flagReasons).toEqual({});
      expect(
        (await loadDiscussionFor({ db }, { id: event.id, organisateur_id: null }, null, page!.also)).messages,
      ).toEqual([]);
    } finally {
      await env.DB.prepare("DELETE FROM chat_messages WHERE id LIKE 'one-trip-%'").run();
    }
  });

  it("home: the 3 newest online events", async () => {
    const rows = await newestOnlineCourses(db, 3, today, nowIso);
    expect(rows.map((r) => r.nom)).toEqual([
      "Trail du Canigou",
      "Trail du Pic Saint-Loup",
      "Trail nocturne du Vercors",
    ]);
  });

  it("/formats: upcoming formats of online events by date and start time, paged", async () => {
    const p1 = await listUpcomingFormats(db, today, 1, 20);
    const p2 = await listUpcomingFormats(db, today, 2, 20);
    expect(p1.rows).toHaveLength(20);
    expect(p1.hasNext).toBe(true);
    const total = await env.DB.prepare(
      "SELECT count(*) AS n FROM formats f JOIN courses c ON c.id = f.course_id WHERE c.en_ligne = 1 AND f.date >= ?",
    )
      .bind(today)
      .first<number>("n");
    expect(p1.rows.length + p2.rows.length).toBe(total);
    expect(p2.hasNext).toBe(false);
    const keys = [...p1.rows, ...p2.rows].map((r) => `${r.date} ${r.heure_depart}`);
    expect(keys).toEqual([...keys].sort());
    expect([...p1.rows, ...p2.rows].some((r) => r.course_nom === "Trail des Lacs d'Annecy")).toBe(false);
  });

  it("sitemap: online events only, within the part's row numbers, in one round trip", async () => {
    const c = countingDb();
    const { maxRowid, courses } = await readSitemap(c.db, { after: 0, upTo: 1000 });
    expect([c.count(), c.roundTrips()]).toEqual([2, 1]);
    expect(courses).toHaveLength(16); // the 15 events to come and the past edition with its results
    expect(courses.some((r) => r.slug === "trail-des-lacs-d-annecy")).toBe(false);
    expect(maxRowid).toBeGreaterThanOrEqual(16);
    // Every row number up to the highest but the last: the last online event is left out.
    const lastOnline = await env.DB.prepare("SELECT max(rowid) AS m FROM courses WHERE en_ligne = 1").first<number>(
      "m",
    );
    expect((await readSitemap(db, { after: 0, upTo: (lastOnline as number) - 1 })).courses).toHaveLength(15);
    expect((await readSitemap(db, { after: maxRowid as number, upTo: (maxRowid as number) + 1000 })).courses).toEqual(
      [],
    );
    c.reset();
    expect(await readSitemap(c.db, null)).toEqual({ maxRowid, courses: [] });
    expect([c.count(), c.roundTrips()]).toEqual([1, 1]);
  });
});
