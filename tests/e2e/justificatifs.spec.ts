// Licence and PPS (issue 23, decision 0150), end to end: a runner registers with a PPS and uploads its attestation
// (the expiry checked against the race, the document kept when the form comes back), pays, and the event's organiser
// sees it 'À vérifier', opens the document and validates it in one click; the runner then sees 'Validé'.
// JavaScript off (nojs) and on (js), each on its own format of the Trail nocturne du Vercors (organisateur@).
import { expect, test } from "@playwright/test";
import { courseId, formatId } from "../../app/db/demo-data";
import { frenchDay } from "../../app/domain/french-dates";
import { jsOn, loginAs, openPayments } from "./helpers";

const RUNNER = "coureur@balise.test";
const ORGANISER = "organisateur@balise.test";
const COURSE = courseId(3);
const FORMATS = {
  nojs: { id: formatId(3, 0), nom: "Nocturne 14 km" },
  js: { id: formatId(3, 1), nom: "Nocturne 24 km" },
};
// A minimal PDF: the type is read from the first bytes (%PDF-).
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

function shift(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

test("a runner uploads a PPS at registration, the organiser validates it", async ({ page }) => {
  const f = jsOn(page) ? FORMATS.js : FORMATS.nojs;
  await openPayments(page);

  // The runner: PPS chosen, the expiry before the race refused in French next to the field.
  await loginAs(page, RUNNER);
  await page.goto(`/inscription/${COURSE}?format=${f.id}`);
  await expect(page.getByRole("radio", { name: new RegExp(f.nom) })).toBeChecked();
  const [d, m, y] = (
    (await page.locator(".format-choice", { hasText: f.nom }).locator(".format-choice-meta").textContent()) ?? ""
  )
    .trim()
    .slice(0, 10)
    .split("/");
  const race = `${y}-${m}-${d}`;
  await page.getByRole("radio", { name: /PPS/ }).check();
  if (!jsOn(page)) await page.getByRole("button", { name: "Actualiser" }).click();
  await page.getByLabel("Identifiant PPS").fill("p9f2 8c58 6eb");
  await page.getByLabel("Fin de validité du PPS").fill(shift(race, -1));
  await page.getByRole("textbox", { name: "Club", exact: true }).fill("Vercors Running");
  // A file that is not a PDF or an image: its error is in the summary at the top too, linked to the file's field.
  await page
    .getByLabel("Attestation PPS ou licence (facultatif)")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("pas une attestation") });
  await page.getByRole("button", { name: /^Payer/ }).click();
  const summary = page.locator(".error-summary");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: /^Attestation PPS ou licence/ })).toHaveText(
    "Attestation PPS ou licence\u00a0: Le justificatif doit être un PDF ou une image (JPEG, PNG ou WebP).",
  );
  await expect(summary.getByRole("link", { name: /^Attestation PPS ou licence/ })).toHaveAttribute(
    "href",
    "#f-justificatif_document",
  );
  await expect(page.locator("#f-justificatif_document-err")).toHaveText(
    "Le justificatif doit être un PDF ou une image (JPEG, PNG ou WebP).",
  );
  await expect(page.getByRole("textbox", { name: "Club", exact: true })).toHaveValue("Vercors Running");
  await page
    .getByLabel("Attestation PPS ou licence (facultatif)")
    .setInputFiles({ name: "attestation-pps.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: /^Payer/ }).click();
  await expect(page.locator("#f-pps_expiration-error")).toHaveText(
    `Votre PPS expire avant la course (le ${frenchDay(shift(race, -1))}).`,
  );
  // What was typed is kept, the document too (stored on the first submit).
  await expect(page.getByRole("textbox", { name: "Club", exact: true })).toHaveValue("Vercors Running");
  await expect(page.getByLabel("Identifiant PPS")).toHaveValue("p9f2 8c58 6eb");
  await expect(page.getByTestId("document-joint")).toContainText("attestation-pps.pdf");

  await page.getByLabel("Fin de validité du PPS").fill(shift(race, 30));
  await page.getByRole("button", { name: /^Payer/ }).click();
  await page.waitForURL(/\/dev\/checkout\//);
  await page.getByRole("button", { name: /^Payer \d/ }).click();
  await page.waitForURL(/\/merci\?/);
  const inscriptionId = new URL(page.url()).searchParams.get("inscription_id")!;
  await page.goto(`/mon-inscription/${inscriptionId}`);
  await expect(page.getByTestId("justificatif-etat")).toContainText("À vérifier");
  await page.context().clearCookies();

  // The organiser: the 'À vérifier' filter, the document, one click on 'Valider'.
  await loginAs(page, ORGANISER);
  await page.goto(`/organisateur/inscriptions/${f.id}`);
  await page.locator("select#justificatif").selectOption("a_verifier");
  await page.getByRole("button", { name: "Rechercher" }).click();
  await expect(page).toHaveURL(/justificatif=a_verifier/);
  const badge = page.getByTestId(`justificatif-${inscriptionId}`);
  await expect(badge).toHaveText("À vérifier");
  const row = page.locator(`#r-${inscriptionId}`);
  await expect(row.getByText("PPS P9F28C586EB")).toBeVisible();
  const href = await row.getByRole("link", { name: /Voir le document/ }).getAttribute("href");
  const doc = await page.request.get(href!);
  expect(doc.status()).toBe(200);
  expect(doc.headers()["content-type"]).toBe("application/pdf");
  expect((await doc.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await row.getByRole("button", { name: "Valider le justificatif de Camille Bernard" }).click();
  await expect(page.getByText("Justificatif validé.")).toBeVisible();
  await page.goto(`/organisateur/inscriptions/${f.id}?justificatif=valide`);
  await expect(page.getByTestId(`justificatif-${inscriptionId}`)).toHaveText("Validé");
  await page.context().clearCookies();

  // Anyone else gets 404 for the document.
  expect((await page.request.get(href!)).status()).toBe(404);

  // The runner sees the organiser's check.
  await loginAs(page, RUNNER);
  await page.goto(`/mon-inscription/${inscriptionId}`);
  await expect(page.getByTestId("justificatif-etat")).toContainText("Validé");
});
