// The server the end-to-end tests run against: the production build under wrangler dev, on a fresh local
// state (migrations + demo data), so every run starts from the same data. Port: E2E_PORT (default 8788).
// Its variables are its own (APP_ENV=test, local payment and mailbox): written to a file in its state directory and
// passed with --env-file, so a developer's .dev.vars (real test keys, say) never reaches the tests.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";

const port = process.env.E2E_PORT ?? "8788";
const persistTo = `.wrangler/e2e-${port}`;
rmSync(persistTo, { recursive: true, force: true });
mkdirSync(persistTo, { recursive: true });
const varsFile = `${persistTo}/e2e.vars`;
writeFileSync(
  varsFile,
  [
    "APP_ENV=test",
    `APP_URL=http://localhost:${port}`,
    "SESSION_SECRET=e2e-only-session-secret-0123456789abcdef-0123456789",
    // One admission every 10 s in an opening's queue: tests/e2e/opening-queue.spec.ts sees a runner wait.
    "QUEUE_ADMISSIONS_PER_SECOND=0.1",
    "",
  ].join("\n"),
);
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"], env });
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
run("node", ["scripts/seed.ts", "--persist-to", persistTo]);
const child = spawn(
  "wrangler",
  [
    "dev",
    "--port",
    port,
    "--ip",
    "127.0.0.1",
    "--persist-to",
    persistTo,
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
    "--env-file",
    varsFile,
  ],
  { stdio: ["ignore", "inherit", "inherit"], env, detached: false },
);
const stop = () => child.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 0));
