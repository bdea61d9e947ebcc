import { expect, test } from "@playwright/test";
import * as paths from "../../app/domain/paths";
import { retentionRule } from "../../app/domain/retention";

test.describe("home and shell", () => {
  test("home page shows the hero, the 3 newest events and the pitches", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Votre prochaine course commence ici");
    await expect(page.locator(".course-card")).toHaveCount(3);
    await expect(page.getByRole("heading", { name: "Vous organisez une course ?" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Gratuit ou Premium" })).toBeVisible();
    await expect(page.getByText("49,00 €")).toBeVisible();
    // 'Je suis organisateur' goes to /login for a visitor
    await expect(page.getByRole("link", { name: "Je suis organisateur" })).toHaveAttribute("href", "/login");
  });

  test("the search box is a GET form to /courses?q=", async ({ page }) => {
    await page.goto("/");
    await page.getByPlaceholder("Nom, ville ou département…").fill("Chamonix");
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/\/courses\?q=Chamonix/);
  });

  test("visitor navigation: header links, Connexion and Inscription, no Admin link", async ({ page, isMobile }) => {
    await page.goto("/");
    const nav = isMobile ? page.locator(".mobile-menu") : page.locator("header");
    if (isMobile) await page.locator(".mobile-menu > summary").click();
    await expect(nav.getByRole("link", { name: "Accueil", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Fonctionnalités" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Courses", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Connexion" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Inscription" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Admin/ })).toHaveCount(0);
  });

  test("the mobile menu slides in and its links work", async ({ browser }) => {
    const ctx = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      javaScriptEnabled: test.info().project.name === "js",
    });
    const page = await ctx.newPage();
    await page.goto("/");
    const panel = page.locator(".mobile-panel");
    await expect(panel).toBeHidden();
    await page.locator(".mobile-menu > summary").click();
    await expect(panel).toBeVisible();
    await panel.getByRole("link", { name: "Fonctionnalités" }).click();
    await expect(page).toHaveURL(/\/fonctionnalites/);
    await ctx.close();
  });

  test("an unknown URL shows 'Page non trouvée' with HTTP 404", async ({ page }) => {
    const res = await page.goto("/une/page/qui/n-existe/pas");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page non trouvée" })).toBeVisible();
  });
});

test.describe("static pages", () => {
  const pages: [string, string | RegExp][] = [
    ["/fonctionnalites", "Fonctionnalités"],
    ["/premium", "Balise Premium"],
    ["/conditions", "Conditions d'utilisation"],
    ["/confidentialite", "Politique de confidentialité"],
    ["/contact", "Contact"],
    ["/mentions-legales", "Mentions légales"],
    ["/legal/cgv-organisateurs", "Conditions générales de vente organisateurs"],
    ["/legal/remboursements", "Politique de remboursement"],
    ["/legal/charte-organisateur", "Charte organisateur"],
  ];
  for (const [path, title] of pages) {
    test(`${path} renders`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    });
  }

  test("features page: coureurs by default, tabs are links", async ({ page }) => {
    await page.goto("/fonctionnalites");
    await expect(page.getByTestId("tab-coureurs")).toBeVisible();
    await expect(page.getByRole("link", { name: "Passer en Premium" })).toHaveAttribute("href", "/premium");
    await page.getByRole("link", { name: "Organisateurs", exact: true }).click();
    await expect(page.getByTestId("tab-organisateurs")).toBeVisible();
    await expect(page.getByRole("link", { name: "Accéder à l'espace organisateur" })).toHaveAttribute(
      "href",
      "/organisateur/mon-espace",
    );
  });

  test("the refund page shows the scale", async ({ page }) => {
    await page.goto("/legal/remboursements");
    const rows = page.locator("table tbody tr");
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText("90 %");
    await expect(rows.nth(3)).toContainText("0 %");
    await expect(page.getByText("Dernière mise à jour : 17/08/2025")).toBeVisible();
  });

  test("the organiser charter states the 72 h rule", async ({ page }) => {
    await page.goto("/legal/charte-organisateur");
    await expect(page.getByText(/72 heures/).first()).toBeVisible();
    await expect(page.getByText("Dernière mise à jour : 17/08/2025")).toBeVisible();
  });

  test("the organiser charter says what organisers may do with runners' data", async ({ page }) => {
    await page.goto("/legal/charte-organisateur");
    const section = page.locator("article");
    await expect(page.getByRole("heading", { name: "Données personnelles des coureurs" })).toBeVisible();
    await expect(section).toContainText("pour la seule organisation de son épreuve");
    await expect(section).toContainText("Vendre, louer, échanger ou céder les données des coureurs");
    await expect(section).toContainText("sans le consentement préalable et explicite du coureur");
    await expect(section).toContainText("Exporter la liste des inscrits uniquement pour l'épreuve");
    // The durations are the retention rules' own (the admin's /admin/conservation shows the same).
    for (const key of ["justificatifs", "inscriptions_sans_compte"] as const) {
      const rule = retentionRule(key);
      await expect(section).toContainText(`${rule.donnees}\u00a0: ${rule.duree}.`);
    }
    await expect(section.getByRole("link", { name: "Mes données" })).toHaveAttribute("href", paths.myData());
    await expect(section.getByRole("link", { name: "Supprimer mon compte" })).toHaveAttribute(
      "href",
      paths.deleteAccount(),
    );
  });

  test("premium sells the yearly subscription with its tools, none of them « bientôt »", async ({ page }) => {
    await page.goto("/premium");
    await expect(page.getByText("49,00 € par an TTC").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Passer en Premium" })).toBeVisible();
    await expect(page.getByText("Estimation de votre temps d'arrivée (ITRA / UTMB)").first()).toBeVisible();
    await expect(page.getByText("(bientôt)")).toHaveCount(0);
    await expect(page.getByText(/n'est pas encore en vente/)).toHaveCount(0);
  });
});
