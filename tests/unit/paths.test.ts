// One paths module (docs/CONVENTIONS.md, "URLs"; docs/decisions/0202-one-paths-module.md): the builders of
// app/domain/paths.ts, encoding included, and a scan of app/ that no path of a registration is built by hand and no
// absolute URL is joined by hand outside it.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as paths from "~/domain/paths";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PATHS_MODULE = "app/domain/paths.ts";

describe("path builders", () => {
  it.each([
    [paths.home(), "/"],
    [paths.eventsPage(), "/courses"],
    [paths.eventsPage("?vue=carte&page=2"), "/courses?vue=carte&page=2"],
    [paths.eventsPage(""), "/courses"],
    [paths.eventPage("trail-des-causses"), "/courses/trail-des-causses"],
    [paths.eventPage("a b/c"), "/courses/a%20b%2Fc"],
    [paths.eventPage("x", undefined, "discussion"), "/courses/x#discussion"],
    [paths.eventFormat("x", "f1"), "/courses/x?onglet=formats&format=f1"],
    [paths.eventChat("c 1"), "/courses/c%201/chat"],
    [paths.formatsPage(), "/formats"],
    [paths.formatsPage(1), "/formats"],
    [paths.formatsPage(3), "/formats?page=3"],
    [paths.sitemapPart(2), "/sitemap.xml?partie=2"],
    [paths.login(), "/login"],
    [paths.login("/inscription/c1?format=f1"), "/login?redirectTo=%2Finscription%2Fc1%3Fformat%3Df1"],
    [paths.login(null, { statut: "email-confirme" }), "/login?statut=email-confirme"],
    [paths.signup("/courses/x"), "/signup?redirectTo=%2Fcourses%2Fx"],
    [paths.confirmEmail("a+b/c="), "/confirmer-email?token=a%2Bb%2Fc%3D"],
    [paths.resetPassword({ token: "t&u" }), "/reset-password?token=t%26u"],
    [paths.registrationPage("c1"), "/inscription/c1"],
    [paths.registrationPage("c1", "f 2"), "/inscription/c1?format=f+2"],
    [paths.registrationPage("c1", null), "/inscription/c1"],
    [paths.openingQueue("f1"), "/file-attente/f1"],
    [paths.myRegistrations(), "/mesinscriptions"],
    [paths.runnerProfile({ statut: "enregistre" }), "/monprofilcoureur?statut=enregistre"],
    [paths.myRegistration("i1"), "/mon-inscription/i1"],
    [paths.myRegistration("i/1"), "/mon-inscription/i%2F1"],
    [paths.myRegistration("i1", { enregistre: 1 }), "/mon-inscription/i1?enregistre=1"],
    [paths.myRegistration("i1", { cession: "retiree" }, "cession"), "/mon-inscription/i1?cession=retiree#cession"],
    [paths.myRegistration("i1", { annulation: false }), "/mon-inscription/i1"],
    [paths.cancelMyRegistration("i1"), "/mon-inscription/i1/annuler"],
    [paths.waitlistEntry("w1"), "/liste-attente/w1"],
    [paths.waitlistEntry("w1", { notice: "quittee" }), "/liste-attente/w1?notice=quittee"],
    [paths.leaveWaitlist("w1"), "/liste-attente/w1?quitter=confirmer"],
    [paths.transferOffer("t1"), "/cession/t1"],
    [paths.transferOffer("t1", "a b&c"), "/cession/t1?jeton=a+b%26c"],
    [paths.receipt("trace 1"), "/recu/trace%201"],
    [paths.thanks({ sessionId: "cs_1", inscriptionId: "i&1" }), "/merci?session_id=cs_1&inscription_id=i%261"],
    [
      paths.thanks({ sessionId: paths.CHECKOUT_SESSION_PLACEHOLDER, inscriptionId: "i1" }),
      "/merci?session_id={CHECKOUT_SESSION_ID}&inscription_id=i1",
    ],
    [
      paths.paymentCancelled({ sessionId: paths.CHECKOUT_SESSION_PLACEHOLDER, inscriptionId: "i 1" }),
      "/paiement-annule?session_id={CHECKOUT_SESSION_ID}&inscription_id=i+1",
    ],
    [paths.organiserSpace(), "/organisateur/mon-espace"],
    [paths.organiserSpace({ message: "creee" }), "/organisateur/mon-espace?message=creee"],
    [paths.organiserProfile({ onboarding: "done" }), "/monprofilorganisateur?onboarding=done"],
    [paths.editEvent("c1", { message: "modifiee" }), "/modifier-course/c1?message=modifiee"],
    [paths.deleteEvent("c1"), "/organisateur/supprimer/c1"],
    [paths.formatRegistrants("f1"), "/organisateur/inscriptions/f1"],
    [
      paths.formatRegistrants("f1", { ok: "offre" }, "liste-attente"),
      "/organisateur/inscriptions/f1?ok=offre#liste-attente",
    ],
    [paths.formatRegistrants("f1", new URLSearchParams("q=a b&page=2")), "/organisateur/inscriptions/f1?q=a+b&page=2"],
    [paths.formatRegistrants("f1", new URLSearchParams()), "/organisateur/inscriptions/f1"],
    [paths.formatRegistrantsExport("f1"), "/organisateur/inscriptions/f1/export.csv"],
    [paths.formatMissingJustificatifs("f1"), "/organisateur/inscriptions/f1/justificatifs-manquants.csv"],
    [paths.formatWaitlist("f1"), "/organisateur/inscriptions/f1/liste-attente"],
    [paths.runnerDetails("r1"), "/details-coureur/r1"],
    [
      paths.runnerDetails("r1", { ok: "repas", n: 2 }, "repas-sur-place"),
      "/details-coureur/r1?ok=repas&n=2#repas-sur-place",
    ],
    [paths.runnerDetails("r1", undefined, "annulation"), "/details-coureur/r1#annulation"],
    [paths.justificatif("d1"), "/justificatifs/d1"],
    [paths.storedFile("images/a b.jpg"), "/fichiers/images/a%20b.jpg"],
    [paths.storedFile("gpx/c1/f1.gpx"), "/fichiers/gpx/c1/f1.gpx"],
    [paths.devCheckout("cs_1"), "/dev/checkout/cs_1"],
    [paths.devCheckout("cs_1", { refus: 1 }), "/dev/checkout/cs_1?refus=1"],
    [paths.devOnboarding("acct 1"), "/dev/onboarding/acct%201"],
    [paths.devReceipt("ch_1"), "/dev/receipt/ch_1"],
    [paths.devPortal("bps_1"), "/dev/portail/bps_1"],
    [paths.premium({ abonnement: "merci" }), "/premium?abonnement=merci"],
    [paths.devMail("m1"), "/dev/mail/m1"],
    [paths.features(), "/fonctionnalites"],
    [paths.sitemap(), "/sitemap.xml"],
    [paths.adminEvent("c1"), "/admin/courses/c1"],
    [paths.admin(), "/admin"],
    [paths.adminDashboard(), "/admin/dashboard"],
    [paths.adminEvents(), "/admin/courses"],
    [paths.newEvent(), "/organisateur/nouvelle-course"],
    [paths.organiserFormats(), "/organisateur/liste-epreuves"],
    [paths.paymentAccount(), "/monprofilorganisateur/compte-paiement"],
    [paths.runnerHome(), "/coureur"],
    [paths.myProfile(), "/monprofil"],
    [paths.refundPolicy(), "/legal/remboursements"],
    [paths.organiserTerms(), "/legal/cgv-organisateurs"],
    [paths.organiserCharter(), "/legal/charte-organisateur"],
    [paths.terms(), "/conditions"],
    [paths.privacy(), "/confidentialite"],
    [paths.legalNotice(), "/mentions-legales"],
    [paths.contact(), "/contact"],
    [paths.premium(), "/premium"],
    [paths.modeSwitch(), "/mode"],
    [paths.logout(), "/logout"],
    [paths.devMailbox(), "/dev/mail"],
    [paths.adminRegistrations({ course: "c&1" }), "/admin/inscriptions?course=c%261"],
    [paths.adminPayouts("?course=c1"), "/admin/payouts?course=c1"],
  ])("%s", (built, expected) => {
    expect(built).toBe(expected);
  });

  it("a path's query reads back to the values given", () => {
    const url = new URL(paths.transferOffer("t1", "é&=?#"), "https://balise.test");
    expect(url.searchParams.get("jeton")).toBe("é&=?#");
    expect(url.pathname).toBe("/cession/t1");
  });
});

