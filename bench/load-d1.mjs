// The catalogue bench's loader, run by loadLocalD1 (bench/dataset.mjs) in a Node process of its own:
//   node bench/load-d1.mjs <persist-to> <events> <migrations-dir>
// prints {"timings": [...]} on its standard output.
import { catalogueDataset } from "./dataset.mjs";

/**
 * Migrates and loads the catalogue bench's dataset (bench/dataset.mjs) straight into the SQLite file of a local D1 (`wrangler d1 execute --local
 * --persist-to <persistTo>` creates it; no wrangler dev may run on it), with node:sqlite (Node 22, the project's
 * `node` dev dependency). The migrations are the files of `migrationsDir`, in order, each recorded in the table
 * wrangler keeps (d1_migrations), as `wrangler d1 migrations apply` does, with foreign keys enforced as on D1. The
 * seed is the same SQL `wrangler d1 execute --file` would run (it suspends the triggers and indexes of the tables
 * it fills, creates them again and fills what the triggers keep with the migrations' back-fill statements), in
 * one transaction, without a journal, fsync or foreign-key lookups (every key it writes refers to a row it has
 * just written). Issue 26: 100,000 events in under a minute. Returns the dataset (counts, ids) and
 * `timings`, each step's milliseconds, slowest first.
 */
export async function loadInProcess(persistTo, { events = 10_000, migrationsDir = "migrations" } = {}) {
  let DatabaseSync;
  try {
    ({ DatabaseSync } = await import("node:sqlite"));
  } catch {
    throw new Error("node:sqlite manque : lancez le banc avec le Node du projet (npx node bench/…)");
  }
  const { readdirSync, readFileSync } = await import("node:fs");
  const dir = `${persistTo}/v3/d1/miniflare-D1DatabaseObject`;
  const files = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`Une seule base D1 locale attendue dans ${dir} : ${files.join(", ")}`);
  const db = new DatabaseSync(`${dir}/${files[0]}`);
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
    const { journal_mode: mode } = db.prepare("PRAGMA journal_mode").get();
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
    timed("journal rétabli", `PRAGMA journal_mode = ${mode}; PRAGMA foreign_keys = ON;`);
    dataset.timings = [...timings].map(([label, ms]) => ({ label, ms })).sort((a, b) => b.ms - a.ms);
    return dataset;
  } finally {
    db.close();
  }
}

if (import.meta.url === (await import("node:url")).pathToFileURL(process.argv[1] ?? "").href) {
  const [persistTo, events, migrationsDir] = process.argv.slice(2);
  const { timings } = await loadInProcess(persistTo, { events: Number(events), migrationsDir });
  process.stdout.write(JSON.stringify({ timings }));
}
