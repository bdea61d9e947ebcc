// Bib transfer end to end (issue 22), JavaScript off (project nojs) and on (project js): the organiser allows
// transfers on a format, a runner registers and pays, then offers the bib to a named person from
// /mon-inscription/{id}; the invited runner opens the e-mail's link, types their fields, pays through the normal
// checkout; the seller's registration says 'Transférée', the organiser sees the transfer. Each project uses its
// own event so that the two runs never meet.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { courseId, formatId } from "../../app/db/demo-data";
import { jsOn, loginAs, logout, openPayments, payOnLocalCheckout } from "./helpers";

const SELLER = "coureur@balise.test";
const BUYER = "organisatrice@balise.test";
const ORGANISER = "organisateur@balise.test";
// The second format of the events the waiting-list test uses (its first format), one per project.
const EVENTS = {
  nojs: { course: courseId(1), format: formatId(1, 1), index: 1, courseNom: "Semi-marathon de Bordeaux Rive Droite" },
  js: { course: courseId(5), format: formatId(5, 1), index: 1, courseNom: "Trail des Calanques" },
};

/**
 * The new pages and panels pass the same accessibility rules as every page (tests/e2e/a11y.spec.ts). axe runs in
 * the page: only in the project with JavaScript on (a11y.spec.ts covers script-less pages with its own contexts).
 */
async function expectAccessible(page: Page) {
  if (!jsOn(page)) return;
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`),
  ).toEqual([]);
}

test("a runner offers their bib to a named person, who accepts and pays: the place changes hands", async ({ page }) => {
  // Three accounts, two payments and three accessibility scans: longer than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const e = jsOn(page) ? EVENTS.js : EVENTS.nojs;
  await openPayments(page);

  // The organiser allows transfers on the format, with a 5 € fee.
  await loginAs(page, ORGANISER);
  await page.goto(`/modifier-course/${e.course}`);
  await page.locator(`#f-cession-${e.index}`).selectOption("oui");
  await page.locator(`input[name="formats[${e.index}].cession_frais"]`).fill("5");
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.getByText("Épreuve modifiée avec succès !")).toBeVisible();
  await page.goto(`/courses/${e.course}?onglet=infos&format=${e.format}`);
  await expect(page.getByTestId("transfer-rules").first()).toContainText("5,00\u00a0€");
  await logout(page);

  // The seller registers and pays.
  await loginAs(page, SELLER);
  await page.goto(`/inscription/${e.course}?format=${e.format}`);
  // The rules are on the registration page too, before paying.
  await expect(page.getByTestId("transfer-rules-registration")).toContainText("Transfert de dossard possible");
  await page.getByRole("button", { name: /^Payer/ }).click();
  await payOnLocalCheckout(page);
  await expect(page.getByText("Inscription validée ! Un e-mail de confirmation a été envoyé.")).toBeVisible();
  await page.goto("/mesinscriptions");
  await page
    .locator(".reg-card", { hasText: e.courseNom })
    .first()
    .getByRole("link", { name: "Voir / Modifier" })
    .click();
  await page.waitForURL(/\/mon-inscription\/[0-9a-f-]+$/);
  const mine = new URL(page.url()).pathname;

  // A wrong address is refused next to the field, keeping what was typed.
  const panel = page.locator("#cession");
  await expect(panel.getByRole("button", { name: "Proposer mon dossard" })).toBeVisible();
  await expectAccessible(page);
  await panel.getByLabel("Adresse e-mail de la personne qui reprend votre dossard").fill("pas-une-adresse");
  await panel.getByRole("button", { name: "Proposer mon dossard" }).click();
  await expect(page.locator("#f-cession_email-error")).toContainText("Saisissez l'adresse e-mail");
  await expect(page.getByLabel("Adresse e-mail de la personne qui reprend votre dossard")).toHaveValue(
    "pas-une-adresse",
  );
  await page.getByLabel("Adresse e-mail de la personne qui reprend votre dossard").fill(BUYER);
  await page.getByRole("checkbox", { name: /Je cède mon dossard/ }).check();
  await page.locator("#cession").getByRole("button", { name: "Proposer mon dossard" }).click();
  await expect(page.getByText("Offre de transfert envoyée")).toBeVisible();
  await expect(page.getByTestId("transfer-open")).toContainText(BUYER);
  // Under transfer, it cannot be cancelled.
  await expect(page.getByRole("button", { name: "Annuler mon inscription" })).toBeDisabled();
  await logout(page);

  // The invited runner opens the link of the e-mail and pays.
  await loginAs(page, BUYER);
  await page.goto(`/dev/mail?to=${encodeURIComponent(BUYER)}`);
  await page
    .getByRole("link", { name: /vous cède son dossard/ })
    .first()
    .click();
  const link = await page.getByRole("link", { name: "Voir l'offre de transfert" }).getAttribute("href");
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByTestId("transfer-offer")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Date de naissance").fill("1988-04-02");
  await page.getByLabel("Justificatif").selectOption("licence");
  // Another person than the seller (whose licence is the demo runner's): one place per person and format.
  await page.getByLabel("Numéro de licence FFA").fill("7654321");
  await page.getByRole("button", { name: "Accepter et payer" }).click();
  await payOnLocalCheckout(page);
  await expect(page.getByText("Inscription validée ! Un e-mail de confirmation a été envoyé.")).toBeVisible();
  await logout(page);

  // The seller's registration is transferred; the organiser sees the transfer.
  await loginAs(page, SELLER);
  await page.goto(mine);
  await expect(page.getByTestId("statut")).toHaveText("Transférée");
  await expect(page.getByTestId("transfer-done")).toContainText(BUYER);
  await logout(page);
  await loginAs(page, ORGANISER);
  await page.goto(`/organisateur/inscriptions/${e.format}`);
  const transfers = page.getByTestId("transfers");
  await expect(transfers.getByRole("cell", { name: BUYER }).first()).toBeVisible();
  await expect(transfers.getByRole("cell", { name: "Transférée" }).first()).toBeVisible();
  await expectAccessible(page);
});