/** The URL a flat route file (or folder) of app/routes serves: "monprofilorganisateur_.compte-paiement.tsx" ->
 * "/monprofilorganisateur/compte-paiement", "admin._index.tsx" -> "/admin", "sitemap[.]xml.tsx" -> "/sitemap.xml". */
function routeUrl(file: string): string {
  const name = file.replace(/\.(tsx|ts)$/, "");
  const segments = name
    .split(/\.(?![^[]*\])/)
    .filter((s) => s !== "_index" && !s.startsWith("_"))
    .map((s) => s.replace(/_$/, "").replaceAll("[.]", "."));
  return `/${segments.join("/")}`;
}

describe("every fixed page the module names is a route of the site", () => {
  const urls = new Set(readdirSync(join(ROOT, "app/routes")).map(routeUrl));
  /** The builders that take no argument, called with none. */
  const fixed = Object.entries(paths).flatMap(([name, build]) => {
    if (typeof build !== "function") return [];
    try {
      const path = (build as () => string)();
      return path.includes("undefined") ? [] : [[name, path.replace(/[?#].*$/, "")] as const];
    } catch {
      return [];
    }
  });
  it.each([
    ["monprofilorganisateur_.compte-paiement.tsx", "/monprofilorganisateur/compte-paiement"],
    ["admin._index.tsx", "/admin"],
    ["_index.tsx", "/"],
    ["sitemap[.]xml.tsx", "/sitemap.xml"],
    ["admin.payouts", "/admin/payouts"],
    ["courses.$id.chat.tsx", "/courses/$id/chat"],
  ])("route file %s serves %s", (file, url) => expect(routeUrl(file)).toBe(url));
  it("has fixed pages to check", () => expect(fixed.length).toBeGreaterThan(30));
  it.each(fixed)("%s (%s)", (_name, path) => {
    expect(urls.has(path), `no route serves ${path}`).toBe(true);
  });
});

describe("absoluteUrl", () => {
  it.each([
    ["https://balise.fr", "/mon-inscription/i1", "https://balise.fr/mon-inscription/i1"],
    ["https://balise.fr/", "/mon-inscription/i1", "https://balise.fr/mon-inscription/i1"],
    ["https://balise.fr//", "courses", "https://balise.fr/courses"],
    ["http://localhost:8787", "/", "http://localhost:8787/"],
    ["https://balise.fr", "//merci?x=1", "https://balise.fr/merci?x=1"],
    ["https://balise.fr", "/fichiers/a.jpg", "https://balise.fr/fichiers/a.jpg"],
    ["https://balise.fr", "https://cdn.example/a.jpg", "https://cdn.example/a.jpg"],
    ["https://balise.fr", "HTTP://cdn.example/a.jpg", "HTTP://cdn.example/a.jpg"],
  ])("%s + %s", (appUrl, path, expected) => {
    expect(paths.absoluteUrl(appUrl, path)).toBe(expected);
  });

  it("keeps the checkout placeholder Stripe replaces", () => {
    const url = paths.absoluteUrl(
      "https://balise.fr",
      paths.thanks({ sessionId: paths.CHECKOUT_SESSION_PLACEHOLDER, inscriptionId: "i1" }),
    );
    expect(url).toBe("https://balise.fr/merci?session_id={CHECKOUT_SESSION_ID}&inscription_id=i1");
  });
});

// --- The scan -----------------------------------------------------------------------------------------------------

/**
 * A path of the site built by hand: a template literal or a concatenation that starts with "/" and a letter and goes
 * on with a placeholder or a "+" (`/courses/${slug}`, "/mon-inscription/" + id). The Durable Objects' WebSocket address
 * in the light queue page's inline script (/parties/…) is not a page of the site.
 */
const HAND_BUILT_PATH = /[`"'](\/(?!parties\/)[a-z][^`"'\n]*?)(?:\$\{|[`"']\s*\+)/;
/** An absolute URL joined by hand: `${…APP_URL…}/`, `${appUrl…}/`, `${base}/`, or APP_URL + "/…". */
const HAND_JOINED_URL = /\$\{[^}]*\b(?:APP_URL|appUrl|baseUrl|base)\b[^}]*\}\/|\bAPP_URL\s*\+\s*["'`]\//;

/** Why `line` breaks the convention, or null. */
function handBuilt(line: string): string | null {
  if (HAND_BUILT_PATH.test(line)) return "builds a path of the site by hand (use app/domain/paths.ts)";
  if (HAND_JOINED_URL.test(line)) return "joins APP_URL and a path by hand (use absoluteUrl)";
  return null;
}

function appFiles(): string[] {
  return readdirSync(join(ROOT, "app"), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(tsx?|jsx?)$/.test(e.name) && !/\.test\./.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .filter((f) => f !== PATHS_MODULE);
}

/** A sample line of code: written with "#{" for a template's placeholder, so the samples are plain strings. */
const code = (sample: string) => sample.replaceAll("#{", "$" + "{");

describe("the scan finds hand-built URLs", () => {
  it.each([
    ["redirect(`/mon-inscription/#{id}?enregistre=1`)", "builds a path"],
    ['<Link to={"/mon-inscription/" + r.id}>', "builds a path"],
    ["to={`/courses/#{c.slug}`}", "builds a path"],
    ["`/inscription/#{courseId}?format=#{f.id}`", "builds a path"],
    ["`/merci?session_id=#{encodeURIComponent(s)}`", "builds a path"],
    ["redirect(`/dev/checkout/#{session.id}?refus=1`)", "builds a path"],
    ["`/fichiers/#{key}`", "builds a path"],
    ["to={`/login?redirectTo=#{encodeURIComponent(to)}`}", "builds a path"],
    ["action={`/organisateur/inscriptions/#{d.format.id}/export.csv`}", "builds a path"],
    ["const url = `#{context.env.APP_URL}/mon-inscription/#{r.id}`;", "joins APP_URL"],
    ["success: `#{appUrl}/merci?#{q}`", "joins APP_URL"],
    ["`#{appUrl(context)}/courses`", "joins APP_URL"],
    ["`#{base}/sitemap.xml`", "joins APP_URL"],
    ['const u = env.APP_URL + "/courses";', "joins APP_URL"],
  ])("%s", (line, why) => {
    expect(handBuilt(code(line))).toContain(why);
  });

  it.each([
    ['<Link to="/courses">Trouver une course</Link>', null],
    ['redirect("/mesinscriptions")', null],
    ["paths.myRegistration(id, { enregistre: 1 })", null],
    ['navigation.location.pathname.startsWith("/courses/")', null],
    ['location.host + "/parties/format-queue/" + id', null],
    ["absoluteUrl(context.env.APP_URL, paths.eventPage(slug))", null],
    ["`#{prefix}/x`", null],
  ])("%s is fine", (line, expected) => {
    expect(handBuilt(code(line))).toBe(expected);
  });
});

describe("app/ builds its URLs through app/domain/paths.ts", () => {
  it("no path of the site is built by hand and no absolute URL joined by hand", () => {
    const offences: string[] = [];
    for (const file of appFiles()) {
      readFileSync(join(ROOT, file), "utf8")
        .split("\n")
        .forEach((line, i) => {
          const why = handBuilt(line);
          if (why) offences.push(`${file}:${i + 1} ${why}: ${line.trim()}`);
        });
    }
    expect(offences).toEqual([]);
  });

  it("the scan reads the routes, the components, the services and the e-mails", () => {
    const files = appFiles();
    expect(files.length).toBeGreaterThan(100);
    for (const dir of ["app/routes/", "app/components/", "app/services/", "app/emails/", "app/domain/"])
      expect(files.some((f) => f.startsWith(dir))).toBe(true);
  });
});
