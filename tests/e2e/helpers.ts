import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

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

/** The demo organiser activates the local payment account once (idempotent: skipped when already active), then leaves. */
export async function openPayments(page: Page) {
  await loginAs(page, "organisateur@balise.test");
  await page.goto("/monprofilorganisateur/compte-paiement");
  const start = page.getByRole("button", { name: /Configurer mon compte de paiement|Reprendre l'onboarding/ });
  if (await start.count()) {
    await start.first().click();
    await page.waitForURL(/\/dev\/onboarding\//);
    await page.getByRole("button", { name: "Activer le compte" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/dev/onboarding"));
  }
  await logout(page);
}

export async function logout(page: Page) {
  await page.context().clearCookies();
}

/** Pays on the local provider's checkout page and waits for /merci. */
export async function payOnLocalCheckout(page: Page) {
  await page.waitForURL(/\/dev\/checkout\//);
  await page.getByRole("button", { name: /^Payer \d/ }).click();
  await page.waitForURL(/\/merci\?/);
}

/**
 * coureur@balise.test registers on `format` of `course` under the last name `nom` (a road format: no justificatif)
 * and pays on the local checkout; the session is then cleared.
 */
export async function registerAndPay(page: Page, course: string, format: string, nom: string) {
  await loginAs(page, "coureur@balise.test");
  await page.goto(`/inscription/${course}?format=${format}`);
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill(nom);
  await page.getByRole("button", { name: /^Payer/ }).click();
  await payOnLocalCheckout(page);
  await expect(page.getByText("Inscription validée ! Un e-mail de confirmation a été envoyé.")).toBeVisible();
  await page.context().clearCookies();
}

/** Opens the newest mail with this subject sent to `email` in the local mailbox (/dev/mail). */
export async function openMail(page: Page, email: string, subject: string) {
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await page
    .getByRole("link", { name: new RegExp(subject) })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: subject })).toBeVisible();
}

/** Creates account `email` and confirms it through the mailed link (not logged in afterwards). */
export async function signUpAndConfirm(page: Page, email: string, password: string) {
  await page.goto("/signup");
  await page.locator('main input[name="email"]').fill(email);
  await page.locator('main input[name="password"]').fill(password);
  await page.locator('main input[name="confirmation"]').fill(password);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByText("✅ Compte créé. Vérifiez votre email pour confirmer.")).toBeVisible();
  await openMail(page, email, "Confirmez votre adresse email — Balise");
  await page.locator(".mail-body").getByRole("link", { name: "Confirmer mon adresse email" }).click();
  await page.getByRole("button", { name: "Confirmer mon adresse email" }).click();
  await expect(page.getByText("✅ Adresse email confirmée. Vous pouvez vous connecter.")).toBeVisible();
}

/**
 * A fresh account, confirmed, signed in and Premium (subscribed through the local checkout; its webhook makes the
 * runner Premium). For the Premium tools' specs; premium.spec tests the subscription itself step by step.
 */
export async function becomePremium(page: Page, label: string): Promise<{ email: string; password: string }> {
  const email = `${label}-${test.info().project.name}-${Date.now()}@exemple.fr`;
  const password = "abonnement-premium-2026";
  await signUpAndConfirm(page, email, password);
  await loginAs(page, email, password, "/premium");
  await subscribe(page);
  return { email, password };
}

/** The signed-in runner, on /premium, subscribes through the local checkout (the webhook makes them Premium). */
async function subscribe(page: Page) {
  await page.getByRole("button", { name: "Passer en Premium" }).click();
  await page.waitForURL(/\/dev\/checkout\//);
  await page.getByRole("button", { name: /^S'abonner 49,00/ }).click();
  await page.waitForURL(/\/premium\?abonnement=merci/);
  await expect(page.getByTestId("premium-status")).toContainText("Abonnement\u00a0: Actif");
}

/**
 * A demo account (which keeps its results and registrations) signs in and becomes Premium once per run: skipped when
 * an earlier test of the run (the other project) already subscribed it.
 */
export async function demoRunnerPremium(page: Page, email: string) {
  await loginAs(page, email, DEMO_PASSWORD, "/premium");
  if ((await page.getByRole("button", { name: "Passer en Premium" }).count()) > 0) await subscribe(page);
  await expect(page.getByTestId("premium-status")).toContainText("Abonnement\u00a0: Actif");
}

/** A Paris calendar day `days` from now, YYYY-MM-DD. */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Fills /premium/plan's form for a typed race `daysAhead` days away (without sending it). */
export async function fillTrainingPlanForm(page: Page, daysAhead: number) {
  await page.getByLabel("Nom de la course").fill("Semi de la Plaine");
  await page.getByLabel("Date de la course").fill(dayFromNow(daysAhead));
  await page.getByLabel("Distance (km)").fill("21,1");
  await page.getByLabel("Dénivelé positif (m)").fill("150");
  await page.getByLabel("Volume actuel (km par semaine)").fill("30");
  await page.getByLabel("Sortie longue actuelle").fill("1 h 15");
  await page.getByLabel("Allure seuil (min/km, facultatif)").fill("4:50");
  for (const day of ["mardi", "jeudi", "dimanche"]) await page.getByLabel(day, { exact: true }).check();
  await page.getByLabel("Jour de la sortie longue").selectOption({ label: "dimanche" });
}

/** A Premium runner's plan for a half-marathon in 14 weeks, made through /premium/plan's form. */
export async function createTrainingPlan(page: Page) {
  await page.goto("/premium/plan");
  await fillTrainingPlanForm(page, 98);
  await page.getByRole("button", { name: "Créer mon plan" }).click();
  await expect(page.getByText("Votre plan est prêt.")).toBeVisible();
}

/**
 * Serious and critical accessibility violations of the page as it is. axe runs in the page: with JavaScript off it
 * cannot (a11y.spec covers the pages' scripts-blocked rendering), so the JS-off project gets none.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!jsOn(page)) return [];
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}
