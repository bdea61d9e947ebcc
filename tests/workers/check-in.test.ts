// Bib pick-up on race day (issue 44, decision 0216) inside workerd with real D1: who may open the desk (the event's
// owner; another organiser gets a 404), the search-and-tick form (a check-in, then 'Déjà retiré à …'), the French
// refusal of a cancelled, refused, transferred or unpaid registration, two phones' batches for the same runner sent
// at once (one check-in, the earliest time, one journal row), a forged QR signature refused, the confirmation QR's
// URL that the desk accepts, and the one-tap 'Valider' of a justificatif through the justificatif use case.
// Needs `npx remix vite:build`.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { CHECK_IN_REFUSALS, parseScan, type ScanOutcome } from "../../app/domain/check-in";
import { justificatifVersion } from "../../app/domain/justificatif";
import { confirmationQrUrl } from "../../app/services/check-in.server";
import { checkIns, desk, journal, sync } from "./check-in-helpers";
import { loadDemoData } from "./helpers";
import { get, ORG1, ORG2, post, rows, sessionCookie } from "./organiser-helpers";
import { testContext } from "./payments-helpers";

let owner: string;
let other: string;

beforeAll(async () => {
  await loadDemoData();
  owner = await sessionCookie(ORG1.id);
  other = await sessionCookie(ORG2.id);
});

describe("the desk's access", () => {
  it("its owner gets the page, the list and the sync; another organiser a 404 everywhere", async () => {
    const d = await desk(["validee"]);
    const page = await get(`/organisateur/retrait/${d.formatId}`, owner);
    expect(page.status).toBe(200);
    expect(page.headers.get("permissions-policy")).toContain("camera=(self)");
    const html = await page.text();
    expect(html).toContain("Retrait des dossards");
    expect(html).toContain("Coureur0");
    const list = await get(`/organisateur/retrait/${d.formatId}/liste.json`, owner);
    expect(list.status).toBe(200);
    const body = (await list.json()) as { runners: { id: string; signature: string }[]; counter: unknown };
    expect(body.runners.map((r) => r.id)).toEqual(d.ids);
    expect(body.counter).toEqual({ retires: 0, attendus: 1 });

    for (const res of [
      await get(`/organisateur/retrait/${d.formatId}`, other),
      await get(`/organisateur/retrait/${d.formatId}/liste.json`, other),
      await post(`/organisateur/retrait/${d.formatId}`, { intent: "retirer", id: d.ids[0] }, other),
      await sync(d.formatId, { scans: [{ inscriptionId: d.ids[0] }] }, other),
    ]) {
      await res.arrayBuffer();
      expect(res.status).toBe(404);
    }
    expect(await checkIns(d.formatId)).toEqual([]);
  });
});

describe("a co-organiser with the Inscriptions right", () => {
  it("checks runners in, recorded under their own account as a co-organiser's action", async () => {
    const d = await desk(["validee"]);
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
    const res = await sync(
      d.formatId,
      { appareil: "tel-benevole", scans: [{ inscriptionId: d.ids[0] }] },
      await sessionCookie(id),
    );
    expect(res.status).toBe(200);
    expect(await checkIns(d.formatId)).toMatchObject([{ inscription_id: d.ids[0], par_utilisateur_id: id }]);
    const [entry] = await rows<{ acteur_id: string; acteur_role: string }>(
      "SELECT acteur_id, acteur_role FROM journal_actions WHERE course_id = ? AND action = 'retrait.enregistre'",
      d.courseId,
    );
    expect(entry).toEqual({ acteur_id: id, acteur_role: "coorganisateur" });
  });
});

