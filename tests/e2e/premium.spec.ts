// Premium (issue 47, decision 0224), JavaScript off and on, on a phone's screen: a fresh runner subscribes through
// the local checkout (the webhook makes them Premium), sees 'Gérer mon abonnement' and their status, cancels in the
// portal stand-in and stays Premium until the end date shown.
import { expect, type Page, test } from "@playwright/test";
import { seriousViolations, signUpAndConfirm } from "./helpers";

test.use({ viewport: { width: 393, height: 851 } });

async function freshRunner(page: Page): Promise<{ email: string; password: string }> {
  const email = `premium-${test.info().project.name}-${Date.now()}@exemple.fr`;
  const password = "abonnement-premium-2026";
  await signUpAndConfirm(page, email, password);
  return { email, password };
}

test.describe("Premium", () => {
  test("subscribe through the local checkout, then cancel in the portal and stay Premium until the end date", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { email, password } = await freshRunner(page);

    // A visitor is sent to sign in, and comes back to the Premium page.
    await page.goto("/premium");
    await expect(page.getByText("49,00\u00a0€ par an TTC")).toBeVisible();
    await page.getByRole("button", { name: "Passer en Premium" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpremium/);
    await page.locator('main input[name="email"]').fill(email);
    await page.locator('main input[name="password"]').fill(password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/premium$/);

    // The local checkout in subscription mode; paying makes the runner Premium (through the webhook).
    await page.getByRole("button", { name: "Passer en Premium" }).click();
    await page.waitForURL(/\/dev\/checkout\//);
    await expect(page.getByText("par an TTC, renouvelé chaque année")).toBeVisible();
    await page.getByRole("button", { name: /^S'abonner 49,00/ }).click();
    await page.waitForURL(/\/premium\?abonnement=merci/);
    const status = page.getByTestId("premium-status");
    await expect(status).toContainText("Abonnement\u00a0: Actif");
    await expect(status).toContainText("Prochain renouvellement le");
    await expect(page.getByRole("button", { name: "Gérer mon abonnement" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Passer en Premium" })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The tools' home: every tool, and the runner's coming races (none yet for a new account).
    await page.getByRole("link", { name: "Ouvrir mes outils Premium" }).click();
    await expect(page.getByRole("heading", { name: "Mes outils Premium" })).toBeVisible();
    for (const tool of ["Mon plan d'entraînement", "Mes activités", "Mon bilan de la semaine"])
      await expect(page.getByRole("link", { name: tool })).toBeVisible();
    await expect(page.getByText("Aucune course à venir avec un tracé GPX parmi vos inscriptions.")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto("/premium");

    // The portal stand-in: cancel at period end.
    await page.getByRole("button", { name: "Gérer mon abonnement" }).click();
    await page.waitForURL(/\/dev\/portail\//);
    await page.getByRole("button", { name: "Résilier à la fin de la période" }).click();
    await expect(page.getByText("Se termine le")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const endDate = (await page.locator("dt:has-text('Se termine le') + dd").textContent())?.trim();
    expect(endDate).toBeTruthy();
    await page.getByRole("button", { name: "Retour sur Balise" }).click();
    await expect(page).toHaveURL(/\/premium$/);

    // Still Premium, until the end date the portal showed; no renewal.
    await expect(status).toContainText("Résilié, actif jusqu'à la fin de la période");
    await expect(status).toContainText(`Premium jusqu'au ${endDate}, sans renouvellement.`);
    await expect(status.locator(".badge")).toHaveText("Premium");

    // The welcome and the cancellation e-mails, once each.
    await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole("link", { name: /Bienvenue dans Balise Premium/ })).toHaveCount(1);
    await expect(page.getByRole("link", { name: /Votre abonnement Premium est résilié/ })).toHaveCount(1);
  });

  test("the features page describes each Premium tool, none as coming", async ({ page }) => {
    await page.goto("/fonctionnalites");
    const premium = page.locator(".card", { has: page.getByRole("heading", { name: "Premium" }) });
    for (const tool of [
      "Estimation de temps",
      "Comparateur d'allure",
      "Plan d'entraînement",
      "Exports",
      "Activités",
      "Retour hebdomadaire",
    ])
      await expect(premium.getByText(tool, { exact: true })).toBeVisible();
    await expect(premium).not.toContainText("bientôt");
  });
});
