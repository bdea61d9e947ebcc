// npm run deploy (production, the top level of wrangler.jsonc) or npm run deploy:staging (env.staging).
// README.md, "Mise en production", says what to do once before (account, database, secrets). In order:
//   1. refuses to go on while wrangler.jsonc still holds the example address (APP_URL) or a secret is not set;
//   2. builds the application;
//   3. applies the D1 migrations to the remote database (wrangler d1 migrations apply DB --remote);
//   4. deploys the Worker (wrangler deploy), the static files and the cron with it.
// Options: --env staging; --skip-secret-check (when the API token may not list secrets).
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { PRODUCTION_SECRETS } from "../app/utils/env.server.ts";

/**
 * The secrets a deployed Worker needs, set once per environment with `wrangler secret put NAME`. The Worker checks
 * them itself at start-up (app/utils/env.server.ts); tests/unit/deployment.test.ts keeps this list, that check and the
 * README in step.
 */
export const REQUIRED_SECRETS = [...PRODUCTION_SECRETS];

/** An address that still has to be replaced with the operator's own (RFC 2606's reserved `.example`). */
export function isExampleUrl(url) {
  try {
    return /(^|\.)example$/.test(new URL(url).hostname);
  } catch {
    return true;
  }
}

/** The vars that still hold the committed example addresses (APP_URL, MAIL_FROM's domain). */
export function exampleVars(vars) {
  const out = [];
  if (isExampleUrl(String(vars.APP_URL ?? ""))) out.push("APP_URL");
  if (/@[^>\s]*\.example\b/.test(String(vars.MAIL_FROM ?? ""))) out.push("MAIL_FROM");
  return out;
}

async function main() {
  const args = process.argv.slice(2);
  const envIdx = args.indexOf("--env");
  const envName = envIdx >= 0 ? args[envIdx + 1] : undefined;
  const envArgs = envName ? ["--env", envName] : [];
  const where = envName ? `env.${envName}` : "la racine";
  const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };
  const run = (cmd, cmdArgs) => execFileSync(cmd, cmdArgs, { stdio: "inherit", env });
  const fail = (message) => {
    console.error(`\n✘ ${message}\n`);
    process.exit(1);
  };

  const { unstable_readConfig } = await import("wrangler");
  const config = unstable_readConfig({ config: "wrangler.jsonc", env: envName });
  if (config.vars?.APP_ENV !== "production") fail(`wrangler.jsonc (${where}) : APP_ENV doit valoir "production".`);
  const toReplace = exampleVars(config.vars ?? {});
  if (toReplace.length) {
    fail(
      `wrangler.jsonc (${where}) : remplacez ${toReplace.map((k) => `${k} (${config.vars[k]})`).join(" et ")} par vos propres adresses ` +
        "(adresse publique du site ; expéditeur des e-mails sur un domaine vérifié chez le fournisseur d'e-mails).",
    );
  }

  if (!args.includes("--skip-secret-check")) {
    let names;
    try {
      const out = execFileSync("wrangler", ["secret", "list", "--format", "json", ...envArgs], {
        env,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      });
      names = JSON.parse(out.slice(out.search(/^\[/m))).map((s) => s.name);
    } catch {
      fail(
        `Impossible de lire les secrets du Worker "${config.name}". Connectez-vous (npx wrangler login), puis définissez-les :\n` +
          REQUIRED_SECRETS.map((n) => `  npx wrangler secret put ${n}${envName ? ` --env ${envName}` : ""}`).join("\n"),
      );
    }
    const missing = REQUIRED_SECRETS.filter((n) => !names.includes(n));
    if (missing.length) {
      fail(
        `Secrets manquants pour "${config.name}" : ${missing.join(", ")}. Définissez-les :\n` +
          missing.map((n) => `  npx wrangler secret put ${n}${envName ? ` --env ${envName}` : ""}`).join("\n"),
      );
    }
  }

  console.log(`\n=== Construction ===`);
  run("remix", ["vite:build"]);
  console.log(`\n=== Migrations D1 (${config.d1_databases[0]?.database_name}, à distance) ===`);
  run("wrangler", ["d1", "migrations", "apply", "DB", "--remote", ...envArgs]);
  console.log(`\n=== Déploiement du Worker ${config.name} ===`);
  run("wrangler", ["deploy", ...envArgs]);
  console.log(`\n✔ Déployé : ${config.vars.APP_URL}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
