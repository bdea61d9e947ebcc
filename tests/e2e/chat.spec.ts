// Event chat end to end. The forms test runs in both projects (JS off: plain forms and confirmation steps;
// JS on: the same forms submitted in place, confirm/prompt dialogs). The live test opens two JS browsers.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { courseId } from "../../app/db/demo-data";
import { jsOn, loginAs } from "./helpers";

const COUREUR = "coureur@balise.test";
const ORGANISATEUR = "organisateur@balise.test";

/** Each project uses its own events, so runs do not see each other's messages. */
function courseFor(kind: "forms" | "live"): string {
  const nojs = test.info().project.name === "nojs";
  return courseId(kind === "forms" ? (nojs ? 4 : 5) : nojs ? 6 : 7);
}

const thread = (page: Page, text: string) => page.locator(".chat-thread").filter({ hasText: text });
const message = (page: Page, text: string) => page.locator(".chat-msg").filter({ hasText: text });

async function newUserPage(browser: Browser, email: string, js: boolean, path: string): Promise<Page> {
  const ctx = await browser.newContext({ javaScriptEnabled: js, locale: "fr-FR", timezoneId: "Europe/Paris" });
  const page = await ctx.newPage();
  page.on("dialog", (d) => void d.accept(d.type() === "prompt" ? d.defaultValue() : undefined));
  await loginAs(page, email, undefined, path);
  await page.goto(path);
  return page;
}

