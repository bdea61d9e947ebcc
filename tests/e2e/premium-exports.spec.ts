// A plan session's files (issue 47, decision 0229), JavaScript off and on: a Premium runner opens an interval session
// of their plan and downloads it as .zwo (Zwift) and .FIT (a watch); both decode back to the session the page shows
// (its title, its total duration). Another account gets 404 for the same files.
import { Decoder, Stream } from "@garmin/fitsdk";
import { expect, test } from "@playwright/test";
import { formatDuration } from "../../app/domain/format-duration";
import { becomePremium, createTrainingPlan } from "./helpers";

interface FitStep {
  durationType?: string;
  durationTime?: number;
  durationStep?: number;
  repeatSteps?: number;
}

/** The total seconds a watch runs through: a repeat step loops back to `durationStep`, `repeatSteps` times in all. */
function fitSeconds(steps: FitStep[]): number {
  const own = steps.map((s) => (s.durationType === "time" ? Number(s.durationTime) : 0));
  steps.forEach((s, i) => {
    if (s.durationType !== "repeatUntilStepsCmplt") return;
    const loop = own.slice(Number(s.durationStep), i).reduce((a, b) => a + b, 0);
    own[i] = loop * (Number(s.repeatSteps) - 1);
  });
  return own.reduce((a, b) => a + b, 0);
}

/** The total seconds of a Zwift workout: each step's Duration, an IntervalsT's on and off times its Repeat. */
function zwoSeconds(xml: string): number {
  let total = 0;
  for (const m of xml.matchAll(/<(Warmup|Cooldown|SteadyState|IntervalsT)\b([^>]*)>/g)) {
    const attr = (name: string) => Number(new RegExp(`\\b${name}="([\\d.]+)"`).exec(m[2])?.[1] ?? 0);
    total += m[1] === "IntervalsT" ? attr("Repeat") * (attr("OnDuration") + attr("OffDuration")) : attr("Duration");
  }
  return total;
}

test.describe("Premium session exports", () => {
  test("an interval session downloads as .zwo and .FIT that decode back to the same session", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await becomePremium(page, "exports");
    await createTrainingPlan(page);
    await page.locator(".plan-sessions a", { hasText: "Fractionné" }).first().click();
    await expect(page).toHaveURL(/\/premium\/plan\/seance\//);
    const title = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
    const durationLine = (await page.getByText(/^Durée\u00a0:/).textContent()) ?? "";

    const zwoLink = page.getByRole("link", { name: "Télécharger pour Zwift (.zwo)" });
    const zwo = await page.request.get((await zwoLink.getAttribute("href"))!);
    expect(zwo.status()).toBe(200);
    expect(zwo.headers()["content-disposition"]).toMatch(/attachment; filename=".+\.zwo"/);
    const xml = await zwo.text();
    expect(xml).toContain("<sportType>run</sportType>");
    expect(xml).toContain(`<name>${title}</name>`);
    expect(xml).toContain("<IntervalsT");
    expect(durationLine).toContain(formatDuration(zwoSeconds(xml)));

    const fitLink = page.getByRole("link", { name: "Télécharger pour ma montre (.FIT)" });
    const fitHref = (await fitLink.getAttribute("href"))!;
    const fit = await page.request.get(fitHref);
    expect(fit.status()).toBe(200);
    const decoder = new Decoder(Stream.fromByteArray(Array.from(await fit.body())));
    expect(decoder.checkIntegrity()).toBe(true);
    const { messages, errors } = decoder.read();
    expect(errors).toEqual([]);
    expect(messages.workoutMesgs?.[0]).toMatchObject({ sport: "running", wktName: title });
    const steps = (messages.workoutStepMesgs ?? []) as FitStep[];
    expect(steps.some((s) => s.durationType === "repeatUntilStepsCmplt")).toBe(true);
    expect(durationLine).toContain(formatDuration(fitSeconds(steps)));

    // Another Premium runner: the same files are not theirs.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const otherPage = await other.newPage();
    await becomePremium(otherPage, "exports-autre");
    expect((await otherPage.request.get(fitHref)).status()).toBe(404);
    await other.close();
  });
});
