import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { photoPng } from "../support/photo-png";
import { jsOn, loginAs } from "./helpers";

const ORGANISER = "organisateur@balise.test";
const GPX = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="e2e"><trk><name>E2E</name><trkseg>` +
    `<trkpt lat="45.92" lon="6.86"><ele>1035</ele></trkpt><trkpt lat="45.93" lon="6.87"><ele>1100</ele></trkpt>` +
    `<trkpt lat="45.94" lon="6.88"><ele>1180</ele></trkpt></trkseg></trk></gpx>`,
);

// The demo organiser has accepted the conditions but has no payment account able to take charges: give it one
// directly in the e2e server's local D1, as the payments onboarding would.
test.beforeAll(() => {
  const port = process.env.E2E_PORT ?? "8788";
  execFileSync(
    "npx",
    [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      `.wrangler/e2e-${port}`,
      "--command",
      "UPDATE profils_utilisateurs SET stripe_charges_enabled = 1 WHERE email = 'organisateur@balise.test'",
    ],
    { stdio: "ignore", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
});

function courseCard(page: Page, nom: string) {
  return page.locator("li.organiser-course", { has: page.getByRole("heading", { name: nom, exact: true }) });
}

test("an organiser creates an event with two formats and files, publishes, duplicates and deletes the copy", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const nom = `Trail des Tests ${info.project.name}`;
  await loginAs(page, ORGANISER, undefined, "/organisateur/nouvelle-course");
  await expect(page).toHaveURL(/\/organisateur\/nouvelle-course$/);
  await expect(page.getByRole("heading", { name: "Créer une épreuve" })).toBeVisible();

  await page.getByLabel("Nom de l'épreuve").fill(nom);
  await page.getByLabel("Lieu", { exact: false }).first().fill("Chamonix-Mont-Blanc");
  await page.getByLabel("Code postal").fill("74400");
  await page.getByLabel("Département").fill("Haute-Savoie");
  // A 1600-px photo: the catalogue shows it in its phone sizes (decision 0223).
  await page
    .locator('input[name="image_file"]')
    .setInputFiles({ name: "affiche.png", mimeType: "image/png", buffer: Buffer.from(await photoPng(1600, 900)) });
  await page.locator('input[name="formats[0].nom"]').fill("Découverte 12 km");
  await page.locator('input[name="formats[0].date"]').fill("2027-06-14");
  await page.locator('input[name="formats[0].prix"]').fill("12,50");
  await page.locator('input[name="formats[0].distance_km"]').fill("12,5");

  // Add a second format: the server re-renders the form with everything kept, the image included.
  await page.getByRole("button", { name: "+ Ajouter un format" }).click();
  await expect(page.locator('input[name="formats[1].nom"]')).toBeVisible();
  await expect(page.locator('input[name="formats[0].nom"]')).toHaveValue("Découverte 12 km");
  await expect(page.locator('input[name="formats[0].prix"]')).toHaveValue("12,50");
  await expect(page.getByLabel("Nom de l'épreuve")).toHaveValue(nom);
  await expect(page.locator('input[name="image_url"]')).toHaveValue(/^\/fichiers\/courses\/.+\.png$/);

  await page.locator('input[name="formats[1].nom"]').fill("Balcons 28 km");
  await page.locator('input[name="formats[1].date"]').fill("2027-06-15");
  await page.locator('input[name="formats[1].prix"]').fill("38");
  // With JavaScript the meal fields hide behind a 'Repas proposé' toggle; without it they always show.
  if (jsOn(page)) await page.locator("#format-2").getByLabel("Repas proposé").check();
  await page.locator('input[name="formats[1].stock_repas"]').fill("100");
  await page.locator('input[name="formats[1].prix_repas"]').fill("12");
  await page
    .locator('input[name="formats[1].gpx_file"]')
    .setInputFiles({ name: "balcons.gpx", mimeType: "application/gpx+xml", buffer: GPX });
  await page.getByRole("button", { name: "Créer l'épreuve" }).click();

  await expect(page).toHaveURL(/\/organisateur\/mon-espace\?message=creee$/);
  await expect(page.getByText("Épreuve et formats enregistrés !")).toBeVisible();
  const card = courseCard(page, nom);
  await expect(card).toContainText("Hors-ligne");
  await expect(card).toContainText("Découverte 12 km");
  await expect(card).toContainText("Balcons 28 km");

  // Publish.
  await card.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByText("Épreuve publiée")).toBeVisible();
  await expect(courseCard(page, nom)).toContainText("Publiée");

  // It shows on /courses, its image as a small WebP thumbnail, and on its own page, the hero in its phone sizes.
  await page.goto(`/courses?q=${encodeURIComponent(nom)}`);
  await expect(page.getByText(nom).first()).toBeVisible();
  const thumb = page.locator("li.course-card", { hasText: nom }).locator("img.card-thumb");
  await expect(thumb).toHaveAttribute(
    "srcset",
    /\.card-96\.webp 96w, .+\.card-144\.webp 144w, .+\.card-216\.webp 216w$/,
  );
  await expect(thumb).toHaveAttribute("width", "72");
  await expect(thumb).toHaveAttribute("height", "72");
  await page.goto("/organisateur/mon-espace");
  await courseCard(page, nom).getByRole("link", { name: "Voir la page" }).click();
  await expect(page).toHaveURL(/\/courses\/[0-9a-f-]+/);
  await expect(page.getByRole("heading", { name: nom }).first()).toBeVisible();
  const hero = page.locator("img.course-hero-img");
  await expect(hero).toHaveAttribute(
    "srcset",
    /\.hero-400\.webp 400w, .+\.hero-640\.webp 640w, .+\.hero-960\.webp 960w/,
  );
  await expect(hero).toHaveAttribute("fetchpriority", "high");
  // Upright phones (the nojs project is a Pixel 5, 393 CSS pixels wide at 2.75×) get the 400 (decisions 0236 and
  // 0238); the desktop one picks by srcset (1280 CSS pixels at 1×: the 1280).
  await expect(page.locator("picture source").first()).toHaveAttribute("media", "(max-width: 440px)");
  await expect
    .poll(() => hero.evaluate((i: HTMLImageElement) => i.complete && i.currentSrc))
    .toMatch(info.project.name === "nojs" ? /\.hero-400\.webp$/ : /\.hero-1280\.webp$/);
  const shown = await page.request.get(await hero.evaluate((i: HTMLImageElement) => i.currentSrc));
  expect(shown.headers()["content-type"]).toBe("image/webp");
  expect((await shown.body()).byteLength).toBeLessThanOrEqual(60 * 1024);

  // Duplicate: the copy is unpublished and has both formats.
  await page.goto("/organisateur/mon-espace");
  await courseCard(page, nom).getByRole("button", { name: "Dupliquer" }).click();
  await expect(page.getByText("Épreuve copiée")).toBeVisible();
  const copy = courseCard(page, `${nom} (copie)`);
  await expect(copy).toContainText("Hors-ligne");
  await expect(copy).toContainText("Balcons 28 km");

  // Delete the copy after the confirmation page.
  await copy.getByRole("link", { name: "Supprimer" }).click();
  await expect(page.getByText("Supprimer définitivement cette épreuve ? Cette action est irréversible.")).toBeVisible();
  await page.getByRole("button", { name: "Supprimer définitivement" }).click();
  await expect(page.getByText("Épreuve supprimée.")).toBeVisible();
  await expect(courseCard(page, `${nom} (copie)`)).toHaveCount(0);
  await expect(courseCard(page, nom)).toHaveCount(1);
});

test("a bad form keeps what was typed and explains each error in French", async ({ page }) => {
  await loginAs(page, ORGANISER, undefined, "/organisateur/nouvelle-course");
  await page.getByLabel("Lieu", { exact: false }).first().fill("Gérardmer");
  await page.getByLabel("Code postal").fill("88");
  await page.locator('input[name="formats[0].prix"]').fill("douze");
  await page.getByRole("button", { name: "Créer l'épreuve" }).click();
  await expect(page.getByText("Le nom de l'épreuve est obligatoire.")).toBeVisible();
  await expect(page.getByText(/Code postal invalide/)).toBeVisible();
  await expect(page.getByText(/Prix invalide/)).toBeVisible();
  await expect(page.getByLabel("Code postal")).toHaveValue("88");
  await expect(page.locator('input[name="formats[0].prix"]')).toHaveValue("douze");
  await expect(page.getByLabel("Lieu", { exact: false }).first()).toHaveValue("Gérardmer");
});

test("another organiser cannot open someone else's event", async ({ page }) => {
  await loginAs(page, "organisatrice@balise.test");
  await page.goto("/organisateur/mon-espace");
  await expect(page.getByRole("heading", { name: "Trail des Aiguilles Rouges" })).toHaveCount(0);
  const res = await page.goto("/modifier-course/c0000000-0000-4000-8000-000000000001");
  expect(res?.status()).toBe(403);
});
