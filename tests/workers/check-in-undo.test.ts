// « Annuler le retrait » (issue 44, decision 0216) inside workerd with real D1: the owner or a co-organiser with the
// Inscriptions right undoes a pick-up with a real form (journalled; anyone else gets a 404), and the offline sync
// does not resurrect it: a scan made before the undo (a phone that was offline) is ignored, a scan made after it is a
// new pick-up; two undos at once make one; an undo racing an old phone's sync leaves the bib undone.
// Needs `npx remix vite:build`.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ScanOutcome } from "../../app/domain/check-in";
import { checkIns, desk, journal, sync } from "./check-in-helpers";
import { loadDemoData } from "./helpers";
import { get, ORG1, ORG2, post, rows, sessionCookie } from "./organiser-helpers";

let owner: string;
let other: string;

beforeAll(async () => {
  await loadDemoData();
  owner = await sessionCookie(ORG1.id);
  other = await sessionCookie(ORG2.id);
});

const undo = (formatId: string, id: string, cookie: string) =>
  post(`/organisateur/retrait/${formatId}`, { intent: "annuler", id, q: "" }, cookie);

const stamp = (formatId: string) =>
  rows<{ inscription_id: string; retire_le: string; annule_le: string | null; annule_par_utilisateur_id: string }>(
    "SELECT inscription_id, retire_le, annule_le, annule_par_utilisateur_id FROM retraits_dossards WHERE format_id = ?",
    formatId,
  );

async function outcomesOf(res: Response): Promise<ScanOutcome[]> {
  expect(res.status).toBe(200);
  return ((await res.json()) as { outcomes: ScanOutcome[] }).outcomes;
}

describe("« Annuler le retrait » without JavaScript", () => {
  it("the owner undoes a pick-up (journalled), the list offers « Retirer » again; nothing to undo is a 409", async () => {
    const d = await desk(["validee"]);
    const ticked = await post(`/organisateur/retrait/${d.formatId}`, { intent: "retirer", id: d.ids[0] }, owner);
    expect(ticked.status).toBe(302);
    const before = await (await get(`/organisateur/retrait/${d.formatId}`, owner)).text();
    expect(before).toContain('aria-label="Annuler le retrait du dossard de Léa Coureur0"');
    expect(before).toContain("<strong>1</strong> retirés");

    const res = await undo(d.formatId, d.ids[0], owner);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/organisateur/retrait/${d.formatId}?annule=${d.ids[0]}#r-${d.ids[0]}`);
    const page = await (await get(res.headers.get("location") ?? "", owner)).text();
    expect(page).toMatch(/Léa Coureur0 \(dossard 100\)\u00a0: Retrait annulé à \d+\u00a0h\u00a0\d\d\./);
    expect(page).toContain("<strong>0</strong> retirés");
    expect(page).toContain('aria-label="Retirer le dossard de Léa Coureur0"');
    expect(page).not.toContain("Annuler le retrait du dossard de Léa Coureur0");
    const [row] = await stamp(d.formatId);
    expect(row.annule_par_utilisateur_id).toBe(ORG1.id);
    expect((row.annule_le ?? "") >= row.retire_le).toBe(true);
    const [entry] = await rows<{ objet: string; changements: string; acteur_role: string }>(
      "SELECT objet, changements, acteur_role FROM journal_actions WHERE course_id = ? AND action = 'retrait.annule'",
      d.courseId,
    );
    expect(entry.objet).toBe("Léa Coureur0 — 21 km");
    expect(entry.acteur_role).toBe("organisateur");
    expect(JSON.parse(entry.changements)).toMatchObject([{ champ: "Retrait du dossard", apres: "" }]);

    const again = await undo(d.formatId, d.ids[0], owner);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Ce dossard n&#x27;est pas retiré");
    expect(await journal(d.courseId, "retrait.annule")).toHaveLength(1);

    // Ticked again after the undo: a new pick-up, journalled as one.
    const retick = await post(`/organisateur/retrait/${d.formatId}`, { intent: "retirer", id: d.ids[0] }, owner);
    expect(retick.status).toBe(302);
    expect(await journal(d.courseId, "retrait.enregistre")).toHaveLength(2);
    const [after] = await stamp(d.formatId);
    expect(after.retire_le > (after.annule_le ?? "")).toBe(true);
  });

  it("another organiser gets a 404 and changes nothing; a co-organiser with Inscriptions may undo", async () => {
    const d = await desk(["validee"]);
    await post(`/organisateur/retrait/${d.formatId}`, { intent: "retirer", id: d.ids[0] }, owner);
    expect((await undo(d.formatId, d.ids[0], other)).status).toBe(404);
    expect((await stamp(d.formatId))[0].annule_le).toBeNull();

    const id = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (?, ?, 'x', ?)").bind(
        id,
        `benevole-${id.slice(0, 8)}@example.test`,
        new Date().toISOString(),
      ),
      env.DB.prepare(
        "INSERT INTO equipe_membres (course_id, user_id, droit_inscriptions, added_at) VALUES (?, ?, 1, ?)",
      ).bind(d.courseId, id, new Date().toISOString()),
    ]);
    expect((await undo(d.formatId, d.ids[0], await sessionCookie(id))).status).toBe(302);
    expect((await stamp(d.formatId))[0].annule_par_utilisateur_id).toBe(id);
    const [entry] = await rows<{ acteur_id: string; acteur_role: string }>(
      "SELECT acteur_id, acteur_role FROM journal_actions WHERE course_id = ? AND action = 'retrait.annule'",
      d.courseId,
    );
    expect(entry).toEqual({ acteur_id: id, acteur_role: "coorganisateur" });
  });
});

