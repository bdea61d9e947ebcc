import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "balise-demo";

/** True in the project that runs with JavaScript on. */
export function jsOn(page: Page): boolean {
  return page.context()["_options"]?.javaScriptEnabled !== false;
}

export async function expectNoConsoleErrors(page: Page, run: () => Promise<void>) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await run();
  expect(errors).toEqual([]);
}
