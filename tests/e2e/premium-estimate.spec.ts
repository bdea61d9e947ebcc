// Premium race tools (issue 47, decisions 0225 and 0226), JavaScript off and on: a Premium runner opens the
// estimate of a demo format with a GPX from its event page, enters an ITRA index (a bad one first: the message is
// beside the field, the value kept), sees a range and the arrivals at the aid stations; opens the pace comparator,
// sets a target and sees the splits (with JavaScript, drags the target); the aid stations are drawn on the profile.
// The demo runner picks their Sainte-Victoire result as the reference; another result's id is refused. A format
// without a GPX says so; a runner who is not Premium is sent to /premium. The demo data are only read (the demo
// runner becomes Premium).
import { expect, test } from "@playwright/test";
import { becomePremium, demoRunnerPremium, jsOn, loginAs, seriousViolations, signUpAndConfirm } from "./helpers";

// Trail des Aiguilles Rouges — Balcons 28 km (GPX; aid stations "Lac Blanc (km 9) ; Flégère (km 17), …").
const BALCONS = "f0000000-0000-4000-8000-000000000102";
// Semi-marathon de Bordeaux Rive Droite — 10 km (no GPX).
const NO_GPX = "f0000000-0000-4000-8000-000000000201";

test.describe("Premium estimate and pace comparator", () => {
  test("a Premium runner gets an estimate, aid-station times and a pace card", async ({ page }) => {
    test.setTimeout(120_000);
    await becomePremium(page, "estimation");

    await page.goto("/courses/trail-des-aiguilles-rouges?onglet=formats");
    await page.getByRole("link", { name: "Estimer mon temps (Premium) sur le format Balcons 28 km" }).click();
    await expect(page).toHaveURL(new RegExp(`/premium/estimation/${BALCONS}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Balcons 28 km");
    await expect(page.getByRole("heading", { name: "Le modèle et ses limites" })).toBeVisible();

    // A bad index: the French message beside the field, the value kept.
    await page.getByLabel("Je donne").selectOption("itra");
    await page.getByLabel("Indice (ITRA ou UTMB)").fill("2000");
    await page.getByRole("button", { name: "Estimer mon temps" }).click();
    await expect(page.locator("#f-indice-error")).toContainText("de 100 à 1000");
    await expect(page.getByLabel("Indice (ITRA ou UTMB)")).toHaveValue("2000");

    await page.getByLabel("Indice (ITRA ou UTMB)").fill("550");
    await page.getByRole("button", { name: "Estimer mon temps" }).click();
    const estimate = page.getByTestId("race-estimate");
    await expect(estimate).toContainText(/Entre \d+\u00a0h\u00a0\d\d\u00a0min et \d+\u00a0h\u00a0\d\d\u00a0min/);
    const stations = page.getByTestId("race-stations");
    await expect(stations.getByRole("row", { name: /Lac Blanc/ })).toContainText("9\u00a0km");
    await expect(stations.getByRole("row", { name: /Flégère/ })).toContainText("17\u00a0km");
    await expect(page.getByText(/Sans position kilométrique.*La Tête aux Vents/)).toBeVisible();
    await expect(page.getByTestId("race-splits").locator("tbody tr")).toHaveCount(28);

    // The pace comparator, from the estimate, then with our own target.
    await page.getByRole("link", { name: "Voir la carte d'allure pour ce temps" }).click();
    await expect(page).toHaveURL(new RegExp(`/premium/allure/${BALCONS}\\?cible=`));
    await expect(page.getByRole("img", { name: /Profil altimétrique/ }).first()).toBeVisible();
    await page.getByLabel("Temps visé (heures:minutes)").fill("5:00");
    await page.getByLabel("Second temps à comparer (facultatif)").fill("6h30");
    await page.getByRole("button", { name: "Calculer les allures" }).click();
    const card = page.getByTestId("pace-card");
    await expect(card.getByRole("columnheader", { name: "Objectif 5\u00a0h", exact: true }).first()).toBeVisible();
    await expect(card.getByRole("columnheader", { name: "Objectif 6\u00a0h\u00a030\u00a0min" }).first()).toBeVisible();
    await expect(card.getByTestId("race-stations").getByRole("row", { name: /Arrivée/ })).toContainText(
      "5\u00a0h (12\u00a0h\u00a030)",
    );
    await expect(card.getByTestId("race-splits")).toContainText("min/km");

    if (jsOn(page)) {
      // Drag the target: the splits are recomputed in the browser.
      await page.getByLabel(/Faites glisser le temps visé/).fill("21600");
      await expect(card.getByRole("columnheader", { name: "Objectif 6\u00a0h", exact: true }).first()).toBeVisible();
      await expect(card.getByTestId("race-stations").getByRole("row", { name: /Arrivée/ })).toContainText(
        "6\u00a0h (13\u00a0h\u00a030)",
      );
    }

    // The printable card.
    await page.getByRole("link", { name: "Version à imprimer" }).click();
    await expect(page).toHaveURL(/impression=1/);
    await expect(page.getByTestId("pace-card")).toBeVisible();
    await expect(page.getByLabel("Temps visé (heures:minutes)")).toHaveCount(0);

    // A bad target: the message beside the field, the value kept.
    await page.goto(`/premium/allure/${BALCONS}?cible=bientot`);
    await expect(page.locator("#f-cible-error")).toContainText("heures:minutes");
    await expect(page.getByLabel("Temps visé (heures:minutes)")).toHaveValue("bientot");

    // No GPX: said plainly. No such format: 404.
    await page.goto(`/premium/estimation/${NO_GPX}`);
    await expect(page.getByText("Ce format n'a pas de trace GPX")).toBeVisible();
    const missing = await page.goto("/premium/allure/f0000000-0000-4000-8000-999999999999");
    expect(missing?.status()).toBe(404);
  });

  test("the demo runner picks their result on Balise as the reference", async ({ page }) => {
    test.setTimeout(90_000);
    await demoRunnerPremium(page, "coureur@balise.test");
    await page.goto(`/premium/estimation/${BALCONS}`);

    // The aid stations on the profile: named with their kilometre in the drawing's label and in its legend.
    await expect(page.getByRole("img", { name: /ravitaillements\s: 1, Lac Blanc \(km\s9\)/ }).first()).toBeAttached();
    await expect(page.getByRole("list", { name: "Ravitaillements sur le profil" })).toContainText(
      "Flégère (km\u00a017)",
    );

    const results = page.getByRole("table", { name: "Vos résultats sur Balise" });
    await expect(
      results.getByRole("row", { name: /Trail de la Sainte-Victoire — Sainte-Victoire 24 km/ }),
    ).toContainText("2\u00a0h\u00a016\u00a0min");
    await results.getByRole("button", { name: /^Utiliser mon résultat Trail de la Sainte-Victoire/ }).click();
    await expect(page).toHaveURL(/\?resultat=\d+$/);
    await expect(page.getByTestId("race-picked")).toContainText(
      "Référence\u00a0: votre résultat au Trail de la Sainte-Victoire",
    );
    await expect(page.getByTestId("race-estimate")).toContainText(/Entre \d+\u00a0h\u00a0\d\d\u00a0min et/);
    // The form is filled with the result, and sending it again gives the same estimate.
    await expect(page.getByLabel("Je donne")).toHaveValue("course");
    await expect(page.getByLabel("Distance (km)")).toHaveValue("24");
    await expect(page.getByLabel("D+ (m)")).toHaveValue("1400");
    await expect(page.getByLabel("Temps (heures:minutes)")).toHaveValue("2:16:22");
    expect(await seriousViolations(page)).toEqual([]);
    const range = await page.locator(".race-range").textContent();
    await page.getByRole("button", { name: "Estimer mon temps" }).click();
    await expect(page).toHaveURL(/ref=course/);
    await expect(page.locator(".race-range")).toHaveText(range ?? "");

    // A result id that is not the runner's: a French message, no estimate.
    const refused = await page.goto(`/premium/estimation/${BALCONS}?resultat=999999`);
    expect(refused?.status()).toBe(404);
    await expect(page.getByTestId("race-pick-error")).toContainText("Ce résultat n'existe pas ou n'est pas le vôtre");
    await expect(page.getByTestId("race-estimate")).toHaveCount(0);
  });

  test("a runner who is not Premium is sent to the Premium page", async ({ page }) => {
    test.setTimeout(60_000);
    const email = `estimation-libre-${test.info().project.name}-${Date.now()}@exemple.fr`;
    await signUpAndConfirm(page, email, "pas-encore-premium-2026");
    await loginAs(page, email, "pas-encore-premium-2026", "/mesinscriptions");
    await page.goto(`/premium/estimation/${BALCONS}`);
    await expect(page).toHaveURL(/\/premium\?acces=reserve/);
    await page.goto(`/premium/allure/${BALCONS}?cible=5:00`);
    await expect(page).toHaveURL(/\/premium\?acces=reserve/);
    await expect(page.getByText("Cet outil est réservé aux abonnés Premium.")).toBeVisible();
  });
});
