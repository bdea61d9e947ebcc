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
  // Nothing was stored (a fresh GET: a reload would post the form again without JavaScript).
  await page.goto("/details-coureur/i0000000-0000-4000-8000-000000000001");
  await expect(page.locator("#f-pps_expiration")).not.toHaveValue("2020-01-01");
});

test("the organiser conditions' error shows once, next to its checkbox", async ({ page }) => {
  // coureur@balise.test has not accepted the organiser conditions.
  await loginAs(page, "coureur@balise.test");
  await page.goto("/monprofilorganisateur");
  await page.locator('input[name="organisation_nom"]').fill("Club des Coureurs");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  const message = page.getByText("Vous devez accepter les conditions pour continuer.");
  await expect(message).toHaveCount(1);
  await expect(page.locator("#conditions-error")).toHaveText("Vous devez accepter les conditions pour continuer.");
  await expect(
    page.getByRole("checkbox", { name: /J'ai lu et j'accepte les conditions organisateurs/ }),
  ).toHaveAttribute("aria-describedby", "conditions-error");
  // What was typed is kept.
  await expect(page.locator('input[name="organisation_nom"]')).toHaveValue("Club des Coureurs");
});

test("after a save, the organiser profile shows the website as saved (normalised)", async ({ page }, info) => {
  await loginAs(page, "organisateur@balise.test");
  await page.goto("/monprofilorganisateur");
  const site = page.locator('input[name="site_web"]');
  const host = `club-${info.project.name}-${Date.now() % 100000}.fr`;
  await site.fill(host);
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Profil sauvegardé")).toBeVisible();
  await expect(site).toHaveValue(`https://${host}/`);
  // Saved again unchanged, typed without its scheme: still the stored value.
  await site.fill(host);
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page).toHaveURL(/statut=enregistre/);
  await expect(site).toHaveValue(`https://${host}/`);
});

for (const q of ["leo", "LEO", "Léo", "léo petit", "PETIT LEO"]) {
  test(`the registrants and admin searches find Léo Petit with '${q}' (accents and case folded)`, async ({ page }) => {
    await loginAs(page, "organisateur@balise.test");
    // Demo: the Corrida de Noël's kids' format (Léo Petit, Jade Moreau, Hugo Garnier, added by hand).
    await page.goto("/organisateur/mon-espace");
    const href = await page
      .locator(".organiser-course", { hasText: "Corrida de Noël de Rennes" })
      .getByRole("row", { name: /Course enfants 1 km/ })
      .getByRole("link", { name: "Voir les inscrits" })
      .getAttribute("href");
    await page.goto(href!);
    await page.getByLabel("Rechercher", { exact: true }).fill(q);
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page.getByLabel("Nom de Léo Petit", { exact: true })).toHaveValue("Petit");
    await expect(page.getByLabel(/^Nom de Jade/)).toHaveCount(0);

    await page.context().clearCookies();
    await loginAs(page, "admin@balise.test");
    await page.goto(`/admin/inscriptions?q=${encodeURIComponent(q.split(" ")[0])}`);
    await expect(page.locator("tbody tr", { hasText: "Léo" }).first()).toContainText("Petit");
  });
}
