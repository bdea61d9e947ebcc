// Issue 43, decision 0213: co-organisers with targeted rights. For each right × each organiser route, a co-organiser
// holding only that right gets in where the right allows and gets a 404 elsewhere (owner-only pages included); the
// invitation is sent, accepted once (in parallel too), refused when expired, revoked or used; team changes and a
// co-organiser's actions are recorded in the event's journal under their own account.
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { AddRunnerSchema } from "../../app/domain/add-runner";
import { EVENT_RIGHTS, type EventRight } from "../../app/domain/event-team";
import { addRunner } from "../../app/services/registrants.server";
import { loadDemoData } from "./helpers";
import { get, ORG1, ORG2, post, sessionCookie } from "./organiser-helpers";
import { testContext } from "./payments-helpers";

async function ownEvent(nom = "Trail de l'Équipe") {
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, ?, 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, nom, ORG1.id, `equipe-${courseId}`),
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, nb_max_coureurs) VALUES (?, ?, '12 km', '2027-10-10', '08:30', 2000, 50)",
    ).bind(formatId, courseId),
  ]);
  const added = await addRunner(
    testContext(),
    { id: ORG1.id },
    formatId,
    AddRunnerSchema.parse({ nom: "Petit", prenom: "Léa", email: "lea.petit@example.test", statut: "validee" }),
  );
  expect(added.ok).toBe(true);
  return { courseId, formatId, registrantId: (added as { id: string }).id };
}

/** A new account (no session yet). */
async function account(label: string) {
  const id = crypto.randomUUID();
  const email = `${label}-${id.slice(0, 8)}@example.test`;
  await env.DB.prepare("INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (?, ?, 'x', ?)")
    .bind(id, email, new Date().toISOString())
    .run();
  return { id, email };
}

async function member(courseId: string, right: EventRight) {
  const user = await account(right);
  await env.DB.prepare(`INSERT INTO equipe_membres (course_id, user_id, droit_${right}, added_at) VALUES (?, ?, 1, ?)`)
    .bind(courseId, user.id, new Date().toISOString())
    .run();
  return { ...user, cookie: await sessionCookie(user.id) };
}

const journal = (courseId: string) =>
  env.DB.prepare(
    "SELECT acteur_id, acteur_email, acteur_role, action, objet FROM journal_actions WHERE course_id = ? ORDER BY id",
  )
    .bind(courseId)
    .all<{ acteur_id: string; acteur_email: string; acteur_role: string; action: string; objet: string }>()
    .then((r) => r.results);

beforeAll(async () => {
  await loadDemoData();
});

type Ev = Awaited<ReturnType<typeof ownEvent>>;
type Probe = [name: string, needed: EventRight | "owner", send: (e: Ev, cookie: string) => Promise<Response>];

