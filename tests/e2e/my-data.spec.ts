// « Mes données » (issue 45, decision 0219), JavaScript off and on, on a phone: a new account asks for the export
// from its profile (a second click is not a second request), the cron's step runs (/dev/exports, the local stand-in),
// the e-mail's link downloads the ZIP, which opens and holds the account's data.
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { openMail, signUpAndConfirm } from "./helpers";

test.use({ viewport: { width: 393, height: 851 } });

const PASSWORD = "sentier-des-douaniers-2026";

/** A new confirmed account, logged in (its own: the export is limited to one per 24 hours). */
async function newAccount(page: Page): Promise<string> {
  const email = `mes-donnees-${test.info().project.name}-${Date.now()}@exemple.fr`;
  await signUpAndConfirm(page, email, PASSWORD);
  await page.goto("/login?redirectTo=%2Fmonprofil");
  await page.locator('main form input[name="email"]').fill(email);
  await page.locator('main form input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/monprofil$/);
  return email;
}

test("request the data export, follow the e-mail's link, open the ZIP", async ({ page }) => {
  test.setTimeout(120_000);
  const email = await newAccount(page);

  await page.getByRole("link", { name: /Mes données/ }).click();
  await expect(page).toHaveURL(/\/monprofil\/donnees$/);
  await expect(page.getByRole("heading", { name: "Mes données" })).toBeVisible();
  await page.getByRole("button", { name: "Demander l'export de mes données" }).click();
  await expect(page.getByRole("status")).toContainText("Votre demande est enregistrée.");
  await expect(page.getByText("En préparation")).toBeVisible();
  // A second click does not make a second request.
  await page.getByRole("button", { name: "Demander l'export de mes données" }).click();
  await expect(page.getByRole("status")).toContainText("Une demande est déjà en cours de préparation");
  await expect(page.getByText("En préparation")).toHaveCount(1);

  // The cron's step, run now.
  await page.goto("/dev/exports");
  await page.getByRole("button", { name: "Préparer les exports en attente" }).click();
  await expect(page.getByRole("status")).toContainText(/[1-9]\d* archive\(s\) préparée\(s\)/);

  await openMail(page, email, "Vos données Balise sont prêtes");
  const link = page.locator(".mail-body").getByRole("link", { name: "Télécharger mes données" });
  await expect(link).toHaveAttribute("href", /\/monprofil\/donnees\/[0-9a-f-]+\.zip$/);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^balise-mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const [account] = JSON.parse(strFromU8(files["donnees/users.json"])) as { email: string }[];
  expect(account.email).toBe(email);
  expect(strFromU8(files["donnees/users.csv"])).toContain(email);
  expect(strFromU8(files["README.txt"])).toContain(email);
  expect(Object.keys(files)).toContain("donnees/inscriptions.json");

  // The page now offers the archive too.
  await page.goto("/monprofil/donnees");
  await expect(page.getByText("Prête")).toBeVisible();
  await expect(page.getByRole("link", { name: "Télécharger l'archive ZIP" })).toBeVisible();
});
