// The tables of the real database (the migrations applied in workerd) that hold a column referring to a person: a
// foreign key to users, or a column whose name says it names an account, an e-mail or an IP (namesAPerson, the
// personal data map's rule). Shared by the tests that must cover every such table (the data export, decision 0219;
// the erasure may reuse it).
import { env } from "cloudflare:test";
import { namesAPerson } from "~/domain/personal-data";

export interface UserTable {
  table: string;
  /** The columns referring to a person. */
  columns: string[];
}

/** Every table of the database, the internal ones (sqlite_, _cf_, d1_) and FTS shadow tables' kin excluded. */
export async function databaseTables(): Promise<string[]> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name",
  ).all<{ name: string }>();
  return tables.results.map((t) => t.name);
}

/** The tables with at least one column referring to a person, with those columns. */
export async function userTables(): Promise<UserTable[]> {
  const found: UserTable[] = [];
  for (const name of await databaseTables()) {
    const cols = await env.DB.prepare(`PRAGMA table_info("${name}")`).all<{ name: string }>();
    const fks = await env.DB.prepare(`PRAGMA foreign_key_list("${name}")`).all<{ table: string; from: string }>();
    const toUsers = new Set(fks.results.filter((f) => f.table === "users").map((f) => f.from));
    const columns = cols.results.map((c) => c.name).filter((c) => toUsers.has(c) || namesAPerson(c));
    if (columns.length > 0) found.push({ table: name, columns });
  }
  return found;
}
