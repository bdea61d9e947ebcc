// « Mes activités » (issue 47, decisions 0231, 0232), JavaScript off and on: a fresh Premium runner imports a small
// .gpx with times and sees it listed (fr-FR date, « x,x km », duration); a file that is not an activity gets the
// French error beside the field; then links the local Strava stand-in, records a new activity there, sees it arrive
// through the webhook, and unlinks.
import { expect, test } from "@playwright/test";
import { becomePremium } from "./helpers";

/** Five 1 km legs due north, five minutes each, on 20 November 2026 (Paris morning). */
function gpxWithTimes(): string {
  const points = Array.from({ length: 6 }, (_, i) => {
    const lat = (45.92 + i * 0.009).toFixed(4);
    const time = new Date(Date.UTC(2026, 10, 20, 7, i * 5)).toISOString().replace(".000", "");
    return `<trkpt lat="${lat}" lon="6.8600"><ele>${1035 + i * 10}</ele><time>${time}</time></trkpt>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="balise-e2e" xmlns="http://www.topografix.com/GPX/1/1">
<trk><name>Footing des Gaillands</name><type>running</type><trkseg>
${points.join("\n")}
</trkseg></trk></gpx>`;
}

const parisDay = (d: Date) =>
  new Intl.DateTimeFormat("fr-FR", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "Europe/Paris",
  }).format(d);

test.describe("Premium activities", () => {
  test("import a .gpx, refuse a bad file, sync with the local Strava stand-in", async ({ page }) => {
    test.setTimeout(120_000);
    await becomePremium(page, "activites");
    await page.goto("/premium/activites");
    await expect(page.getByRole("heading", { name: "Mes activités" })).toBeVisible();
    await expect(page.getByText("Aucune activité pour l'instant.")).toBeVisible();

    // A file that is not an activity: the French message beside the field, nothing listed.
    await page.getByLabel("Fichier de l'activité (.gpx, .fit ou .tcx)").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("ceci n'est pas une trace"),
    });
    await page.getByRole("button", { name: "Importer" }).click();
    await expect(page.locator("#f-fichier-error")).toHaveText(/Format non reconnu/);
    await expect(page.getByLabel("Fichier de l'activité (.gpx, .fit ou .tcx)")).toHaveAttribute(
      "aria-describedby",
      /f-fichier-error/,
    );
    await expect(page.getByText("Aucune activité pour l'instant.")).toBeVisible();

    // A .gpx with times: listed with its date, distance and moving time.
    await page.getByLabel("Fichier de l'activité (.gpx, .fit ou .tcx)").setInputFiles({
      name: "footing.gpx",
      mimeType: "application/gpx+xml",
      buffer: Buffer.from(gpxWithTimes()),
    });
    await page.getByRole("button", { name: "Importer" }).click();
    await expect(page.getByText("Activité importée.")).toBeVisible();
    const imported = page.getByRole("row", { name: /Footing des Gaillands/ });
    await expect(imported).toContainText("20/11/2026");
    await expect(imported).toContainText("5,0\u00a0km");
    await expect(imported).toContainText("25\u00a0min");
    await expect(imported).toContainText("Fichier GPX");

    // The local Strava stand-in: consent, then a new activity recorded there arrives through the webhook.
    await page.getByRole("button", { name: "Connecter Strava" }).click();
    await page.waitForURL(/\/dev\/strava\?/);
    await expect(page.getByRole("heading", { name: "Autoriser Balise à lire vos activités ?" })).toBeVisible();
    await page.getByRole("button", { name: "Autoriser" }).click();
    await page.waitForURL(/\/premium\/activites\?ok=connecte/);
    await expect(page.getByText("Votre compte Strava est relié")).toBeVisible();
    await expect(page.getByText(/Compte Strava relié depuis le \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

    const before = new Date(Date.now() - 3900_000);
    await page.getByRole("button", { name: "Enregistrer une nouvelle activité chez le service simulé" }).click();
    await page.waitForURL(/\/premium\/activites\?ok=nouvelle/);
    const synced = page.getByRole("row", { name: /Sortie trail \(simulée\)/ });
    await expect(synced).toContainText("12,4\u00a0km");
    await expect(synced).toContainText("1\u00a0h\u00a005\u00a0min");
    await expect(synced).toContainText(parisDay(before));
    await expect(page.getByRole("heading", { name: "Activités (2)" })).toBeVisible();

    // Unlinking: the runner can connect again; the activities stay.
    await page.getByRole("button", { name: "Déconnecter Strava" }).click();
    await page.waitForURL(/\/premium\/activites\?ok=deconnecte/);
    await expect(page.getByText("Compte Strava délié")).toBeVisible();
    await expect(page.getByRole("button", { name: "Connecter Strava" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Activités (2)" })).toBeVisible();

    // The owner deletes the imported one.
    await page.getByRole("button", { name: "Supprimer l'activité Footing des Gaillands du 20/11/2026" }).click();
    await expect(page.getByText("Activité supprimée.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Activités (1)" })).toBeVisible();
  });
});
