// The catalogue bench's loader, run by loadLocalD1 (bench/dataset.mjs) in a Node process of its own:
//   node bench/load-d1.mjs <file> <events> <migrations-dir>
// loads a new SQLite file that loadLocalD1 then puts in the local D1's place, and prints {"timings": [...]}.
import { catalogueDataset } from "./dataset.mjs";

/**
 * Migrates and loads the catalogue bench's dataset (bench/dataset.mjs) into the SQLite file `file` (created if
 * missing), with node:sqlite (Node 22, the project's `node` dev dependency). The migrations are the files of
 * `migrationsDir`, in order, each recorded in the table wrangler keeps (d1_migrations), as `wrangler d1 migrations
 * apply` does, with foreign keys enforced as on D1. The seed is the same SQL `wrangler d1 execute --file` would run
 * (it suspends the triggers and indexes of the tables it fills, creates them again and fills what the triggers keep
 * with the migrations' back-fill statements), in one transaction, without a journal, fsync or foreign-key lookups
 * (every key it writes refers to a row it has just written); the file ends in WAL mode, as workerd's D1 keeps it.
 * Issue 26: 100,000 events in under a minute. Returns the dataset (counts, ids) and `timings`, each step's
 * milliseconds, slowest first.
 */
export async function loadInProcess(file, { events = 10_000, migrationsDir = "migrations" } = {}) {
  let DatabaseSync;
  try {
    ({ DatabaseSync } = await import("node:sqlite"));
  } catch {
    throw new Error("node:sqlite manque : lancez le banc avec le Node du projet (npx node bench/…)");
  }
  const { readdirSync, readFileSync } = await import("node:fs");
  const db = new DatabaseSync(file);
  try {
    db.exec(`CREATE TABLE IF NOT EXISTS "d1_migrations"(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`);
    const done = new Set(
      db
        .prepare("SELECT name FROM d1_migrations")
        .all()
        .map((r) => r.name),
    );
    const record = db.prepare("INSERT INTO d1_migrations (name) VALUES (?)");
    const migrationsStart = performance.now();
    for (const name of readdirSync(migrationsDir)
      .filter((f) => f.endsWith(".sql"))
      .sort()) {
      if (done.has(name)) continue;
      db.exec("BEGIN");
      db.exec(readFileSync(`${migrationsDir}/${name}`, "utf8"));
      record.run(name);
      db.exec("COMMIT");
    }
    const migrationsMs = performance.now() - migrationsStart;
    const schema = db
      .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('trigger', 'index') ORDER BY rowid")
      .all();
    const dataset = catalogueDataset({ events, schema });
    // No journal while loading (a failed load leaves a database to throw away: the bench starts from an empty
    // directory each time), then back to the write-ahead log workerd's D1 uses.
    db.exec("PRAGMA foreign_keys = OFF; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;");
    db.exec(
      "PRAGMA cache_size = -2000000; PRAGMA mmap_size = 8000000000; PRAGMA temp_store = MEMORY; PRAGMA threads = 2;",
    );
    db.exec("BEGIN");
    const timings = new Map([["migrations", migrationsMs]]);
    const timed = (label, sql) => {
      const start = performance.now();
      db.exec(sql);
      timings.set(label, (timings.get(label) ?? 0) + performance.now() - start);
    };
    for (const step of dataset.steps) timed(step.label, step.sql);
    timed("validation (COMMIT)", "COMMIT");
    timed("journal rétabli", "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;");
    dataset.timings = [...timings].map(([label, ms]) => ({ label, ms })).sort((a, b) => b.ms - a.ms);
    return dataset;
  } finally {
    db.close();
  }
}

if (import.meta.url === (await import("node:url")).pathToFileURL(process.argv[1] ?? "").href) {
  const [file, events, migrationsDir] = process.argv.slice(2);
  const { timings } = await loadInProcess(file, { events: Number(events), migrationsDir });
  process.stdout.write(JSON.stringify({ timings }));
}
