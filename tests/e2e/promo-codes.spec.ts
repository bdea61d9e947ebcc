// Promo codes end to end (issue 43, ADR 0214), JavaScript off (project nojs) and on (project js). The organiser
// creates a code on their event's 'Codes promo' page (journalled); the runner types a wrong code (French message
// beside the field, everything typed kept), then the right one: the summary shows the discount before paying, the
// checkout charges the discounted amount; the organiser sees the use, the admin's Reversements page the code and
// the discount; the runner's cancellation refunds on what was paid. Formats no other spec registers on:
// nojs the Pic Saint-Loup's Trail 21 km (course 7), js the Trail des Causses' Grand Causses 78 km (course 9).
import { expect, test } from "@playwright/test";
import { courseId, formatId } from "../../app/db/demo-data";
import { localProviderFee, platformFee } from "../../app/domain/money";
import { formatEuros } from "../../app/domain/format";
import { jsOn, loginAs, logout, openPayments, payOnLocalCheckout } from "./helpers";

const RUNNER = "coureur@balise.test";
const ORGANISER = "organisateur@balise.test";
const ADMIN = "admin@balise.test";

const CASES = {
  nojs: {
    course: courseId(7),
    format: formatId(7, 1),
    courseNom: "Trail du Pic Saint-Loup",
    code: "E2E-NOJS",
    kind: "montant",
    value: "5",
    price: 2600,
    paid: 2100,
  },
  js: {
    course: courseId(9),
    format: formatId(9, 2),
    courseNom: "Trail des Causses",
    code: "E2E-JS",
    kind: "pourcentage",
    value: "10",
    price: 8500,
    paid: 7650,
  },
} as const;

const euros = (cents: number) => formatEuros(cents);

test("a promo code: created by the organiser, shown before paying, charged, seen by the admin, refunded on what was paid", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const c = jsOn(page) ? CASES.js : CASES.nojs;
  await openPayments(page);

  // The organiser creates the code from their event's page (a mistake first: the message beside the field).
  await loginAs(page, ORGANISER);
  await page.goto("/organisateur/mon-espace");
  await page.locator("li", { hasText: c.courseNom }).getByRole("link", { name: "Codes promo" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/organisateur/codes-promo/${c.course}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Codes promo – ${c.courseNom}`);
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(c.code.toLowerCase());
  await page.getByLabel("Type de remise").selectOption(c.kind);
  await page.getByLabel("Nombre d'utilisations au total").fill("0");
  await page.getByRole("button", { name: "Créer le code" }).click();
  await expect(page.locator("#f-valeur-error")).toHaveText("Indiquez la valeur de la remise.");
  await expect(page.locator("#f-utilisations_max-error")).toHaveText("Un nombre entier entre 1 et 100 000, ou vide.");
  await expect(page.getByRole("textbox", { name: "Code", exact: true })).toHaveValue(c.code.toLowerCase());
  await page.getByLabel("Valeur").fill(c.value);
  await page.getByLabel("Nombre d'utilisations au total").fill("2");
  await page.getByRole("button", { name: "Créer le code" }).click();
  await expect(page.getByText(`Le code ${c.code} est créé.`)).toBeVisible();
  const row = page.locator(`tr[data-code="${c.code}"]`);
  await expect(row.getByTestId("uses")).toHaveText("0 / 2");
  await page.goto(`/organisateur/journal/${c.course}`);
  await expect(page.getByRole("row", { name: new RegExp(`Code promo créé ${c.code} `) })).toBeVisible();
  await logout(page);

  // The runner: a wrong code is refused beside the field, everything typed kept.
  await loginAs(page, RUNNER);
  await page.goto(`/inscription/${c.course}?format=${c.format}`);
  await page.getByRole("textbox", { name: "Club", exact: true }).fill("Club des Causses");
  await page.getByLabel("Code promo (facultatif)").fill("FAUXCODE");
  await page.getByRole("button", { name: "Appliquer" }).click();
  await expect(page.locator("#f-code_promo-error")).toHaveText("Ce code promo n'existe pas.");
  await expect(page.getByLabel("Code promo (facultatif)")).toHaveValue("FAUXCODE");
  await expect(page.getByRole("textbox", { name: "Club", exact: true })).toHaveValue("Club des Causses");
  await expect(page.getByTestId("total")).toHaveText(euros(c.price));

  // The right code: the discount and the total before paying.
  await page.getByLabel("Code promo (facultatif)").fill(c.code.toLowerCase());
  await page.getByRole("button", { name: "Appliquer" }).click();
  await expect(page.locator("#f-code_promo-error")).toHaveCount(0);
  await expect(page.getByText(`Remise (${c.code})`)).toBeVisible();
  await expect(page.getByTestId("remise")).toHaveText(`−${euros(c.price - c.paid)}`);
  await expect(page.getByTestId("total")).toHaveText(euros(c.paid));
  await expect(page.getByRole("textbox", { name: "Club", exact: true })).toHaveValue("Club des Causses");
  await page.getByRole("button", { name: `Payer ${euros(c.paid)}` }).click();
  await page.waitForURL(/\/dev\/checkout\//);
  await expect(page.getByText(euros(c.paid)).first()).toBeVisible();
  await payOnLocalCheckout(page);
  await expect(page.getByText("Inscription validée ! Un e-mail de confirmation a été envoyé.")).toBeVisible();
  const inscriptionId = new URL(page.url()).searchParams.get("inscription_id")!;

  // The refund is computed on what was paid (more than 30 days before: 90 % of it less the fees).
  await page.goto(`/mon-inscription/${inscriptionId}/annuler`);
  const refund = Math.floor(((c.paid - localProviderFee(c.paid) - platformFee(c.paid)) * 90) / 100);
  await expect(page.getByTestId("remboursement-estime")).toHaveText(euros(refund));
  await page.getByRole("checkbox", { name: /J'accepte la/ }).check();
  await page.getByRole("button", { name: "Confirmer l'annulation" }).click();
  await expect(page).toHaveURL(new RegExp(`/mon-inscription/${inscriptionId}`));
  await logout(page);

  // The organiser sees the registration's code in the registrants table (the use went back with the cancellation).
  await loginAs(page, ORGANISER);
  await page.goto(`/organisateur/inscriptions/${c.format}?statut=`);
  await expect(page.getByTestId("code-promo").filter({ hasText: c.code }).first()).toContainText(
    `${c.code} (−${euros(c.price - c.paid)})`,
  );
  await page.goto(`/organisateur/codes-promo/${c.course}`);
  await expect(page.locator(`tr[data-code="${c.code}"]`).getByTestId("uses")).toHaveText("0 / 2");
  await logout(page);

  // The admin's Reversements page: the payment is the discounted amount, with its code and discount, and its refund.
  await loginAs(page, ADMIN);
  await page.goto("/admin/payouts");
  const payment = page.locator("tr", { hasText: `code ${c.code}` });
  await expect(payment.getByTestId("remise")).toHaveText(`(code ${c.code}, remise ${euros(c.price - c.paid)})`);
  await expect(payment.locator('td[data-label="Brut"]')).toContainText(euros(c.paid));
  await expect(payment.locator('td[data-label="Remboursé"]')).toHaveText(euros(refund));
});
