// Issue 45, decision 0218: the retention rules run by the cron on a clock moved forward. A guest's registration is
// anonymised three years after its race (amounts kept, the books unchanged), never one with an account nor a recent
// one; an unconfirmed account goes after 30 days unless something points to it; e-mail bodies are emptied after 90
// days; the admin's dry run counts what the next run would change and changes nothing.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ANONYMISED_RUNNER_NAME } from "~/domain/retention";
import { fixedClock } from "~/providers/clock";
import { runMaintenance } from "~/services/maintenance.server";
import { retentionPlan } from "~/services/retention.server";
import { loadDemoData } from "./helpers";
import { get, ORG1, ORG2, post, sessionCookie } from "./organiser-helpers";
import { testContext } from "./payments-helpers";

const ADMIN_ID = "00000000-0000-4000-a000-000000000001";
const RACE_DAY = "2022-06-04";
const JUST_BEFORE = "2025-06-01T10:00:00.000Z"; // 3 × 365 days after the race falls on 2025-06-03
const AFTER = "2025-06-04T10:00:00.000Z";

async function oldEvent() {
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  const runnerId = crypto.randomUUID();
  const reg = (id: string, coureur: string | null, prenom: string) =>
    env.DB.prepare(
      `INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id, nom, prenom, email,
         telephone, date_naissance, adresse, ville, contact_urgence_nom, contact_urgence_telephone, club,
         prix_total_coureur_cents, dossard, added_by_organiser)
       VALUES (?, ?, ?, ?, 'validee', ?, 'Durand', ?, 'durand@exemple.fr', '0611223344', '1980-02-03', '3 rue des Lilas',
         'Lyon', 'Paul Durand', '0699887766', 'AS Lyon', 2500, ?, 1)`,
    ).bind(id, courseId, formatId, coureur, `trace-${id}`, prenom, Math.floor(Math.random() * 1e6));
  const guest = crypto.randomUUID();
  const member = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, 'Trail ancien', 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, ORG1.id, `ancien-${courseId}`),
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, nb_max_coureurs) VALUES (?, ?, '20 km', ?, '08:30', 2500, 50)",
    ).bind(formatId, courseId, RACE_DAY),
    env.DB.prepare(
      "INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (?, ?, 'x', '2020-01-01T00:00:00.000Z')",
    ).bind(runnerId, `ancien-${runnerId}@balise.test`),
    reg(guest, null, "Invitée"),
    reg(member, runnerId, "Membre"),
  ]);
  return { courseId, guest, member };
}

const registration = (id: string) =>
  env.DB.prepare("SELECT * FROM inscriptions WHERE id = ?").bind(id).first<Record<string, unknown>>();

