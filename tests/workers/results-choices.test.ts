// Issue 44, docs/decisions/0217: the published results keep the runner's choice to appear as a flag
// (`resultats.anonyme`) that the database's triggers refresh in the statement that changes a choice, whoever writes
// it (the registration, the runner profile, the account profile, an erasure); and the ranks within each category,
// computed when published and after a correction.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { get, post, rows } from "./organiser-helpers";
import { importAndPublish, resultsEvent, resultsSetUp } from "./results-helpers";

let cookie: string;
beforeAll(async () => {
  cookie = await resultsSetUp();
});

/** Each result's flag and what the three choices say now (the SQL twin of isAnonymous). */
const flags = (formatId: string) =>
  rows<{ dossard: number; anonyme: number; attendu: number }>(
    `SELECT r.dossard, r.anonyme,
       (coalesce(i.apparaitre_resultats, 1) = 0 OR coalesce(pc.apparaitre_resultats, 1) = 0
         OR coalesce(pu.apparaitre_resultats, 1) = 0) AS attendu
     FROM resultats r LEFT JOIN inscriptions i ON i.id = r.inscription_id
       LEFT JOIN profils_coureurs pc ON pc.id = i.coureur_id LEFT JOIN profils_utilisateurs pu ON pu.user_id = i.coureur_id
     WHERE r.format_id = ? ORDER BY r.dossard`,
    formatId,
  );

async function anonymousBibs(formatId: string): Promise<number[]> {
  const all = await flags(formatId);
  for (const f of all) expect(f.anonyme, `dossard ${f.dossard}`).toBe(f.attendu);
  return all.filter((f) => f.anonyme === 1).map((f) => f.dossard);
}

