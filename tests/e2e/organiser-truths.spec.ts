// Issue 42, "What an organiser reads must be true too": each fault seen in the browser, JavaScript off and on.
import { expect, test } from "@playwright/test";
import { jsOn, loginAs } from "./helpers";

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

test("the organiser cannot give a registrant an expired PPS date: a French message next to the field", async ({
  page,
}) => {
  await loginAs(page, "organisateur@balise.test");
  // Demo: a runner the organiser added by hand to the Corrida de Noël's full kids' format.
  await page.goto("/details-coureur/i0000000-0000-4000-8000-000000000001");
  const row = page.locator("tr", { has: page.locator("#f-pps_expiration") });
  await row.locator("#f-pps_expiration").fill("2020-01-01");
  if (!jsOn(page)) await row.getByRole("button", { name: "Enregistrer" }).click();
  await expect(row.locator("#f-pps_expiration-err")).toHaveText(
    "Votre PPS a expiré le 1er\u00a0janvier\u00a02020\u00a0: renouvelez-le sur le site de la FFA.",
  );
  await page.reload();
  await expect(page.locator("#f-pps_expiration")).not.toHaveValue("2020-01-01");
});
