// The Premium training plan (issue 47, decisions 0227 and 0228), JavaScript off and on: a fresh Premium runner opens
// /premium/plan, is refused a race too close (the French message beside the date, what they typed kept), then
// generates a plan for a typed race, sees its weeks and phases, opens a session and gets the @IA assistant's
// explanation, fetches the calendar feed (one VEVENT per session) and rotates its address.
import { expect, test } from "@playwright/test";
import { becomePremium, dayFromNow, fillTrainingPlanForm, seriousViolations } from "./helpers";

test.describe("Premium training plan", () => {
  test("generate a plan, read a session with the assistant's explanation, subscribe to its calendar", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await becomePremium(page, "plan");
    await page.goto("/premium/plan");
    await expect(page.getByRole("heading", { name: "Mon plan d'entraînement" })).toBeVisible();

    // A race in 10 days: refused, the message beside the date, the form keeps what was typed.
    await fillTrainingPlanForm(page, 10);
    await page.getByRole("button", { name: "Créer mon plan" }).click();
    await expect(page.locator("#f-dateCourse-error")).toHaveText(/moins de 3 semaines/);
    await expect(page.getByLabel("Distance (km)")).toHaveValue("21,1");
    await expect(page.getByLabel("jeudi", { exact: true })).toBeChecked();

    // A race in about 14 weeks: the plan by weeks and phases.
    await page.getByLabel("Date de la course").fill(dayFromNow(98));
    await page.getByRole("button", { name: "Créer mon plan" }).click();
    await expect(page.getByText("Votre plan est prêt.")).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Semaine 1 — / })).toBeVisible();
    for (const phase of ["Base", "Développement", "Relâchement"])
      await expect(page.locator(".plan-phase", { hasText: phase }).first()).toBeVisible();
    await expect(page.getByText("Allures calculées avec votre allure seuil de 4:50")).toBeVisible();
    const sessions = await page.locator(".plan-sessions li").count();
    expect(sessions).toBeGreaterThan(20);
    await expect(page.locator(".plan-sessions li").last()).toContainText("Course\u00a0: Semi de la Plaine");
    expect(await seriousViolations(page)).toEqual([]);

    // The calendar feed: one VEVENT per session.
    const feedUrl = new URL(await page.locator("#f-calendrier").inputValue());
    expect(feedUrl.pathname).toMatch(/^\/premium\/plan\/calendrier\/[A-Za-z0-9_-]{40,}\.ics$/);
    await expect(page.getByRole("link", { name: "S'abonner dans mon agenda" })).toHaveAttribute("href", /^webcal:\/\//);
    const feed = await request.get(feedUrl.pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toContain("text/calendar");
    const ics = await feed.text();
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(sessions);

    // A session, and the assistant's explanation (a GET form).
    await page.locator(".plan-sessions a").nth(2).click();
    await expect(page).toHaveURL(/\/premium\/plan\/seance\//);
    await expect(page.getByRole("heading", { name: "Déroulé" })).toBeVisible();
    await expect(page.locator(".plan-steps li").first()).toContainText("min/km");
    await page.getByRole("button", { name: "Expliquer cette séance" }).click();
    await expect(page.getByRole("heading", { name: "L'explication de l'assistant @IA" })).toBeVisible();
    await expect(page.locator(".plan-explanation")).toContainText(/Semaine \d+ sur \d+, phase/);
    expect(await seriousViolations(page)).toEqual([]);

    // 'Nouveau lien': the old address answers 404, the new one the same events.
    await page.getByRole("link", { name: "← Mon plan d'entraînement" }).click();
    await page.getByRole("button", { name: "Nouveau lien" }).click();
    await expect(page.getByText("Nouveau lien de calendrier créé")).toBeVisible();
    expect((await request.get(feedUrl.pathname)).status()).toBe(404);
    const fresh = new URL(await page.locator("#f-calendrier").inputValue());
    expect(fresh.pathname).not.toBe(feedUrl.pathname);
    expect((await (await request.get(fresh.pathname)).text()).match(/BEGIN:VEVENT/g)).toHaveLength(sessions);
  });
});
