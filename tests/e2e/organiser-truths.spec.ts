// Issue 42, "What an organiser reads must be true too": each fault seen in the browser, JavaScript off and on.
import { expect, test } from "@playwright/test";
import { loginAs } from "./helpers";

test("a logged-in non-admin who opens /admin lands on the home page", async ({ page }) => {
  await loginAs(page, "coureur@balise.test");
  await page.goto("/admin");
  await expect(page).toHaveURL((u) => u.pathname === "/");
  await expect(page.getByText("403 — Accès réservé aux administrateurs.")).toHaveCount(0);
  // The screens inside keep their 403.
  await page.goto("/admin/inscriptions");
  await expect(page.getByText("403 — Accès réservé aux administrateurs.")).toBeVisible();
});

test("the admin registrations page label cannot be forged by ?page=", async ({ page }) => {
  await loginAs(page, "admin@balise.test");
  const status = page.locator(".pager-status");
  // No cursor: this is the first page, whatever page= says.
  await page.goto("/admin/inscriptions?page=9999&taille=25");
  await expect(status).toHaveText(/^Page 1 \/ \d+$/);
  const last = Number((await status.textContent())?.split("/")[1]);
  // A cursor (every registration is older than 2100) with a forged number: never past the last page.
  await page.goto("/admin/inscriptions?taille=25&page=9999&apres=2100-01-01T00:00:00.000Z~zzz");
  await expect(status).toHaveText(`Page ${last} / ${last}`);
  await expect(page.getByText("Page 9999")).toHaveCount(0);
});