// Every organiser route of an event, with the right it needs. A probe that writes is harmless to repeat.
const PROBES: Probe[] = [
  ["edit the event (page)", "epreuve", (e, c) => get(`/modifier-course/${e.courseId}`, c)],
  [
    "take the event offline",
    "epreuve",
    (e, c) => post("/organisateur/mon-espace", { intent: "unpublish", courseId: e.courseId }, c),
  ],
  ["registrants page", "inscriptions", (e, c) => get(`/organisateur/inscriptions/${e.formatId}`, c)],
  [
    "edit a registrant",
    "inscriptions",
    (e, c) =>
      post(
        `/organisateur/inscriptions/${e.formatId}`,
        { intent: "cell", id: e.registrantId, field: "club", value: "ASPTT" },
        c,
      ),
  ],
  ["registrant details", "inscriptions", (e, c) => get(`/details-coureur/${e.registrantId}`, c)],
  ["bib pick-up desk", "inscriptions", (e, c) => get(`/organisateur/retrait/${e.formatId}`, c)],
  ["bib pick-up list (JSON)", "inscriptions", (e, c) => get(`/organisateur/retrait/${e.formatId}/liste.json`, c)],
  [
    "bib pick-up tick",
    "inscriptions",
    (e, c) => post(`/organisateur/retrait/${e.formatId}`, { intent: "retirer", id: e.registrantId }, c),
  ],
  [
    "bib pick-up sync",
    "inscriptions",
    (e, c) =>
      SELF.fetch(`http://localhost/organisateur/retrait/${e.formatId}/synchroniser`, {
        method: "POST",
        body: JSON.stringify({ scans: [{ inscriptionId: e.registrantId }] }),
        headers: { origin: "http://localhost", host: "localhost", "content-type": "application/json", cookie: c },
        redirect: "manual",
      }),
  ],
  ["add a runner (page)", "inscriptions", (e, c) => get(`/organisateur/inscriptions/${e.formatId}/ajouter`, c)],
  ["registrants CSV", "inscriptions", (e, c) => get(`/organisateur/inscriptions/${e.formatId}/export.csv`, c)],
  [
    "missing justificatifs CSV",
    "inscriptions",
    (e, c) => get(`/organisateur/inscriptions/${e.formatId}/justificatifs-manquants.csv`, c),
  ],
  [
    "justificatif decision",
    "inscriptions",
    (e, c) =>
      post(
        `/organisateur/inscriptions/${e.formatId}`,
        { intent: "justificatif", id: e.registrantId, decision: "valide", version: "x" },
        c,
      ),
  ],
  [
    "waiting list (switch)",
    "inscriptions",
    (e, c) => post(`/organisateur/inscriptions/${e.formatId}/liste-attente`, { intent: "activer" }, c),
  ],
  ["waiting list CSV", "inscriptions", (e, c) => get(`/organisateur/inscriptions/${e.formatId}/liste-attente.csv`, c)],
  [
    "cancel a registration",
    "inscriptions",
    (e, c) =>
      post(`/details-coureur/${e.registrantId}`, { intent: "annuler", reason: "Blessure au genou", confirm: "on" }, c),
  ],
  ["results page", "inscriptions", (e, c) => get(`/organisateur/resultats/${e.formatId}`, c)],
  [
    "publish results",
    "inscriptions",
    (e, c) => post(`/organisateur/resultats/${e.formatId}`, { intent: "publier", version: "0" }, c),
  ],
  ["promo codes page", "epreuve", (e, c) => get(`/organisateur/codes-promo/${e.courseId}`, c)],
  [
    "create a promo code",
    "epreuve",
    (e, c) => post(`/organisateur/codes-promo/${e.courseId}`, { intent: "creer", code: "" }, c),
  ],
  ["finance page", "finances", (e, c) => get(`/organisateur/finances/${e.courseId}`, c)],
  ["ask for an advance", "finances", (e, c) => post(`/organisateur/finances/${e.courseId}`, { message: "" }, c)],
  ["journal", "owner", (e, c) => get(`/organisateur/journal/${e.courseId}`, c)],
  ["journal CSV", "owner", (e, c) => get(`/organisateur/journal/${e.courseId}/export.csv`, c)],
  ["team page", "owner", (e, c) => get(`/organisateur/equipe/${e.courseId}`, c)],
  [
    "invite",
    "owner",
    (e, c) =>
      post(`/organisateur/equipe/${e.courseId}`, { intent: "invite", email: "x@example.test", inscriptions: "on" }, c),
  ],
  ["delete (page)", "owner", (e, c) => get(`/organisateur/supprimer/${e.courseId}`, c)],
  ["delete", "owner", (e, c) => post(`/organisateur/supprimer/${e.courseId}`, { intent: "delete" }, c)],
  [
    "copy the event",
    "owner",
    (e, c) => post("/organisateur/mon-espace", { intent: "duplicate", courseId: e.courseId }, c),
  ],
];