describe("retention rules", () => {
  beforeAll(async () => {
    await loadDemoData();
  });

  it("anonymises a guest's registration three years after its race, keeps its amounts and history", async () => {
    const { guest, member } = await oldEvent();
    const before = await registration(guest);
    const history = async () =>
      (
        await env.DB.prepare("SELECT count(*) AS n FROM inscriptions_historique WHERE inscription_id = ?")
          .bind(guest)
          .first<{ n: number }>()
      )?.n;
    const historyBefore = await history();

    await runMaintenance(testContext(fixedClock(JUST_BEFORE)));
    expect((await registration(guest))?.nom).toBe("Durand");

    const plan = await retentionPlan(testContext(fixedClock(AFTER)));
    const rule = plan.rules.find((r) => r.key === "inscriptions_sans_compte");
    expect(rule?.pending).toBeGreaterThanOrEqual(1);
    expect((await registration(guest))?.nom).toBe("Durand"); // the dry run changed nothing

    // A published result of the registration, with the name stored for search and sort at publication.
    await env.DB.prepare(
      "INSERT INTO resultats (format_id, inscription_id, ligne, dossard, temps_secondes, classement, nom, club, recherche, nom_tri) SELECT format_id, id, 1, 7, 3600, 1, 'Durand', 'AS Lyon', 'durand invitee as lyon', 'durand invitee' FROM inscriptions WHERE id = ?",
    )
      .bind(guest)
      .run();
    const report = await runMaintenance(testContext(fixedClock(AFTER)));
    expect(report.anonymisedRegistrations).toBeGreaterThanOrEqual(1);
    expect(
      await env.DB.prepare("SELECT nom, club, recherche, nom_tri, classement FROM resultats WHERE inscription_id = ?")
        .bind(guest)
        .first(),
    ).toEqual({ nom: null, club: null, recherche: "", nom_tri: "", classement: 1 });
    const after = await registration(guest);
    expect(after).toMatchObject({
      nom: ANONYMISED_RUNNER_NAME,
      prenom: null,
      email: null,
      telephone: null,
      date_naissance: null,
      adresse: null,
      ville: null,
      contact_urgence_nom: null,
      contact_urgence_telephone: null,
      club: null,
      apparaitre_resultats: 0,
      statut: "validee",
      prix_total_coureur_cents: before?.prix_total_coureur_cents,
      dossard: before?.dossard,
    });
    expect(await history()).toBe(historyBefore);
    // The runner with an account keeps theirs (their account's owner decides, issue 45's erasure).
    expect((await registration(member))?.prenom).toBe("Membre");
    // Once done, nothing is left to do for that rule.
    const again = await retentionPlan(testContext(fixedClock(AFTER)));
    expect(again.rules.find((r) => r.key === "inscriptions_sans_compte")?.pending).toBe(0);
  });

  it("deletes an unconfirmed account after 30 days, unless it holds something; keeps confirmed ones", async () => {
    const ids = { lapsed: crypto.randomUUID(), recent: crypto.randomUUID(), organiser: crypto.randomUUID() };
    const user = (id: string, created: string) =>
      env.DB.prepare("INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, 'x', ?)").bind(
        id,
        `nc-${id}@balise.test`,
        created,
      );
    await env.DB.batch([
      user(ids.lapsed, "2026-10-01T10:00:00.000Z"),
      env.DB.prepare("INSERT INTO profils_utilisateurs (user_id, nom) VALUES (?, 'Oubli')").bind(ids.lapsed),
      user(ids.recent, "2026-11-20T10:00:00.000Z"),
      user(ids.organiser, "2026-10-01T10:00:00.000Z"),
      env.DB.prepare(
        "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, 'Brouillon', 'Annecy', 'Haute-Savoie', '74000', ?, 0, ?)",
      ).bind(crypto.randomUUID(), ids.organiser, `brouillon-${ids.organiser}`),
    ]);
    const report = await runMaintenance(testContext(fixedClock("2026-11-27T10:00:00.000Z")));
    expect(report.deletedAccounts).toBeGreaterThanOrEqual(1);
    const exists = async (id: string) =>
      (await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(id).first()) !== null;
    expect(await exists(ids.lapsed)).toBe(false);
    expect(
      await env.DB.prepare("SELECT user_id FROM profils_utilisateurs WHERE user_id = ?").bind(ids.lapsed).first(),
    ).toBeNull();
    expect(await exists(ids.recent)).toBe(true);
    expect(await exists(ids.organiser)).toBe(true);
    expect(await exists(ORG1.id)).toBe(true);
  });

  it("empties e-mail bodies after 90 days and keeps recipient, subject and state", async () => {
    const old = crypto.randomUUID();
    const recent = crypto.randomUUID();
    const mail = (id: string, created: string) =>
      env.DB.prepare(
        "INSERT INTO mail_outbox (id, to_email, subject, html, text, status, created_at) VALUES (?, 'a@exemple.fr', 'Confirmation', '<p>Bonjour</p>', 'Bonjour', 'sent', ?)",
      ).bind(id, created);
    await env.DB.batch([mail(old, "2026-08-01T10:00:00.000Z"), mail(recent, "2026-11-01T10:00:00.000Z")]);
    const report = await runMaintenance(testContext(fixedClock("2026-11-27T10:00:00.000Z")));
    expect(report.clearedMailBodies).toBeGreaterThanOrEqual(1);
    const row = (id: string) => env.DB.prepare("SELECT * FROM mail_outbox WHERE id = ?").bind(id).first();
    expect(await row(old)).toMatchObject({ html: "", text: "", to_email: "a@exemple.fr", subject: "Confirmation" });
    expect(await row(recent)).toMatchObject({ html: "<p>Bonjour</p>", text: "Bonjour" });
  });

  it("shows the rules and the dry run to admins only", async () => {
    const page = await get("/admin/conservation", await sessionCookie(ADMIN_ID));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Conservation des données");
    expect(html).toContain("3 ans après la course");
    expect(html).toContain('data-rule="comptes_non_confirmes"');
    expect((await get("/admin/conservation", await sessionCookie(ORG1.id))).status).toBe(403);
  });

  it("lets the event's organiser erase a finished registration's data on request, confirmed and journalled", async () => {
    const { courseId, guest } = await oldEvent();
    const running = crypto.randomUUID();
    await env.DB.prepare(
      `INSERT INTO inscriptions (id, course_id, format_id, statut, paiement_trace_id, nom, prenom, email)
       SELECT ?, course_id, format_id, 'validee', ?, 'Encore', 'Inscrit', 'encore@exemple.fr' FROM inscriptions WHERE id = ?`,
    )
      .bind(running, `trace-${running}`, guest)
      .run();
    await env.DB.prepare("UPDATE inscriptions SET statut = 'annulee', transition_seq = transition_seq + 1 WHERE id = ?")
      .bind(guest)
      .run();
    const org = await sessionCookie(ORG1.id);
    const erase = (id: string, cookie: string, confirm = true) =>
      post(`/details-coureur/${id}`, confirm ? { intent: "effacer", confirm: "on" } : { intent: "effacer" }, cookie);

    // Another organiser does not see it; a registration still running keeps its data; the tick is required.
    expect((await erase(guest, await sessionCookie(ORG2.id))).status).toBe(404);
    const refused = await erase(running, org);
    expect(refused.status).toBe(409);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toMatch(/role="alert">Seules les données d&#x27;une inscription refusée, annulée/);
    const unticked = await erase(guest, org, false);
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("Cochez la case pour confirmer l&#x27;effacement.");
    expect((await registration(guest))?.email).toBe("durand@exemple.fr");

    const done = await erase(guest, org);
    expect(done.status).toBe(302);
    expect(await registration(guest)).toMatchObject({ nom: ANONYMISED_RUNNER_NAME, email: null, telephone: null });
    expect((await registration(running))?.email).toBe("encore@exemple.fr");
    const journal = await env.DB.prepare(
      "SELECT objet FROM journal_actions WHERE course_id = ? AND action = 'inscription.donnees_effacees'",
    )
      .bind(courseId)
      .all<{ objet: string }>();
    expect(journal.results).toEqual([{ objet: `${ANONYMISED_RUNNER_NAME} — 20 km` }]);
    // Done once: a second request is refused, and the page no longer offers it.
    expect((await erase(guest, org)).status).toBe(409);
    expect(await (await get(`/details-coureur/${guest}`, org)).text()).not.toContain("Effacer les données");
  });
});
