// Issue 43, decision 0213: co-organisers with targeted rights. The owner invites someone with only the Inscriptions
// right; the invited person creates their account from the e-mailed link, adds and edits a registrant, and gets a
// 404 on the event's edit page; the owner sees the invitation, its acceptance and the co-organiser's edit in the
// event's journal. JavaScript off and on. The event (Trail de la Côte d'Opale) is used by no other spec.
import { expect, type Page, test } from "@playwright/test";
import { jsOn, loginAs } from "./helpers";

test.describe.configure({ timeout: 90_000 });

const EVENT = "Trail de la Côte d'Opale";
const OWNER = "organisatrice@balise.test";

async function ownerCard(page: Page) {
  await page.goto("/organisateur/mon-espace");
  return page.locator(".organiser-course", { hasText: EVENT }).first();
}

test("invite → accept → a co-organiser with only Inscriptions edits a registrant, not the event; the owner's journal shows it", async ({
  page,
}, info) => {
  const stamp = `${info.project.name}-${Date.now() % 1_000_000}`;
  const email = `coorga-${stamp}@example.test`;

  // The owner invites, from the event's 'Équipe' page.
  await loginAs(page, OWNER, undefined, "/organisateur/mon-espace");
  const card = await ownerCard(page);
  const editHref = await card.getByRole("link", { name: "Modifier" }).getAttribute("href");
  const journalHref = await card.getByRole("link", { name: "Journal" }).getAttribute("href");
  await card.getByRole("link", { name: "Équipe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Équipe – ${EVENT}`);
  await page.getByLabel("Adresse email").fill(email);
  await page.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(page.getByText("Cochez au moins un droit.")).toBeVisible();
  await expect(page.getByLabel("Adresse email")).toHaveValue(email); // kept
  await page.getByRole("checkbox", { name: /Inscriptions/ }).check();
  await page.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(page.getByText("Invitation envoyée.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("En attente");
  await expect(row).toContainText("Inscriptions");

  // The invited person follows the e-mailed link and creates their account there.
  await page.context().clearCookies();
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await page
    .getByRole("link", { name: /Invitation à co-organiser/ })
    .first()
    .click();
  await page.locator(".mail-body").getByRole("link", { name: "Voir l'invitation" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invitation à co-organiser");
  await expect(page.getByText(EVENT)).toBeVisible();
  await page.locator('main input[name="prenom"]').fill("Margaux");
  await page.locator('main input[name="nom"]').fill(`Équipe ${stamp}`);
  await page.locator('main input[name="password"]').fill("Falaises-du-Gris-Nez-2027");
  await page.locator('main input[name="confirmation"]').fill("Falaises-du-Gris-Nez-2027");
  await page.getByRole("button", { name: "Créer mon compte et accepter" }).click();
  await page.waitForURL(/\/organisateur\/mon-espace/);
  await expect(page.getByText("Invitation acceptée")).toBeVisible();
  const coCard = page.locator("#main, main, body").locator(".co-organised .organiser-course", { hasText: EVENT });
  await expect(coCard).toContainText("vos droits");
  await expect(coCard).toContainText("Inscriptions");
  await expect(coCard.getByRole("link", { name: "Modifier" })).toHaveCount(0);
  await expect(coCard.getByRole("link", { name: "Voir les inscrits" }).first()).toBeVisible();
  await expect(coCard.getByRole("link", { name: "Finances" })).toHaveCount(0);

  // Without the Épreuve right the event's edit page is not found; without Finances, its finance page neither.
  const refused = await page.goto(editHref!);
  expect(refused?.status()).toBe(404);
  const financeRefused = await page.goto(journalHref!.replace("/organisateur/journal/", "/organisateur/finances/"));
  expect(financeRefused?.status()).toBe(404);

  // With the Inscriptions right: add a runner, then edit their club.
  await page.goto("/organisateur/mon-espace");
  await page
    .locator(".co-organised .organiser-course", { hasText: EVENT })
    .getByRole("row", { name: /Côte 16 km/ })
    .getByRole("link", { name: "Voir les inscrits" })
    .click();
  await page.getByRole("link", { name: "+ Ajouter un coureur" }).click();
  const dialog = page.getByRole("dialog", { name: /Ajouter un coureur/ });
  const prenom = `Lou-${stamp}`;
  await dialog.getByLabel("Nom *", { exact: true }).fill("Vasseur");
  await dialog.getByLabel("Prénom *", { exact: true }).fill(prenom);
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Coureur ajouté.")).toBeVisible();
  const club = `Club équipe ${stamp}`;
  const cell = page.getByLabel(`Club de ${prenom} Vasseur`, { exact: true });
  await cell.fill(club);
  if (jsOn(page)) {
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.status() === 200);
    await cell.press("Tab");
    await saved;
  } else {
    await page.getByRole("button", { name: `Enregistrer la ligne de ${prenom} Vasseur` }).click();
    await expect(page.getByText("Inscription mise à jour.")).toBeVisible();
  }
  // The journal stays the owner's.
  const journalRefused = await page.goto(journalHref!);
  expect(journalRefused?.status()).toBe(404);

  // The owner sees the team change and the co-organiser's edit, under the co-organiser's account.
  await page.context().clearCookies();
  await loginAs(page, OWNER, undefined, journalHref!);
  await page.goto(journalHref!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Journal – ${EVENT}`);
  const edit = page.getByRole("row").filter({ hasText: club });
  await expect(edit).toHaveCount(1);
  await expect(edit).toContainText("Inscrit modifié");
  await expect(edit).toContainText(email);
  await expect(edit).toContainText("Co-organisateur");
  await expect(
    page.getByRole("row").filter({ hasText: "Invitation d'un co-organisateur" }).filter({ hasText: email }),
  ).toHaveCount(1);
  const accepted = page.getByRole("row").filter({ hasText: "Invitation acceptée" }).filter({ hasText: email });
  await expect(accepted).toHaveCount(1);
  await expect(accepted).toContainText("Co-organisateur");

  // The team page lists the co-organiser with their rights.
  await page.goto(journalHref!.replace("/journal/", "/equipe/"));
  const member = page.getByRole("region", { name: "Co-organisateurs" }).getByRole("row").filter({ hasText: email });
  await expect(member).toContainText("Inscriptions");
  await expect(member.getByRole("button", { name: `Retirer ${email}` })).toBeVisible();
});