describe("each right × each organiser route", () => {
  for (const right of EVENT_RIGHTS) {
    it(`a co-organiser with only '${right}' gets in where it allows, and a 404 elsewhere`, async () => {
      const ev = await ownEvent();
      const m = await member(ev.courseId, right);
      for (const [name, needed, send] of PROBES) {
        const res = await send(ev, m.cookie);
        await res.arrayBuffer();
        const label = `${right} → ${name}: ${res.status}`;
        if (needed === right) expect(res.status, label).not.toBe(404);
        else expect(res.status, label).toBe(404);
        expect(res.status, label).toBeLessThan(500);
      }
      // The event is still there, its owner unchanged.
      const c = await env.DB.prepare("SELECT organisateur_id FROM courses WHERE id = ?").bind(ev.courseId).first();
      expect(c).toEqual({ organisateur_id: ORG1.id });
    });
  }

  it("the owner gets in everywhere (the delete left for last)", async () => {
    const ev = await ownEvent();
    const cookie = await sessionCookie(ORG1.id);
    for (const [name, , send] of PROBES) {
      const res = await send(ev, cookie);
      await res.arrayBuffer();
      expect(res.status, `owner → ${name}`).not.toBe(404);
      expect(res.status, `owner → ${name}`).toBeLessThan(500);
    }
  });

  it("the Inscriptions right edits a registrant (recorded as the co-organiser's), Épreuve publishes", async () => {
    const ev = await ownEvent("Trail du Co-organisateur");
    const ins = await member(ev.courseId, "inscriptions");
    const res = await post(
      `/organisateur/inscriptions/${ev.formatId}`,
      { intent: "cell", id: ev.registrantId, field: "club", value: "Club Équipe" },
      ins.cookie,
    );
    expect(res.status).toBe(200);
    const club = await env.DB.prepare("SELECT club FROM inscriptions WHERE id = ?").bind(ev.registrantId).first();
    expect(club).toEqual({ club: "Club Équipe" });
    const ep = await member(ev.courseId, "epreuve");
    expect(
      (await post("/organisateur/mon-espace", { intent: "unpublish", courseId: ev.courseId }, ep.cookie)).status,
    ).toBe(302);
    expect(await env.DB.prepare("SELECT en_ligne FROM courses WHERE id = ?").bind(ev.courseId).first()).toEqual({
      en_ligne: 0,
    });
    const rows = await journal(ev.courseId);
    expect(rows.find((r) => r.action === "inscrit.modifie")).toMatchObject({
      acteur_id: ins.id,
      acteur_email: ins.email,
      acteur_role: "coorganisateur",
    });
    expect(rows.find((r) => r.action === "course.depubliee")).toMatchObject({
      acteur_id: ep.id,
      acteur_role: "coorganisateur",
    });
    // Cancelling (a paid registration, with its refund) is an Inscriptions action too: the co-organiser gets past the
    // access check to the cancellation's own rule (this one was added by hand, unpaid), another organiser does not.
    const cancel = { intent: "annuler", reason: "Blessure au genou", confirm: "on" };
    const cancelled = await post(`/details-coureur/${ev.registrantId}`, cancel, ins.cookie);
    expect(cancelled.status).toBe(409);
    await cancelled.arrayBuffer();
    const stranger = await post(`/details-coureur/${ev.registrantId}`, cancel, await sessionCookie(ORG2.id));
    expect(stranger.status).toBe(404);
    // The owner's journal page shows the role.
    const page = await (await get(`/organisateur/journal/${ev.courseId}`, await sessionCookie(ORG1.id))).text();
    expect(page).toContain("Co-organisateur");
    expect(page).toContain(ins.email);
  });

  it("the organiser space lists the co-organised event with its rights and only the allowed buttons", async () => {
    const ev = await ownEvent("Trail Listé en Équipe");
    const ins = await member(ev.courseId, "inscriptions");
    const html = await (await get("/organisateur/mon-espace", ins.cookie)).text();
    expect(html).toContain("Épreuves que je co-organise");
    expect(html).toContain("Trail Listé en Équipe");
    expect(html).toContain(`/organisateur/inscriptions/${ev.formatId}`);
    expect(html).not.toContain(`/modifier-course/${ev.courseId}`);
    expect(html).not.toContain(`/organisateur/finances/${ev.courseId}`);
    expect(html).toContain("Quitter l&#x27;équipe");
    const fin = await member(ev.courseId, "finances");
    const finHtml = await (await get("/organisateur/mon-espace", fin.cookie)).text();
    expect(finHtml).toContain(`/organisateur/finances/${ev.courseId}`);
    expect(finHtml).not.toContain(`/organisateur/inscriptions/${ev.formatId}`);
  });
});

