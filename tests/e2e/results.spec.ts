// Issue 44: an organiser imports a 2,000-line results file with 3 errors, sees them in the preview, fixes them and
// publishes; the public page shows the results, and a runner who chose not to appear is 'Coureur anonyme' and not
// found by a search. Phone viewport, JavaScript off (nojs) and on (js). The event (Trail des Volcans, the
// organisatrice's) is used for results by no other spec; each project takes its own format.
import { expect, type Page, test } from "@playwright/test";
import { jsOn, loginAs, logout } from "./helpers";

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 393, height: 851 }, isMobile: false });

const EVENT = "Trail des Volcans";

async function formatIdOf(page: Page, format: string): Promise<string> {
  await page.goto("/organisateur/mon-espace");
  const card = page.locator(".organiser-course", { hasText: EVENT });
  const href = await card
    .getByRole("row", { name: new RegExp(format) })
    .getByRole("link", { name: "Voir les inscrits" })
    .getAttribute("href");
  const id = href?.split("/").pop()?.split("?")[0];
  expect(id).toBeTruthy();
  return id as string;
}

async function addRunner(
  page: Page,
  formatId: string,
  r: { nom: string; prenom: string; dossard: string; appear: boolean },
) {
  await page.goto(`/organisateur/inscriptions/${formatId}/ajouter`);
  await page.locator("#add-nom").fill(r.nom);
  await page.locator("#add-prenom").fill(r.prenom);
  await page.locator("#add-club").fill(`Club ${r.nom}`);
  await page.locator("#add-dossard").fill(r.dossard);
  const box = page.getByLabel("Apparaître dans les résultats publics.");
  if (!r.appear) await box.uncheck();
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await page.waitForURL((u) => !u.pathname.endsWith("/ajouter"));
}

/** 2,000 lines: the two registered bibs, then bibs only the file knows; a bad time on lines 10 and 20, a bib twice on line 30. */
function resultsCsv(anonymousBib: number, visibleBib: number): string {
  const lines = ["Dossard;Temps;Catégorie;Nom;Prénom;Club"];
  for (let k = 0; k < 2000; k++) {
    const line = k + 2;
    const bib = k === 0 ? anonymousBib : k === 1 ? visibleBib : 20000 + k;
    const seconds = 3600 + k * 7;
    let time = `${Math.floor(seconds / 3600)}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
    if (line === 10) time = "1:2x:00";
    if (line === 20) time = "99:99";
    lines.push(
      `${line === 30 ? 20003 : bib};${time};${k % 3 === 0 ? "SEH" : "V1F"};Fichier${k};Coureur;Club du fichier`,
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

test("import 2,000 lines with 3 errors, fix them, publish; an opted-out runner is anonymous", async ({
  page,
}, info) => {
  const js = jsOn(page);
  const format = js ? "Volcans 45 km" : "Sancy 22 km";
  const tag = js ? "Js" : "Nojs";
  const [anonymousBib, visibleBib] = js ? [7101, 7102] : [7001, 7002];
  await loginAs(page, "organisatrice@balise.test", undefined, "/organisateur/mon-espace");
  const formatId = await formatIdOf(page, format);
  await addRunner(page, formatId, {
    nom: `Discrète${tag}`,
    prenom: "Inès",
    dossard: String(anonymousBib),
    appear: false,
  });
  await addRunner(page, formatId, { nom: `Visible${tag}`, prenom: "Hugo", dossard: String(visibleBib), appear: true });

  await page.goto(`/organisateur/inscriptions/${formatId}`);
  await page.getByRole("link", { name: "Résultats" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Résultats – ${format}`);
  await page.getByLabel("Fichier des résultats (CSV)").setInputFiles({
    name: `resultats-${info.project.name}.csv`,
    mimeType: "text/csv",
    buffer: Buffer.from(resultsCsv(anonymousBib, visibleBib), "utf8"),
  });
  await page.getByRole("button", { name: "Voir l'aperçu" }).click();
  await expect(page.getByTestId("preview-errors")).toHaveText("3 erreurs.");
  await expect(page.getByTestId("preview-counts")).toContainText("2000 lignes lues");
  const errors = page.locator("#preview-error-list li");
  await expect(errors).toHaveCount(3);
  await expect(errors.nth(0)).toContainText("Ligne 10");
  await expect(errors.nth(0)).toContainText("Temps illisible");
  await expect(errors.nth(1)).toContainText("Ligne 20");
  await expect(errors.nth(2)).toContainText("Ligne 30");
  await expect(errors.nth(2)).toContainText("Dossard en double");

  // Fix: two times corrected, the duplicate line removed.
  for (const [ligne, time] of [
    ["10", "1:01:00"],
    ["20", "1:02:00"],
  ]) {
    const form = page.getByRole("form", { name: `Ligne ${ligne}` });
    await form.getByLabel("Temps").fill(time);
    await form.getByRole("button", { name: `Corriger la ligne ${ligne}` }).click();
    await expect(page.getByRole("form", { name: `Ligne ${ligne}` })).toHaveCount(0);
  }
  await page.getByRole("form", { name: "Ligne 30" }).getByRole("button", { name: "Retirer la ligne 30" }).click();
  await expect(page.getByTestId("preview-errors")).toHaveText("Aucune erreur.");
  await page.getByRole("button", { name: "Publier les résultats" }).click();
  await expect(page.getByText("Résultats publiés (1999 lignes)")).toBeVisible();
  const publicHref = await page.getByRole("link", { name: "Voir la page publique des résultats" }).getAttribute("href");
  await logout(page);

  // The public page, as any visitor.
  await page.goto(publicHref as string);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Résultats – ${format}`);
  await expect(page.getByTestId("results-count")).toHaveText("1 999 coureurs.".replace(" ", "\u202f"));
  const first = page.locator(".results-table tbody tr").first();
  await expect(first).toContainText("Coureur anonyme");
  await expect(first.locator("td").first()).toHaveText("1");
  await expect(page.getByText(`Discrète${tag}`)).toHaveCount(0);
  await expect(page.getByText(`Club Discrète${tag}`)).toHaveCount(0);
  await expect(page.getByRole("row", { name: new RegExp(`Hugo Visible${tag}`) })).toBeVisible();
  await expect(page.getByText("Page 1 / 40")).toBeVisible();

  // Searched: the visible runner is found, the anonymous one never.
  await page.getByLabel("Rechercher un nom, un club ou une catégorie").fill(`discrète${tag}`);
  await page.getByRole("button", { name: "Afficher" }).click();
  await expect(page.getByTestId("results-count")).toHaveText("Aucun coureur ne correspond à cette recherche.");
  await page.getByLabel("Rechercher un nom, un club ou une catégorie").fill(`visible${tag}`);
  await page.getByRole("button", { name: "Afficher" }).click();
  await expect(page.getByTestId("results-count")).toContainText("1 coureur pour");
  await expect(page.getByRole("row", { name: new RegExp(`Hugo Visible${tag}`) })).toBeVisible();

  // The event page links to the results.
  await page.goto("/courses/trail-des-volcans");
  await expect(page.getByRole("link", { name: `Résultats – ${format}` })).toHaveAttribute("href", publicHref as string);
});
