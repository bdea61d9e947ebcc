import { createTableRelationsHelpers, extractTablesRelationalConfig } from "drizzle-orm";
import { DrizzleD1Database, type drizzle, SQLiteD1Session } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { schema } from "./schema";

export type Db = ReturnType<typeof drizzle<typeof schema>>;

// What drizzle derives from the schema for relational queries (db.query.*) depends on the schema alone, and
// deriving it took about a twentieth of a catalogue request's CPU: it is derived once, on first use, and every
// request builds only its own light database object around its D1 binding (same construction as drizzle()).
let relational:
  | {
      fullSchema: typeof schema;
      schema: ReturnType<typeof extractTablesRelationalConfig>["tables"];
      tableNamesMap: Record<string, string>;
    }
  | undefined;

export function createDb(d1: D1Database): Db {
  if (!relational) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  }
  const dialect = new SQLiteAsyncDialect();
  const session = new SQLiteD1Session(d1, dialect, relational, {});
  const db = new DrizzleD1Database("async", dialect, session as never, relational as never) as Db;
  db.$client = d1;
  return db;
}
