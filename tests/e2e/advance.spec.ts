// The advance on request end to end (issue 43, decision 0215), JavaScript off (nojs) and on (js): a runner pays on
// an event of the demo organiser, who opens the event's finance page from their space and asks for an
// advance; the admin finds it at the top of Reversements, is told a refusal needs a reason, then releases 50 %; the
// organiser sees the amount sent, and the journal has both actions. (The J+1 payout's share is tested in workerd.)
import { expect, test } from "@playwright/test";
import { courseId, formatId } from "../../app/db/demo-data";
import { loginAs, registerAndPay } from "./helpers";

test.describe.configure({ timeout: 90_000 });

// Events of organisateur@balise.test where no other spec registers coureur@balise.test (a runner takes one place per
// format): Les Foulées de la Croix-Rousse's 10 km without JavaScript, the Rando des Crêtes Vosgiennes' Boucle des lacs
// with it.
const EVENTS = {
  nojs: { course: courseId(4), format: formatId(4, 1), nom: "Les Foulées de la Croix-Rousse" },
  js: { course: courseId(2), format: formatId(2, 0), nom: "Rando des Crêtes Vosgiennes" },
} as const;

test("an organiser asks for an advance, the admin releases it, the organiser sees it sent", async ({ page }, info) => {
  const project = info.project.name as "nojs" | "js";
  const { course: COURSE, format, nom: EVENT } = EVENTS[project];
  await registerAndPay(page, COURSE, format, `Acompte${project}${Date.now() % 100000}`);

  // The organiser: from their space to the event's finance page, then the request.
  await loginAs(page, "organisateur@balise.test");
  await page.goto("/organisateur/mon-espace");
  await page
    .locator("li.organiser-course", { has: page.getByRole("heading", { name: EVENT }) })
    .getByRole("link", { name: "Finances" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Finances – ${EVENT}`);
  await expect(page.getByRole("heading", { name: /Comptes de l'épreuve \(\d+ paiements?\)/ })).toBeVisible();
  await expect(page.getByText(/^Acompte estimé : \d/)).toBeVisible();
  await page.getByLabel("Message à l'équipe Balise (facultatif)").fill(`Ravitaillements (${project})`);
  await page.getByRole("button", { name: "Demander un acompte" }).click();
  await expect(page.getByText("Votre demande d'acompte est envoyée.", { exact: false })).toBeVisible();
  await expect(page.getByText("Une demande d'acompte est déjà en attente pour cette épreuve.")).toBeVisible();
  const requests = page.locator("section", { has: page.getByRole("heading", { name: "Acompte sur demande" }) });
  await expect(requests.locator("tbody tr").first()).toContainText("En attente");
  await page.context().clearCookies();

  // The admin: the request at the top of Reversements, a refusal without a reason, then the release.
  await loginAs(page, "admin@balise.test");
  await page.goto("/admin/payouts");
  const pending = page.locator("section", {
    has: page.getByRole("heading", { name: /Demandes d'acompte en attente/ }),
  });
  await expect(pending.locator("tbody tr", { hasText: `Ravitaillements (${project})` })).toHaveCount(1);
  await pending.getByRole("link", { name: `Traiter la demande (${EVENT})` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demande d'acompte");
  await expect(page.getByText(`Ravitaillements (${project})`)).toBeVisible();
  await page.getByRole("button", { name: "Refuser la demande" }).click();
  await expect(page.getByText("Indiquez le motif du refus (3 caractères au moins).")).toBeVisible();
  await expect(page.getByLabel("Motif du refus (envoyé à l'organisateur)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Acompte (% du net restant de chaque paiement)")).toHaveValue("50");
  await page.getByRole("button", { name: "Verser l'acompte" }).click();
  await expect(
    page.getByText(/^Acompte versé : \d[\d\s]*,\d\d\s€ \(\d+ transfert\(s\) OK, 0 échec\(s\)\)/),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Verser l'acompte" })).toHaveCount(0);
  const sent = (await page.locator("dt:text-is('Versé') + dd").textContent()) ?? "";
  const amount = sent.split(" (")[0];
  await page.context().clearCookies();

  // The organiser: the request says what was sent; the journal has both actions.
  await loginAs(page, "organisateur@balise.test");
  await page.goto(`/organisateur/finances/${COURSE}`);
  const first = page
    .locator("section", { has: page.getByRole("heading", { name: "Acompte sur demande" }) })
    .locator("tbody tr")
    .first();
  await expect(first).toContainText("Versé");
  await expect(first).toContainText(amount);
  await expect(first).toContainText("50\u00a0% du net restant");
  await expect(page.getByRole("button", { name: "Demander un acompte" })).toBeVisible();
  await page.goto(`/organisateur/journal/${COURSE}`);
  await expect(page.getByRole("row", { name: /Acompte versé/ }).first()).toBeVisible();
  await expect(page.getByRole("row", { name: /Acompte demandé/ }).first()).toBeVisible();
  expect(amount).toMatch(/€$/);
});
