// Issue 45, decision 0218: the map of personal data (app/domain/personal-data.ts) covers the real database. Every
// column that names a person (a foreign key to users, an account id, an e-mail, an IP) in every table the migrations
// made is listed with its export and erasure treatment, and nothing listed is stale: a new table holding a person's
// data fails here until it says how it answers a data request.
import { describe, expect, it } from "vitest";
import { namesAPerson, PERSONAL_COLUMNS } from "~/domain/personal-data";
import { schemaTables } from "./schema-columns";

async function personColumns(): Promise<{ all: Set<string>; person: string[] }> {
  const all = new Set<string>();
  const person: string[] = [];
  for (const { table, columns, toUsers } of await schemaTables()) {
    for (const col of columns) {
      all.add(`${table}.${col}`);
      if (toUsers.has(col) || namesAPerson(col)) person.push(`${table}.${col}`);
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
