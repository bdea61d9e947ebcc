// Issue 42: one status vocabulary for the runner. A registration left unpaid reads 'En attente de paiement' on its
// own page as in the runner's list (never a green 'Active'), and both offer 'Payer maintenant', which leads to the
// payment and validates the registration. JavaScript off (project nojs) and on (project js), each on a format no
// other test registers on: the Canigou's Sommet 38 km, Bordeaux's 10 km.
import { expect, test } from "@playwright/test";
import { courseId, formatId } from "../../app/db/demo-data";
import { jsOn, loginAs, openPayments, payOnLocalCheckout } from "./helpers";

const RUNNER = "coureur@balise.test";

test("an unpaid registration says so everywhere the runner looks, and 'Payer maintenant' pays it", async ({ page }) => {
  const course = jsOn(page) ? courseId(1) : courseId(11);
  const format = jsOn(page) ? formatId(1, 0) : formatId(11, 1);
  const nom = jsOn(page) ? "10 km" : "Sommet 38 km";
  const event = jsOn(page) ? "Semi-marathon de Bordeaux Rive Droite" : "Trail du Canigou";
  const cardOf = () => page.locator(".reg-card").filter({ hasText: nom }).filter({ hasText: event });
  await openPayments(page);
  await loginAs(page, RUNNER);
  await page.goto(`/inscription/${course}?format=${format}`);
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