test.describe("event chat", () => {
  test("visitors read the discussion and are asked to log in", async ({ page }) => {
    await page.goto(`/courses/${courseFor("forms")}`);
    const section = page.locator("#discussion");
    await expect(section.getByRole("heading", { name: "Discussion" })).toBeVisible();
    await expect(section.getByText("Connecte-toi pour écrire.")).toBeVisible();
    await expect(section.getByRole("link", { name: "Se connecter" })).toHaveAttribute("href", /\/login\?redirectTo=/);
    await expect(section.getByRole("textbox")).toHaveCount(0);
    await expect(section.locator(".chat-scroll")).toHaveCSS("max-height", "420px");
  });

  test("post, reply, edit, delete and flag through the forms", async ({ page, browser }) => {
    test.setTimeout(90_000); // some 25 page loads and two accounts on a shared machine
    const js = jsOn(page);
    const path = `/courses/${courseFor("forms")}`;
    page.on("dialog", (d) => void d.accept(d.type() === "prompt" ? d.defaultValue() : undefined));
    await loginAs(page, COUREUR, undefined, path);
    await page.goto(path);
    const section = page.locator("#discussion");
    // A retry finds the first attempt's messages: the empty state is only there on the first attempt, and every
    // check below names its own message or counts from what was there.
    if (test.info().retry === 0 && test.info().repeatEachIndex === 0)
      await expect(section.getByText("Aucun message. Lance la discussion !")).toBeVisible();
    if (js) await expect(section.getByText("En direct")).toBeVisible();

    // post
    const first = `Covoiturage depuis Lyon ? ${Date.now()}`;
    await section.getByLabel("Ton message").fill(`  ${first}  `);
    await section.getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(message(page, first)).toBeVisible();
    await expect(thread(page, first).locator(".chat-count")).toHaveText("Aucune réponse");
    await expect(section.getByText("Aucun message. Lance la discussion !")).toHaveCount(0);

    // an empty message is ignored
    const threads = await page.locator(".chat-thread").count();
    await section.getByLabel("Ton message").fill("    ");
    await section.getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(page.locator(".chat-thread")).toHaveCount(threads);

    // reply
    const t = thread(page, first);
    await t.locator("summary", { hasText: "Répondre" }).first().click();
    await t.getByLabel("Ta réponse").fill("Je pars de Villeurbanne, 2 places.");
    await t.getByRole("button", { name: "Envoyer la réponse" }).click();
    await expect(thread(page, first).locator(".chat-count")).toHaveText("1 réponse");
    await expect(thread(page, first).locator(".chat-replies")).toContainText("Je pars de Villeurbanne, 2 places.");

    // edit the root
    const edited = `${first} (départ 6h)`;
    const root = thread(page, first).locator(".chat-msg").first();
    await root.locator("summary", { hasText: "Modifier" }).click();
    await root.getByLabel("Nouveau texte").fill(edited);
    await root.getByRole("button", { name: "Enregistrer" }).click();
    await expect(message(page, edited).first()).toContainText("(modifié)");

    // a banned word hides the message
    const hidden = section.getByText("Message masqué (modération automatique)");
    const hiddenBefore = await hidden.count();
    await section.getByLabel("Ton message").fill("Quel PUTAIN de dénivelé");
    await section.getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(hidden).toHaveCount(hiddenBefore + 1);
    await expect(section.getByText("Quel PUTAIN de dénivelé")).toHaveCount(0);

    // delete the reply (confirmation step without JS, window.confirm with JS)
    const reply = thread(page, edited).locator(".chat-msg").filter({ hasText: "Je pars de Villeurbanne" });
    await reply.locator("summary", { hasText: "Supprimer" }).click();
    if (!js) {
      await expect(reply.getByText("Supprimer ce message ?")).toBeVisible();
      await reply.getByRole("button", { name: "Oui, supprimer" }).click();
    }
    await expect(thread(page, edited).getByText("Je pars de Villeurbanne")).toHaveCount(0);
    await expect(thread(page, edited).locator(".chat-count")).toHaveText("Aucune réponse");

    // the organiser writes; the runner flags it (a field without JS, window.prompt with JS)
    const org = await newUserPage(browser, ORGANISATEUR, js, path);
    const orgText = `Parking P2 fermé samedi ${Date.now()}`;
    if (js) await expect(org.locator("#discussion").getByText("En direct")).toBeVisible();
    await org.locator("#discussion").getByLabel("Ton message").fill(orgText);
    await org.locator("#discussion").getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(message(org, orgText)).toBeVisible();
    await expect(message(org, orgText)).toContainText("Organisateur");

    await page.goto(path);
    const orgMsg = message(page, orgText);
    await orgMsg.locator("summary", { hasText: "Signaler" }).click();
    if (!js) {
      await expect(orgMsg.getByLabel("Pourquoi signaler ce message ?")).toHaveValue("signalement utilisateur");
      await orgMsg.getByRole("button", { name: "Signaler" }).click();
    }
    await expect(page.getByText("Merci, le message a été signalé à l'organisateur.")).toBeVisible();
    // the runner cannot edit or delete the organiser's message
    await expect(message(page, orgText).locator("summary", { hasText: "Supprimer" })).toHaveCount(0);

    // the organiser sees the flag and may delete any message of the event
    await org.goto(path);
    await expect(message(org, orgText)).toContainText("Signalé : signalement utilisateur");
    const runnerMsg = message(org, edited);
    await runnerMsg.locator("summary", { hasText: "Supprimer" }).click();
    if (!js) await runnerMsg.getByRole("button", { name: "Oui, supprimer" }).click();
    await expect(org.getByText(edited)).toHaveCount(0);
    await org.context().close();
  });
});

/** A phone with JavaScript, on an event page, recording when the chat's code (the Discussion chunk) is fetched. */
async function phoneWatchingChatCode(browser: Browser) {
  const ctx = await browser.newContext({
    javaScriptEnabled: true,
    viewport: { width: 390, height: 700 },
    locale: "fr-FR",
  });
  const page = await ctx.newPage();
  const loaded: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/Discussion-[^/]+\.js$/.test(r.url())) loaded.push(r.url());
  });
  await page.goto(`/courses/${courseFor("forms")}`);
  await page.waitForLoadState("networkidle");
  return { ctx, page, loaded };
}