/** The token of the last invitation mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  const mail = await env.DB.prepare(
    "SELECT text FROM mail_outbox WHERE to_email = ? ORDER BY created_at DESC, rowid DESC LIMIT 1",
  )
    .bind(email)
    .first<{ text: string }>();
  const m = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "");
  expect(m, "invitation link in the e-mail").not.toBeNull();
  return m![1];
}

async function invite(courseId: string, email: string, rights: Record<string, string>) {
  const res = await post(
    `/organisateur/equipe/${courseId}`,
    { intent: "invite", email, ...rights },
    await sessionCookie(ORG1.id),
  );
  expect(res.status).toBe(302);
  return mailedToken(email);
}

describe("invitations", () => {
  it("refuses a form without a right or with a bad address, keeping what was typed", async () => {
    const ev = await ownEvent();
    const res = await post(
      `/organisateur/equipe/${ev.courseId}`,
      { intent: "invite", email: "ami@example.test" },
      await sessionCookie(ORG1.id),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Cochez au moins un droit.");
    expect(html).toContain('value="ami@example.test"');
    const bad = await post(
      `/organisateur/equipe/${ev.courseId}`,
      { intent: "invite", email: "pas-un-email", finances: "on" },
      await sessionCookie(ORG1.id),
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Adresse email invalide.");
  });

  it("is accepted by creating the account on its page; then used, it is refused; the journal has both", async () => {
    const ev = await ownEvent("Trail de l'Invitation");
    const email = `nouveau-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const token = await invite(ev.courseId, email, { inscriptions: "on" });
    const page = await get(`/invitation/${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Trail de l&#x27;Invitation");
    expect(html).toContain("Inscriptions");

    const weak = await post(`/invitation/${token}`, {
      intent: "create",
      prenom: "Zoé",
      nom: "Martin",
      password: "court",
      confirmation: "court",
    });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("au moins 8 caractères");

    const ok = await post(`/invitation/${token}`, {
      intent: "create",
      prenom: "Zoé",
      nom: "Martin",
      password: "Sentier-des-Crêtes-2027",
      confirmation: "Sentier-des-Crêtes-2027",
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("set-cookie")).toContain("balise_session");
    const user = await env.DB.prepare("SELECT id, email_confirmed_at FROM users WHERE email = ?")
      .bind(email)
      .first<{ id: string; email_confirmed_at: string }>();
    expect(user?.email_confirmed_at).toBeTruthy();
    const m = await env.DB.prepare(
      "SELECT droit_epreuve, droit_inscriptions, droit_finances FROM equipe_membres WHERE course_id = ? AND user_id = ?",
    )
      .bind(ev.courseId, user!.id)
      .first();
    expect(m).toEqual({ droit_epreuve: 0, droit_inscriptions: 1, droit_finances: 0 });

    const again = await get(`/invitation/${token}`);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("déjà été acceptée");

    const rows = await journal(ev.courseId);
    expect(rows.map((r) => [r.action, r.acteur_role])).toEqual([
      ["inscrit.ajoute", "organisateur"],
      ["equipe.invitation_envoyee", "organisateur"],
      ["equipe.invitation_acceptee", "coorganisateur"],
    ]);
    expect(rows[1].objet).toBe(`${email} — Inscriptions`);
  });

  it("is accepted once when the same account accepts twice at the same time", async () => {
    const ev = await ownEvent();
    const user = await account("double");
    const token = await invite(ev.courseId, user.email, { finances: "on" });
    const cookie = await sessionCookie(user.id);
    const results = await Promise.all([
      post(`/invitation/${token}`, { intent: "accept" }, cookie),
      post(`/invitation/${token}`, { intent: "accept" }, cookie),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([302, 410]);
    const n = await env.DB.prepare("SELECT count(*) AS n FROM equipe_membres WHERE course_id = ?")
      .bind(ev.courseId)
      .first();
    expect(n).toEqual({ n: 1 });
    const accepted = (await journal(ev.courseId)).filter((r) => r.action === "equipe.invitation_acceptee");
    expect(accepted).toHaveLength(1);
  });

  it("is refused to another account, once expired, and once revoked", async () => {
    const ev = await ownEvent();
    const invited = await account("invite");
    const token = await invite(ev.courseId, invited.email, { epreuve: "on" });
    const other = await post(`/invitation/${token}`, { intent: "accept" }, await sessionCookie(ORG2.id));
    expect(other.status).toBe(403);
    expect(await other.text()).toContain("adressée à une autre adresse email");

    await env.DB.prepare("UPDATE equipe_invitations SET expires_at = ? WHERE course_id = ? AND email = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), ev.courseId, invited.email)
      .run();
    const expired = await post(`/invitation/${token}`, { intent: "accept" }, await sessionCookie(invited.id));
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("a expiré");

    const token2 = await invite(ev.courseId, invited.email, { epreuve: "on" });
    const team = await (await get(`/organisateur/equipe/${ev.courseId}`, await sessionCookie(ORG1.id))).text();
    expect(team).toContain("Expirée");
    expect(team).toContain("En attente");
    const { id } = (await env.DB.prepare(
      "SELECT id FROM equipe_invitations WHERE course_id = ? AND revoked_at IS NULL AND accepted_at IS NULL AND expires_at > ?",
    )
      .bind(ev.courseId, new Date().toISOString())
      .first<{ id: string }>())!;
    expect(
      (
        await post(
          `/organisateur/equipe/${ev.courseId}`,
          { intent: "revoke", invitationId: id },
          await sessionCookie(ORG1.id),
        )
      ).status,
    ).toBe(302);
    const revoked = await get(`/invitation/${token2}`);
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toContain("révoquée");
    const n = await env.DB.prepare("SELECT count(*) AS n FROM equipe_membres WHERE course_id = ?")
      .bind(ev.courseId)
      .first();
    expect(n).toEqual({ n: 0 });
    expect((await journal(ev.courseId)).map((r) => r.action)).toContain("equipe.invitation_revoquee");
  });

  it("a co-organiser leaves, the owner removes another: both recorded, both lose access", async () => {
    const ev = await ownEvent();
    const a = await member(ev.courseId, "inscriptions");
    const b = await member(ev.courseId, "inscriptions");
    expect((await post(`/organisateur/equipe/${ev.courseId}`, { intent: "leave" }, a.cookie)).status).toBe(302);
    expect(
      (
        await post(
          `/organisateur/equipe/${ev.courseId}`,
          { intent: "remove", memberId: b.id },
          await sessionCookie(ORG1.id),
        )
      ).status,
    ).toBe(302);
    for (const m of [a, b]) expect((await get(`/organisateur/inscriptions/${ev.formatId}`, m.cookie)).status).toBe(404);
    const rows = await journal(ev.courseId);
    expect(rows.find((r) => r.action === "equipe.membre_parti")).toMatchObject({ acteur_id: a.id, objet: a.email });
    expect(rows.find((r) => r.action === "equipe.membre_retire")).toMatchObject({ acteur_id: ORG1.id, objet: b.email });
    // A member cannot remove someone, and the owner cannot 'leave'.
    expect(
      (await post(`/organisateur/equipe/${ev.courseId}`, { intent: "leave" }, await sessionCookie(ORG1.id))).status,
    ).toBe(404);
  });
});

describe("the features page", () => {
  it("sells co-organisers, promo codes and the advance as they exist, without 'bientôt'", async () => {
    const html = (await (await SELF.fetch("http://localhost/fonctionnalites?onglet=organisateurs")).text()).replace(
      /&#x27;/g,
      "'",
    );
    expect(html).toContain("Co-organisateurs");
    expect(html).toContain("Codes promo");
    expect(html).toContain("acompte sur demande");
    expect(html).not.toMatch(/bientôt disponible/i);
  });
});
