// What the benches share: their command-line options, the environment they run wrangler in, and the production
// build served by `wrangler dev` on its own port and data directory.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

/** Environment for wrangler: no metrics, no network lookups, no D1 banner. */
export const benchEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_D1_WARNING: "true",
};

/**
 * Variables of a production Worker for benches that only read pages: APP_ENV=production needs real payment and mail
 * settings (app/utils/env.server.ts); these are well-formed but fake, and no page a bench reads ever calls them.
 */
export function productionReadOnlyVars(extra = {}) {
  return {
    APP_ENV: "production",
    APP_URL: "https://bench.balise.invalid",
    SESSION_SECRET: "bench-session-secret-0123456789abcdef-0123456789",
    STRIPE_SECRET_KEY: "sk_test_bench_never_called",
    STRIPE_WEBHOOK_SECRET: "whsec_bench_never_called",
    MAIL_API_URL: "https://mail.invalid/send",
    MAIL_API_KEY: "bench-never-called",
    MAIL_FROM: "Balise <bench@balise.fr>",
    ...extra,
  };
}

/** `--name value` from the command line, else `def`. */
export function option(name, def) {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
}

/**
 * Starts `wrangler dev` on 127.0.0.1:`port` with exactly the given variables (wrangler.jsonc describes production;
 * a developer's .dev.vars is not read: the variables go through a file of their own, passed with --env-file), in
 * its own process group (stopped on exit and on Ctrl-C). `ready()` resolves once /robots.txt answers.
 */
export function startWorker({ port, base, persistTo, vars = {}, logLevel = "warn", stdout = "inherit", args = [] }) {
  mkdirSync(persistTo, { recursive: true });
  const varsFile = `${persistTo}/bench.vars`;
  writeFileSync(
    varsFile,
    Object.entries(vars)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(""),
  );
  const server = spawn(
    "wrangler",
    [
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      persistTo,
      "--show-interactive-dev-session=false",
      "--log-level",
      logLevel,
      "--env-file",
      varsFile,
      ...args,
    ],
    { stdio: ["ignore", stdout, "inherit"], env: benchEnv, detached: true },
  );
  const stop = () => {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  };
  process.on("exit", stop);
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });
  async function ready(attempts = 480) {
    for (let i = 0; i < attempts; i++) {
      try {
        if ((await fetch(`${base}/robots.txt`)).ok) return;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error("le serveur ne répond pas");
  }
  return { pid: server.pid, stop, ready, server };
}
