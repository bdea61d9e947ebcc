import { defineConfig, devices } from "@playwright/test";
import { chromium } from "./tests/e2e/chromium";

const port = Number(process.env.E2E_PORT ?? 8788);
const baseURL = `http://localhost:${port}`;

// Key flows run twice: with JavaScript off (plain forms) and on (enhanced).
export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  use: { baseURL, locale: "fr-FR", timezoneId: "Europe/Paris", trace: "retain-on-failure", launchOptions: chromium },
  projects: [
    { name: "nojs", use: { ...devices["Pixel 5"], javaScriptEnabled: false, launchOptions: chromium } },
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true, launchOptions: chromium } },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/robots.txt`,
    reuseExistingServer: false,
    timeout: 480_000, // fresh migrations + demo data + wrangler start; generous for loaded 2-core machines
    stdout: "ignore",
    stderr: "pipe",
  },
});
