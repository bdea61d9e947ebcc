// Issue 42: a session that ends mid-form loses nothing. The runner fills the registration form, their session ends,
// they send it: the login page, then the form as they left it, with a notice (JavaScript off and on). The same for an
// organiser's new event.
import { expect, test } from "@playwright/test";
import { courseId, formatId } from "../../app/db/demo-data";
import { jsOn, loginAs } from "./helpers";

const RUNNER = "coureur@balise.test";

async function logInAgain(page: import("@playwright/test").Page, email: string) {
  await page.waitForURL(/\/login/);
  await page.locator('main form input[name="email"]').fill(email);
  await page.locator('main form input[name="password"]').fill("balise-demo");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

test("the registration form comes back as it was after the session ended and the runner logged in again", async ({
  page,
}) => {
  const club = jsOn(page) ? "Club des Cimes (js)" : "Club des Cimes (nojs)";
  await loginAs(page, RUNNER);
  await page.goto(`/inscription/${courseId(11)}?format=${formatId(11, 0)}`);
  await page.getByRole("textbox", { name: "Club", exact: true }).fill(club);
  await page.getByLabel("Téléphone", { exact: true }).fill("06 11 22 33 44");
  // The session ends (another device logged out, or it expired) while the form is open.
  await page.context().clearCookies();
  // 'Payer …', or 'Rejoindre la liste d'attente' once other tests of the run have filled the format: either submit.
  await page
    .getByRole("button", { name: /^Payer|^Rejoindre la liste d'attente$/ })
    .first()
    .click();
  await logInAgain(page, RUNNER);
  expect(new URL(page.url()).pathname).toBe(`/inscription/${courseId(11)}`);
  await expect(page.getByText("Votre session avait expiré : voici ce que vous aviez saisi")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Club", exact: true })).toHaveValue(club);
  await expect(page.getByLabel("Téléphone", { exact: true })).toHaveValue("06 11 22 33 44");
});

test("an organiser's new event comes back as it was after the session ended", async ({ page }) => {
  const nom = jsOn(page) ? "Trail perdu puis retrouvé (js)" : "Trail perdu puis retrouvé (nojs)";
  await loginAs(page, "organisateur@balise.test");
  await page.goto("/organisateur/nouvelle-course");
  await page.getByLabel("Nom de l'épreuve").fill(nom);
  await page.context().clearCookies();
  await page.getByRole("button", { name: "Créer l'épreuve" }).click();
  await logInAgain(page, "organisateur@balise.test");
  expect(new URL(page.url()).pathname).toBe("/organisateur/nouvelle-course");
  await expect(page.getByText("Votre session avait expiré : voici ce que vous aviez saisi")).toBeVisible();
  await expect(page.getByLabel("Nom de l'épreuve")).toHaveValue(nom);
});
