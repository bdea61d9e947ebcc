// Loads the demo data into the local D1 and R2 (idempotent). Usage: node scripts/seed.ts [--persist-to DIR]
// Runs under the project's Node 22 (npm scripts put it first on PATH). One local workerd (wrangler's
// getPlatformProxy) writes both D1 and R2, in the same state directory `wrangler dev --persist-to DIR` uses.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { buildDemoData, DEMO_PASSWORD } from "../app/db/demo-data.ts";
import { hashPassword } from "../app/utils/password.server.ts";

const args = process.argv.slice(2);
const persistIdx = args.indexOf("--persist-to");
const persistTo = persistIdx >= 0 ? args[persistIdx + 1] : ".wrangler/state";
// The local D1 file is keyed by the binding's database name since wrangler.jsonc carries no database id (ADR 0101):
// a state directory seeded before that kept its data under the old id, hence a marker of its own.
const marker = join(persistTo, "balise-demo-seeded-by-name");
mkdirSync(persistTo, { recursive: true });
if (existsSync(marker)) {
  console.log(`Données de démonstration déjà chargées (${marker}).`);
  process.exit(0);
}

const { statements, files } = buildDemoData(new Date(), await hashPassword(DEMO_PASSWORD));
interface SeedEnv {
  DB: D1Database;
  FILES: R2Bucket;
}
// The seed needs D1 and R2 only. Given wrangler.jsonc whole, the proxy would also declare the Durable Objects, whose
// classes live in server.ts, and warn the operator that they "will not work in local development" (they do, in
// `wrangler dev`): it gets a configuration of its own with the same two bindings, so the same local files.
const config = unstable_readConfig({ config: "wrangler.jsonc" });
const seedConfig = resolve(persistTo, "seed.wrangler.json");
writeFileSync(
  seedConfig,
  JSON.stringify({
    name: config.name,
    compatibility_date: config.compatibility_date,
    compatibility_flags: config.compatibility_flags,
    d1_databases: config.d1_databases,
    r2_buckets: config.r2_buckets,
  }),
);
const proxy = await getPlatformProxy<SeedEnv>({
  configPath: seedConfig,
  persist: { path: resolve(persistTo, "v3") },
  remoteBindings: false,
});
try {
  const stmts = statements.map((s) => proxy.env.DB.prepare(s));
  for (let i = 0; i < stmts.length; i += 50) await proxy.env.DB.batch(stmts.slice(i, i + 50));
  for (const f of files) await proxy.env.FILES.put(f.key, f.body, { httpMetadata: { contentType: f.contentType } });
} finally {
  await proxy.dispose();
}
writeFileSync(marker, new Date().toISOString());
console.log(`Données de démonstration chargées : ${statements.length} lignes SQL, ${files.length} fichiers GPX.`);
