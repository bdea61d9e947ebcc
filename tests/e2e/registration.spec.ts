// Registration and checkout end to end, JavaScript off (project nojs) and on (project js), on fresh demo data.
// The demo organiser first activates his payment account through the local provider's pages (the product's
// own onboarding flow); each project uses its own formats so that the two runs do not meet.
import { expect, test } from "@playwright/test";
import { courseId, formatId } from "../../app/db/demo-data";
import { jsOn, loginAs, logout, openPayments, payOnLocalCheckout } from "./helpers";

const RUNNER = "coureur@balise.test";
const ORGANISER = "organisateur@balise.test";
const SECOND_RUNNER = "organisatrice@balise.test";

// Demo ids: courseId(i) and formatId(i, j) of app/db/demo-data.ts.

const FORMATS = {
  // Ronde des Vignobles, meals at 22,00 €: Ronde 12 km (24,00 €) without JavaScript, Marathon des vignes (60,00 €)
  // with it (one runner holds one place per format).
  meals: {
    nojs: { course: courseId(6), format: formatId(6, 0), nom: "Ronde 12 km", total: "68,00" },
    js: { course: courseId(6), format: formatId(6, 1), nom: "Marathon des vignes", total: "104,00" },
  },
  // Capacity set to 1 by the organiser during the test.
  capOne: {
    nojs: { course: courseId(9), format: formatId(9, 0), nom: "Causse 24 km" },
    js: { course: courseId(11), format: formatId(11, 0), nom: "Mariailles 20 km" },
  },
  // Checkout cancelled then retried (formats the demo runner is not registered on).
  retry: {
    nojs: { course: courseId(10), format: formatId(10, 1), nom: "5 km" },
    js: { course: courseId(0), format: formatId(0, 0), nom: "Découverte 12 km" },
  },
};

