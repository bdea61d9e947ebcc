import { existsSync, readFileSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { buildDemoData, DEMO_PASSWORD } from "./app/db/demo-data";
import { hashPassword } from "./app/utils/password.server";
import { islands } from "./vite-plugins/islands";

// wrangler.jsonc describes production, and the plugin also reads a developer's .dev.vars: the workerd tests set their
// own variables here, and blank every other one .dev.vars sets (real test keys, say), so they run the same everywhere.
function devVarsBlanked(): Record<string, string> {
  if (!existsSync(".dev.vars")) return {};
  const keys = readFileSync(".dev.vars", "utf8").match(/^\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_]*(?=\s*=)/gm) ?? [];
  return Object.fromEntries(keys.map((k) => [k.replace(/^\s*(export\s+)?/, ""), ""]));
}

// Two projects: pure units in Node, and integration tests inside workerd with real D1/R2/Durable Objects.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  const demo = buildDemoData(new Date(), await hashPassword(DEMO_PASSWORD));
  return {
    test: {
      projects: [
        {
          plugins: [tsconfigPaths()],
          test: {
            name: "unit",
            include: ["app/**/*.test.{ts,tsx}", "party/**/*.test.ts", "tests/unit/**/*.test.ts"],
            environment: "node",
          },
        },
        {
          plugins: [
            tsconfigPaths(),
            // The islands' addresses (virtual:balise-islands) that app/root.tsx reads, as in development.
            islands(),
            cloudflareTest({
              main: "./server.ts",
              wrangler: { configPath: "./wrangler.jsonc" },
              miniflare: {
                bindings: {
                  ...devVarsBlanked(),
                  APP_ENV: "test",
                  APP_URL: "http://localhost:8787",
                  SESSION_SECRET: "test-only-session-secret-0123456789abcdef-0123456789",
                  TEST_MIGRATIONS: migrations,
                  DEMO_STATEMENTS: demo.statements,
                  DEMO_FILES: demo.files.map((f) => ({ ...f })),
                },
              },
            }),
          ],
          test: {
            name: "workers",
            // workerd integration tests hash passwords (PBKDF2) and render pages; give them room on a busy machine.
            testTimeout: 30_000,
            hookTimeout: 60_000,
            include: ["tests/workers/**/*.test.ts"],
            setupFiles: ["./tests/workers/apply-migrations.ts"],
          },
        },
      ],
    },
  };
});
