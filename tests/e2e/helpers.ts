import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "balise-demo";

/** True in the project that runs with JavaScript on. */
export function jsOn(page: Page): boolean {
  // Playwright keeps the context options in a private field; there is no public getter for javaScriptEnabled.
  const options = (page.context() as unknown as { _options?: { javaScriptEnabled?: boolean } })._options;
  return options?.javaScriptEnabled !== false;
}

export async function expectNoConsoleErrors(page: Page, run: () => Promise<void>) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await run();
  expect(errors).toEqual([]);
}

/** Logs in through the real /login form (works with JS off and on) and waits to leave /login. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
  await page.locator('main form input[name="email"]').fill(email);
  await page.locator('main form input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}
