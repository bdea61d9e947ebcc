import { expect, test } from "@playwright/test";
import { jsOn, loginAs } from "./helpers";

// Each project onboards its own demo account (neither has a payment account in the demo data),
// so the JavaScript-off run and the JavaScript-on run do not depend on each other.
test("an organiser onboards with the local provider and sees 'Paiements activés : oui'", async ({ page }) => {
  // Accounts no other spec activates (organiser.spec turns organisateur@ on directly in D1); any user may organise.
  const email = jsOn(page) ? "organisatrice@balise.test" : "admin@balise.test";
  await loginAs(page, email, undefined, "/monprofilorganisateur");
  await expect(page).toHaveURL(/\/monprofilorganisateur$/);

  const block = page.locator("#compte-paiement");
  await expect(block.getByRole("heading", { name: "Compte de paiement" })).toBeVisible();
  await expect(block.getByText("Paiements activés : non")).toBeVisible();

  await block.getByRole("button", { name: "Configurer mon compte de paiement" }).click();
  await expect(page).toHaveURL(/\/dev\/onboarding\/acctlink_local_/);
  await expect(page.getByRole("heading", { name: "Activer votre compte de paiement" })).toBeVisible();
  await expect(page.getByText("Coordonnées bancaires (IBAN)")).toBeVisible();
  await page.getByRole("button", { name: "Activer le compte" }).click();

  await expect(page).toHaveURL(/\/monprofilorganisateur\?onboarding=done/);
  await expect(block.getByText("Onboarding terminé : votre compte peut encaisser des paiements.")).toBeVisible();
  await expect(block.getByText("Paiements activés : oui")).toBeVisible();
  await expect(block.getByText("Virements activés : oui")).toBeVisible();
  await expect(block.getByText("Informations transmises : oui")).toBeVisible();

  // The stored status (written by the account.updated webhook) survives a plain reload, and refreshes on demand.
  await page.goto("/monprofilorganisateur");
  await expect(block.getByText("Paiements activés : oui")).toBeVisible();
  await block.getByRole("button", { name: "Actualiser le statut" }).click();
  await expect(page).toHaveURL(/\/monprofilorganisateur\?compte=actualise/);
  await expect(block.getByText("Statut du compte actualisé.")).toBeVisible();
});

test("the onboarding actions require a login", async ({ page }) => {
  await page.goto("/monprofilorganisateur/compte-paiement");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmonprofilorganisateur%2Fcompte-paiement/);
});
