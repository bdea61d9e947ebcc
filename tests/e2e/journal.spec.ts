// Issue 43: the journal of actions. An organiser edits a registrant; the event's journal (reached from the
// organiser space) shows who changed what, before → after, and filters by kind of action. JavaScript off and on.
import { expect, test } from "@playwright/test";
import { jsOn, loginAs } from "./helpers";

test.describe.configure({ timeout: 60_000 });

test("an edit of a registrant shows in the event's journal, with its old and new value", async ({ page }, info) => {
  await loginAs(page, "organisateur@balise.test", undefined, "/organisateur/mon-espace");
  await page.goto("/organisateur/mon-espace");
  const card = page.locator(".organiser-course", { hasText: "Corrida de Noël de Rennes" });
  const list = await card
    .getByRole("row", { name: /Course enfants 1 km/ })
    .getByRole("link", { name: "Voir les inscrits" })
    .getAttribute("href");
  const journal = await card.getByRole("link", { name: "Journal" }).getAttribute("href");
  await page.goto(list!);

  const club = `Club journal ${info.project.name} ${Date.now() % 100000}`;
  const cell = page.getByLabel("Club de Hugo Garnier", { exact: true });
  const before = await cell.inputValue();
  await cell.fill(club);
  if (jsOn(page)) {
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.status() === 200);
    await cell.press("Tab");
    await saved;
  } else {
    await page.getByRole("button", { name: "Enregistrer la ligne de Hugo Garnier" }).click();
    await expect(page.getByText("Inscription mise à jour.")).toBeVisible();
  }

  await page.goto(journal!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Journal – Corrida de Noël de Rennes");
  const row = page.getByRole("row").filter({ hasText: club });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Inscrit modifié");
  await expect(row).toContainText("organisateur@balise.test");
  await expect(row).toContainText("Hugo Garnier — Course enfants 1 km");
  await expect(row).toContainText(`Club : ${before || "—"} → ${club}`);

  // Only the exports: the edit is not among them.
  await page.getByLabel("Action").selectOption({ label: "Export CSV des inscrits" });
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(/type=export\.inscrits/);
  await expect(page.getByRole("row").filter({ hasText: club })).toHaveCount(0);
});

test("another organiser cannot open the event's journal", async ({ page }) => {
  await loginAs(page, "organisateur@balise.test", undefined, "/organisateur/mon-espace");
  await page.goto("/organisateur/mon-espace");
  const journal = await page
    .locator(".organiser-course", { hasText: "Corrida de Noël de Rennes" })
    .getByRole("link", { name: "Journal" })
    .getAttribute("href");
  await page.context().clearCookies();
  await loginAs(page, "organisatrice@balise.test");
  const res = await page.goto(journal!);
  expect(res?.status()).toBe(404);
});
