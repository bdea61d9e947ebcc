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
