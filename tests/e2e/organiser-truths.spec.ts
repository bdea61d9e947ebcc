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
  await page.goto("/admin/inscriptions?page=9999&taille=25");
  const status = page.locator(".pager-status");
  await expect(status).toHaveText(/^Page 1 \/ \d+$/);
  const last = Number((await status.textContent())?.split("/")[1]);
  // Walk to the second page, then forge its number: never past the last page.
  await page.getByRole("link", { name: "Suivant" }).click();
  await expect(status).toHaveText(`Page 2 / ${last}`);
  const forged = new URL(page.url());
  forged.searchParams.set("page", "9999");
  await page.goto(forged.pathname + forged.search);
  await expect(status).toHaveText(`Page ${last} / ${last}`);
});
