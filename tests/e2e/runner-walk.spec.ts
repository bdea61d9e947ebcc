// Issue 18, a new runner's walk on a phone (nojs: Pixel 5, JavaScript off) and on a desktop (js): one test per bug.
// Registrations are walks no other spec registers on: nojs the Pic Saint-Loup's Rando 10 km (course 7), js the Rando
// des Crêtes Vosgiennes' Grande traversée (course 2), both as admin@balise.test, whose profile has no gender, birth date nor nationality.
import { expect, test, type Page } from "@playwright/test";
import { courseId, formatId } from "../../app/db/demo-data";
import { jsOn, loginAs, openPayments } from "./helpers";

const ORGANISER = "organisateur@balise.test";
const NEW_RUNNER = "admin@balise.test";
const PIC = { course: courseId(7), slug: "trail-du-pic-saint-loup" };
const cards = (page: Page) => page.locator("ul.card-grid > li.course-card");

/** "15 épreuves · page 1 sur 2" -> 15 */
async function resultCount(page: Page): Promise<number> {
  const text = (await page.getByTestId("results-count").textContent()) ?? "";
  return Number(/^(\d+) épreuve/.exec(text.replace(/\s+/g, " ").trim())?.[1] ?? NaN);
}

function tomorrow(): string {
  const d = new Date(Date.now() + 36 * 3600_000);
  return d.toISOString().slice(0, 10);
}

