// Loads the demo data into the local D1 and R2 (idempotent). Usage: node scripts/seed.ts [--persist-to DIR]
// Runs under the project's Node 22 (npm scripts put it first on PATH).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildDemoData, DEMO_PASSWORD } from "../app/db/demo-data.ts";
import { hashPassword } from "../app/utils/password.server.ts";

const args = process.argv.slice(2);
const persistIdx = args.indexOf("--persist-to");
const persistTo = persistIdx >= 0 ? args[persistIdx + 1] : ".wrangler/state";
const persistArgs = ["--persist-to", persistTo];
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

const marker = join(persistTo, "balise-demo-seeded");
mkdirSync(persistTo, { recursive: true });
const { statements, files } = buildDemoData(new Date(), await hashPassword(DEMO_PASSWORD));
if (existsSync(marker)) {
  console.log(`Données de démonstration déjà chargées (${marker}).`);
  process.exit(0);
}
const tmp = join(persistTo, "seed.sql");
writeFileSync(tmp, statements.join("\n") + "\n");
execFileSync("wrangler", ["d1", "execute", "DB", "--local", ...persistArgs, "--file", tmp], { stdio: ["ignore", "ignore", "inherit"], env });
for (const f of files) {
  const path = join(persistTo, "seed-" + f.key.replace(/\//g, "_"));
  writeFileSync(path, f.body);
  execFileSync("wrangler", ["r2", "object", "put", `balise-files/${f.key}`, "--local", ...persistArgs, "--file", path, "--content-type", f.contentType], {
    stdio: ["ignore", "ignore", "inherit"], env,
  });
}
writeFileSync(marker, new Date().toISOString());
console.log(`Données de démonstration chargées : ${statements.length} lignes SQL, ${files.length} fichiers GPX.`);
