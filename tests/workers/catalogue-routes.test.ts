// Catalogue pages through the Worker (built app): list filters and paging, event page states and tabs,
// offline visibility, /formats, /sitemap.xml, home.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/domain/catalogue";
import { parisDate } from "~/domain/refund";
import { createCookie } from "@remix-run/cloudflare";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { get, html } from "./accounts-helpers";
import { loadDemoData } from "./helpers";

const today = parisDate(new Date());
const DRAFT_SLUG = "trail-des-lacs-d-annecy";

/** A valid session for a demo user, made the way app/utils/session.server.ts makes them (no login form involved). */
async function sessionCookieFor(email: string): Promise<string> {
  const userId = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<string>("id");
  const token = randomToken();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  await env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)")
    .bind(await sha256Hex(token), userId, expires)
    .run();
  const cookie = createCookie("balise_session", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secrets: [env.SESSION_SECRET as string],
  });
  return (await cookie.serialize(token)).split(";")[0];
}

function cardCount(page: string): number {
  return (page.match(/class="card course-card"/g) ?? []).length;
}

describe("catalogue pages", () => {
  beforeAll(loadDemoData);

  it("home: the 3 newest online events as cards", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    const page = await html(res);
    expect(cardCount(page)).toBe(3);
    expect(page).toContain("Trail du Canigou");
    expect(page).toContain('action="/courses"');
  });

  it("/courses: 12 of 15 events by default, with badges, a pager and the Du default", async () => {
    const page = await html(await get("/courses"));
    expect(page).toContain("15 épreuves · page 1 sur 2"); // the number of matches, all pages together
    expect(cardCount(page)).toBe(12);
    expect(page).toContain(`name="du" type="date" value="${today}"`);
    expect(page).not.toContain("Trail des Lacs d'Annecy");
    expect(page).toContain('rel="next"');
    expect(page).not.toContain('rel="prev"');
    expect(page).toContain("Corrida de Noël de Rennes");
    expect(page).toMatch(/badge badge-bientot">Bientôt/); // the Corrida is in 10 days
  });

  it("/courses: page 2 has the 3 others and a previous link", async () => {
    const page = await html(await get("/courses?page=2"));
    expect(cardCount(page)).toBe(3);
    expect(page).toContain("15 épreuves · page 2 sur 2");
    expect(page).toContain('rel="prev"');
    expect(page).not.toContain('rel="next"');
  });

  it("/courses: a page beyond the last one shows the empty state with a link back, never a false 240 limit (issues 26, 42)", async () => {
    const page = await html(await get("/courses?taille=6&page=41"));
    expect(page).not.toMatch(/La liste s(&#x27;|')arrête aux/); // 15 events: nothing is cut
    expect(cardCount(page)).toBe(0);
    expect(page).toContain('rel="prev"');
    expect(page).not.toContain('rel="next"');
    expect(page).toContain("Revenir à la première page");
  });

  it("/courses: filters combine in the URL (department + meals)", async () => {
    const page = await html(await get("/courses?departement=Gironde&repas=1"));
    expect(page).toMatch(/>1 épreuve</);
    expect(page).toContain("Rando gourmande du Médoc");
    expect(page).not.toContain("Semi-marathon de Bordeaux");
  });

  it("/courses: nothing found shows the empty state with a reset button", async () => {
    const page = await html(await get("/courses?q=introuvable-xyz"));
    expect(page).toContain("Aucune épreuve trouvée");
    expect(page).toContain("Réinitialiser les filtres");
    expect(page).toContain('value="introuvable-xyz"');
  });

  it("/courses: a bad value gets a French message next to its field and keeps what was typed", async () => {
    const res = await get("/courses?au=2020-01-01&type=velo");
    expect(res.status).toBe(200);
    const page = await html(res);
    expect(page).toContain("La date « Au » doit être le même jour ou après la date « Du ».");
    expect(page).toMatch(/name="au" type="date" aria-invalid="true" aria-describedby="err-au" value="2020-01-01"/);
    expect(page).toContain("Type d'épreuve inconnu.");
    expect(cardCount(page)).toBe(12); // the refused values are ignored
  });

  it("/courses?vue=carte lists the events with their place without JavaScript, and no Leaflet in the HTML", async () => {
    const page = await html(await get("/courses?vue=carte&taille=24"));
    expect(page).toContain("La carte s'affiche avec JavaScript");
    expect(page).toContain("Chamonix-Mont-Blanc (Haute-Savoie)");
    expect(page).not.toMatch(/leaflet[^"]*\.css/i);
  });

  it("event page by slug: hero, badges, tabs, side panel, QR 120×120, JSON-LD, Open Graph, discussion anchor", async () => {
    const res = await get("/courses/corrida-de-noel-rennes");
    expect(res.status).toBe(200);
    const page = await html(res);
    expect(page).toContain("<title>Corrida de Noël de Rennes — Rennes | Balise</title>");
    expect(page).toContain('property="og:title" content="Corrida de Noël de Rennes"');
    expect(page).toContain('<script type="application/ld+json">');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]);
    expect(ld["@type"]).toBe("SportsEvent");
    expect(ld.offers).toHaveLength(2);
    expect(ld.location.address.postalCode).toBe("35000");
    for (const label of ["Aperçu", "Formats &amp; tarifs".replace("&amp;", "&"), "Infos pratiques"])
      expect(page).toContain(label);
    expect(page).toMatch(/<span class="tab" aria-disabled="true"[^>]*>Parcours<\/span>/); // no GPX for this event
    expect(page).toMatch(/<svg [^>]*width="120" height="120"/);
    expect(page).toContain('<section id="discussion"');
    expect(page).toContain(">Discussion</h2>");
    expect(page).toContain("3 / 3"); // the kids' race is full
    // Full with its waiting list on: it takes names (this used to match the newsletter's 'autoComplete').
    expect(page).toContain(
      'Rejoindre la liste d\'attente<span class="visually-hidden"> du format <!-- -->Course enfants 1 km',
    );
    expect(page).toContain('href="#partage"'); // share link without JavaScript
  });

  it("event page by id, formats tab: table with places and registration links", async () => {
    const id = await env.DB.prepare("SELECT id FROM courses WHERE slug = 'trail-des-aiguilles-rouges'").first<string>(
      "id",
    );
    const page = await html(await get(`/courses/${id}?onglet=formats`));
    expect(page).toContain("Découverte 12 km");
    expect(page).toContain(`/inscription/${id}?format=`);
    expect(page).toContain("0 / 300");
    expect(page).toContain("22,00\u00a0€");
  });

  it("parcours tab: an elevation profile drawn on the server from the GPX, with D+ and D-", async () => {
    const page = await html(await get("/courses/trail-des-aiguilles-rouges?onglet=parcours"));
    expect(page).toContain('class="profile-svg profile-wide"');
    expect(page).toContain('class="profile-svg profile-narrow"'); // drawn again for phones, readable labels
    expect(page).toMatch(/aria-label="Profil altimétrique\u00a0: [^"]+, D\+ [\d\u00a0]+\u00a0m, D- /);
    expect(page).toContain("Télécharger le GPX");
    expect(page).toMatch(/href="\/fichiers\/gpx\/[^"]+\.gpx"/);
  });

  it("parcours tab for a format without GPX says so; infos tab splits supplies", async () => {
    const fmt = await env.DB.prepare(
      "SELECT f.id FROM formats f JOIN courses c ON c.id = f.course_id WHERE c.slug = 'rando-des-cretes-vosgiennes' AND f.gpx_url IS NULL",
    ).first<string>("id");
    const page = await html(await get(`/courses/rando-des-cretes-vosgiennes?onglet=parcours&format=${fmt}`));
    expect(page).toContain("Le GPX n'est pas disponible pour ce format.");
    const infos = await html(await get(`/courses/rando-des-cretes-vosgiennes?onglet=infos&format=${fmt}`));
    expect(infos).toContain("<li>Col de la Schlucht</li><li>Hohneck</li><li>Lac de Longemer</li>");
    expect(infos).toContain("Grande traversée 25 km");
    expect(infos).toContain("https://www.openstreetmap.org/search?query=");
  });

  it("unknown id: 404 'Épreuve introuvable'", async () => {
    const res = await get("/courses/n-existe-pas");
    expect(res.status).toBe(404);
    const page = await html(res);
    expect(page).toContain("Épreuve introuvable");
    expect(page).toContain("Vérifiez le lien ou revenez à la liste");
    expect(page).toContain('href="/courses"');
  });

  it("offline event: a visitor gets 'Cette épreuve est hors-ligne.' and none of its content", async () => {
    const res = await get(`/courses/${DRAFT_SLUG}`);
    expect(res.status).toBe(403);
    const page = await html(res);
    expect(page).toContain("Cette épreuve est hors-ligne.");
    expect(page).not.toContain("Édition 2027 en préparation");
    expect(page).not.toContain("Semnoz");
  });

  it("offline event: another logged-in user is refused too; its organiser sees it with the draft notice", async () => {
    const other = await sessionCookieFor("coureur@balise.test");
    expect((await get(`/courses/${DRAFT_SLUG}`, other)).status).toBe(403);
    const owner = await sessionCookieFor("organisateur@balise.test");
    const res = await get(`/courses/${DRAFT_SLUG}`, owner);
    expect(res.status).toBe(200);
    const page = await html(res);
    const id = await env.DB.prepare("SELECT id FROM courses WHERE slug = ?").bind(DRAFT_SLUG).first<string>("id");
    expect(page).toContain("brouillon hors-ligne");
    expect(page).toContain(`href="/modifier-course/${id}"`);
    expect(page).toContain("Hors-ligne");
    expect(page).toContain('name="robots" content="noindex"');
  });

  it("/formats: upcoming formats of online events by date and time, never the draft's", async () => {
    const page = await html(await get("/formats"));
    expect(page).toContain("Tous les formats");
    expect(page).not.toContain("Semnoz 25 km");
    const first = page.indexOf("Course enfants 1 km");
    const corrida = page.indexOf("Corrida 6 km");
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(corrida); // same day, 18:00 before 19:00
    expect(page).toContain("18h00");
  });

  it("/formats: a page past the last one links back, and never claims a 240 limit the list does not reach (issues 26, 42)", async () => {
    const page = await html(await get("/formats?page=6"));
    expect(page).not.toMatch(/La liste s(&#x27;|')arrête aux/);
    expect(page).toContain("Cette page est au-delà de la dernière.");
    expect(page).toContain('href="/formats"');
    expect(page).not.toContain('rel="next"');
  });

  it("/sitemap.xml is an index of parts; part 1 lists the public pages and the online events only", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const index = await res.text();
    expect(index).toContain("<sitemapindex");
    expect(index.match(/<sitemap><loc>[^<]*\/sitemap\.xml\?partie=1<\/loc>/g)).toHaveLength(1);
    expect(index).not.toContain("partie=2");
    const part = await get("/sitemap.xml?partie=1");
    expect(part.status).toBe(200);
    expect(part.headers.get("content-type")).toContain("application/xml");
    const xml = await part.text();
    expect(xml).toContain("<urlset");
    // The 15 coming online events and the past edition with its results (a public page).
    expect((xml.match(/<loc>[^<]*\/courses\/[^<]+<\/loc>/g) ?? []).length).toBe(16);
    expect(xml).toMatch(/<loc>[^<]*\/courses<\/loc>/);
    expect(xml).not.toContain(DRAFT_SLUG);
    for (const missing of ["?partie=2", "?partie=0", "?partie=abc", "?partie=1.5"]) {
      const r = await get(`/sitemap.xml${missing}`);
      expect(r.status, missing).toBe(404);
      expect(await r.text()).toBe("Partie du plan du site introuvable.");
    }
  });

  it("/sitemap.xml: an event past the first parts is listed in its own part, once", async () => {
    await env.DB.prepare(
      "INSERT INTO courses (rowid, id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (1250, 'far-1', 'Course lointaine', 'Ici', 'Cantal', '15000', '00000000-0000-4000-a000-000000000002', 1, 'course-lointaine')",
    ).run();
    const index = await (await get("/sitemap.xml")).text();
    expect(index.match(/<sitemap>/g)).toHaveLength(3);
    const parts = await Promise.all([1, 2, 3].map(async (n) => (await get(`/sitemap.xml?partie=${n}`)).text()));
    expect(parts.map((x) => x.includes("/courses/course-lointaine"))).toEqual([false, false, true]);
    expect(parts[1]).toContain("<urlset");
    expect(parts[1]).not.toContain("<url>");
    expect(parts[2].match(/<url>/g)).toHaveLength(1);
    expect((await get("/sitemap.xml?partie=4")).status).toBe(404);
    await env.DB.prepare("DELETE FROM courses WHERE id = 'far-1'").run();
  });

  it("an event whose dates are all past still opens, with 'À venir'", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES ('past-1', 'Course passée', 'Ici', 'Cantal', '15000', '00000000-0000-4000-a000-000000000002', 1, 'course-passee')",
      ),
      env.DB.prepare(
        `INSERT INTO formats (id, course_id, nom, date) VALUES ('past-f1', 'past-1', 'Vieux format', '${addDays(today, -3)}')`,
      ),
    ]);
    const page = await html(await get("/courses/course-passee"));
    expect(page).toContain("À venir");
    expect(page).toContain("Vieux format");
  });
});