test.describe("bugs of a new runner's walk", () => {
  test("registration and self-edit follow one schema: no gender, birth date or nationality needed to save a phone; a future birth date is refused", async ({
    page,
  }) => {
    await openPayments(page);
    await loginAs(page, NEW_RUNNER);
    // Walks, each project its own: a competition needs the birth date for its age rules (issue 23, ADR 0151); the
    // rule checked here is that nothing else the registration did not ask for blocks a later change.
    const walk = jsOn(page)
      ? { course: courseId(2), format: formatId(2, 1), nom: "Rando des Crêtes Vosgiennes" }
      : { course: PIC.course, format: formatId(7, 0), nom: "Trail du Pic Saint-Loup" };
    await page.goto(`/inscription/${walk.course}?format=${walk.format}`);
    await expect(page.getByLabel("Genre")).toHaveValue("");
    await expect(page.getByLabel("Nationalité")).toHaveValue("");
    await page.getByLabel("Date de naissance").fill(tomorrow());
    await page.getByRole("button", { name: /^Payer/ }).click();
    await expect(page.locator("#f-date_naissance-error")).toHaveText(
      "La date de naissance ne peut pas être dans le futur.",
    );
    await page.getByLabel("Date de naissance").fill("");
    await page.getByRole("button", { name: /^Payer/ }).click();
    await page.waitForURL(/\/dev\/checkout\//);
    await page.getByRole("button", { name: /^Payer \d/ }).click();
    await page.waitForURL(/\/merci\?/);
    const id = new URL(page.url()).searchParams.get("inscription_id")!;

    await page.goto(`/mon-inscription/${id}`);
    await expect(page.getByLabel("Genre")).toHaveValue("");
    await page.getByLabel("Téléphone", { exact: true }).fill("06 11 22 33 44");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("Modifications enregistrées ✅")).toBeVisible();
    await page.getByLabel("Date de naissance").fill(tomorrow());
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.locator("#f-date_naissance-error")).toHaveText(
      "La date de naissance ne peut pas être dans le futur.",
    );
    await page.goto(`/mon-inscription/${id}`);
    await expect(page.getByLabel("Téléphone", { exact: true })).toHaveValue("06 11 22 33 44");
    await expect(page.getByLabel("Date de naissance")).toHaveValue("");

    // The runner's home lists it among the next races.
    await page.goto("/coureur");
    const next = page.getByRole("region", { name: "Mes prochaines courses" });
    await expect(next.getByRole("link", { name: walk.nom }).first()).toBeVisible();
    await expect(next).toContainText(/dans \d+ jours/);
  });

  test("text search ignores case and accents: CRÊTES, crete and É find events", async ({ page }) => {
    await page.goto("/courses");
    await page.getByLabel("Rechercher", { exact: true }).fill("CRÊTES");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Rando des Crêtes Vosgiennes");
    await page.goto("/courses?q=crete");
    await expect(cards(page)).toHaveCount(1);
    await page.goto(`/courses?q=${encodeURIComponent("É")}`);
    await expect(cards(page).first()).toContainText("Corrida de Noël de Rennes"); // Ille-et-Vilaine
    await page.goto(`/courses?q=${encodeURIComponent("gérardmer")}`);
    await expect(cards(page)).toHaveCount(1);
  });

  test("Réinitialiser and Back show the values of the page on screen, and the next 'Filtrer' sends those", async ({
    page,
  }) => {
    await page.goto("/courses");
    const all = await resultCount(page);
    const search = page.getByLabel("Rechercher", { exact: true });
    await search.fill("calanques");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(/q=calanques/);
    await expect(cards(page)).toHaveCount(1);
    await search.fill("zzz-introuvable");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page.getByText("Aucune épreuve trouvée")).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/q=calanques/);
    await expect(search).toHaveValue("calanques");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(cards(page)).toHaveCount(1);

    // The filters are open when some filter is set (the search here), closed otherwise.
    if (!(await page.getByLabel("Département").isVisible()))
      await page.locator("summary", { hasText: "Filtres et tri" }).click();
    await page.getByLabel("Département").selectOption("Gironde");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(/departement=Gironde/);
    await page.getByRole("link", { name: "Réinitialiser", exact: true }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(search).toHaveValue("");
    await expect(page.getByLabel("Département")).toHaveValue("");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect.poll(() => resultCount(page)).toBe(all); // "Recherche en cours…" while the list loads
  });

  test("the map shows every filtered event, not only the page's", async ({ page }) => {
    await page.goto("/courses");
    const total = await resultCount(page);
    expect(total).toBeGreaterThan(12); // more than one page of 12
    await page.goto("/courses?vue=carte");
    expect(await resultCount(page)).toBe(total);
    if (!jsOn(page)) {
      await expect(page.getByText("La carte s'affiche avec JavaScript.")).toBeVisible();
      return;
    }
    const map = page.getByRole("region", { name: "Carte des épreuves" });
    await expect(map).toBeVisible();
    await expect(map.locator("path.leaflet-interactive, .map-cluster").first()).toBeVisible();
    const singles = await map.locator("path.leaflet-interactive").count();
    const clustered = (await map.locator(".map-cluster").allTextContents()).reduce((n, t) => n + Number(t), 0);
    expect(singles + clustered).toBe(total);
  });

  test("clicking a tab before the discussion has loaded: no React error, the discussion stays and then goes live", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on(
      "console",
      (m) => m.type() === "error" && !/tile|Failed to load resource/.test(m.text()) && errors.push(m.text()),
    );
    await page.setViewportSize({ width: 390, height: 844 }); // the discussion is far below the fold
    await page.goto("/courses/trail-des-calanques", { waitUntil: jsOn(page) ? "networkidle" : "load" });
    // With JavaScript the click updates the hydrated page; without it, it loads the tab's page (same discussion).
    await page.getByRole("link", { name: "Formats & tarifs" }).click();
    await expect(page).toHaveURL(/onglet=formats/);
    const discussion = page.locator("#discussion");
    await expect(discussion).not.toContainText("Chargement de la discussion");
    await discussion.scrollIntoViewIfNeeded();
    await expect(discussion.getByText(/Aucun message|Connecte-toi pour écrire/).first()).toBeVisible();
    await expect(discussion).not.toContainText("Chargement de la discussion");
    expect(errors).toEqual([]);
  });

  test("'Payer' with an invalid field: an error summary at the top, focused, linked to the field", async ({ page }) => {
    await openPayments(page);
    await loginAs(page, "coureur@balise.test");
    await page.goto(`/inscription/${PIC.course}?format=${formatId(7, 0)}`);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("");
    await page.getByLabel("Téléphone", { exact: true }).fill("12");
    await page.getByRole("button", { name: /^Payer/ }).click();
    const summary = page.locator(".error-summary");
    await expect(summary).toBeVisible();
    await expect(summary.getByRole("heading", { name: "2 champs sont à corriger" })).toBeVisible();
    await expect(summary).toBeFocused();
    await expect(summary).toBeInViewport();
    const link = summary.getByRole("link", { name: /Email\s*: Veuillez renseigner un email\./ });
    await expect(link).toHaveAttribute("href", "#f-email");
    await link.click();
    if (jsOn(page)) await expect(page.getByRole("textbox", { name: "Email", exact: true })).toBeFocused();
    await expect(page.getByRole("textbox", { name: "Email", exact: true })).toBeInViewport();
  });

  test("phone layout: no page wider than the screen on 'Formats & tarifs', the home search button fits, 'Infos pratiques' in sight", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.goto("/courses/trail-des-aiguilles-rouges?onglet=formats");
    expect(await fits()).toBe(true);
    const infos = page.getByRole("link", { name: "Infos pratiques" });
    const box = (await infos.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expect(infos).toBeInViewport({ ratio: 1 });
    await page.goto("/");
    expect(await fits()).toBe(true);
    await expect(page.getByRole("button", { name: "Rechercher" })).toBeInViewport({ ratio: 1 });
  });

  test("'Repas proposé' off hides the meal price too, and the price typed is kept", async ({ page }) => {
    // Rando gourmande du Médoc (course 12), 'Grande boucle 16 km': 500 meals at 15,00 €.
    await loginAs(page, ORGANISER);
    await page.goto(`/modifier-course/${courseId(12)}`);
    const block = page.locator("#format-2");
    const price = block.getByLabel("Prix du repas (€)");
    if (!jsOn(page)) {
      await expect(block.getByLabel("Stock de repas")).toBeVisible();
      await expect(price).toBeVisible();
      return;
    }
    const toggle = block.getByLabel("Repas proposé");
    await expect(toggle).toBeChecked();
    await price.fill("16,50");
    await toggle.uncheck();
    await expect(price).toBeHidden();
    await expect(block.getByLabel("Stock de repas")).toHaveCount(0);
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("Épreuve modifiée avec succès !")).toBeVisible();
    await page.goto(`/modifier-course/${courseId(12)}`);
    await expect(block.getByLabel("Repas proposé")).not.toBeChecked();
    await expect(block.getByLabel("Prix du repas (€)")).toBeHidden();
    await block.getByLabel("Repas proposé").check();
    await expect(block.getByLabel("Prix du repas (€)")).toHaveValue(/^16,5/);
    // Put the meals back for the other specs.
    await block.getByLabel("Stock de repas").fill("500");
    await block.getByLabel("Prix du repas (€)").fill("15");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("Épreuve modifiée avec succès !")).toBeVisible();
  });

  test("/coureur is the runner's home behind the login", async ({ page }) => {
    await page.goto("/coureur");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcoureur/);
    await loginAs(page, "coureur@balise.test", undefined, "/coureur");
    await expect(page).toHaveURL(/\/coureur$/);
    await expect(page.getByRole("heading", { level: 1, name: "Bonjour Camille" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Mes prochaines courses" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Mes inscriptions" })).toBeVisible();
    await expect(page.getByText(/Profil complet à \d+\s%/)).toBeVisible();
    await expect(page.getByRole("link", { name: /Toutes mes inscriptions/ })).toHaveAttribute(
      "href",
      "/mesinscriptions",
    );
  });

  test("texts: one refund scale, the spec's login message, a copy button, no 'S'inscrire' without payments, 'Gratuit'", async ({
    page,
  }) => {
    // The registration page's summary and the legal page say 15 to 30 days.
    await page.goto(`/inscription/${PIC.course}`);
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await expect(page.getByText("Veuillez vous connecter pour effectuer le paiement.")).toBeVisible();
    await page.goto("/legal/remboursements");
    await expect(page.getByText("De 15 à 30 jours avant l'épreuve")).toBeVisible();
    await loginAs(page, "coureur@balise.test");
    await page.goto(`/inscription/${PIC.course}`);
    await expect(page.getByText(/50\s% de 15 à 30 jours/)).toBeVisible();
    await expect(page.getByText(/15 à 29/)).toHaveCount(0);

    // Trail des Volcans (organisatrice@): the event page offers 'S'inscrire' exactly when the registration page takes
    // payments. Her account is not configured in the demo data (the nojs run); the js run of payments.spec.ts
    // activates it before this spec runs.
    await page.goto(`/inscription/${courseId(13)}`);
    const closed = (await page.getByText("Les inscriptions ne sont pas encore ouvertes.").count()) > 0;
    if (!jsOn(page)) expect(closed).toBe(true);
    await page.goto("/courses/trail-des-volcans");
    if (closed) {
      await expect(page.getByRole("link", { name: /S'inscrire/ })).toHaveCount(0);
      await expect(page.getByText(/Inscriptions bientôt ouvertes/).first()).toBeVisible();
    } else {
      await expect(page.getByRole("link", { name: /S'inscrire/ }).first()).toBeVisible();
    }

    // A free format (the kids' race) next to paid ones: the lowest paid price and 'Format gratuit', never '0,00 €'.
    await page.goto("/courses?q=croix-rousse");
    await expect(cards(page).first()).toContainText(/dès 12,00\s€/);
    await expect(cards(page).first()).toContainText("Format gratuit");
    await expect(cards(page).first()).not.toContainText("0,00");

    await page.goto("/courses/trail-des-calanques");
    const share = page.locator("#partage");
    if (jsOn(page)) {
      await share.getByRole("button", { name: "Copier le lien" }).click();
      await expect(share.getByRole("button", { name: "Lien copié" })).toBeVisible();
    } else {
      await expect(share.getByLabel("Lien de l'épreuve")).toHaveValue(/\/courses\/trail-des-calanques$/);
    }
    // On a phone, a register bar stays at the bottom of the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const bar = page.getByRole("region", { name: "Inscription" });
    await expect(bar.getByRole("link", { name: "S'inscrire" })).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(bar.getByRole("link", { name: "S'inscrire" })).toBeInViewport();
  });

  test("keyboard: the mobile menu closes on Escape and keeps the focus inside; the sticky save bar never hides the focused field", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const menu = page.locator(".mobile-menu");
    const summary = menu.locator("> summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("open", "");
    if (!jsOn(page)) {
      // Without JavaScript the menu is a plain <details>: its summary, the close button, toggles it from the keyboard.
      await expect(menu.getByRole("link", { name: "Courses", exact: true })).toBeVisible();
      await page.keyboard.press("Enter");
      await expect(menu).not.toHaveAttribute("open", "");
      return;
    }
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Tab");
      expect(await menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open", "");
    await expect(summary).toBeFocused();

    // The organiser's form: every field reached with Tab is above the sticky save bar (WCAG 2.4.11).
    await loginAs(page, ORGANISER);
    await page.goto("/organisateur/nouvelle-course");
    await page.getByLabel("Nom de l'épreuve").focus();
    const bar = page.locator(".form-submit");
    let hiddenOnes = 0;
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Tab");
      const hidden = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const bar = document.querySelector(".form-submit");
        if (!el || !bar || bar.contains(el) || el === document.body) return false;
        const r = el.getBoundingClientRect();
        const b = bar.getBoundingClientRect();
        return r.bottom > b.top + 1 && r.top < b.bottom; // overlaps the bar
      });
      if (hidden) hiddenOnes++;
    }
    await expect(bar).toBeVisible();
    expect(hiddenOnes).toBe(0);
  });

  test("French typography: a no-break space before ':', '%' and '€'", async ({ page }) => {
    const pages = [
      "/",
      "/courses",
      "/courses/trail-des-aiguilles-rouges",
      "/courses/trail-des-aiguilles-rouges?onglet=infos",
      "/formats",
      "/premium",
      "/fonctionnalites",
      "/legal/remboursements",
      "/conditions",
      "/contact",
      "/login",
    ];
    const found: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      const bad = await page.locator("body").evaluate((body) => {
        const out: string[] = [];
        const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (n.parentElement?.closest("script, style")) continue;
          const t = n.textContent ?? "";
          if (/[^\s][ \t\n]+[:%€](\s|$)/.test(t)) out.push(t.trim().slice(0, 60));
        }
        return out;
      });
      found.push(...bad.map((b) => `${path}: ${b}`));
    }
    // An escape written where it is not interpreted (a JSX attribute) would show as "\u00a0".
    await loginAs(page, ORGANISER);
    for (const path of [
      ...pages,
      "/organisateur/nouvelle-course",
      `/modifier-course/${courseId(12)}`,
      "/organisateur/mon-espace",
    ]) {
      await page.goto(path);
      const literal = await page.locator("body").evaluate((body) => {
        // biome-ignore lint/performance/useDomNodeTextContent: the visible text only (textContent includes scripts' JSON escapes)
        const texts = [(body as HTMLElement).innerText];
        for (const el of body.querySelectorAll("*:not(script)")) for (const a of el.attributes) texts.push(a.value);
        return texts.some((t) => t.includes("\\u00a0"));
      });
      if (literal) found.push(`${path}: a literal \\u00a0`);
    }
    expect(found).toEqual([]);
  });
});
