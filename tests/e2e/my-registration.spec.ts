// /mon-inscription/{id}, JavaScript off (nojs: the cancel screen is a page) and on (js: a dialog).
// Each project works on its own paid demo registration (a cancellation cannot be undone): 62 and 41 days ahead,
// both in the 90 % tier.
import { expect, test, type Page } from "@playwright/test";
import { DEMO_PAID_REGISTRATIONS } from "../../app/db/demo-data";
import { localProviderFee, platformFee } from "../../app/domain/money";
import { jsOn, loginAs } from "./helpers";

const PRICES: Record<string, { course: string; cents: number }> = {
  "trail-des-aiguilles-rouges": { course: "Trail des Aiguilles Rouges", cents: 3800 },
  "10-km-de-paris-bercy": { course: "10 km de Paris Bercy", cents: 2500 },
};

function registrationFor(page: Page) {
  const reg = DEMO_PAID_REGISTRATIONS[jsOn(page) ? 1 : 0];
  const { course, cents } = PRICES[reg.courseSlug];
  const nonRefundable = localProviderFee(cents) + platformFee(cents);
  const base = cents - nonRefundable;
  const refund = Math.floor((base * 90) / 100);
  return { ...reg, course, cents, nonRefundable, base, refund, url: `/mon-inscription/${reg.id}` };
}

/** "31,75 €" as the page prints it (no-break space before the euro sign). */
const euros = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")}\u00a0€`;

test("another account gets 404 on the runner's registration", async ({ page }) => {
  const reg = registrationFor(page);
  await loginAs(page, "organisatrice@balise.test");
  const res = await page.goto(reg.url);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page non trouvée" })).toBeVisible();
});

test("the runner edits the registration: French error next to the field, then saved", async ({ page }) => {
  const reg = registrationFor(page);
  await loginAs(page, "coureur@balise.test", undefined, reg.url);
  await page.goto(reg.url);
  await expect(page.getByRole("heading", { level: 1, name: reg.course })).toBeVisible();
  await expect(page.getByTestId("statut")).toHaveText("Active");
  await expect(page.getByText(/Fédération française d'athlétisme/)).toBeVisible();

  await page.getByLabel("Ville").fill("Villeurbanne");
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill("");
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.locator("#f-nom-error")).toHaveText("Le nom est obligatoire.");
  await expect(page.getByLabel("Ville")).toHaveValue("Villeurbanne"); // kept as typed

  await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Bernard");
  await page.getByLabel("Apparaître dans les résultats officiels").uncheck();
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.getByText("Modifications enregistrées ✅")).toBeVisible();
  await page.goto(reg.url);
  await expect(page.getByLabel("Ville")).toHaveValue("Villeurbanne");
  await expect(page.getByLabel("Apparaître dans les résultats officiels")).not.toBeChecked();
});

test("Retour leaves the cancel screen; with JavaScript, Escape closes the dialog and the focus stays inside", async ({
  page,
}) => {
  const reg = registrationFor(page);
  await loginAs(page, "coureur@balise.test", undefined, reg.url);
  await page.goto(reg.url);
  const open = page.getByRole("link", { name: /Annuler mon inscription — remboursement estimé/ });
  await open.click();
  await expect(page).toHaveURL(new RegExp(`${reg.url}/annuler$`));
  if (jsOn(page)) {
    const dialog = page.getByRole("dialog", { name: "Annuler mon inscription" });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${reg.url}$`));
    await open.click();
    await expect(dialog).toBeVisible();
  } else {
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Annuler mon inscription" })).toBeVisible();
  }
  await page.getByRole("link", { name: "Retour", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${reg.url}$`));
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("statut")).toHaveText("Active");
});

test("a runner cancels more than 30 days before and gets 90 % of the base", async ({ page }) => {
  const reg = registrationFor(page);
  await loginAs(page, "coureur@balise.test", undefined, reg.url);
  await page.goto(reg.url);
  const open = page.getByRole("link", {
    name: `Annuler mon inscription — remboursement estimé : ${euros(reg.refund)}`,
  });
  await expect(open).toBeVisible();
  await open.click();

  // Without JavaScript a page of its own; with it, a dialog over the registration.
  const screen = jsOn(page)
    ? page.getByRole("dialog", { name: "Annuler mon inscription" })
    : page.locator(".cancel-screen");
  await expect(screen.getByRole("heading", { name: "Annuler mon inscription" })).toBeVisible();
  if (!jsOn(page)) await expect(page.getByRole("dialog")).toHaveCount(0);
  const row = (label: string) =>
    screen.locator(".quote div", { has: page.locator("dt", { hasText: label }) }).locator("dd");
  await expect(row("Montant payé")).toHaveText(euros(reg.cents));
  await expect(row("Frais non remboursables")).toHaveText(`− ${euros(reg.nonRefundable)}`);
  await expect(row("Base remboursable")).toHaveText(euros(reg.base));
  await expect(row("Barème appliqué")).toHaveText("90 %");
  await expect(row("Remboursement estimé")).toHaveText(euros(reg.refund));
  const days = Number(await row("Jours avant l'épreuve").textContent());
  expect(days).toBeGreaterThan(30);
  await expect(screen.getByRole("link", { name: "politique de remboursement" })).toHaveAttribute(
    "href",
    "/legal/remboursements",
  );

  // The policy box is required: the server says so next to it.
  await screen.getByLabel("Motif (facultatif)").selectOption("Blessure");
  await screen.getByRole("button", { name: "Confirmer l'annulation" }).click();
  await expect(
    page.getByText("Vous devez accepter la politique de remboursement pour confirmer l'annulation."),
  ).toBeVisible();
  const again = jsOn(page)
    ? page.getByRole("dialog", { name: "Annuler mon inscription" })
    : page.locator(".cancel-screen");
  await expect(again.getByLabel("Motif (facultatif)")).toHaveValue("Blessure");

  await again.getByRole("checkbox", { name: /J'accepte la politique de remboursement/ }).check();
  await again.getByRole("button", { name: "Confirmer l'annulation" }).click();
  await expect(page).toHaveURL(new RegExp(`${reg.url}\\?annulation=ok$`));
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("statut")).toHaveText("Remboursée partiellement");
  await expect(page.getByText(`Remboursement de ${euros(reg.refund)} (90 % de la base remboursable)`)).toBeVisible();
  // The confirmation is on screen and has the focus (with JavaScript the dialog closed over a page scrolled down
  // to the cancel button), and nothing contradicts it right away.
  const done = page.getByTestId("annulation-ok");
  await expect(done).toBeInViewport();
  if (jsOn(page)) await expect(done).toBeFocused();
  await expect(page.getByText("Cette inscription est déjà remboursée partiellement.")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Enregistrer les modifications" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Annuler mon inscription" })).toBeDisabled();
  // A later visit says where things stand.
  await page.goto(reg.url);
  await expect(page.getByText("Cette inscription est déjà remboursée partiellement.")).toBeVisible();

  // My registrations shows the new status.
  await page.goto("/mesinscriptions");
  const card = page.locator(".reg-card", { hasText: reg.course });
  await expect(card.getByText("Remboursée partiellement")).toBeVisible();

  // And the e-mail is in the local mailbox.
  await page.goto("/dev/mail");
  await page
    .getByRole("link", { name: new RegExp(`Annulation confirmée : ${reg.course} — ${reg.formatNom}`) })
    .first()
    .click();
  await expect(page.locator(".mail-body")).toContainText(
    `Remboursement : ${euros(reg.refund)}, soit 90 % de la base remboursable de ${euros(reg.base)}`,
  );
});
