// The server the end-to-end tests run against: the production build under wrangler dev, on a fresh local
// state (migrations + demo data), so every run starts from the same data. Port: E2E_PORT (default 8788).
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";

const port = process.env.E2E_PORT ?? "8788";
const persistTo = `.wrangler/e2e-${port}`;
rmSync(persistTo, { recursive: true, force: true });
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"], env });
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
run("node", ["scripts/seed.ts", "--persist-to", persistTo]);
const child = spawn(
  "wrangler",
  ["dev", "--port", port, "--ip", "127.0.0.1", "--persist-to", persistTo, "--show-interactive-dev-session=false", "--log-level", "warn",
   "--var", `APP_URL:http://localhost:${port}`],
  { stdio: ["ignore", "inherit", "inherit"], env, detached: false },
);
const stop = () => child.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 0));
