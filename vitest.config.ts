import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { buildDemoData, DEMO_PASSWORD } from "./app/db/demo-data";
import { hashPassword } from "./app/utils/password.server";

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
            cloudflareTest({
              main: "./server.ts",
              wrangler: { configPath: "./wrangler.jsonc" },
              miniflare: {
                bindings: {
                  APP_ENV: "test",
                  TEST_MIGRATIONS: migrations,
                  DEMO_STATEMENTS: demo.statements,
                  DEMO_FILES: demo.files,
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
