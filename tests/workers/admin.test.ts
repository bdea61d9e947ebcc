import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDemoData } from "./helpers";
import { sessionCookie } from "./organiser-helpers";

const ADMIN = "00000000-0000-4000-a000-000000000001";
const RUNNER = "00000000-0000-4000-a000-000000000003";

describe("admin screens", () => {
  beforeAll(loadDemoData);

  // Who may open these screens: tests/workers/admin-money.test.ts ('403 — Connectez-vous.' / 'Accès réservé…').

  it("the dashboard shows the platform's figures from admin_stats_v", async () => {
    const res = await SELF.fetch("http://localhost/admin/dashboard", {
      headers: { cookie: await sessionCookie(ADMIN) },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const label of ["Courses", "Formats", "Inscriptions", "Organisateurs", "CA brut (€)"])
      expect(html).toContain(label);
    expect(html).toMatch(/CA brut \(€\)<\/p><p class="plan-price">\d[\d\u00a0]*,\d\d\u00a0€/);
  });

  it("the courses table lists every course with its counts and gross revenue", async () => {
    const res = await SELF.fetch("http://localhost/admin/courses", { headers: { cookie: await sessionCookie(ADMIN) } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Trail des Aiguilles Rouges");
    expect(html).toContain("Corrida de Noël de Rennes");
    expect(html).toContain("Trail des Lacs d&#x27;Annecy"); // drafts too: admins see everything
  });
});

describe("admins may view everything", () => {
  beforeAll(loadDemoData);

  it("an offline event: 403 for a runner, shown to an admin with a notice", async () => {
    const draft = "c0000000-0000-4000-8000-000000000016"; // 'Trail des Lacs d'Annecy', the demo draft
    const runner = await SELF.fetch(`http://localhost/courses/${draft}`, {
      headers: { cookie: await sessionCookie(RUNNER) },
    });
    expect(runner.status).toBe(403);
    expect(await runner.text()).not.toContain("Semnoz 25 km");
    const admin = await SELF.fetch(`http://localhost/courses/${draft}`, {
      headers: { cookie: await sessionCookie(ADMIN) },
    });
    expect(admin.status).toBe(200);
    const html = await admin.text();
    expect(html).toContain("Semnoz 25 km");
    expect(html).toContain("visible ici parce que vous êtes administrateur");
  });
});
