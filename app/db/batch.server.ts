// Several read statements in one D1 round trip (a batch): each round trip costs CPU on both sides of the binding,
// so a page reads everything it needs at once (docs/decisions/0025, 0026).
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { SQL } from "drizzle-orm";
import type { Db } from "./client.server";

const dialect = new SQLiteAsyncDialect();

/** Runs the statements in one batch and returns each one's rows, in order. */
export async function batchAll<T extends unknown[]>(db: Db, queries: SQL[]): Promise<T> {
  const client = db.$client;
  const stmts = queries.map((q) => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    return client.prepare(text).bind(...params);
  });
  const results = await client.batch(stmts);
  return results.map((r) => r.results) as T;
}
