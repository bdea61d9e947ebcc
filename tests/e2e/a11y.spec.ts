// Accessibility of every page (issue 18): axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on the routes of the spec,
// public, runner, organiser and admin, logged out and logged in. Fails on any serious or critical violation.
// Project nojs: a phone (390 × 844) with the page's scripts blocked, i.e. the page as a visitor without JavaScript
// gets it (axe itself is injected by Playwright). Project js: the same pages on a phone and on a desktop, hydrated.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO_PAID_REGISTRATIONS, courseId, formatId } from "../../app/db/demo-data";
import { DEMO_RESULTS } from "../../app/db/demo-results";
import { becomePremium, createTrainingPlan, jsOn, loginAs } from "./helpers";

const EVENT = "trail-des-aiguilles-rouges"; // course 0: organisateur@, GPX, meals, paid registrations
const REG = DEMO_PAID_REGISTRATIONS[0].id; // coureur@'s registration on course 0

const PUBLIC = [
  "/",
  "/courses",
  "/courses?vue=carte",
  "/courses?q=aucune-course-ici",
  `/courses/${EVENT}`,
  `/courses/${EVENT}?onglet=formats`,
  `/courses/${EVENT}?onglet=parcours`,
  `/courses/${EVENT}?onglet=infos`,
  "/courses/trail-des-volcans", // organiser without payments: no 'S'inscrire'
  "/formats",
  "/fonctionnalites",
  "/premium",
  "/login",
  "/login?redirectTo=%2Finscription%2Fx",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/merci",
  "/paiement-annule",
  "/conditions",
  "/confidentialite",
  "/contact",
  "/mentions-legales",
  "/legal/cgv-organisateurs",
  "/legal/remboursements",
  "/legal/charte-organisateur",
  "/cette-page-n-existe-pas",
  "/invitation/lien-inconnu", // an event team's invitation that no longer works
  "/compte-supprime",
];

const RUNNER = [
  "/coureur",
  "/mesinscriptions",
  `/mon-inscription/${REG}`,
  `/mon-inscription/${REG}/annuler`,
  `/inscription/${courseId(0)}`,
  "/monprofilcoureur",
  "/monprofil",
  "/monprofil/donnees", // « Mes données » (issue 45)
  "/monprofil/supprimer",
  "/monprofil/supprimer/confirmer?token=lien-inconnu",
  `/courses/${EVENT}`,
  "/courses",
];

const ORGANISER = [
  "/organisateur/mon-espace",
  "/mon-espace-organisateur",
  "/organisateur/nouvelle-course",
  `/modifier-course/${courseId(0)}`,
  `/organisateur/inscriptions/${formatId(0, 1)}`,
  `/organisateur/inscriptions/${formatId(0, 1)}/ajouter`,
  `/organisateur/retrait/${formatId(0, 1)}`, // the bib pick-up desk (the scanner with JavaScript)
  `/organisateur/equipe/${courseId(0)}`,
  `/organisateur/journal/${courseId(0)}`,
  "/organisateur/liste-epreuves",
  `/details-coureur/${REG}`,
  "/monprofilorganisateur",
  "/monprofilorganisateur/compte-paiement",
  `/organisateur/finances/${courseId(0)}`, // an event with paid registrations
  `/organisateur/journal/${courseId(0)}`,
  "/courses/trail-des-lacs-d-annecy", // the organiser's draft
  `/organisateur/codes-promo/${courseId(0)}`,
  `/organisateur/resultats/${formatId(0, 1)}`, // results import (issue 44)
];

// Trail des Aiguilles Rouges — Balcons 28 km (GPX, aid stations).
const BALCONS = formatId(0, 1);

/** Premium's tools (issue 47), for a runner who subscribed and made a plan; the session page is added at run time. */
const PREMIUM = [
  "/premium",
  "/premium/outils",
  `/premium/estimation/${BALCONS}`,
  `/premium/estimation/${BALCONS}?ref=itra&indice=600`,
  `/premium/allure/${BALCONS}`,
  `/premium/allure/${BALCONS}?cible=5:00`,
  "/premium/plan",
  "/premium/activites",
  "/premium/bilan",
];

const ADMIN = ["/admin", "/admin/dashboard", "/admin/courses", "/admin/payouts"];

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

interface Finding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Serious and critical violations of one page. */
async function audit(page: Page, path: string): Promise<Finding[]> {
  const res = await page.goto(path, { waitUntil: "load" });
  expect(res, path).not.toBeNull();
  if (jsOn(page)) await page.waitForLoadState("networkidle");
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      page: path,
      rule: v.id,
      impact: v.impact!,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
}

/** A context of the given size; in the nojs project, the page's own scripts are blocked (axe still runs). */
async function contextFor(
  browser: Browser,
  viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS],
  blockScripts: boolean,
) {
  const context = await browser.newContext({
    viewport,
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
    javaScriptEnabled: true,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    baseURL: `http://localhost:${process.env.E2E_PORT ?? 8788}`,
  });
  if (blockScripts) await context.route(/\.js(\?|$)/, (route) => route.abort());
  return context;
}

async function auditAll(browser: Browser, js: boolean, login: string | null, paths: string[], password?: string) {
  const sizes = js ? (["phone", "desktop"] as const) : (["phone"] as const);
  const findings: Finding[] = [];
  for (const size of sizes) {
    const context = await contextFor(browser, VIEWPORTS[size], !js);
    const page = await context.newPage();
    if (login) await loginAs(page, login, password);
    for (const path of paths) {
      for (const f of await audit(page, path)) findings.push({ ...f, page: `${size} ${f.page}` });
    }
    await context.close();
  }
  const report = findings
    .map((f) => `${f.page}: [${f.impact}] ${f.rule} — ${f.help}\n    ${f.targets.join("\n    ")}`)
    .join("\n");
  expect(findings, `axe: serious or critical violations\n${report}`).toEqual([]);
}

test.describe("axe: no serious or critical violation", () => {
  test.describe.configure({ timeout: 240_000 });

  test("public pages, logged out", async ({ browser, page }) => {
    await auditAll(browser, jsOn(page), null, PUBLIC);
  });

  test("runner pages, logged in", async ({ browser, page }) => {
    await auditAll(browser, jsOn(page), "coureur@balise.test", RUNNER);
  });

  test("organiser pages, logged in", async ({ browser, page }) => {
    await auditAll(browser, jsOn(page), "organisateur@balise.test", ORGANISER);
  });

  test("Premium pages, for a subscriber with a plan", async ({ browser, page }) => {
    const { email, password } = await becomePremium(page, "a11y");
    await createTrainingPlan(page);
    const session = await page.locator(".plan-sessions a").first().getAttribute("href");
    expect(session).toMatch(/^\/premium\/plan\/seance\//);
    await auditAll(browser, jsOn(page), email, [...PREMIUM, session!], password);
  });

  test("the public results page (issue 44), logged out and as a runner", async ({ browser, page }) => {
    await page.goto(`/courses/${DEMO_RESULTS.courseSlug}`);
    const results = await page
      .getByRole("link", { name: `Résultats – ${DEMO_RESULTS.formatNom}` })
      .getAttribute("href");
    expect(results).toMatch(/^\/resultats\//);
    const paths = [results!, `${results}?q=provence&tri=categorie`, `${results}?q=aucun-coureur-ici`];
    await auditAll(browser, jsOn(page), null, paths);
    await auditAll(browser, jsOn(page), "coureur@balise.test", paths);
  });

  test("admin pages, logged in", async ({ browser, page }) => {
    await auditAll(browser, jsOn(page), "admin@balise.test", ADMIN);
  });
});
