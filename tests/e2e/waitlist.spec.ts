// Waiting list end to end (issue 20), JavaScript off (project nojs) and on (project js): a format made full by the
// organiser, a second runner joins its list through the registration form and sees their position, the first
// runner cancels, the second gets the offer ('Payer maintenant') and pays it; the organiser sees the list.
// Each project uses its own event so that the two runs never meet.
import { expect, test } from "@playwright/test";
import { courseId, formatId } from "../../app/db/demo-data";
import { jsOn, loginAs, logout, openPayments, payOnLocalCheckout } from "./helpers";

const RUNNER = "coureur@balise.test";
const ORGANISER = "organisateur@balise.test";
const SECOND_RUNNER = "organisatrice@balise.test";
// Trail des Causses' second format without JavaScript, Trail des Calanques' first with it: formats the first runner
// has no place on yet (one runner holds one place per format; admin.spec.ts registers them on Bordeaux's).
const EVENTS = {
  nojs: { course: courseId(9), format: formatId(9, 1), index: 1, nom: "Gorges 48 km", courseNom: "Trail des Causses" },
  js: { course: courseId(5), format: formatId(5, 0), index: 0, nom: "Sormiou 18 km", courseNom: "Trail des Calanques" },
};

test("a full format takes names; a freed place goes to the first runner waiting, who pays it", async ({ page }) => {
  const e = jsOn(page) ? EVENTS.js : EVENTS.nojs;
  await openPayments(page);
  // The organiser leaves exactly one place free (other tests of the run may have registered on this format).
  await loginAs(page, ORGANISER);
  await page.goto(`/organisateur/inscriptions/${e.format}`);
  const taken = Number(
    (await page
      .getByRole("list", { name: "Totaux du format" })
      .locator("li", { hasText: "Places" })
      .locator("strong")
      .textContent()) ?? "0",
  );
  await page.goto(`/modifier-course/${e.course}`);
  await page
    .getByLabel("Nombre de places")
    .nth(e.index)
    .fill(String(taken + 1));
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.getByText("Épreuve modifiée avec succès !")).toBeVisible();
  await logout(page);

  // The first runner takes the place.
  await loginAs(page, RUNNER);
  await page.goto(`/inscription/${e.course}?format=${e.format}`);
  await page.getByRole("button", { name: /^Payer/ }).click();
  await payOnLocalCheckout(page);
  await expect(page.getByText("Inscription validée ! Un e-mail de confirmation a été envoyé.")).toBeVisible();
  await logout(page);

  // The second runner finds it full and joins the list, with the registration's fields and no payment.
  await loginAs(page, SECOND_RUNNER);
  await page.goto(`/courses/${e.course}?onglet=formats`);
  await page
    .getByRole("link", { name: `Rejoindre la liste d'attente du format ${e.nom}` })
    .first()
    .click();
  await expect(page.getByRole("radio", { name: `${e.nom} (complet\u00a0: liste d'attente)` })).toBeChecked();
  await expect(page.getByRole("button", { name: /^Payer/ })).toHaveCount(0);
  // A competition asks for the birth date (age and FFA category on race day); this account's profile has none.
  await page.getByLabel("Date de naissance").fill("1988-04-02");
  await page.getByRole("button", { name: "Rejoindre la liste d'attente" }).click();
  await expect(page).toHaveURL(/\/liste-attente\/[0-9a-f-]+\?notice=rejointe$/);
  await expect(page.getByText("Votre inscription sur la liste d'attente est enregistrée.")).toBeVisible();
  await expect(page.getByText(/Vous êtes 1(er|re) sur la liste d'attente/)).toBeVisible();
  const entryUrl = new URL(page.url()).pathname;
  await page.goto(`/courses/${e.course}`);
  await expect(
    page.getByText(new RegExp(`Vous êtes 1(er|re) sur la liste d'attente du format ${e.nom}`)),
  ).toBeVisible();
  await logout(page);

  // The first runner cancels: the place is offered to the second.
  await loginAs(page, RUNNER);
  await page.goto("/mesinscriptions");
  // The newest first: the registration just paid.
  await page
    .locator(".reg-card", { hasText: e.courseNom })
    .first()
    .getByRole("link", { name: "Voir / Modifier" })
    .click();
  await page.getByRole("link", { name: /Annuler mon inscription — remboursement estimé/ }).click();
  const screen = jsOn(page)
    ? page.getByRole("dialog", { name: "Annuler mon inscription" })
    : page.locator(".cancel-screen");
  await screen.getByRole("checkbox", { name: /J'accepte la politique de remboursement/ }).check();
  await screen.getByRole("button", { name: "Confirmer l'annulation" }).click();
  await expect(page.getByTestId("statut")).toHaveText("Remboursée partiellement");
  await logout(page);

  await loginAs(page, SECOND_RUNNER);
  await page.goto("/mesinscriptions");
  await expect(page.getByText(/Place proposée jusqu'au/)).toBeVisible();
  await page.goto(entryUrl);
  await expect(page.getByText(/Une place vous est réservée jusqu'au/)).toBeVisible();
  await page.getByRole("button", { name: "Payer maintenant" }).click();
  await payOnLocalCheckout(page);
  await expect(page.getByText("Inscription validée ! Un e-mail de confirmation a été envoyé.")).toBeVisible();
  await page.goto(entryUrl);
  await expect(page.getByText("Offre acceptée")).toBeVisible();
  // The offer e-mail is in the local mailbox.
  await page.goto("/dev/mail");
  await expect(page.getByText(/Une place se libère/).first()).toBeVisible();
  await logout(page);

  // The organiser sees the list and its history on the registrants page.
  await loginAs(page, ORGANISER);
  await page.goto(`/organisateur/inscriptions/${e.format}`);
  const panel = page.locator("#liste-attente");
  await expect(panel.getByRole("heading", { name: "Liste d'attente" })).toBeVisible();
  await expect(panel.getByRole("cell", { name: "Offre acceptée" })).toBeVisible();
  await expect(panel.getByRole("link", { name: "Exporter la liste (CSV)" })).toHaveAttribute(
    "href",
    `/organisateur/inscriptions/${e.format}/liste-attente.csv`,
  );
  await panel.getByRole("button", { name: "Désactiver la liste d'attente" }).click();
  await expect(page.getByText("Liste d'attente désactivée.")).toBeVisible();
  await page.locator("#liste-attente").getByRole("button", { name: "Activer la liste d'attente" }).click();
  await expect(page.getByText("Liste d'attente activée.")).toBeVisible();
});