const run = (sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .run();

describe("the choice to appear, kept with the results", () => {
  it("follows the registration's, the runner profile's and the account profile's choice, and the page with it", async () => {
    const ev = await resultsEvent();
    await importAndPublish(cookie, ev.formatId, "dossard;temps\n101;1:00:00\n102;1:10:00\n103;1:20:00\n104;1:30:00\n");
    expect(await anonymousBibs(ev.formatId)).toEqual([104]);

    // The registration's choice (what the runner's and the organiser's forms write through the store).
    await run("UPDATE inscriptions SET apparaitre_resultats = 0 WHERE id = ?", ev.ids[0]);
    expect(await anonymousBibs(ev.formatId)).toEqual([101, 104]);
    const page = await (await get(`/resultats/${ev.formatId}?tri=nom`)).text();
    expect(page).not.toContain("Léa Martin");
    expect(page.match(/Coureur anonyme/g)?.length).toBe(2);
    await run("UPDATE inscriptions SET apparaitre_resultats = 1 WHERE id = ?", ev.ids[0]);
    expect(await anonymousBibs(ev.formatId)).toEqual([104]);

    // Bib 103's runner: their runner profile made with a no, changed, deleted.
    await run("INSERT INTO profils_coureurs (id, apparaitre_resultats) VALUES (?, 0)", ev.runner);
    expect(await anonymousBibs(ev.formatId)).toEqual([103, 104]);
    expect(await (await get(`/resultats/${ev.formatId}?q=discret`)).text()).toContain("Aucun coureur ne correspond");
    await run(
      "INSERT INTO profils_coureurs (id, apparaitre_resultats) VALUES (?, 1) ON CONFLICT (id) DO UPDATE SET apparaitre_resultats = excluded.apparaitre_resultats",
      ev.runner,
    );
    expect(await anonymousBibs(ev.formatId)).toEqual([104]);
    expect(await (await get(`/resultats/${ev.formatId}?q=discret`)).text()).toContain("Zoé Discret");
    await run("UPDATE profils_coureurs SET apparaitre_resultats = 0 WHERE id = ?", ev.runner);
    expect(await anonymousBibs(ev.formatId)).toEqual([103, 104]);
    await run("DELETE FROM profils_coureurs WHERE id = ?", ev.runner);
    expect(await anonymousBibs(ev.formatId)).toEqual([104]);

    // Their account profile's choice.
    await run("INSERT INTO profils_utilisateurs (user_id, apparaitre_resultats) VALUES (?, 0)", ev.runner);
    expect(await anonymousBibs(ev.formatId)).toEqual([103, 104]);
    await run("UPDATE profils_utilisateurs SET apparaitre_resultats = 1 WHERE user_id = ?", ev.runner);
    expect(await anonymousBibs(ev.formatId)).toEqual([104]);

    // The registration leaves the account (as an anonymisation does): the account's choices no longer apply.
    await run("UPDATE profils_utilisateurs SET apparaitre_resultats = 0 WHERE user_id = ?", ev.runner);
    expect(await anonymousBibs(ev.formatId)).toEqual([103, 104]);
    await run("UPDATE inscriptions SET coureur_id = NULL WHERE id = ?", ev.ids[2]);
    expect(await anonymousBibs(ev.formatId)).toEqual([104]);
  });

  it("a change of choice in parallel with a publish leaves every flag as the choices say", async () => {
    const ev = await resultsEvent();
    await importAndPublish(cookie, ev.formatId, "dossard;temps\n101;1:00:00\n102;1:10:00\n103;1:20:00\n104;1:30:00\n");
    const csv = "dossard;temps\n101;1:01:00\n102;1:11:00\n103;1:21:00\n104;1:31:00\n";
    const fd = new FormData();
    fd.append("intent", "importer");
    fd.append("fichier", new File([csv], "v2.csv", { type: "text/csv" }));
    expect((await post(`/organisateur/resultats/${ev.formatId}`, fd, cookie)).status).toBe(302);
    const [{ brouillon_version }] = await rows<{ brouillon_version: number }>(
      "SELECT brouillon_version FROM resultats_formats WHERE format_id = ?",
      ev.formatId,
    );
    await Promise.all([
      post(`/organisateur/resultats/${ev.formatId}`, { intent: "publier", version: String(brouillon_version) }, cookie),
      run("UPDATE inscriptions SET apparaitre_resultats = 0 WHERE id = ?", ev.ids[1]),
      run("INSERT INTO profils_coureurs (id, apparaitre_resultats) VALUES (?, 0)", ev.runner),
    ]);
    expect(await anonymousBibs(ev.formatId)).toEqual([102, 103, 104]);
    expect(
      await rows("SELECT temps_secondes FROM resultats WHERE format_id = ? AND dossard = 101", ev.formatId),
    ).toEqual([{ temps_secondes: 3660 }]);
  });
});

describe("ranks within each category", () => {
  it("are computed when published (equal ranks share one), shown on the page, and follow a correction", async () => {
    const ev = await resultsEvent();
    await importAndPublish(
      cookie,
      ev.formatId,
      "dossard;temps;categorie;statut\n101;1:00:00;SEF;\n102;1:10:00;SEH;\n103;1:10:00;SEF;\n104;;SEF;DNF\n",
    );
    const ranks = () =>
      rows<{ dossard: number; classement: number | null; rang_categorie: number | null }>(
        "SELECT dossard, classement, rang_categorie FROM resultats WHERE format_id = ? ORDER BY dossard",
        ev.formatId,
      );
    expect(await ranks()).toEqual([
      { dossard: 101, classement: 1, rang_categorie: 1 },
      { dossard: 102, classement: 2, rang_categorie: 1 },
      { dossard: 103, classement: 2, rang_categorie: 2 },
      { dossard: 104, classement: null, rang_categorie: null },
    ]);
    const page = await (await get(`/resultats/${ev.formatId}`)).text();
    expect(page).toContain("Catégorie (rang)");
    expect(page).toContain("SEF (1er)");
    expect(page).toContain("SEH (1er)");
    expect(page).toContain("SEF (2e)");
    // Bib 101 moves to SEH: both categories' ranks follow.
    const ok = await post(
      `/organisateur/resultats/${ev.formatId}`,
      {
        intent: "corriger-resultat",
        dossard: "101",
        temps: "1:00:00",
        classement: "1",
        categorie: "SEH",
        statut: "classé",
      },
      cookie,
    );
    expect(ok.status).toBe(302);
    expect(await ranks()).toEqual([
      { dossard: 101, classement: 1, rang_categorie: 1 },
      { dossard: 102, classement: 2, rang_categorie: 2 },
      { dossard: 103, classement: 2, rang_categorie: 1 },
      { dossard: 104, classement: null, rang_categorie: null },
    ]);
  });
});
