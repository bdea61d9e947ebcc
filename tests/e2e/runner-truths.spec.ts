// Issue 42, "What a runner reads must be true", JavaScript off (nojs) and on (js): joining a waiting list says so in
// words that fit everyone, and leaving it asks first (the rank is lost for good): 'Garder ma place' keeps it, the
// confirmation removes it. The demo's full format (Corrida de Noël de Rennes, 'Course enfants 1 km'); each project
// with its own account, so that the two runs never meet.
import { expect, test } from "@playwright/test";
import { courseId, formatId } from "../../app/db/demo-data";
import { jsOn, loginAs } from "./helpers";

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