describe("the offline sync after an undo", () => {
  it("ignores a scan made before the undo (answering when and by whom), counts one made after it", async () => {
    const d = await desk(["validee"]);
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    expect(
      (await outcomesOf(await sync(d.formatId, { scans: [{ inscriptionId: d.ids[0], at: at(30) }] }, owner)))[0],
    ).toMatchObject({ kind: "retire" });
    expect((await undo(d.formatId, d.ids[0], owner)).status).toBe(302);

    // A phone that was offline scanned the runner 20 minutes ago (before the undo): ignored.
    const late = await outcomesOf(
      await sync(d.formatId, { appareil: "tel-hors-ligne", scans: [{ inscriptionId: d.ids[0], at: at(20) }] }, owner),
    );
    expect(late[0]).toMatchObject({ kind: "annule", id: d.ids[0] });
    expect(await checkIns(d.formatId)).toMatchObject([{ retire_le: at(30) }]);
    const list = (await (await get(`/organisateur/retrait/${d.formatId}/liste.json`, owner)).json()) as {
      runners: { id: string; retire_le: string | null; annule_le: string | null }[];
    };
    expect(list.runners[0]).toMatchObject({ retire_le: null });
    expect(list.runners[0].annule_le).not.toBeNull();
    expect(await journal(d.courseId, "retrait.enregistre")).toHaveLength(1);

    // A scan made after the undo hands the bib out again (one more journal row) ...
    const after = new Date(Date.now() + 1000).toISOString();
    const again = await outcomesOf(await sync(d.formatId, { scans: [{ inscriptionId: d.ids[0], at: after }] }, owner));
    expect(again[0]).toMatchObject({ kind: "retire" });
    expect(await journal(d.courseId, "retrait.enregistre")).toHaveLength(2);
    const [row] = await stamp(d.formatId);
    // ... and a still older scan synced later neither undoes it nor moves its time before the undo.
    const older = await outcomesOf(
      await sync(d.formatId, { appareil: "tel-c", scans: [{ inscriptionId: d.ids[0], at: at(25) }] }, owner),
    );
    expect(older[0]).toMatchObject({ kind: "deja" });
    expect((await stamp(d.formatId))[0]).toEqual(row);
    expect(await journal(d.courseId, "retrait.enregistre")).toHaveLength(2);
  });

  it("two undos at once make one (one journal row); an undo racing an old scan's sync leaves the bib undone", async () => {
    const d = await desk(["validee", "validee"]);
    const old = new Date(Date.now() - 15 * 60_000).toISOString();
    const older = new Date(Date.now() - 16 * 60_000).toISOString();
    await sync(
      d.formatId,
      {
        scans: [
          { inscriptionId: d.ids[0], at: old },
          { inscriptionId: d.ids[1], at: old },
        ],
      },
      owner,
    );
    const both = await Promise.all([undo(d.formatId, d.ids[0], owner), undo(d.formatId, d.ids[0], owner)]);
    expect(both.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await journal(d.courseId, "retrait.annule")).toHaveLength(1);

    // The undo and an offline phone's scan made before it, fired together: whichever lands first, the bib is undone.
    const [undone, synced] = await Promise.all([
      undo(d.formatId, d.ids[1], owner),
      sync(d.formatId, { appareil: "tel-lent", scans: [{ inscriptionId: d.ids[1], at: older }] }, owner),
    ]);
    expect(undone.status).toBe(302);
    expect(synced.status).toBe(200);
    const list = (await (await get(`/organisateur/retrait/${d.formatId}/liste.json`, owner)).json()) as {
      runners: { id: string; retire_le: string | null }[];
    };
    expect(list.runners.every((r) => r.retire_le === null)).toBe(true);
    expect(await journal(d.courseId, "retrait.enregistre")).toHaveLength(2);
  });
});
