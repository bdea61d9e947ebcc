// Premium's weekly feedback (issue 47, decision 0230), JavaScript off and on (both projects): a fresh Premium runner
// without a plan sees the empty states; makes a plan on /premium/plan; /premium/bilan then shows the week's planned
// figures against nothing done (« Aucune activité »), moving week by week; the Monday e-mail, sent now through the
// development trigger (/dev/bilan), links to the week's page.
import { expect, test } from "@playwright/test";
import { becomePremium, createTrainingPlan, openMail } from "./helpers";

test("weekly feedback: empty states, then the plan's planned figures, and the Monday e-mail", async ({ page }) => {
  test.setTimeout(120_000);
  const { email } = await becomePremium(page, "bilan");

  // No plan, no activity: the page says so and links to both tools.
  await page.goto("/premium/bilan");
  await expect(page.getByRole("heading", { name: /^Bilan de la semaine du / })).toBeVisible();
  await expect(page.getByText("Vous n'avez pas encore de plan d'entraînement.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Créer mon plan" })).toHaveAttribute("href", "/premium/plan");
  await expect(page.getByText("Aucune activité enregistrée cette semaine.")).toBeVisible();

  // A plan for a race in about 14 weeks (it starts on the coming week at the latest).
  await createTrainingPlan(page);

  // The coming week: three sessions planned, none done, the planned distance and time, the race.
  await page.goto("/premium/bilan");
  await expect(page.getByText("Vous n'avez pas encore de plan d'entraînement.")).toHaveCount(0);
  await expect(page.getByText(/Objectif\u00a0: Semi de la Plaine, le /)).toBeVisible();
  const heading = await page.getByRole("heading", { level: 1 }).textContent();
  await page.getByRole("link", { name: "Semaine suivante »" }).click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(heading ?? "");
  await expect(page).toHaveURL(/\/premium\/bilan\?semaine=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole("heading", { name: "Séances\u00a0: 0 faite(s) sur 3 prévue(s)" })).toBeVisible();
  const distance = page.getByRole("row", { name: /^Distance/ });
  await expect(distance.getByRole("cell").first()).toHaveText(/^[1-9][\d,]*\u00a0km$/);
  await expect(distance.getByRole("cell").last()).toHaveText(/^0\u00a0km$/);
  await expect(
    page
      .getByRole("row", { name: /^Temps/ })
      .getByRole("cell")
      .first(),
  ).toHaveText(/\d\u00a0(h|min)/);
  await expect(page.getByText("Aucune activité enregistrée cette semaine.")).toBeVisible();
  await expect(page.getByText(/Course dans \d+\u00a0jour\(s\)\./)).toBeVisible();
  await page.getByRole("link", { name: "« Semaine précédente" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading ?? "");

  // The Monday e-mail, sent now by the development trigger, links to the week's page.
  await page.goto("/dev/bilan");
  await page.getByRole("button", { name: "Envoyer les bilans de la semaine" }).click();
  await expect(page.getByRole("status")).toContainText(/\d+ bilan\(s\) envoyé\(s\)/);
  await openMail(page, email, "Votre bilan de la semaine");
  await expect(page.locator(".mail-body").getByRole("link").first()).toHaveAttribute(
    "href",
    /\/premium\/bilan\?semaine=\d{4}-\d{2}-\d{2}$/,
  );
});
