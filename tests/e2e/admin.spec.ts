// Admin money screens end to end, JavaScript off (nojs) and on (js): a runner pays, the admin finds the
// registration, exports the page, selects the payment, changes the commission, transfers a deposit, then
// 'Tout transférer'; the organiser sees the payout. Each project uses its own format and runner name.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { jsOn, loginAs, registerAndPay } from "./helpers";

test.describe.configure({ timeout: 90_000 });

// Demo ids (app/db/demo-data.ts): Semi-marathon de Bordeaux Rive Droite (organisateur@balise.test, account active).
const COURSE = "c0000000-0000-4000-8000-000000000002";
const FORMATS = { nojs: "f0000000-0000-4000-8000-000000000201", js: "f0000000-0000-4000-8000-000000000202" } as const;

test("admin: find a registration, export the page, then commission, deposit and 'Tout transférer' on its payment", async ({
  page,
}, info) => {
  const project = info.project.name as "nojs" | "js";
  const nom = `Argent${project}${Date.now() % 100000}`;
  await registerAndPay(page, COURSE, FORMATS[project], nom);

  await loginAs(page, "admin@balise.test");
  await page.goto("/admin");
  await expect(page.getByRole("navigation", { name: "Administration" }).getByRole("link")).toHaveText([
    "Dashboard",
    "Courses",
    "Inscriptions",
    "Paiements",
    "Journal",
    "Conservation",
  ]);

  // Registrations: search, status, then the page as CSV.
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Inscriptions" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inscriptions");
  await page.getByLabel("Recherche (nom, prénom ou e-mail)").fill(nom.toUpperCase());
  await page.getByLabel("Statut").selectOption("validee");
  await page.getByRole("button", { name: "Appliquer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "inscription" })).toHaveText(/^1 inscription$/);
  const row = page.locator("tbody tr");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Semi-marathon de Bordeaux Rive Droite");
  await expect(row).toContainText("Validée");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV (page)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("inscriptions-page-1.csv");
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain("Date;Course;Format;Nom;Prénom;Email;Statut");
  expect(csv).toContain(`;${nom};Camille;coureur@balise.test;Validée;`);
  await page.getByRole("link", { name: "Réinitialiser" }).click();
  await expect(page.getByLabel("Recherche (nom, prénom ou e-mail)")).toHaveValue("");

  // Payments: the payment of that registration, selected.
  await page.goto(`/admin/payouts?q=${encodeURIComponent(nom.toLowerCase())}`);
  const box = page.getByRole("checkbox", { name: new RegExp(`Sélectionner le paiement de Camille ${nom}`) });
  await expect(box).toHaveCount(1);
  const paymentRow = page.locator("tbody tr", { has: box });
  await box.check();
  if (jsOn(page)) await expect(page.getByRole("heading", { name: "Sélection : 1 paiement" })).toBeVisible();
  else {
    await page.getByRole("button", { name: "Calculer les totaux de la sélection" }).click();
    await expect(page.getByRole("heading", { name: "Sélection : 1 paiement" })).toBeVisible();
  }

  // Commission 10 % on the selection.
  await page.getByLabel("Commission plateforme (%)").fill("10");
  await page.getByRole("button", { name: "Mettre à jour la commission" }).click();
  await expect(page.getByText("Commission plateforme mise à jour sur 1 paiement(s).")).toBeVisible();
  const price = project === "nojs" ? 1800 : 2900;
  await expect(paymentRow.locator('td[data-label="Commission"]')).toHaveText(
    `${(price / 1000).toFixed(2).replace(".", ",")}\u00a0€`,
  );
  const netBefore = await paymentRow.locator('td[data-label="Net restant"]').textContent();

  // Deposit of 50 % (the selection is kept after each action), then everything left.
  await expect(
    page.getByRole("checkbox", { name: new RegExp(`Sélectionner le paiement de Camille ${nom}`) }),
  ).toBeChecked();
  await page.getByLabel("Acompte (% du net restant)").fill("50");
  await page.getByRole("button", { name: "Transférer l'acompte aux organisateurs" }).click();
  await expect(page.getByText("Transferts terminés: 1 OK, 0 échec(s).")).toBeVisible();
  await expect(paymentRow.locator('td[data-label="Transféré"]')).not.toHaveText("0,00\u00a0€");
  await expect(paymentRow.locator('td[data-label="Net restant"]')).not.toHaveText(netBefore!);
  await page.getByRole("button", { name: "Tout transférer" }).click();
  await expect(page.getByText("Transferts terminés: 1 OK, 0 échec(s).")).toBeVisible();
  await expect(paymentRow.locator('td[data-label="Net restant"]')).toHaveText("0,00\u00a0€");
  await expect(page.getByText(/Aucun écart : chaque paiement est équilibré au centime/)).toBeVisible();

  // The organiser sees the payouts.
  await page.context().clearCookies();
  await loginAs(page, "organisateur@balise.test");
  await page.goto("/monprofilorganisateur");
  const payouts = page.locator("#versements");
  await expect(payouts.getByRole("heading", { name: "Mes versements" })).toBeVisible();
  await expect(payouts.locator("tbody tr", { hasText: "Semi-marathon de Bordeaux Rive Droite" }).first()).toContainText(
    "Versé",
  );
});

test("admin screens refuse other users", async ({ page }) => {
  await page.goto("/admin/payouts");
  await expect(page.getByText("403 — Connectez-vous.")).toBeVisible();
  await loginAs(page, "coureur@balise.test");
  await page.goto("/admin/inscriptions");
  await expect(page.getByText("403 — Accès réservé aux administrateurs.")).toBeVisible();
});

test("the phone menu's Administration block links to the four admin screens", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await loginAs(page, "admin@balise.test");
  await page.goto("/courses");
  await page.locator(".mobile-menu > summary").click();
  const block = page.locator(".mobile-admin");
  await expect(block.getByRole("link")).toHaveText([/Admin/, "Courses Admin", "Reversements", "Inscriptions"]);
  await block.getByRole("link", { name: "Reversements" }).click();
  await expect(page).toHaveURL(/\/admin\/payouts$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paiements et reversements");
  await context.close();
});
