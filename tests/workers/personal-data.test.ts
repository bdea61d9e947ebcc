// Issue 45, decision 0218: the map of personal data (app/domain/personal-data.ts) covers the real database. Every
// column that names a person (a foreign key to users, an account id, an e-mail, an IP) in every table the migrations
// made is listed with its export and erasure treatment, and nothing listed is stale: a new table holding a person's
// data fails here until it says how it answers a data request.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { namesAPerson, PERSONAL_COLUMNS } from "~/domain/personal-data";

async function personColumns(): Promise<{ all: Set<string>; person: string[] }> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
  ).all<{ name: string }>();
  const all = new Set<string>();
  const person: string[] = [];
  for (const { name } of tables.results) {
    const cols = await env.DB.prepare(`PRAGMA table_info("${name}")`).all<{ name: string }>();
    const fks = await env.DB.prepare(`PRAGMA foreign_key_list("${name}")`).all<{ table: string; from: string }>();
    const toUsers = new Set(fks.results.filter((f) => f.table === "users").map((f) => f.from));
    for (const col of cols.results) {
      all.add(`${name}.${col.name}`);
      if (toUsers.has(col.name) || namesAPerson(col.name)) person.push(`${name}.${col.name}`);
    }
  }
  return { all, person };
}

describe("the map of personal data", () => {
  it("lists every column of the database that names a person", async () => {
    const { person } = await personColumns();
    const listed = new Set(PERSONAL_COLUMNS.map((p) => `${p.table}.${p.column}`));
    expect(person.filter((col) => !listed.has(col))).toEqual([]);
    expect(person.length).toBeGreaterThan(30);
  });

  it("lists nothing that does not exist, and each column once", async () => {
    const { all } = await personColumns();
    const keys = PERSONAL_COLUMNS.map((p) => `${p.table}.${p.column}`);
    expect(keys.filter((k) => !all.has(k))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
