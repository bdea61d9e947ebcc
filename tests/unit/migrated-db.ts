// An in-memory SQLite with migrations/*.sql applied in wrangler's order (foreign keys off, as the unit tests load
// rows without their parents): for tests that read the real schema's plans, triggers and indexes.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";

export const migrationsDir = resolve(import.meta.dirname, "../../migrations");

/** The migration files, in the order they are applied. */
export const migrationFileNames = readdirSync(migrationsDir)
  .filter((f) => f.endsWith(".sql"))
  .sort();

/** Applies the migrations `which` keeps (all by default) to `db`. */
export function migrate(db: DatabaseSync, which: (file: string) => boolean = () => true): DatabaseSync {
  for (const file of migrationFileNames.filter(which)) db.exec(readFileSync(join(migrationsDir, file), "utf8"));
  return db;
}

/** A new in-memory database with the migrations `which` keeps applied. */
export function migratedDb(which?: (file: string) => boolean): DatabaseSync {
  return migrate(new DatabaseSync(":memory:", { enableForeignKeyConstraints: false }), which);
}
