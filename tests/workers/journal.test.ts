// Issue 43, decision 0212: the journal of organiser and admin actions. Every action on an event is recorded (who,
// when, what, before → after); the event's owner reads it (filters, pages, CSV), nobody else does; admins read every
// event's; the database refuses to change or remove a row.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { AddRunnerSchema } from "../../app/domain/add-runner";
import { addRunner } from "../../app/services/registrants.server";
import { loadDemoData } from "./helpers";
import { get, ORG1, ORG2, post, sessionCookie } from "./organiser-helpers";
import { testContext } from "./payments-helpers";

const ADMIN_ID = "00000000-0000-4000-a000-000000000001";

async function ownEvent() {
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, 'Trail du Journal', 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, ORG1.id, `journal-${courseId}`),
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, nb_max_coureurs) VALUES (?, ?, '12 km', '2027-10-10', '08:30', 2000, 50)",
    ).bind(formatId, courseId),
  ]);
  return { courseId, formatId };
}

const journalRows = (courseId: string) =>
  env.DB.prepare(
    "SELECT acteur_id, acteur_email, acteur_role, action, objet, changements FROM journal_actions WHERE course_id = ? ORDER BY id",
  )
    .bind(courseId)
    .all<{
      acteur_id: string;
      acteur_email: string;
      acteur_role: string;
      action: string;
      objet: string;
      changements: string | null;
    }>()
    .then((r) => r.results);

beforeAll(async () => {
  await loadDemoData();
});

describe("the journal of actions", () => {
  it("records a runner added by hand, a cell edited (before → after) and a CSV downloaded, by whom", async () => {
    const { courseId, formatId } = await ownEvent();
    const added = await addRunner(
      testContext(),
      { id: ORG1.id },
      formatId,
      AddRunnerSchema.parse({ nom: "Petit", prenom: "Léa", email: "lea.petit@example.test", statut: "validee" }),
    );
    expect(added.ok).toBe(true);
    const id = (added as { id: string }).id;
    const cookie = await sessionCookie(ORG1.id);
    const saved = await post(
      `/organisateur/inscriptions/${formatId}`,
      { intent: "cell", id, field: "club", value: "ASPTT Annecy" },
      cookie,
    );
    expect(saved.status).toBe(200);
    // A refused edit records nothing; the same value again records nothing.
    await post(
      `/organisateur/inscriptions/${formatId}`,
      { intent: "cell", id, field: "email", value: "pas-un-email" },
      cookie,
    );
    await post(
      `/organisateur/inscriptions/${formatId}`,
      { intent: "cell", id, field: "club", value: "ASPTT Annecy" },
      cookie,
    );
    const csv = await get(`/organisateur/inscriptions/${formatId}/export.csv`, cookie);
    expect(csv.status).toBe(200);
    await csv.text();

    const rows = await journalRows(courseId);
    expect(rows.map((r) => r.action)).toEqual(["inscrit.ajoute", "inscrit.modifie", "export.inscrits"]);
    expect(
      rows.every((r) => r.acteur_id === ORG1.id && r.acteur_email === ORG1.email && r.acteur_role === "organisateur"),
    ).toBe(true);
    expect(rows[0].objet).toBe("Léa Petit — 12 km");
    expect(JSON.parse(rows[1].changements ?? "[]")).toEqual([{ champ: "Club", avant: "", apres: "ASPTT Annecy" }]);
    expect(rows[2].objet).toBe("12 km");
  });

  it("is shown to the event's owner, filtered and as CSV; another organiser gets a 404, a visitor the login", async () => {
    const { courseId, formatId } = await ownEvent();
    const cookie = await sessionCookie(ORG1.id);
    await (await get(`/organisateur/inscriptions/${formatId}/export.csv`, cookie)).text();

    const page = await get(`/organisateur/journal/${courseId}`, cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Journal – Trail du Journal");
    expect(html).toContain("Export CSV des inscrits");
    expect(html).toContain(ORG1.email);

    const filtered = await (await get(`/organisateur/journal/${courseId}?type=inscrit.modifie`, cookie)).text();
    expect(filtered).toContain("Aucune action enregistrée.");

    const csv = await get(`/organisateur/journal/${courseId}/export.csv`, cookie);
    expect(csv.status).toBe(200);
    const body = await csv.text();
    expect(body).toContain("Date;Personne;Rôle;Action;Épreuve;Objet;Changements");
    expect(body).toContain("Export CSV des inscrits;Trail du Journal;12 km");

    const other = await sessionCookie(ORG2.id);
    expect((await get(`/organisateur/journal/${courseId}`, other)).status).toBe(404);
    expect((await get(`/organisateur/journal/${courseId}/export.csv`, other)).status).toBe(404);
    const anonymous = await get(`/organisateur/journal/${courseId}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
  });

  it("shows every event's actions to admins only", async () => {
    const { formatId } = await ownEvent();
    await (await get(`/organisateur/inscriptions/${formatId}/export.csv`, await sessionCookie(ORG1.id))).text();
    const admin = await get("/admin/journal?type=export.inscrits", await sessionCookie(ADMIN_ID));
    expect(admin.status).toBe(200);
    const html = await admin.text();
    expect(html).toContain("Journal des actions");
    expect(html).toContain("Trail du Journal");
    const csv = await get("/admin/journal/export.csv", await sessionCookie(ADMIN_ID));
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("Trail du Journal");
    // An admin's download of the registrations is recorded too.
    const adminCookie = await sessionCookie(ADMIN_ID);
    expect((await get("/admin/inscriptions/export.csv", adminCookie)).status).toBe(200);
    const exports = await (await get("/admin/journal?type=export.admin_inscriptions", adminCookie)).text();
    expect(exports).toContain("Export CSV des inscriptions (admin)");
    expect(exports).toContain("admin@balise.test");
    // Inside the admin screens a non-admin gets the 403 page (only /admin itself sends them home).
    expect((await get("/admin/journal", await sessionCookie(ORG1.id))).status).toBe(403);
    expect((await get("/admin/journal/export.csv", await sessionCookie(ORG1.id))).status).not.toBe(200);
  });

  it("cannot be changed or removed (the database refuses)", async () => {
    const { formatId } = await ownEvent();
    await (await get(`/organisateur/inscriptions/${formatId}/export.csv`, await sessionCookie(ORG1.id))).text();
    await expect(env.DB.prepare("UPDATE journal_actions SET acteur_email = 'x'").run()).rejects.toThrow(
      /ajout seulement/,
    );
    await expect(env.DB.prepare("DELETE FROM journal_actions").run()).rejects.toThrow(/ajout seulement/);
  });
});
