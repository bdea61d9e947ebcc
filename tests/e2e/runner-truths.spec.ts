// Issue 42, "What a runner reads must be true", JavaScript off (nojs) and on (js): joining a waiting list says so in
// words that fit everyone, and leaving it asks first (the rank is lost for good): 'Garder ma place' keeps it, the
// confirmation removes it (the demo's full format, Corrida de Noël de Rennes, 'Course enfants 1 km'). A cancellation
// at zero refund is said before the cancel screen opens and still frees the place (Rando gourmande du Médoc, moved
// to race day in 3 days, then back). Each project with its own account or format, so that the two runs never meet.
import { expect, test, type Page } from "@playwright/test";
import { courseId, formatId } from "../../app/db/demo-data";
import { jsOn, loginAs, logout, openPayments, payOnLocalCheckout } from "./helpers";

const FULL = { course: courseId(14), format: formatId(14, 1) };
const ACCOUNTS = { nojs: "coureur@balise.test", js: "organisatrice@balise.test" };

test("leaving a waiting list asks first; the notice after joining fits everyone", async ({ page }) => {
  await loginAs(page, jsOn(page) ? ACCOUNTS.js : ACCOUNTS.nojs);
  await page.goto(`/inscription/${FULL.course}?format=${FULL.format}`);
  const birth = page.getByLabel("Date de naissance");
  if ((await birth.inputValue()) === "") await birth.fill("1988-04-02");
  await page.getByRole("button", { name: "Rejoindre la liste d'attente" }).click();
  await expect(page).toHaveURL(/\/liste-attente\/[0-9a-f-]+\?notice=rejointe$/);
  await expect(page.getByText("Votre inscription sur la liste d'attente est enregistrée.")).toBeVisible();
  await expect(page.getByText(/inscrit sur la liste/)).toHaveCount(0);
  const position = page.getByText(/Vous êtes \d+(er|re|e) sur la liste d'attente/);
  await expect(position).toBeVisible();
  const rank = /Vous êtes (\d+)/.exec((await position.textContent()) ?? "")![1];
  const entry = new URL(page.url()).pathname;

  // 'Quitter la liste d'attente' asks first, with the rank the runner would lose; 'Garder ma place' keeps it.
  await page.getByRole("link", { name: "Quitter la liste d'attente" }).click();
  await expect(page.getByTestId("leave-question")).toHaveText(
    new RegExp(`^Voulez-vous vraiment quitter la liste d'attente\\s\\? Vous perdrez votre rang \\(n°\\s${rank}\\)\\.$`),
  );
  await page.getByRole("link", { name: "Garder ma place" }).click();
  await expect(page).toHaveURL(new RegExp(`${entry}$`));
  await expect(page.getByTestId("leave-question")).toHaveCount(0);
  await expect(page.getByText(new RegExp(`Vous êtes ${rank}(er|re|e) sur la liste d'attente`))).toBeVisible();

  // Confirmed: the entry ends.
  await page.getByRole("link", { name: "Quitter la liste d'attente" }).click();
  await page.getByRole("button", { name: "Oui, quitter la liste d'attente" }).click();
  await expect(page.getByText("Vous avez quitté la liste d'attente.", { exact: true })).toBeVisible();
  await expect(page.getByText("A quitté la liste")).toBeVisible();
  await expect(page.getByRole("link", { name: "Quitter la liste d'attente" })).toHaveCount(0);
});

const LATE = { course: courseId(12), formats: { nojs: 0, js: 1 } };

/** The organiser sets the format's race day; returns the one it had. */
async function setRaceDay(page: Page, index: number, day: string): Promise<string> {
  await loginAs(page, "organisateur@balise.test");
  await page.goto(`/modifier-course/${LATE.course}`);
  const date = page.locator(`input[name="formats[${index}].date"]`);
  const before = await date.inputValue();
  await date.fill(day);
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.getByText("Épreuve modifiée avec succès !")).toBeVisible();
  await logout(page);
  return before;
}

test("at zero refund the page says so before the cancel screen, and the runner may still free the place", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const index = jsOn(page) ? LATE.formats.js : LATE.formats.nojs;
  const inThreeDays = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(
    new Date(Date.now() + 3 * 86_400_000),
  );
  await openPayments(page);
  const before = await setRaceDay(page, index, inThreeDays);
  try {
    await loginAs(page, "coureur@balise.test");
    await page.goto(`/inscription/${LATE.course}?format=${formatId(12, index)}`);
    await page.getByRole("button", { name: /^Payer/ }).click();
    await payOnLocalCheckout(page);
    await page.goto("/mesinscriptions");
    await page
      .locator(".reg-card", { hasText: "Rando gourmande du Médoc" })
      .first()
      .getByRole("link", { name: "Voir / Modifier" })
      .click();
    // Said before anything opens: no refund today, and what cancelling still does.
    await expect(page.getByText("Aucun remboursement n'est prévu à cette date.")).toBeVisible();
    await expect(page.getByRole("link", { name: /remboursement estimé/ })).toHaveCount(0);
    await page.getByRole("link", { name: "Annuler mon inscription sans remboursement" }).click();
    const screen = jsOn(page)
      ? page.getByRole("dialog", { name: "Annuler mon inscription" })
      : page.locator(".cancel-screen");
    await expect(screen.getByTestId("sans-remboursement")).toContainText(
      "Aucun remboursement n'est prévu à cette date.",
    );
    await screen.getByRole("checkbox", { name: /J'accepte la politique de remboursement/ }).check();
    const confirm = screen.getByRole("button", { name: "Confirmer l'annulation sans remboursement" });
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(page.getByTestId("statut")).toHaveText("Annulée");
    await expect(page.getByTestId("annulation-ok")).toContainText("Votre inscription est annulée.");
    await logout(page);
  } finally {
    // The other specs read this event's dates (the catalogue's order): put them back.
    await setRaceDay(page, index, before);
  }
});
