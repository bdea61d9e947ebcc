// Catalogue end to end, JavaScript off (nojs, phone) and on (js, desktop): filter and page the list, open an
// event, switch tabs, pick a format, see the GPX profile, 404, offline event hidden / shown to its organiser.
import { expect, test } from "@playwright/test";
import { jsOn, loginAs } from "./helpers";

const cards = (page: import("@playwright/test").Page) => page.locator("ul.card-grid > li.course-card");

test.describe("catalogue", () => {
  test("filter the list by department and meals with the GET form", async ({ page }) => {
    await page.goto("/courses");
    await expect(page.getByTestId("results-count")).toHaveText(/^\d+ épreuves · page 1 sur \d+$/);
    await expect(cards(page)).toHaveCount(12);
    await page.locator("summary", { hasText: "Filtres et tri" }).click();
    await page.getByLabel("Département").selectOption("Gironde");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(/departement=Gironde/);
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByRole("heading", { name: "Semi-marathon de Bordeaux Rive Droite" })).toBeVisible();
    await page.getByLabel("Repas disponible").check();
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(/repas=1/);
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Rando gourmande du Médoc" })).toBeVisible();
    await page.getByRole("link", { name: "Réinitialiser", exact: true }).click();
    await expect(cards(page)).toHaveCount(12);
  });

  test("search from the home page, then nothing found offers a reset", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Rechercher une course").fill("calanques");
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/\/courses\?q=calanques/);
    await expect(cards(page)).toHaveCount(1);
    await page.goto("/courses?q=aucune-course-ici");
    await expect(page.getByText("Aucune épreuve trouvée")).toBeVisible();
    await page.getByRole("link", { name: "Réinitialiser les filtres" }).click();
    await expect(cards(page)).toHaveCount(12);
  });

  test("page through 6 by 6", async ({ page }) => {
    // Every page is read completely before the next click (with JavaScript, a second click on the old page's
    // link would otherwise race the navigation). The total is whatever the list holds: other specs may publish.
    await page.goto("/courses?taille=24");
    const total = await cards(page).count();
    expect(total).toBeGreaterThanOrEqual(15); // the 15 online demo events at least
    await page.goto("/courses?taille=6");
    await expect(cards(page)).toHaveCount(6);
    const seen: string[] = [];
    for (let n = 1; ; n++) {
      await expect(page).toHaveURL(n === 1 ? /taille=6/ : new RegExp(`page=${n}`));
      const titles = await cards(page).locator(".card-title").allTextContents();
      expect(titles.length).toBe(n * 6 <= total ? 6 : total - (n - 1) * 6);
      seen.push(...titles);
      const next = page.getByRole("link", { name: "Suivant →" });
      if ((await next.count()) === 0) break;
      await next.click();
      // With JavaScript the address changes before the new page is drawn (React renders in a transition): wait
      // for the new page's cards, or the old ones would be read twice.
      await expect(cards(page).first().locator(".card-title")).not.toHaveText(titles[0]);
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total); // no event twice, none skipped
    const pages = Math.ceil(total / 6);
    for (let n = pages - 1; n >= 1; n--) {
      await page.getByRole("link", { name: "← Précédent" }).click();
      await expect(page).toHaveURL(n === 1 ? /page=1|taille=6(?!.*page=)/ : new RegExp(`page=${n}(&|$)`));
      await expect(cards(page).first().locator(".card-title")).toHaveText(seen[(n - 1) * 6]);
    }
    await expect(cards(page).first().locator(".card-title")).toHaveText(seen[0]);
  });

  test("open an event, switch tabs, pick a format, see the GPX profile", async ({ page }) => {
    await page.goto("/courses?q=Aiguilles");
    await page.getByRole("link", { name: /Trail des Aiguilles Rouges/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Trail des Aiguilles Rouges" })).toBeVisible();
    await expect(page.getByText("Prochaine date")).toBeVisible();
    await page.getByRole("link", { name: "Formats & tarifs" }).click();
    await expect(page).toHaveURL(/onglet=formats/);
    await expect(page.locator("table.formats-table")).toContainText("Balcons 28 km");
    // Ultra des Aiguilles 55 km: 250 places, nobody registered in the demo data nor by other specs.
    await expect(page.locator("table.formats-table")).toContainText("0 / 250");
    await page.getByRole("link", { name: "Parcours" }).click();
    await expect(page).toHaveURL(/onglet=parcours/);
    await expect(page.locator("svg.profile-svg:visible")).toBeVisible();
    await expect(page.locator(".profile-stats")).toContainText("D+");
    await expect(page.getByRole("link", { name: "Télécharger le GPX" })).toBeVisible();
    const picker = page.getByRole("navigation", { name: "Choisir un format" });
    await picker.getByRole("link", { name: "Balcons 28 km" }).click();
    await expect(page).toHaveURL(/format=/);
    await expect(picker.getByRole("link", { name: "Balcons 28 km" })).toHaveAttribute("aria-current", "true");
    await expect(page.locator("svg.profile-svg:visible")).toBeVisible();
    await page.getByRole("link", { name: "Infos pratiques" }).click();
    await expect(page.getByRole("heading", { name: "Ravitaillements" })).toBeVisible();
    await expect(page.locator(".info-card").filter({ hasText: "Ravitaillements" }).locator("li")).toHaveCount(3);
    if (jsOn(page)) {
      // The route is drawn on a Leaflet map, loaded only now.
      await page.getByRole("link", { name: "Parcours" }).click();
      await expect(page.locator(".leaflet-container")).toBeVisible();
      await expect(page.locator(".leaflet-container")).toHaveCSS("height", "420px");
    }
  });

  test("a format without GPX says so", async ({ page }) => {
    await page.goto("/courses/rando-des-cretes-vosgiennes?onglet=parcours");
    await page
      .getByRole("navigation", { name: "Choisir un format" })
      .getByRole("link", { name: "Grande traversée 25 km" })
      .click();
    await expect(page.getByText("Le GPX n'est pas disponible pour ce format.")).toBeVisible();
  });

  test("share: a visible link without JavaScript, 'Lien copié' with it; QR 120×120", async ({ page, context }) => {
    await page.goto("/courses/trail-des-calanques");
    await expect(page.locator(".qr svg")).toHaveAttribute("width", "120");
    if (jsOn(page)) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.getByRole("button", { name: "Partager" }).click();
      await expect(page.getByRole("button", { name: "Lien copié" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Partager" })).toBeVisible({ timeout: 3000 });
    } else {
      await page.getByRole("link", { name: "Partager" }).click();
      await expect(page).toHaveURL(/#partage$/);
      await expect(page.getByLabel("Lien de l'épreuve")).toHaveValue(/\/courses\/trail-des-calanques$/);
    }
  });

  test("map view: Leaflet only when the map is shown; without JavaScript, the places", async ({ page }) => {
    const leaflet: string[] = [];
    page.on("request", (r) => {
      if (/leaflet|MapView/i.test(r.url())) leaflet.push(r.url());
    });
    await page.goto("/courses");
    await expect(cards(page)).toHaveCount(12);
    expect(leaflet).toEqual([]);
    await page.getByRole("link", { name: "Carte", exact: true }).click();
    await expect(page).toHaveURL(/vue=carte/);
    await expect(page.locator(".place-list")).toContainText("Chamonix-Mont-Blanc (Haute-Savoie)");
    if (jsOn(page)) {
      await expect(page.locator(".leaflet-container")).toBeVisible();
      await expect(page.locator(".leaflet-interactive").first()).toBeVisible();
      expect(leaflet.length).toBeGreaterThan(0);
    } else {
      await expect(page.getByText("La carte s'affiche avec JavaScript")).toBeVisible();
    }
  });

  test("unknown event: 404 'Épreuve introuvable'", async ({ page }) => {
    const res = await page.goto("/courses/cette-epreuve-n-existe-pas");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Épreuve introuvable" })).toBeVisible();
    await expect(page.getByText("Vérifiez le lien ou revenez à la liste")).toBeVisible();
    await page.getByRole("link", { name: "Voir les courses" }).click();
    await expect(page).toHaveURL(/\/courses$/);
  });

  test("/formats lists the formats by start date, with prices in euros", async ({ page }) => {
    await page.goto("/formats");
    await expect(page.getByRole("heading", { name: "Tous les formats" })).toBeVisible();
    const rows = page.locator("table.formats-table tbody tr");
    await expect(rows.first()).toContainText("Course enfants 1 km");
    await expect(rows.first()).toContainText("3,00\u00a0€");
  });

  test("offline event: hidden from a visitor, shown to its organiser with the draft notice", async ({ page }) => {
    const res = await page.goto("/courses/trail-des-lacs-d-annecy");
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Cette épreuve est hors-ligne." })).toBeVisible();
    await expect(page.getByText("Édition 2027 en préparation")).toHaveCount(0);
    await loginAs(page, "organisateur@balise.test");
    await page.goto("/courses/trail-des-lacs-d-annecy");
    await expect(page.getByRole("heading", { level: 1, name: "Trail des Lacs d'Annecy" })).toBeVisible();
    await expect(page.getByText("Édition 2027 en préparation")).toBeVisible();
    await expect(page.locator(".badge-hors_ligne")).toHaveText("Hors-ligne");
    const notice = page.locator(".draft-notice");
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("link", { name: "Modifier l'épreuve" })).toHaveAttribute(
      "href",
      /^\/modifier-course\/c0000000-/,
    );
  });
});
