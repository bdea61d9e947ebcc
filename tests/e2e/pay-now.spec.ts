// Issue 42: one status vocabulary for the runner. A registration left unpaid reads 'En attente de paiement' on its
// own page as in the runner's list (never a green 'Active'), and both offer 'Payer maintenant', which leads to the
// payment and validates the registration. JavaScript off (project nojs) and on (project js), on the Canigou's Sommet
// 38 km, which no other test registers on: the demo runner without JavaScript, the second runner account with it.
import { expect, test } from "@playwright/test";
import { courseId, formatId } from "../../app/db/demo-data";
import { jsOn, loginAs, openPayments, payOnLocalCheckout } from "./helpers";

const RUNNERS = { nojs: "coureur@balise.test", js: "organisatrice@balise.test" };

test("an unpaid registration says so everywhere the runner looks, and 'Payer maintenant' pays it", async ({ page }) => {
  const course = courseId(11);
  const format = formatId(11, 1);
  const nom = "Sommet 38 km";
  const event = "Trail du Canigou";
  const cardOf = () => page.locator(".reg-card").filter({ hasText: nom }).filter({ hasText: event });
  await openPayments(page);
  await loginAs(page, jsOn(page) ? RUNNERS.js : RUNNERS.nojs);
  await page.goto(`/inscription/${course}?format=${format}`);
  // A competition asks for the birth date and a licence; the second account's profile has neither.
  const birth = page.getByLabel("Date de naissance");
  if ((await birth.inputValue()) === "") await birth.fill("1986-05-05");
  const licence = page.getByLabel("Numéro de licence");
  if ((await licence.inputValue()) === "") await licence.fill("7654321");
  await page.getByRole("button", { name: /^Payer/ }).click();
  // The runner leaves the payment page without paying.
  await page.waitForURL(/\/dev\/checkout\//);
  await page.goto("/mesinscriptions");
  const card = cardOf();
  await expect(card.getByText("En attente de paiement")).toBeVisible();
  await expect(card.getByRole("button", { name: "Payer maintenant" })).toBeVisible();
  await card.getByRole("link", { name: "Voir / Modifier" }).click();
  // Its own page says the same, in the waiting tone, and offers to pay.
  await expect(page.getByTestId("statut")).toHaveText("En attente de paiement");
  await expect(page.getByTestId("statut")).not.toHaveClass(/status-active/);
  await page.getByRole("button", { name: "Payer maintenant" }).click();
  await payOnLocalCheckout(page);
  await expect(page.getByText("Inscription validée ! Un e-mail de confirmation a été envoyé.")).toBeVisible();
  await page.goto("/mesinscriptions");
  await expect(cardOf().getByText("Active")).toBeVisible();
  await expect(cardOf().getByRole("button", { name: "Payer maintenant" })).toHaveCount(0);
});