describe("the search-and-tick list (no JavaScript)", () => {
  it("ticks a runner once (journal row), then says when and by whom it was already done", async () => {
    const d = await desk(["validee"]);
    const res = await post(`/organisateur/retrait/${d.formatId}`, { intent: "retirer", id: d.ids[0], q: "lea" }, owner);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      `/organisateur/retrait/${d.formatId}?q=lea&fait=${d.ids[0]}#r-${d.ids[0]}`,
    );
    const [row] = await checkIns(d.formatId);
    expect(row).toMatchObject({ inscription_id: d.ids[0], par_utilisateur_id: ORG1.id, appareil: null });
    const page = await (await get(res.headers.get("location") ?? "", owner)).text();
    expect(page).toMatch(/Léa Coureur0 \(dossard 100\)\u00a0: Retiré à \d+\u00a0h\u00a0\d\d\./);

    const again = await post(`/organisateur/retrait/${d.formatId}`, { intent: "retirer", id: d.ids[0] }, owner);
    expect(again.status).toBe(409);
    expect(await again.text()).toMatch(/Déjà retiré à \d+\u00a0h\u00a0\d\d par /);
    expect(await checkIns(d.formatId)).toHaveLength(1);
    expect(await journal(d.courseId, "retrait.enregistre")).toEqual([
      { objet: "Léa Coureur0 — 21 km", acteur_id: ORG1.id },
    ]);
  });

  it.each([
    ["annulee", CHECK_IN_REFUSALS.annulee],
    ["refusee", CHECK_IN_REFUSALS.refusee],
    ["transferee", CHECK_IN_REFUSALS.transferee],
    ["remboursee_totalement", CHECK_IN_REFUSALS.remboursee],
    ["en_attente", CHECK_IN_REFUSALS.en_attente],
  ])("refuses a registration '%s' with its reason in French", async (statut, reason) => {
    const d = await desk([statut]);
    const res = await post(`/organisateur/retrait/${d.formatId}`, { intent: "retirer", id: d.ids[0] }, owner);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(reason.replace(/'/g, "&#x27;"));
    expect(await checkIns(d.formatId)).toEqual([]);
  });
});

describe("phones syncing their scans", () => {
  it("two phones' batches for the same runner at once: one check-in, the earliest time, one journal row", async () => {
    const d = await desk(["validee", "validee"]);
    const now = Date.now();
    const early = new Date(now - 20 * 60_000).toISOString();
    const late = new Date(now - 10 * 60_000).toISOString();
    const [a, b] = await Promise.all([
      sync(d.formatId, { appareil: "tel-a", scans: [{ inscriptionId: d.ids[0], at: late }] }, owner),
      sync(
        d.formatId,
        {
          appareil: "tel-b",
          scans: [
            { inscriptionId: d.ids[0], at: early },
            { inscriptionId: d.ids[1], at: late },
          ],
        },
        owner,
      ),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const outcomes = [
      ...((await a.json()) as { outcomes: ScanOutcome[] }).outcomes,
      ...((await b.json()) as { outcomes: ScanOutcome[] }).outcomes,
    ].filter((o) => o.id === d.ids[0]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(["deja", "retire"]);
    const stored = await checkIns(d.formatId);
    const first = stored.find((r) => r.inscription_id === d.ids[0]);
    expect(stored).toHaveLength(2);
    expect(first?.retire_le).toBe(early);
    expect(first?.appareil).toBe("tel-b");
    expect((await journal(d.courseId, "retrait.enregistre")).map((j) => j.objet).sort()).toEqual([
      "Léa Coureur0 — 21 km",
      "Léa Coureur1 — 21 km",
    ]);
    // A late sync of an even earlier scan moves the time back, and adds no check-in.
    const earliest = new Date(now - 30 * 60_000).toISOString();
    const res = await sync(
      d.formatId,
      { appareil: "tel-c", scans: [{ inscriptionId: d.ids[0], at: earliest }] },
      owner,
    );
    expect(((await res.json()) as { outcomes: ScanOutcome[] }).outcomes[0]).toMatchObject({
      kind: "deja",
      at: earliest,
    });
    expect((await checkIns(d.formatId)).find((r) => r.inscription_id === d.ids[0])?.retire_le).toBe(earliest);
    expect(await journal(d.courseId, "retrait.enregistre")).toHaveLength(2);
  });

  it("the confirmation QR's signature checks a runner in; a forged one is refused", async () => {
    const d = await desk(["validee", "validee"]);
    const scanned = parseScan(await confirmationQrUrl(testContext(), d.ids[0]));
    expect(scanned?.inscriptionId).toBe(d.ids[0]);
    const forged = "AAAAAAAAAAAAAAAAAAAAAA";
    const res = await sync(
      d.formatId,
      {
        scans: [
          { inscriptionId: d.ids[0], signature: scanned?.signature },
          { inscriptionId: d.ids[1], signature: forged },
          // Another registration's genuine signature does not open this one.
          { inscriptionId: d.ids[1], signature: scanned?.signature },
        ],
      },
      owner,
    );
    const { outcomes } = (await res.json()) as { outcomes: ScanOutcome[] };
    expect(outcomes).toContainEqual(expect.objectContaining({ id: d.ids[0], kind: "retire" }));
    expect(outcomes).toContainEqual({ id: d.ids[1], kind: "refus", reason: "jeton_invalide" });
    expect((await checkIns(d.formatId)).map((r) => r.inscription_id)).toEqual([d.ids[0]]);
    expect(CHECK_IN_REFUSALS.jeton_invalide).toContain("falsifié");
  });

  it("a registration of another format is refused, and an unreadable batch is a 400", async () => {
    const d = await desk(["validee"]);
    const e = await desk(["validee"]);
    const res = await sync(d.formatId, { scans: [{ inscriptionId: e.ids[0] }] }, owner);
    expect(((await res.json()) as { outcomes: ScanOutcome[] }).outcomes).toEqual([
      { id: e.ids[0], kind: "refus", reason: "autre_format" },
    ]);
    const bad = await sync(d.formatId, { scans: [] }, owner);
    expect(bad.status).toBe(400);
    expect(await checkIns(e.formatId)).toEqual([]);
  });
});

describe("the one-tap 'Valider' of a justificatif", () => {
  it("validates through the justificatif use case (its state and its journal row), never the status", async () => {
    const d = await desk(["validee"], { justificatif_type: "licence", numero_licence: "1234567" });
    const version = justificatifVersion({
      justificatif_type: "licence",
      numero_licence: "1234567",
      pps_identifier: null,
      pps_expiration: null,
      justificatif_document_id: null,
    });
    const res = await post(`/organisateur/retrait/${d.formatId}`, { intent: "valider", id: d.ids[0], version }, owner);
    expect(res.status).toBe(302);
    const [r] = await rows<{ statut: string; justificatif_decision: string }>(
      "SELECT statut, justificatif_decision FROM inscriptions WHERE id = ?",
      d.ids[0],
    );
    expect(r).toEqual({ statut: "validee", justificatif_decision: "valide" });
    expect(await journal(d.courseId, "justificatif.decide")).toHaveLength(1);
    const stale = await post(
      `/organisateur/retrait/${d.formatId}`,
      { intent: "valider", id: d.ids[0], version },
      owner,
    );
    expect(stale.status).toBe(409);
  });
});
