// Issue 42: what the catalogue, the event page and the footer say must be true.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { courseId } from "../../app/db/demo-data";
import { jsOn, loginAs } from "./helpers";

test("a page past the last one shows the empty state and its reset link, never 'La liste s'arrête aux 240'", async ({
  page,
}) => {
  await page.goto("/courses?taille=6&page=99");
  await expect(page.getByText("Aucune épreuve trouvée")).toBeVisible();
  await expect(page.getByText(/La liste s'arrête aux/)).toHaveCount(0);
  await expect(page.getByTestId("too-deep")).toHaveCount(0);
  await expect(page.getByTestId("results-count")).not.toContainText("page 99");
  await expect(page.getByText("Cette page est au-delà de la dernière (page 3).")).toBeVisible();
  await page.getByRole("link", { name: "Réinitialiser les filtres" }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.locator(".card-grid > li").first()).toBeVisible();
});

test("the search finds letters inside a name ('lanques' finds 'Calanques'), whatever their case and accents", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByLabel("Rechercher une course").fill("LANQUÉS");
  await page.getByRole("button", { name: "Rechercher" }).click();
  await expect(page).toHaveURL(/\/courses\?q=LANQU/);
  await expect(page.locator(".card-grid > li")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Trail des Calanques" })).toBeVisible();
  // A short word still starts a word: 'des' is in the name, 'x' starts none of its words.
  await page.goto("/courses?q=lanques+d");
  await expect(page.getByRole("heading", { name: "Trail des Calanques" })).toBeVisible();
  await page.goto("/courses?q=lanques+x");
  await expect(page.getByText("Aucune épreuve trouvée")).toBeVisible();
});

/** Each project uses its own event, so runs do not see each other's messages (chat.spec.ts uses events 4 to 7). */
function chatEvent(): string {
  return courseId(test.info().project.name === "nojs" ? 8 : 9);
}

/** The event's slug address, read from the page's canonical link. */
async function slugPath(page: Page, id: string): Promise<string> {
  await page.goto(`/courses/${id}`);
  const href = await page.locator('link[rel="canonical"]').getAttribute("href");
  const path = new URL(href ?? "").pathname;
  expect(path).not.toBe(`/courses/${id}`);
  return path;
}

async function openChat(page: Page, path: string) {
  await loginAs(page, "coureur@balise.test", undefined, path);
  await page.goto(path);
  const section = page.locator("#discussion");
  await section.scrollIntoViewIfNeeded();
  if (jsOn(page)) await expect(section.getByText("En direct")).toBeVisible();
  return section;
}

async function post(section: Locator, text: string) {
  await section.getByLabel("Ton message").fill(text);
  await section.getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(section.locator(".chat-msg").filter({ hasText: text })).toBeVisible();
}

test("chat: a message posted from the slug address comes back to the slug address", async ({ page }) => {
  const path = await slugPath(page, chatEvent());
  const section = await openChat(page, path);
  await expect(section.locator("form.chat-compose")).toHaveAttribute("action", `${path}/chat`);
  await post(section, `Depuis l'adresse lisible ${Date.now()}`);
  expect(new URL(page.url()).pathname).toBe(path);
});

test("chat: a successful edit closes the edit box and shows the new text", async ({ page }) => {
  const section = await openChat(page, `/courses/${chatEvent()}`);
  const text = `À modifier ${Date.now()}`;
  await post(section, text);
  const msg = section.locator(".chat-msg").filter({ hasText: text });
  await msg.locator("summary", { hasText: "Modifier" }).click();
  await msg.getByLabel("Nouveau texte").fill(`${text} (corrigé)`);
  await msg.getByRole("button", { name: "Enregistrer" }).click();
  const edited = section.locator(".chat-msg").filter({ hasText: `${text} (corrigé)` });
  await expect(edited.locator(".chat-text")).toHaveText(`${text} (corrigé)`);
  await expect(edited.getByLabel("Nouveau texte")).toBeHidden();
  await expect(edited.locator("details.chat-step[open]")).toHaveCount(0);
});

test("chat on a phone: the register bar never covers the message box's hint while it has the focus", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // An event whose organiser takes payments: its page has the register bar (only focus here, no message posted).
  const section = await openChat(page, `/courses/${courseId(9)}`);
  await expect(page.locator(".register-bar")).toBeVisible();
  const hint = section.getByText("Écris @IA suivi de ta question");
  await section.getByLabel("Ton message").focus();
  // The visitor scrolls until the hint sits at the bottom of the screen.
  await hint.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 2));
  const onTop = await hint.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.bottom - 4);
    return top === el || el.contains(top);
  });
  expect(onTop).toBe(true);
});

test("the footer promises no newsletter it does not keep: no subscription form, no /newsletter page", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.locator("footer");
  await expect(footer.getByRole("link", { name: "Mentions légales" })).toBeVisible();
  await expect(footer.getByLabel("Recevoir la newsletter")).toHaveCount(0);
  await expect(footer.getByRole("button", { name: "S'abonner" })).toHaveCount(0);
  await expect(page.getByText(/newsletter/i)).toHaveCount(0);
  expect((await page.request.get("/newsletter")).status()).toBe(404);
  const res = await page.request.post("/newsletter", { form: { email: "coureur@exemple.fr" } });
  expect(res.status()).toBeGreaterThanOrEqual(400);
});
