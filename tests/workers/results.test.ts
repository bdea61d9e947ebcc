// Issue 44, docs/decisions/0217: a format's results. An organiser imports a CSV (errors previewed by line, nothing
// published while one is left), corrects a line, publishes (a re-import replaces), corrects a published line; the
// public page hides a runner who chose not to appear (name, club, bib) and never finds them by a search, and follows
// a change of that choice at the next render; someone without the Inscriptions right gets a 404.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../server";
import { get, ORG2, post, rows, sessionCookie } from "./organiser-helpers";
import { csvUpload, importAndPublish, resultsEvent as event, resultsSetUp, state } from "./results-helpers";

let cookie: string;
beforeAll(async () => {
  cookie = await resultsSetUp();
});

describe("import, preview, correct, publish", () => {
  it("previews errors by line, refuses to publish them, publishes once corrected; the file is not kept", async () => {
    const ev = await event();
    const csv =
      "\uFEFFDossard;Temps;Catégorie\r\n101;1:50:00;SEF\r\n102;1:4x:00;SEH\r\n101;2:10:00;SEH\r\n103;2:00:00;V1F\r\n999;2:20:00;SEH\r\n";
    expect((await post(`/organisateur/resultats/${ev.formatId}`, csvUpload(csv), cookie)).status).toBe(302);
    const page = await (await get(`/organisateur/resultats/${ev.formatId}`, cookie)).text();
    expect(page).toContain("2 erreurs.");
    expect(page).toContain("Ligne 3");
    expect(page).toContain("Temps illisible");
    expect(page).toContain("Dossard en double\u00a0: déjà à la ligne 2.");
    expect(page).toContain("1 dossard inconnu");
    const s = await state(ev.formatId);
    expect(s?.publie_at).toBeNull();
    // Publishing with errors is refused, nothing published.
    const refused = await post(
      `/organisateur/resultats/${ev.formatId}`,
      { intent: "publier", version: String(s?.brouillon_version) },
      cookie,
    );
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Corrigez d'abord les lignes en erreur");
    expect(await rows("SELECT id FROM resultats WHERE format_id = ?", ev.formatId)).toEqual([]);
    // A correction with a stale version is refused; with the current one it is kept.
    const stale = await post(
      `/organisateur/resultats/${ev.formatId}`,
      {
        intent: "corriger-ligne",
        version: "0",
        ligne: "3",
        dossard: "102",
        temps: "1:40:00",
        classement: "",
        categorie: "SEH",
        statut: "",
      },
      cookie,
    );
    expect(stale.status).toBe(409);
    const fix = await post(
      `/organisateur/resultats/${ev.formatId}`,
      {
        intent: "corriger-ligne",
        version: String(s?.brouillon_version),
        ligne: "3",
        dossard: "102",
        temps: "1:40:00",
        classement: "",
        categorie: "SEH",
        statut: "",
      },
      cookie,
    );
    expect(fix.status).toBe(302);
    const s2 = await state(ev.formatId);
    const drop = await post(
      `/organisateur/resultats/${ev.formatId}`,
      { intent: "retirer-ligne", version: String(s2?.brouillon_version), ligne: "4" },
      cookie,
    );
    expect(drop.status).toBe(302);
    const s3 = await state(ev.formatId);
    expect(await (await get(`/organisateur/resultats/${ev.formatId}`, cookie)).text()).toContain("Aucune erreur.");
    const published = await post(
      `/organisateur/resultats/${ev.formatId}`,
      { intent: "publier", version: String(s3?.brouillon_version) },
      cookie,
    );
    expect(published.status).toBe(302);
    const done = await state(ev.formatId);
    expect(done).toMatchObject({ brouillon: null, lignes_publiees: 4 });
    expect(done?.publie_at).not.toBeNull();
    expect(
      await rows(
        "SELECT dossard, classement, temps_secondes, inscription_id IS NOT NULL AS lie FROM resultats WHERE format_id = ? ORDER BY dossard",
        ev.formatId,
      ),
    ).toEqual([
      { dossard: 101, classement: 2, temps_secondes: 6600, lie: 1 },
      { dossard: 102, classement: 1, temps_secondes: 6000, lie: 1 },
      { dossard: 103, classement: 3, temps_secondes: 7200, lie: 1 },
      { dossard: 999, classement: 4, temps_secondes: 8400, lie: 0 },
    ]);
    const journal = await rows<{ action: string; objet: string }>(
      "SELECT action, objet FROM journal_actions WHERE course_id = ?",
      ev.courseId,
    );
    expect(journal).toEqual([{ action: "resultats.publies", objet: "24 km — 4 lignes" }]);
  });

  it("a re-import replaces the published results; a published line is corrected and journalled", async () => {
    const ev = await event();
    await importAndPublish(cookie, ev.formatId, "dossard,temps\n101,1:00:00\n102,1:10:00\n103,1:20:00\n");
    await importAndPublish(cookie, ev.formatId, "dossard,temps,statut\n102,1:05:00,\n101,,DNF\n");
    expect(
      await rows("SELECT dossard, classement, statut FROM resultats WHERE format_id = ? ORDER BY dossard", ev.formatId),
    ).toEqual([
      { dossard: 101, classement: null, statut: "dnf" },
      { dossard: 102, classement: 1, statut: "classe" },
    ]);
    const bad = await post(
      `/organisateur/resultats/${ev.formatId}`,
      {
        intent: "corriger-resultat",
        dossard: "102",
        temps: "1:6x:00",
        classement: "1",
        categorie: "",
        statut: "classé",
      },
      cookie,
    );
    expect(bad.status).toBe(400);
    const ok = await post(
      `/organisateur/resultats/${ev.formatId}`,
      {
        intent: "corriger-resultat",
        dossard: "102",
        temps: "1:04:30",
        classement: "1",
        categorie: "SEH",
        statut: "classé",
      },
      cookie,
    );
    expect(ok.status).toBe(302);
    expect(
      await rows("SELECT temps_secondes, categorie FROM resultats WHERE format_id = ? AND dossard = 102", ev.formatId),
    ).toEqual([{ temps_secondes: 3870, categorie: "SEH" }]);
    const journal = await rows<{ action: string; changements: string }>(
      "SELECT action, changements FROM journal_actions WHERE course_id = ? AND action = 'resultats.corrige'",
      ev.courseId,
    );
    expect(JSON.parse(journal[0].changements)).toEqual([
      { champ: "Temps", avant: "1:05:00", apres: "1:04:30" },
      { champ: "Catégorie", avant: "", apres: "SEH" },
    ]);
  });

  it("another organiser, or a visitor, gets a 404 (or the login), and changes nothing", async () => {
    const ev = await event();
    const other = await sessionCookie(ORG2.id);
    expect((await get(`/organisateur/resultats/${ev.formatId}`, other)).status).toBe(404);
    expect(
      (await post(`/organisateur/resultats/${ev.formatId}`, csvUpload("dossard;temps\n101;1:00:00\n"), other)).status,
    ).toBe(404);
    expect((await get(`/organisateur/resultats/${ev.formatId}`)).status).toBe(302);
    expect(await state(ev.formatId)).toBeNull();
    // No public page before publication.
    expect((await get(`/resultats/${ev.formatId}`)).status).toBe(404);
  });

  it("two publishes of the same draft in parallel: one wins, the results are stored once", async () => {
    const ev = await event();
    expect(
      (
        await post(
          `/organisateur/resultats/${ev.formatId}`,
          csvUpload("dossard;temps\n101;1:00:00\n102;1:01:00\n"),
          cookie,
        )
      ).status,
    ).toBe(302);
    const v = String((await state(ev.formatId))?.brouillon_version);
    const answers = await Promise.all(
      [1, 2].map(() => post(`/organisateur/resultats/${ev.formatId}`, { intent: "publier", version: v }, cookie)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await rows("SELECT dossard FROM resultats WHERE format_id = ? ORDER BY dossard", ev.formatId)).toEqual([
      { dossard: 101 },
      { dossard: 102 },
    ]);
  });
});

describe("the public page", () => {
  it("hides a runner who chose not to appear, keeps their rank, never finds them, and follows a change of mind", async () => {
    const ev = await event();
    await importAndPublish(
      cookie,
      ev.formatId,
      "dossard;temps;categorie\n101;1:00:00;SEF\n102;1:10:00;SEH\n103;1:20:00;V1F\n104;1:30:00;SEH\n",
    );
    // The account's runner profile of bib 103 says no (bib 104's registration said no).
    await env.DB.prepare("INSERT INTO profils_coureurs (id, apparaitre_resultats) VALUES (?, 0)").bind(ev.runner).run();
    const html = await (await get(`/resultats/${ev.formatId}`)).text();
    expect(html).toContain("<title>Résultats 24 km — Trail des Résultats | Balise</title>");
    expect(html).toMatch(/<meta name="description" content="Résultats et classement 24 km/);
    expect(html).toContain(
      `rel="canonical" href="http://localhost:8788/resultats/${ev.formatId}"`.replace(
        "http://localhost:8788",
        env.APP_URL as string,
      ),
    );
    expect(html).toContain("Léa Martin");
    expect(html).not.toContain("Discret");
    expect(html).not.toContain("Club Secret");
    expect(html).not.toContain("Caché");
    expect(html.match(/Coureur anonyme/g)?.length).toBe(2);
    // Searched by name, club or category: never found.
    for (const q of ["Discret", "secret", "Caché", "V1F"]) {
      const found = await (await get(`/resultats/${ev.formatId}?q=${encodeURIComponent(q)}`)).text();
      expect(found, q).toContain("Aucun coureur ne correspond");
    }
    const seh = await (await get(`/resultats/${ev.formatId}?q=seh`)).text();
    expect(seh).toContain("1 coureur pour");
    expect(seh).toContain("Hugo Dupont");
    // Sorted by name: anonymous runners last.
    const byName = await (await get(`/resultats/${ev.formatId}?tri=nom`)).text();
    expect(byName.indexOf("Hugo Dupont")).toBeLessThan(byName.indexOf("Léa Martin"));
    expect(byName.indexOf("Léa Martin")).toBeLessThan(byName.indexOf("Coureur anonyme"));
    // She changes her mind after the race: the next render shows her.
    await env.DB.prepare("UPDATE profils_coureurs SET apparaitre_resultats = 1 WHERE id = ?").bind(ev.runner).run();
    const after = await (await get(`/resultats/${ev.formatId}?q=discret`)).text();
    expect(after).toContain("Zoé Discret");
    expect(after).toContain("Club Secret");
  });

  it("is served without React; a signed-in visitor's page reads the session and the results in one round trip", async () => {
    const ev = await event();
    await importAndPublish(cookie, ev.formatId, "dossard;temps\n101;1:00:00\n102;1:10:00\n");
    const counting = { ...env, BENCH_QUERY_COUNT: "1" } as typeof env;
    for (const visitor of [cookie, null]) {
      const c = createExecutionContext();
      const headers: Record<string, string> = visitor ? { Cookie: visitor } : {};
      const res = await worker.fetch(
        new Request(`http://localhost/resultats/${ev.formatId}`, { headers }),
        counting,
        c,
      );
      const html = await res.text();
      await waitOnExecutionContext(c);
      expect(res.status).toBe(200);
      expect(res.headers.get("X-Round-Trips")).toBe("1");
      expect(html).toContain("Léa Martin");
      // Signed in: the user's menu (the session was read); no React data, scripts or module preloads either way.
      expect(html.includes("Déconnexion")).toBe(visitor !== null);
      expect(html).not.toContain("window.__remixContext");
      expect(html).not.toContain("modulepreload");
    }
  });

  it("pages 50 at a time; the event page links to the results; the runner sees their result", async () => {
    const ev = await event();
    const lines = ["dossard;temps"];
    for (let k = 0; k < 120; k++)
      lines.push(`${101 + k};${1 + Math.floor(k / 60)}:${String(k % 60).padStart(2, "0")}:00`);
    await importAndPublish(cookie, ev.formatId, lines.join("\n"));
    const p3 = await (await get(`/resultats/${ev.formatId}?page=3`)).text();
    expect(p3).toContain("Page 3 / 3");
    expect(p3.match(/<tr/g)?.length).toBe(21);
    const eventPage = await (await get(`/courses/resultats-${ev.courseId}`)).text();
    expect(eventPage).toContain(`href="/resultats/${ev.formatId}"`);
    await env.DB.prepare("UPDATE inscriptions SET coureur_id = ? WHERE id = ?").bind(ev.runner, ev.ids[0]).run();
    const runner = await sessionCookie(ev.runner);
    const mine = await (await get("/mesinscriptions", runner)).text();
    expect(mine).toContain("1er — 1:00:00");
    expect(mine).toContain("sur 120 classés");
    const reg = await (await get(`/mon-inscription/${ev.ids[0]}`, runner)).text();
    expect(reg).toContain("1er — 1:00:00");
  });
});
