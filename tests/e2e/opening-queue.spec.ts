// The opening queue end to end (issue 21), JavaScript off (project nojs) and on (project js). The e2e server admits
// one runner every 10 seconds (QUEUE_ADMISSIONS_PER_SECOND=0.1, scripts/e2e-server.mjs), so a second runner
// arriving just after the first waits. The organiser opens registrations now; the first runner gets the form at
// once; the second sees the queue at the form's own address ('Vous êtes 1er dans la file d'attente') and reaches
// the form when their turn comes: without JavaScript by the page's own refresh, with it by the queue's WebSocket
// push (the light waiting page then reloads itself). Each project uses its own event so that the two runs never meet.
import { expect, test } from "@playwright/test";
import { courseId, formatId } from "../../app/db/demo-data";
import { jsOn, loginAs, logout } from "./helpers";

const ORGANISER = "organisateur@balise.test";
const FIRST = "organisatrice@balise.test";
const SECOND = "coureur@balise.test";
// Les Foulées de la Croix-Rousse without JavaScript, the Corrida de Noël de Rennes with it (no other test registers
// there).
const EVENTS = {
  nojs: { course: courseId(4), format: formatId(4, 0) },
  js: { course: courseId(14), format: formatId(14, 0) },
};

/** Now in Paris, as the organiser's date and time fields take it (the minute already begun: the opening has passed). */
function parisNow(): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Paris",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

test("at the opening, the second runner waits in the queue and reaches the form when admitted", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const e = jsOn(page) ? EVENTS.js : EVENTS.nojs;
  await loginAs(page, ORGANISER);
  await page.goto(`/modifier-course/${e.course}`);
  const now = parisNow();
  await page.getByLabel("Ouverture des inscriptions (date)").first().fill(now.date);
  await page.getByLabel("Ouverture des inscriptions (heure)").first().fill(now.time);
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.getByText("Épreuve modifiée avec succès !")).toBeVisible();
  await logout(page);

  // Both runners logged in first, so that the second arrives right after the first.
  const other = await browser.newContext({ baseURL });
  const first = await other.newPage();
  await loginAs(first, FIRST);
  await loginAs(page, SECOND);
  const form = `/inscription/${e.course}?format=${e.format}`;
  const sockets: string[] = [];
  page.on("websocket", (ws) => sockets.push(ws.url()));
  await first.goto(form);
  await page.goto(form);
  await expect(first.getByRole("button", { name: /^Payer/ })).toBeVisible();
  await other.close();

  // The queue, at the form's own address (no redirect), and no form yet.
  await expect(page.getByText("Vous êtes 1er dans la file d'attente.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Payer/ })).toHaveCount(0);
  await expect(page.getByText(/Numéro de passage/)).toBeVisible();
  // What the position means, in one sentence (issue 42).
  await expect(page.getByText(/à votre tour, une place vous est réservée pendant 10 minutes/)).toBeVisible();
  // The first runner's page handed the format's facts to its queue: the second runner waits on the Worker's light
  // page (docs/decisions/0135), under the site's name.
  await expect(page.getByRole("link", { name: "Balise, accueil" })).toBeVisible();
  await expect(page.locator("main[data-queue-format]")).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toHaveCount(0);
  // Admitted 10 s after the first runner: the form, with the place still to take.
  await expect(page.getByRole("button", { name: /^Payer/ })).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).pathname).toBe(`/inscription/${e.course}`);
  // The admitted runner's place is reserved, until a stated deadline (issue 42).
  await expect(page.getByText(/Votre tour est venu : une place vous est réservée jusqu'au \d+/)).toBeVisible();
  // With JavaScript the position came live over the queue's WebSocket (the turn reloads the page, which then has
  // the form); without it, the page's own refresh brought the form.
  expect(sockets.some((u) => u.includes(`/parties/format-queue/${e.format}?ticket=`))).toBe(jsOn(page));
});
