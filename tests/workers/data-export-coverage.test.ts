// Issue 45, decision 0219: the « Mes données » export covers the real database. Every table the migrations made that
// holds a column referring to a person is exported (its file is in the ZIP) or excluded with a reason
// (app/domain/data-export.ts); a new table with a user column fails here until it says which. The export agrees with
// the personal data map (decision 0218): a table the map marks as exported is in the ZIP.
import { env } from "cloudflare:test";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "~/db/demo-data";
import { EXCLUDED_TABLES, EXPORTED_TABLES } from "~/domain/data-export";
import { PERSONAL_COLUMNS } from "~/domain/personal-data";
import { buildExportZip, EXPORT_PAGE_ROWS } from "~/services/data-export-zip.server";
import { loadDemoData } from "./helpers";
import { testContext } from "./payments-helpers";
import { databaseTables, userTables } from "./user-tables";

beforeAll(loadDemoData);

describe("the data export's coverage", () => {
  it("exports or excludes, with a reason, every table holding a person's id", async () => {
    const tables = await userTables();
    expect(tables.length).toBeGreaterThan(25);
    const uncovered = tables.map((t) => t.table).filter((t) => !(t in EXPORTED_TABLES) && !(t in EXCLUDED_TABLES));
    expect(uncovered).toEqual([]);
  });

  it("names only tables that exist", async () => {
    const all = new Set(await databaseTables());
    const named = [...Object.keys(EXPORTED_TABLES), ...Object.keys(EXCLUDED_TABLES)];
    expect(named.filter((t) => !all.has(t))).toEqual([]);
  });

  it("exports every table the personal data map marks as exported", () => {
    const marked = new Set(PERSONAL_COLUMNS.filter((c) => c.export === "exportee").map((c) => c.table));
    expect([...marked].filter((t) => !(t in EXPORTED_TABLES))).toEqual([]);
  });

  it("puts a JSON and a CSV file of every exported table in the ZIP", async () => {
    const { bytes, counts } = await buildExportZip(
      testContext(),
      { userId: DEMO_USERS.coureur.id, email: DEMO_USERS.coureur.email },
      new Date(),
    );
    const names = new Set(Object.keys(unzipSync(bytes)));
    for (const table of Object.keys(EXPORTED_TABLES)) {
      expect(names.has(`donnees/${table}.json`), table).toBe(true);
      expect(names.has(`donnees/${table}.csv`), table).toBe(true);
    }
    expect(counts.users).toBe(1);
  });

  it("reads a large account a page at a time, every row", async () => {
    const userId = crypto.randomUUID();
    const course = await env.DB.prepare("SELECT id FROM courses LIMIT 1").first<{ id: string }>("id");
    await env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')")
      .bind(userId, `gros-compte-${userId.slice(0, 8)}@exemple.fr`)
      .run();
    const n = 2 * EXPORT_PAGE_ROWS + 7;
    await env.DB.batch(
      Array.from({ length: n }, (_, i) =>
        env.DB.prepare("INSERT INTO chat_messages (id, course_id, user_id, message) VALUES (?, ?, ?, ?)").bind(
          `${userId}-${i}`,
          course,
          userId,
          `message ${i}`,
        ),
      ),
    );
    const { bytes, counts } = await buildExportZip(testContext(), { userId, email: "gros@exemple.fr" }, new Date());
    expect(counts.chat_messages).toBe(n);
    const rows = JSON.parse(strFromU8(unzipSync(bytes)["donnees/chat_messages.json"])) as { id: string }[];
    expect(new Set(rows.map((r) => r.id)).size).toBe(n);
  });
});
