// Several read statements in one D1 round trip (a batch): each round trip costs CPU on both sides of the binding,
// so a page reads everything it needs at once (docs/decisions/0025, 0026).
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Db } from "./client.server";

const dialect = new SQLiteAsyncDialect();

/** A raw statement as D1 runs it: the query's text, its parameters bound. */
export function prepare(db: Db, query: SQL): D1PreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return db.$client.prepare(text).bind(...params);
}

/** The first row of a raw statement, or null when it returns none. */
export async function firstRow<T>(db: Db, query: SQL): Promise<T | null> {
  return (await prepare(db, query).first<T>()) ?? null;
}

/** Runs the statements in one batch and returns each one's rows, in order. */
export async function batchAll<T extends unknown[]>(db: Db, queries: SQL[]): Promise<T> {
  const results = await db.$client.batch(queries.map((q) => prepare(db, q)));
  return results.map((r) => r.results) as T;
}

/**
 * A raw statement (`db.all(sql…)`) that drizzle's `db.batch` runs beside query builders, so that their rows keep
 * drizzle's mapping: drizzle-orm's D1 batch binds a raw statement's parameters on a prepared `stmt` that raw
 * statements never get (they fail with "reading 'bind'"); this one carries it.
 */
export function batchableAll<T>(db: Db, query: SQL) {
  const raw = db.all<T>(query);
  return Object.assign(raw, { stmt: db.$client.prepare(raw.getQuery().sql) });
}

/**
 * A column under a name of its own, mapped as the column is: D1's batch returns rows as objects keyed by column
 * name, so a query that selects two columns of the same name (a join) must alias one of them to run in a batch.
 */
export function aliased<C extends AnyColumn>(column: C, alias: string) {
  return sql<C["_"]["data"] | (C["_"]["notNull"] extends true ? never : null)>`${column}`.mapWith(column).as(alias);
}

/**
 * Runs query builders in one D1 batch: `db.batch` itself, or a batch that rides with the request's session look-up
 * (readBesideSession, app/utils/session.server.ts), which the page's loader passes down.
 */
export type BatchRead = <T extends Readonly<[BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>>(
  queries: T,
) => Promise<BatchResponse<T>>;
