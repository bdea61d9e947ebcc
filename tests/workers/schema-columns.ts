// The database's own schema, read in workerd (issue 45, decision 0218): every table the migrations made with its
// columns and the columns that are foreign keys to `users`. Shared by the personal data map's completeness test and
// the account erasure's scan of every column.
import { env } from "cloudflare:test";

export interface TableColumns {
  table: string;
  columns: string[];
  /** The columns that reference `users`. */
  toUsers: Set<string>;
}

/** Tables of SQLite, D1 and Cloudflare themselves, not the application's. */
const SYSTEM = "name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'";

/** Every application table with its columns. */
export async function schemaTables(): Promise<TableColumns[]> {
  const tables = await env.DB.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND ${SYSTEM}`).all<{
    name: string;
  }>();
  const out: TableColumns[] = [];
  for (const { name } of tables.results) {
    const cols = await env.DB.prepare(`PRAGMA table_info("${name}")`).all<{ name: string }>();
    const fks = await env.DB.prepare(`PRAGMA foreign_key_list("${name}")`).all<{ table: string; from: string }>();
    out.push({
      table: name,
      columns: cols.results.map((c) => c.name),
      toUsers: new Set(fks.results.filter((f) => f.table === "users").map((f) => f.from)),
    });
  }
  return out;
}

/**
 * Tables that hold copies, not data of their own: the catalogue's search indexes (made from events) and the local
 * payment provider's copy of the provider's objects (a development stand-in for Stripe, which keeps its own records
 * as the payment processor).
 */
export function isDerivedTable(table: string): boolean {
  return (
    table.includes("fts") ||
    table.includes("trigram") ||
    table.startsWith("course_terms_scratch") ||
    table === "local_payment_objects"
  );
}

/** The columns (table.column) of the application's own tables holding `value` somewhere (one query per table). */
export async function columnsHolding(value: string): Promise<string[]> {
  const found: string[] = [];
  for (const { table, columns } of await schemaTables()) {
    if (isDerivedTable(table)) continue;
    const sums = columns.map((c, i) => `coalesce(sum(CAST("${c}" AS TEXT) LIKE ?1), 0) AS c${i}`).join(", ");
    const row = await env.DB.prepare(`SELECT ${sums} FROM "${table}"`)
      .bind(`%${value}%`)
      .first<Record<string, number>>();
    columns.forEach((c, i) => {
      if (row && Number(row[`c${i}`]) > 0) found.push(`${table}.${c}`);
    });
  }
  return found;
}
