// The SQL migrations and app/db/schema.ts describe the same database, and drizzle-kit knows it
// (docs/decisions/0090-migrations-in-step-with-the-schema.md).
// 1. migrations/*.sql applied in wrangler's order to an empty SQLite give the same tables, columns, defaults, keys,
//    foreign keys and indexes as the SQL drizzle-kit writes for schema.ts on an empty database ("drizzle-kit export").
//    This catches both directions: a column or index only in schema.ts, or only in a hand-written migration.
// 2. `drizzle-kit generate` on a copy of migrations/ writes nothing: the last snapshot is schema.ts.
// 3. `drizzle-kit check` accepts the snapshots, and the journal lists every migration file with idx = the file's
//    number, so the next generated file is numbered after the last one and wrangler applies it last.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import config from "../../drizzle.config";

const root = resolve(import.meta.dirname, "../..");
const migrationsDir = join(root, "migrations");
const drizzleKit = join(root, "node_modules/drizzle-kit/bin.cjs");
const work = mkdtempSync(join(tmpdir(), "balise-migrations-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** drizzle.config.ts, pointed at a scratch copy of migrations/ (drizzle-kit resolves `out` from its working directory). */
function scratchProject(name: string) {
  const dir = join(work, name);
  cpSync(migrationsDir, join(dir, "migrations"), { recursive: true });
  const scratchConfig = { ...config, schema: resolve(root, String(config.schema)), out: "./migrations" };
  writeFileSync(join(dir, "drizzle.config.json"), JSON.stringify(scratchConfig));
  return dir;
}

function drizzleKitRun(cwd: string, args: string[]) {
  return new Promise<{ code: number; stdout: string; out: string }>((done) => {
    execFile(
      process.execPath,
      [drizzleKit, ...args],
      { cwd, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" }, timeout: 60_000 },
      (error, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, out: `${stdout}\n${stderr}` }),
    );
  });
}

/** Migration files in the order wrangler applies them: by leading number, then by name. */
function migrationFiles() {
  const number = (name: string) => Number(/^(\d+)/.exec(name)?.[1] ?? Number.POSITIVE_INFINITY);
  return readdirSync(migrationsDir)
    .filter((name) => name.endsWith(".sql"))
    .sort((a, b) => number(a) - number(b) || (a < b ? -1 : a > b ? 1 : 0));
}

type Row = Record<string, string | number | null>;
const squash = (text: string) => text.replace(/\s+/g, " ").trim();
// SQLite reads TRUE/FALSE as 1/0: drizzle writes `DEFAULT false`, a hand-written migration may write `DEFAULT 0`.
const normaliseDefault = (value: string) => {
  const v = squash(value);
  return /^false$/i.test(v) ? "0" : /^true$/i.test(v) ? "1" : v;
};

/** CHECK (...) clauses of a CREATE TABLE statement, whitespace squashed. */
function checkClauses(createTable: string) {
  const clauses: string[] = [];
  const re = /\bCHECK\s*\(/gi;
  for (let m = re.exec(createTable); m; m = re.exec(createTable)) {
    let depth = 1;
    let i = m.index + m[0].length;
    for (; i < createTable.length && depth > 0; i++) {
      if (createTable[i] === "(") depth++;
      else if (createTable[i] === ")") depth--;
    }
    clauses.push(squash(createTable.slice(m.index + m[0].length, i - 1)));
  }
  return clauses.sort();
}

/**
 * Virtual tables (FTS5 indexes, created by custom migrations: drizzle's schema cannot express them) and the shadow
 * tables SQLite creates for each: `<name>_data`, `_idx`, `_content`, `_docsize`, `_config`.
 */
const FTS5_SHADOWS = ["data", "idx", "content", "docsize", "config"];
function virtualTables(db: DatabaseSync) {
  const rows = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name")
    .all() as Row[];
  return rows.map((r) => String(r.name));
}

/** Tables as SQLite sees them: what drizzle's schema can express (views, triggers and virtual tables are left out). */
function describeTables(db: DatabaseSync) {
  const all = (query: string, ...params: string[]) => db.prepare(query).all(...params) as Row[];
  const tables: Record<string, unknown> = {};
  const virtual = new Set(virtualTables(db).flatMap((v) => [v, ...FTS5_SHADOWS.map((s) => `${v}_${s}`)]));
  const ignored = (name: string) =>
    name.startsWith("sqlite_") || name.startsWith("_cf_") || name === "d1_migrations" || virtual.has(name);
  for (const table of all("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")) {
    const name = String(table.name);
    if (ignored(name)) continue;
    const createSql = String(table.sql);
    const columns: Record<string, string> = {};
    for (const c of all("SELECT * FROM pragma_table_info(?)", name)) {
      columns[String(c.name)] = [
        String(c.type).toLowerCase(),
        c.notnull ? "not null" : "null",
        c.pk ? `primary key ${c.pk}` : "",
        c.dflt_value === null ? "" : `default ${normaliseDefault(String(c.dflt_value))}`,
      ]
        .filter(Boolean)
        .join(" ");
    }
    const foreignKeys = new Map<number, Row[]>();
    for (const fk of all("SELECT * FROM pragma_foreign_key_list(?)", name)) {
      foreignKeys.set(Number(fk.id), [...(foreignKeys.get(Number(fk.id)) ?? []), fk]);
    }
    const indexes: Record<string, string> = {};
    for (const ix of all("SELECT * FROM pragma_index_list(?)", name)) {
      if (ix.origin === "pk") continue; // the primary key is described by its columns
      const keyColumns = all("SELECT * FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno", String(ix.name)).map(
        (k) => `${k.name ?? "<expression>"}${k.desc ? " desc" : ""}${k.coll === "BINARY" ? "" : ` collate ${k.coll}`}`,
      );
      const indexSql = (all("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", String(ix.name))[0]
        ?.sql ?? "") as string;
      const where = ix.partial ? ` where ${squash(indexSql.replace(/^[\s\S]*?\bWHERE\b/i, ""))}` : "";
      const expression = keyColumns.includes("<expression>")
        ? ` ${squash(indexSql.replace(/^[\s\S]*?\bON\b/i, ""))}`
        : "";
      const description = `${ix.unique ? "unique " : ""}(${keyColumns.join(", ")})${expression}${where}`;
      // An inline UNIQUE constraint gets an automatic name (sqlite_autoindex_<table>_<n>) that depends on its position.
      indexes[ix.origin === "u" ? `unique constraint (${keyColumns.join(", ")})` : String(ix.name)] = description;
    }
    tables[name] = {
      columns,
      autoincrement: /\bAUTOINCREMENT\b/i.test(createSql),
      withoutRowid: /\bWITHOUT\s+ROWID\b/i.test(createSql),
      checks: checkClauses(createSql),
      foreignKeys: [...foreignKeys.values()]
        .map((parts) => {
          const first = parts[0]!;
          const from = parts.map((p) => p.from).join(", ");
          const to = parts.map((p) => p.to ?? "<primary key>").join(", ");
          return `(${from}) -> ${first.table}(${to}) on update ${String(first.on_update).toLowerCase()} on delete ${String(first.on_delete).toLowerCase()}`;
        })
        .sort(),
      indexes,
    };
  }
  return tables;
}

function databaseFrom(statements: string[]) {
  const db = new DatabaseSync(":memory:");
  for (const sql of statements) db.exec(sql);
  return db;
}

// Each drizzle-kit run takes about half a second alone; leave room on a busy machine.
describe("migrations and app/db/schema.ts describe the same database", { timeout: 60_000 }, () => {
  it("applying migrations/*.sql to an empty database gives the tables, columns and indexes of schema.ts", async () => {
    const dir = scratchProject("export");
    const exported = await drizzleKitRun(dir, ["export", "--config", "drizzle.config.json"]);
    expect(exported.code, exported.out).toBe(0);
    expect(exported.stdout).toContain("CREATE TABLE");

    const fromMigrations = databaseFrom(migrationFiles().map((f) => readFileSync(join(migrationsDir, f), "utf8")));
    const fromSchema = databaseFrom([exported.stdout]);
    const migrated = describeTables(fromMigrations);
    const described = describeTables(fromSchema);
    expect(Object.keys(migrated).length).toBeGreaterThan(10);
    expect(migrated).toEqual(described);
    // Only the virtual tables the custom migrations are known to create are left out of the comparison above.
    expect(virtualTables(fromMigrations)).toEqual([
      "course_terms_scratch",
      "course_terms_scratch_vocab",
      "courses_fts",
      "courses_trigram",
    ]);
    expect(virtualTables(fromSchema)).toEqual([]);
  });

  it("drizzle-kit generate on the unchanged schema writes no migration", async () => {
    const dir = scratchProject("generate");
    const before = new Set(readdirSync(join(dir, "migrations")));
    const generated = await drizzleKitRun(dir, ["generate", "--config", "drizzle.config.json"]);
    expect(generated.code, generated.out).toBe(0);
    const written = readdirSync(join(dir, "migrations")).filter((f) => !before.has(f));
    const writtenSql = written.map((f) => `${f}:\n${readFileSync(join(dir, "migrations", f), "utf8")}`).join("\n");
    expect(written, `schema.ts differs from the last snapshot; drizzle-kit would write:\n${writtenSql}`).toEqual([]);
    expect(generated.out, generated.out).toContain("No schema changes, nothing to migrate");
  });

  it("drizzle-kit check accepts the snapshots", async () => {
    const dir = scratchProject("check");
    const checked = await drizzleKitRun(dir, ["check", "--config", "drizzle.config.json"]);
    expect(checked.code, checked.out).toBe(0);
    expect(checked.out).toContain("Everything's fine");
    expect(checked.out).not.toMatch(/collision|malformed|Warning/i);
  });

  it("the journal lists every migration file in wrangler's order, idx = the file's number, one snapshot each", () => {
    expect(config.migrations?.prefix).toBe("index");
    const journal = JSON.parse(readFileSync(join(migrationsDir, "meta/_journal.json"), "utf8")) as {
      entries: { idx: number; tag: string; when: number }[];
    };
    const files = migrationFiles();
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(files);
    for (const entry of journal.entries) {
      expect(entry.tag, "file names start with a 4-digit number").toMatch(/^\d{4}_[a-z0-9_]+$/);
      expect(entry.idx, entry.tag).toBe(Number(entry.tag.slice(0, 4)));
    }
    const snapshots = readdirSync(join(migrationsDir, "meta"))
      .filter((f) => f.endsWith("_snapshot.json"))
      .sort();
    expect(snapshots).toEqual(journal.entries.map((e) => `${e.tag.slice(0, 4)}_snapshot.json`));
    let previous = "00000000-0000-0000-0000-000000000000";
    for (const file of snapshots) {
      const snapshot = JSON.parse(readFileSync(join(migrationsDir, "meta", file), "utf8")) as {
        id: string;
        prevId: string;
      };
      expect(snapshot.prevId, `${file} follows the previous snapshot`).toBe(previous);
      previous = snapshot.id;
    }
  });
});