test.describe("lazy chat code", () => {
  test("on a phone with JavaScript, the chat's code loads only once the discussion comes near the screen", async ({
    browser,
  }) => {
    const { ctx, page, loaded } = await phoneWatchingChatCode(browser);
    expect(loaded).toEqual([]);
    // the server's HTML of the discussion is already there
    await expect(page.locator("#discussion").getByText("Connecte-toi pour écrire.")).toHaveCount(1);
    await page.locator("#discussion").scrollIntoViewIfNeeded();
    await expect.poll(() => loaded.length).toBe(1);
    await expect(page.locator("#discussion").getByText("Connecte-toi pour écrire.")).toBeVisible();
    await ctx.close();
  });

  test("leaving an event page before its discussion loaded does not leave the next event's discussion waiting", async ({
    browser,
  }) => {
    const { ctx, page, loaded } = await phoneWatchingChatCode(browser);
    expect(loaded).toEqual([]); // the discussion is below the fold: not loaded yet
    // in-app navigation (no reload) from the phone menu: the list, then another event
    await page.locator(".mobile-menu > summary").click();
    await page
      .getByRole("navigation", { name: "Navigation mobile" })
      .getByRole("link", { name: "Courses", exact: true })
      .click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden(); // the menu closed on navigation
    await page.locator(".course-card a").first().click();
    await expect(page).toHaveURL(/\/courses\/[^/?]+$/);
    await page.locator("#discussion").scrollIntoViewIfNeeded();
    await expect(page.locator("#discussion").getByText("Connecte-toi pour écrire.")).toBeVisible();
    await expect(page.getByText("Chargement de la discussion…")).toHaveCount(0);
    await ctx.close();
  });
});

test.describe("text typed before the chat's code arrives", () => {
  test("is kept when the live discussion replaces the server's HTML", async ({ browser }) => {
    const ctx = await browser.newContext({
      javaScriptEnabled: true,
      viewport: { width: 390, height: 700 },
      locale: "fr-FR",
    });
    const page = await ctx.newPage();
    // The chat's code is held back until the visitor has typed.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/Discussion-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const path = `/courses/${courseFor("forms")}`;
    await loginAs(page, COUREUR, undefined, path);
    await page.goto(path);
    const box = page.locator("#discussion").getByLabel("Ton message");
    await box.fill("Tapé avant le chargement");
    await expect(page.locator("#discussion").getByText("En direct")).toHaveCount(0); // still the server's HTML
    release();
    await expect(page.locator("#discussion").getByText("En direct")).toBeVisible();
    await expect(box).toHaveValue("Tapé avant le chargement");
    await ctx.close();
  });
});

test.describe("live room", () => {
  test("two browsers see each other's messages, edits and deletions without reload", async ({ browser }) => {
    test.setTimeout(90_000);
    const path = `/courses/${courseFor("live")}`;
    const a = await newUserPage(browser, COUREUR, true, path);
    const b = await newUserPage(browser, ORGANISATEUR, true, path);
    for (const p of [a, b]) {
      // The chat's code loads when the discussion comes near the screen (a phone starts at the top of the page).
      await p.locator("#discussion").scrollIntoViewIfNeeded();
      await expect(p.locator("#discussion").getByText("En direct")).toBeVisible();
    }

    const text = `Quelqu'un pour partager un gîte ? ${Date.now()}`;
    await a.locator("#discussion").getByLabel("Ton message").fill(text);
    await a.locator("#discussion").getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(message(b, text)).toBeVisible(); // arrived live in the other browser

    // the organiser edits it: the runner sees the new text
    const fixed = `${text} (2 nuits)`;
    const inB = message(b, text);
    await inB.locator("summary", { hasText: "Modifier" }).click();
    await inB.getByLabel("Nouveau texte").fill(fixed);
    await inB.getByRole("button", { name: "Enregistrer" }).click();
    await expect(message(a, fixed)).toBeVisible();

    // @IA: the assistant's answer arrives as a reply, in both browsers
    await a.locator("#discussion").getByLabel("Ton message").fill("@IA à quelle heure est le départ ?");
    await a.locator("#discussion").getByRole("button", { name: "Envoyer", exact: true }).click();
    const ai = (p: Page) => thread(p, "@IA à quelle heure est le départ ?").locator(".chat-msg-ai");
    await expect(ai(b)).toContainText("Assistant IA");
    await expect(ai(b)).toContainText("départ à");
    await expect(ai(a)).toHaveCount(1);

    // the runner deletes the first message: it disappears in the organiser's browser
    await message(a, fixed).locator("summary", { hasText: "Supprimer" }).click();
    await expect(b.getByText(fixed)).toHaveCount(0);
    await a.context().close();
    await b.context().close();
  });
});
