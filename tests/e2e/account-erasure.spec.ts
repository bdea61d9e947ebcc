// « Supprimer mon compte » (issue 45, decision 0220), JavaScript off (nojs) and on (js), phone viewport. A fresh
// runner account signs up, registers and pays on the 10 km de Paris Bercy (a format no other spec registers on), asks
// to erase its account: refused with the French reason while the race is to come; cancels; asks again; the link
// mailed opens a confirmation page whose button erases; the session is closed and the password no longer opens it.
import { expect, test, type Page } from "@playwright/test";
import { courseId, formatId } from "../../app/db/demo-data";
import { openMail, openPayments, payOnLocalCheckout, signUpAndConfirm } from "./helpers";

test.use({ viewport: { width: 393, height: 851 }, isMobile: false });

const PASSWORD = "effacement-des-cimes-2026";
const COURSE = courseId(10);
const FORMAT = formatId(10, 0);

async function fillLogin(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.locator('main form input[name="email"]').fill(email);
  await page.locator('main form input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

async function askErasure(page: Page, password: string) {
  await page.goto("/monprofil");
  await page.getByRole("link", { name: "Supprimer mon compte" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Supprimer mon compte" })).toBeVisible();
  await page.locator('main input[name="password"]').fill(password);
  const tick = page.getByRole("checkbox", { name: /la suppression de mon compte est définitive/ });
  if (!(await tick.isChecked())) await tick.check();
  await page.getByRole("button", { name: "Recevoir le lien de suppression" }).click();
}

test("erasing one's account: refused while a race is to come, then confirmed by the mailed link", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await openPayments(page);
  const nom = `Effacé${info.project.name}${Date.now() % 100000}`;
  const email = `efface-${info.project.name}-${Date.now()}@exemple.fr`;
  await signUpAndConfirm(page, email, PASSWORD);
  await fillLogin(page, email, PASSWORD);
  await page.waitForURL((url) => url.pathname !== "/login");

  // Register and pay on a race to come.
  await page.goto(`/inscription/${COURSE}?format=${FORMAT}`);
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill(nom);
  await page.getByRole("textbox", { name: "Prénom", exact: true }).fill("Ambre");
  await page.getByLabel("Date de naissance").fill("1990-05-14");
  await page.getByRole("button", { name: /^Payer/ }).click();
  await payOnLocalCheckout(page);
  await expect(page.getByText("Inscription validée ! Un e-mail de confirmation a été envoyé.")).toBeVisible();

  // The tick is required; a wrong password is refused beside its field, the tick stays.
  await page.goto("/monprofil/supprimer");
  await page.locator('main input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "Recevoir le lien de suppression" }).click();
  await expect(page.getByText("❌ Cochez cette case pour confirmer que la suppression est définitive.")).toBeVisible();
  await askErasure(page, "pas-le-bon-mot-de-passe");
  await expect(page.locator("#f-password-error")).toHaveText("❌ Mot de passe incorrect.");
  await expect(page.getByRole("checkbox", { name: /définitive/ })).toBeChecked();

  // Refused while the race is to come: the reason, a link to cancel, and nothing mailed.
  await askErasure(page, PASSWORD);
  await expect(page.getByRole("alert")).toContainText("Votre compte ne peut pas être supprimé pour l'instant.");
  await expect(page.getByRole("alert")).toContainText("annulez-la d'abord depuis « Mes inscriptions »");
  await page.getByRole("link", { name: "Voir mes inscriptions" }).click();
  await expect(page).toHaveURL(/\/mesinscriptions$/);
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole("link", { name: /Confirmez la suppression de votre compte/ })).toHaveCount(0);

  // Cancel the registration.
  await page.goto("/mesinscriptions");
  await page
    .locator(".reg-card", { hasText: "10 km de Paris Bercy" })
    .getByRole("link", { name: "Voir / Modifier" })
    .click();
  await page.getByRole("link", { name: /Annuler mon inscription — remboursement estimé/ }).click();
  const screen = page.locator(".cancel-screen, [role=dialog]").last();
  await screen.getByRole("checkbox", { name: /J'accepte la politique de remboursement/ }).check();
  await screen.getByRole("button", { name: "Confirmer l'annulation" }).click();
  await expect(page.getByTestId("statut")).toHaveText("Remboursée partiellement");

  // Asked again: the link is mailed.
  await askErasure(page, PASSWORD);
  await expect(page.getByText(`Un email vient de vous être envoyé à ${email}.`)).toBeVisible();
  await openMail(page, email, "Confirmez la suppression de votre compte — Balise");
  await page.locator(".mail-body").getByRole("link", { name: "Supprimer mon compte" }).click();
  await expect(page).toHaveURL(/\/monprofil\/supprimer\/confirmer\?token=/);
  const link = page.url();

  // The page changes nothing by itself: its button erases, logs out and says goodbye.
  await expect(page.getByRole("heading", { level: 1, name: "Supprimer mon compte" })).toBeVisible();
  await page.getByRole("button", { name: "Supprimer définitivement mon compte" }).click();
  await expect(page).toHaveURL(/\/compte-supprime$/);
  await expect(page.getByRole("heading", { level: 1, name: "Votre compte a été supprimé" })).toBeVisible();
  await page.goto("/monprofil");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmonprofil/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);

  // The password no longer opens the account.
  await fillLogin(page, email, PASSWORD);
  await expect(page.getByText("❌ Erreur de connexion : Email ou mot de passe incorrect.")).toBeVisible();
});
