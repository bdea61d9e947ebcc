import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PAID_REGISTRATIONS } from "../../app/db/demo-data";
import { DEMO_RESULTS } from "../../app/db/demo-results";
import { loadDemoData } from "./helpers";

describe("schema and demo data", () => {
  beforeAll(loadDemoData);

  it("accepts the demo data", async () => {
    const counts = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM courses) AS courses, (SELECT count(*) FROM formats) AS formats, (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM admins) AS admins",
    ).first<{ courses: number; formats: number; users: number; admins: number }>();
    expect(counts!.courses).toBeGreaterThanOrEqual(15);
    expect(counts!.formats).toBeGreaterThanOrEqual(30);
    expect(counts!.users).toBeGreaterThanOrEqual(3);
    expect(counts!.admins).toBe(1);
  });

  it("is idempotent: loading twice changes nothing", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM formats").first<{ n: number }>();
    await loadDemoData();
    const after = await env.DB.prepare("SELECT count(*) AS n FROM formats").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("has one draft event, one full format and departments across France", async () => {
    const drafts = await env.DB.prepare("SELECT count(*) AS n FROM courses WHERE en_ligne = 0").first<{ n: number }>();
    expect(drafts!.n).toBe(1);
    const full = await env.DB.prepare(
      `SELECT f.nom FROM formats f WHERE f.nb_max_coureurs IS NOT NULL
         AND (SELECT count(*) FROM inscriptions i WHERE i.format_id = f.id AND i.statut = 'validee') >= f.nb_max_coureurs`,
    ).all();
    expect(full.results.length).toBe(1);
    const deps = await env.DB.prepare("SELECT count(DISTINCT departement) AS n FROM courses").first<{ n: number }>();
    expect(deps!.n).toBeGreaterThanOrEqual(10);
  });

  it("stores money as integer cents and keeps views queryable", async () => {
    const f = await env.DB.prepare("SELECT typeof(prix_cents) AS t, prix_cents FROM formats LIMIT 1").first<{
      t: string;
    }>();
    expect(f!.t).toBe("integer");
    for (const view of [
      "admin_stats_v",
      "admin_courses_kpis_v",
      "admin_inscriptions_v",
      "admin_paiements_v",
      "chat_roots_with_counts",
    ]) {
      const r = await env.DB.prepare(`SELECT * FROM ${view} LIMIT 1`).all();
      expect(r.success).toBe(true);
    }
    const stats = await env.DB.prepare("SELECT * FROM admin_stats_v").first<{
      nb_courses: number;
      nb_inscriptions: number;
    }>();
    expect(stats!.nb_courses).toBeGreaterThanOrEqual(15);
    // The full format's 3, the runner's paid ones, and the past edition's (its finishers, one DNF and one DNS).
    expect(stats!.nb_inscriptions).toBe(3 + DEMO_PAID_REGISTRATIONS.length + DEMO_RESULTS.finishers + 2);
  });

  it("refuses a registration status outside the schema's foreign keys", async () => {
    await expect(
      env.DB.prepare("INSERT INTO formats (id, course_id, nom) VALUES ('x', 'missing-course', 'X')").run(),
    ).rejects.toThrow(/FOREIGN KEY/);
  });
});

describe("the Worker", () => {
  beforeAll(loadDemoData);

  it("answers / with 200 and the newest events", async () => {
    const res = await SELF.fetch("http://localhost/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Nouvelles épreuves");
    expect(html).toContain("Trail du Canigou"); // created 3 days ago: among the 3 newest
    expect(html).not.toContain("Trail des Lacs d&#x27;Annecy"); // the draft never shows
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("content-security-policy")).not.toContain("unsafe-inline' 'strict");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers an unknown path with 404 'Page non trouvée'", async () => {
    const res = await SELF.fetch("http://localhost/cette-page-n-existe-pas");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Page non trouvée");
  });

  it("serves a GPX from R2 as an attachment", async () => {
    const res = await SELF.fetch("http://localhost/fichiers/gpx/f0000000-0000-4000-8000-000000000101.gpx");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gpx+xml");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    expect(await res.text()).toContain("<trkpt");
  });

  it("remembers the display mode in a cookie", async () => {
    const body = new URLSearchParams({ mode: "organisateur", redirectTo: "/fonctionnalites" });
    const res = await SELF.fetch("http://localhost/mode", {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/fonctionnalites");
    expect(res.headers.get("set-cookie")).toContain("balise_mode=");
  });
});

describe("robots.txt", () => {
  it("points crawlers to the absolute sitemap and keeps private areas out", async () => {
    const res = await SELF.fetch("http://localhost/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
    expect(text).toContain("Disallow: /dev/");
  });
});