test.describe("registration and checkout", () => {
  test("a runner registers, pays, gets /merci with the QR, the e-mail and the registration listed", async ({
    page,
  }) => {
    await openPayments(page);
    await loginAs(page, RUNNER);
    const f = jsOn(page) ? FORMATS.meals.js : FORMATS.meals.nojs;
    await page.goto(`/inscription/${f.course}?format=${f.format}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Ronde des Vignobles");
    await expect(page.getByRole("link", { name: /Retour à Ronde des Vignobles/ })).toHaveAttribute(
      "href",
      "/courses/ronde-des-vignobles-beaune",
    );
    // Pre-filled from the runner profile, format preselected.
    await expect(page.getByRole("textbox", { name: "Nom", exact: true })).toHaveValue("Bernard");
    await expect(page.getByRole("textbox", { name: "Prénom", exact: true })).toHaveValue("Camille");
    await expect(page.getByRole("radio", { name: new RegExp(f.nom) })).toBeChecked();
    await expect(page.getByLabel("Numéro de licence")).toHaveValue("1234567");

    // Validation beside the field, everything typed kept.
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("");
    await page.getByRole("textbox", { name: "Club", exact: true }).fill("Beaune Athlé");
    await page.getByLabel(/Nombre de repas/).fill("2");
    await page.getByRole("button", { name: /^Payer/ }).click();
    await expect(page.locator("#f-email-error")).toHaveText("Veuillez renseigner un email.");
    await expect(page.getByRole("textbox", { name: "Club", exact: true })).toHaveValue("Beaune Athlé");
    await expect(page.getByLabel(/Nombre de repas/)).toHaveValue("2");

    // Justificatif PPS and the recalculated total: live with JavaScript, 'Actualiser' without.
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(RUNNER);
    await page.getByRole("radio", { name: /PPS/ }).check();
    if (!jsOn(page)) await page.getByRole("button", { name: "Actualiser" }).click();
    await expect(page.getByLabel("Identifiant PPS")).toBeVisible();
    await expect(page.getByLabel("Numéro de licence")).toHaveCount(0);
    await expect(page.getByTestId("total")).toHaveText(`${f.total}\u00a0€`);
    await page.getByLabel("Identifiant PPS").fill("P9F28C586EB");
    // The PPS must be valid on race day (the format's day, shown in its choice as dd/mm/yyyy).
    const [d, m, y] = (
      (await page.locator(".format-choice", { hasText: f.nom }).locator(".format-choice-meta").textContent()) ?? ""
    )
      .trim()
      .slice(0, 10)
      .split("/");
    await page.getByLabel("Fin de validité du PPS").fill(`${y}-${m}-${d}`);
    await page.getByRole("textbox", { name: "Club", exact: true }).fill("Beaune Athlé");

    await page.getByRole("button", { name: `Payer ${f.total} €` }).click();
    await payOnLocalCheckout(page);

    await expect(page.getByText("Inscription validée ! Un e-mail de confirmation a été envoyé.")).toBeVisible();
    await expect(page.getByText(f.nom, { exact: true })).toBeVisible();
    await expect(page.getByText("Camille Bernard")).toBeVisible();
    const qr = page.getByTestId("qr").locator("svg");
    await expect(qr).toHaveAttribute("width", "160");
    await expect(qr).toHaveAttribute("height", "160");
    await expect(page.getByRole("link", { name: "Voir / modifier mon inscription" })).toHaveAttribute(
      "href",
      /\/mon-inscription\//,
    );
    await expect(page.getByRole("link", { name: "Découvrir d'autres courses" })).toBeVisible();
    const inscriptionId = new URL(page.url()).searchParams.get("inscription_id")!;

    // The confirmation e-mail in the local mailbox, with its QR code.
    await page.goto(`/dev/mail?to=${encodeURIComponent(RUNNER)}`);
    await page
      .getByRole("link", { name: `Inscription validée : Ronde des Vignobles — ${f.nom}` })
      .first()
      .click();
    await expect(page.locator('table[aria-label="QR code de votre inscription"]')).toBeVisible();
    await expect(page.getByText(`${f.total}\u00a0€`).first()).toBeVisible();

    // My registrations.
    await page.goto("/mesinscriptions");
    const card = page.locator(".reg-card", { has: page.locator(`a[href="/mon-inscription/${inscriptionId}"]`) });
    await expect(card.getByRole("heading", { name: f.nom })).toBeVisible();
    await expect(card.getByText("Ronde des Vignobles — Beaune")).toBeVisible();
    await expect(card.getByText("Active")).toBeVisible();
    await expect(card.getByRole("link", { name: "Voir la page" })).toHaveAttribute(
      "href",
      "/courses/ronde-des-vignobles-beaune",
    );
  });

  test("capacity 1: after the first runner pays, the second runner finds the format full, with its waiting list to join", async ({
    page,
  }) => {
    const f = jsOn(page) ? FORMATS.capOne.js : FORMATS.capOne.nojs;
    await openPayments(page);
    // The organiser sets the format's capacity to 1.
    await loginAs(page, ORGANISER);
    await page.goto(`/modifier-course/${f.course}`);
    await page.getByLabel("Nombre de places").first().fill("1");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("Épreuve modifiée avec succès !")).toBeVisible();
    await logout(page);

    await loginAs(page, RUNNER);
    await page.goto(`/inscription/${f.course}?format=${f.format}`);
    await expect(page.getByRole("radio", { name: new RegExp(f.nom) })).toBeChecked();
    await page.getByRole("button", { name: /^Payer/ }).click();
    await payOnLocalCheckout(page);
    await expect(page.getByText("Inscription validée ! Un e-mail de confirmation a été envoyé.")).toBeVisible();
    await logout(page);

    await loginAs(page, SECOND_RUNNER);
    await page.goto(`/inscription/${f.course}?format=${f.format}`);
    // Full: its waiting list is on (the default), so the format stays selectable and the form only offers to join it.
    const full = page.getByRole("radio", { name: `${f.nom} (complet\u00a0: liste d'attente)` });
    await expect(full).toBeEnabled();
    await expect(page.getByRole("button", { name: /^Payer/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Rejoindre la liste d'attente" })).toBeVisible();
  });

  test("a cancelled checkout leads to /paiement-annule and the retry works", async ({ page }) => {
    const f = jsOn(page) ? FORMATS.retry.js : FORMATS.retry.nojs;
    await openPayments(page);
    await loginAs(page, RUNNER);
    await page.goto(`/inscription/${f.course}?format=${f.format}`);
    await page.getByRole("button", { name: /^Payer/ }).click();
    await page.waitForURL(/\/dev\/checkout\//);
    const sessionId = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByRole("button", { name: "Annuler" }).click();

    await page.waitForURL(/\/paiement-annule\?/);
    await expect(page.getByRole("heading", { name: "Paiement annulé" })).toBeVisible();
    await expect(page.getByText(sessionId)).toBeVisible();
    await expect(page.getByRole("link", { name: "Revoir les épreuves" })).toHaveAttribute("href", "/courses");
    await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
    await expect(page.getByText(/votre place reste réservée jusqu'au/)).toBeVisible();

    await page.getByRole("button", { name: "Réessayer le paiement" }).click();
    // The place is still held: the same checkout session.
    await page.waitForURL(new RegExp(`/dev/checkout/${sessionId}`));
    await page.getByRole("button", { name: /^Payer \d/ }).click();
    await page.waitForURL(/\/merci\?/);
    await expect(page.getByText("Inscription validée ! Un e-mail de confirmation a été envoyé.")).toBeVisible();
  });

  test("/merci and /paiement-annule without parameters say 'Paramètres manquants.'", async ({ page }) => {
    await loginAs(page, RUNNER);
    await page.goto("/merci");
    await expect(page.getByText("Paramètres manquants.")).toBeVisible();
    await page.goto("/paiement-annule");
    await expect(page.getByText("Paramètres manquants.")).toBeVisible();
    await page.goto("/merci?session_id=cs_nope&inscription_id=nope");
    await expect(page.getByText("Erreur de vérification.")).toBeVisible();
  });
});
