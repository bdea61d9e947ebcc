// npm run dev: build, apply the D1 migrations locally, load the demo data (once), then serve with wrangler dev.
// Options: --port N (default 8787), --persist-to DIR (default .wrangler/state), --no-build.
// wrangler.jsonc describes production; the development values come from .dev.vars, written from the committed
// .dev.vars.example when it is missing (a developer's own .dev.vars is never overwritten).
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const port = opt("--port", process.env.PORT ?? "8787");
const persistTo = opt("--persist-to", ".wrangler/state");
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_D1_WARNING: "true",
};
const run = (cmd, cmdArgs) => execFileSync(cmd, cmdArgs, { stdio: ["ignore", "inherit", "inherit"], env });

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log(".dev.vars créé à partir de .dev.vars.example (valeurs de développement).");
}
if (!args.includes("--no-build")) run("remix", ["vite:build"]);
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
run("node", ["scripts/seed.ts", "--persist-to", persistTo]);

console.log(`\nBalise : http://localhost:${port}  (boîte mail locale : http://localhost:${port}/dev/mail)\n`);
const child = spawn(
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
    "warn",
    // Over .dev.vars: `npm run dev` is development whatever .dev.vars says, at the address of the port it serves.
    "--var",
    "APP_ENV:development",
    "--var",
    `APP_URL:http://localhost:${port}`,
  ],
  { stdio: ["ignore", "inherit", "inherit"], env },
);
const stop = () => child.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 0));
