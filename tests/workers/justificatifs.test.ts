// Justificatifs inside workerd (real D1 and R2; decision 0150): the runner's document upload on /mon-inscription,
// who may read it (owner, organiser of that event, admin; another organiser and anonymous users get 404, and the
// public /fichiers route never serves it), the organiser's 'Valider' / 'Refuser' (own state, never the status; the
// e-mail), the trigger that asks for a new check when the runner changes it, the SQL state against the domain's,
// the CSV of the missing ones, and the retention purge of the maintenance cron. Needs `npx remix vite:build`.
import { env, SELF } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PAID_REGISTRATIONS, DEMO_USERS } from "../../app/db/demo-data";
import { justificatifEtatSql } from "../../app/db/justificatifs.server";
import { justificatifEtat, justificatifVersion, type JustificatifContent } from "../../app/domain/justificatif";
import { fixedClock } from "../../app/providers/clock";
import { verifyJustificatif } from "../../app/services/justificatifs.server";
import { runMaintenance } from "../../app/services/maintenance.server";
import { addDays, demoSelfEditForm, loadDemoData } from "./helpers";
import { sessionCookie } from "./organiser-helpers";
import { testContext } from "./payments-helpers";

const REG = DEMO_PAID_REGISTRATIONS[0].id; // coureur@'s registration, Trail des Aiguilles Rouges (organisateur@)
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0x25, 0x45, 0x4f, 0x46, 0x0a]);

const one = <T>(q: string, ...binds: unknown[]) =>
  env.DB.prepare(q)
    .bind(...binds)
    .first<T>();

let runner: string;
let organiser: string;
let otherOrganiser: string;
let admin: string;
let formatId: string;
let raceDate: string;

function send(path: string, body: FormData | Record<string, string>, cookie?: string) {
  const fd = body instanceof FormData ? body : new FormData();
  if (!(body instanceof FormData)) for (const [k, v] of Object.entries(body)) fd.append(k, v);
  return SELF.fetch(`http://localhost${path}`, {
    method: "POST",
    body: fd,
    headers: { origin: "http://localhost", host: "localhost", ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
}

const get = (path: string, cookie?: string) =>
  SELF.fetch(`http://localhost${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

/** The self-edit form of the demo registration, as a PPS, with a file when given. */
function selfEdit(patch: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }): FormData {
  return demoSelfEditForm(raceDate, patch, file);
}

const reg = () =>
  one<{
    statut: string;
    justificatif_type: string;
    pps_identifier: string;
    pps_expiration: string;
    justificatif_document_id: string | null;
    justificatif_decision: string | null;
    justificatif_motif: string | null;
    justificatif_commentaire: string | null;
    justificatif_decision_par: string | null;
    numero_licence: string | null;
    justificatif_document_purge_at: string | null;
  }>("SELECT * FROM inscriptions WHERE id = ?", REG);

beforeAll(async () => {
  await loadDemoData();
  runner = await sessionCookie(DEMO_USERS.coureur.id);
  organiser = await sessionCookie(DEMO_USERS.organisateur.id);
  otherOrganiser = await sessionCookie(DEMO_USERS.organisateur2.id);
  admin = await sessionCookie(DEMO_USERS.admin.id);
  const f = (await one<{ id: string; date: string }>(
    "SELECT f.id, f.date FROM inscriptions i JOIN formats f ON f.id = i.format_id WHERE i.id = ?",
    REG,
  ))!;
  formatId = f.id;
  raceDate = f.date;
});

describe("the runner's document", () => {
  it("refuses a file that is not a PDF or an image, in French, keeping what was typed", async () => {
    const res = await send(
      `/mon-inscription/${REG}`,
      selfEdit(
        { club: "Club gardé" },
        { bytes: new TextEncoder().encode("<html>pas un pdf</html>"), name: "pps.pdf", type: "application/pdf" },
      ),
      runner,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Le justificatif doit être un PDF ou une image (JPEG, PNG ou WebP).");
    expect(html).toContain('value="Club gardé"');
    expect((await reg())!.justificatif_type).toBe("licence");
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM justificatif_documents"))!.n).toBe(0);
  });

  it("refuses a PPS that expires before the race, with the date", async () => {
    const expiry = addDays(raceDate, -1);
    const res = await send(`/mon-inscription/${REG}`, selfEdit({ pps_expiration: expiry }), runner);
    expect(res.status).toBe(400);
    const [y, m, d] = expiry.split("-").map(Number);
    const months = [
      "janvier",
      "février",
      "mars",
      "avril",
      "mai",
      "juin",
      "juillet",
      "août",
      "septembre",
      "octobre",
      "novembre",
      "décembre",
    ];
    expect(await res.text()).toContain(
      `Votre PPS expire avant la course (le ${d === 1 ? "1er" : d}\u00a0${months[m - 1]}\u00a0${y}).`,
    );
  });

  it("stores a PDF privately and attaches it to the registration; the state is 'to check', the status unchanged", async () => {
    const res = await send(
      `/mon-inscription/${REG}`,
      selfEdit({}, { bytes: PDF, name: "attestation-pps.pdf", type: "application/pdf" }),
      runner,
    );
    expect(res.status).toBe(302);
    const r = (await reg())!;
    expect(r).toMatchObject({
      statut: "validee",
      justificatif_type: "pps",
      pps_identifier: "P9F28C586EB",
      justificatif_decision: null,
    });
    expect(r.justificatif_document_id).toMatch(/^[0-9a-f-]{36}$/);
    const doc = (await one<{ r2_key: string; owner_id: string; content_type: string }>(
      "SELECT * FROM justificatif_documents WHERE id = ?",
      r.justificatif_document_id,
    ))!;
    expect(doc).toMatchObject({ owner_id: DEMO_USERS.coureur.id, content_type: "application/pdf" });
    expect(doc.r2_key.startsWith(`justificatifs/${DEMO_USERS.coureur.id}/`)).toBe(true);
    expect(new Uint8Array(await (await env.FILES.get(doc.r2_key))!.arrayBuffer())).toEqual(PDF);
    const page = await (await get(`/mon-inscription/${REG}`, runner)).text();
    expect(page).toContain("À vérifier");
    expect(page).toContain(`/justificatifs/${r.justificatif_document_id}`);
  });

  it("is served to the runner, the event's organiser and admins; another organiser and anonymous users get 404", async () => {
    const { justificatif_document_id: id } = (await reg())!;
    for (const [who, cookie] of [
      ["runner", runner],
      ["organiser", organiser],
      ["admin", admin],
    ] as const) {
      const res = await get(`/justificatifs/${id}`, cookie);
      expect(res.status, who).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    }
    for (const [who, cookie] of [
      ["other organiser", otherOrganiser],
      ["anonymous", undefined],
    ] as const) {
      const res = await get(`/justificatifs/${id}`, cookie);
      expect(res.status, who).toBe(404);
      expect(await res.text()).toBe("Document introuvable.");
    }
    expect((await get(`/justificatifs/${crypto.randomUUID()}`, admin)).status).toBe(404);
    // The public file route never serves the private prefix, whoever asks.
    const key = (await one<{ r2_key: string }>("SELECT r2_key FROM justificatif_documents WHERE id = ?", id))!.r2_key;
    expect((await get(`/fichiers/${key}`)).status).toBe(404);
    expect((await get(`/fichiers/${key}`, runner)).status).toBe(404);
  });
});

describe("the organiser's check", () => {
  const version = async () => justificatifVersion((await reg()) as unknown as JustificatifContent);

  it("the registrants page shows the column, the filter and the document link to the event's organiser", async () => {
    const res = await get(`/organisateur/inscriptions/${formatId}?justificatif=a_verifier`, organiser);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<th scope="col">Justificatif</th>');
    expect(html).toContain(`/justificatifs/${(await reg())!.justificatif_document_id}`);
    expect(html).toContain("Valider le justificatif de Camille Bernard");
    const validated = await (await get(`/organisateur/inscriptions/${formatId}?justificatif=valide`, organiser)).text();
    expect(validated).not.toContain("Valider le justificatif de Camille Bernard");
  });

  it("the runner's details page links the document for the event's organiser", async () => {
    const html = await (await get(`/details-coureur/${REG}`, organiser)).text();
    expect(html).toContain("Document justificatif fourni par le coureur");
    expect(html).toContain(`href="/justificatifs/${(await reg())!.justificatif_document_id}"`);
  });

  it("another organiser's 'Valider' is a 404 and changes nothing", async () => {
    const res = await send(
      `/organisateur/inscriptions/${formatId}`,
      { intent: "justificatif", id: REG, decision: "valide", version: await version() },
      otherOrganiser,
    );
    expect(res.status).toBe(404);
    expect((await reg())!.justificatif_decision).toBeNull();
  });

  it("a decision on a content the runner changed meanwhile is refused", async () => {
    const res = await send(
      `/organisateur/inscriptions/${formatId}`,
      { intent: "justificatif", id: REG, decision: "valide", version: "pps|||old|" },
      organiser,
    );
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("Le coureur a modifié son justificatif entre-temps");
    expect((await reg())!.justificatif_decision).toBeNull();
  });

  it("'Valider' records the decision, never the status", async () => {
    const res = await send(
      `/organisateur/inscriptions/${formatId}`,
      { intent: "justificatif", id: REG, decision: "valide", version: await version() },
      organiser,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/organisateur/inscriptions/${formatId}?ok=justificatif_valide`);
    expect(await reg()).toMatchObject({
      statut: "validee",
      justificatif_decision: "valide",
      justificatif_decision_par: DEMO_USERS.organisateur.id,
    });
    const page = await (await get(`/organisateur/inscriptions/${formatId}?ok=justificatif_valide`, organiser)).text();
    expect(page).toContain("Justificatif validé.");
  });

  it("'Refuser' needs a reason (French message next to it), then e-mails the runner with it", async () => {
    const missing = await send(
      `/organisateur/inscriptions/${formatId}`,
      {
        intent: "justificatif",
        id: REG,
        decision: "refuse",
        version: await version(),
        motif: "",
        commentaire: "gardé",
      },
      organiser,
    );
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain("Choisissez le motif du refus.");
    expect(html).toContain('value="gardé"');
    const mailsBefore = (await one<{ n: number }>(
      "SELECT count(*) AS n FROM mail_outbox WHERE kind = 'justificatif_refuse'",
    ))!.n;
    const res = await send(
      `/organisateur/inscriptions/${formatId}`,
      {
        intent: "justificatif",
        id: REG,
        decision: "refuse",
        version: await version(),
        motif: "nom_different",
        commentaire: "Attestation au nom de Julien",
      },
      organiser,
    );
    expect(res.status).toBe(302);
    expect(await reg()).toMatchObject({
      statut: "validee",
      justificatif_decision: "refuse",
      justificatif_motif: "nom_different",
      justificatif_commentaire: "Attestation au nom de Julien",
    });
    const mail = (await one<{ to_email: string; subject: string; text: string }>(
      "SELECT * FROM mail_outbox WHERE kind = 'justificatif_refuse' ORDER BY created_at DESC LIMIT 1",
    ))!;
    expect(
      (await one<{ n: number }>("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'justificatif_refuse'"))!.n,
    ).toBe(mailsBefore + 1);
    expect(mail.to_email).toBe("coureur@balise.test");
    expect(mail.subject).toContain("Justificatif à corriger");
    expect(mail.text).toContain("Le nom ne correspond pas au coureur\u00a0: Attestation au nom de Julien");
    expect(mail.text).toContain(`/mon-inscription/${REG}`);
    const runnerPage = await (await get(`/mon-inscription/${REG}`, runner)).text();
    expect(runnerPage).toContain("Refusé");
    expect(runnerPage).toContain("Attestation au nom de Julien");
  });

  it("the runner's correction clears the decision: to check again", async () => {
    const res = await send(
      `/mon-inscription/${REG}`,
      selfEdit({ pps_identifier: "P0A11B22C33", justificatif_document_id: (await reg())!.justificatif_document_id! }),
      runner,
    );
    expect(res.status).toBe(302);
    expect(await reg()).toMatchObject({
      pps_identifier: "P0A11B22C33",
      justificatif_decision: null,
      justificatif_motif: null,
      justificatif_decision_par: null,
    });
  });

  it("the CSV of the missing ones: organiser only, the missing and refused rows", async () => {
    // Another registration of the format, without any justificatif.
    await env.DB.prepare(
      `INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id, nom, prenom, email, justificatif_type, created_at, updated_at)
       SELECT ?, course_id, id, NULL, 'validee', ?, 'Sanspapier', 'Jean', 'jean@exemple.fr', NULL, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM formats WHERE id = ?`,
    )
      .bind(crypto.randomUUID(), crypto.randomUUID(), formatId)
      .run();
    const res = await get(`/organisateur/inscriptions/${formatId}/justificatifs-manquants.csv`, organiser);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await res.text();
    expect(text).toContain(
      "Nom;Prénom;Email;Téléphone;Dossard;Statut de l'inscription;Justificatif;État;Motif du refus",
    );
    expect(text).toContain("Sanspapier;Jean;jean@exemple.fr;;;validé;;Manquant;");
    expect(text).not.toContain("Bernard;Camille"); // to check: not missing
    expect(
      (await get(`/organisateur/inscriptions/${formatId}/justificatifs-manquants.csv`, otherOrganiser)).status,
    ).toBe(404);
  });
});

describe("the verification service (local: formats and dates)", () => {
  it("refuses an expired PPS on its own, recording who decided; leaves a valid one to the organiser", async () => {
    const ctx = testContext(fixedClock(`${addDays(raceDate, -30)}T10:00:00.000Z`));
    await env.DB.prepare("UPDATE inscriptions SET pps_expiration = ? WHERE id = ?")
      .bind(addDays(raceDate, 5), REG)
      .run();
    await verifyJustificatif(ctx, REG);
    expect((await reg())!.justificatif_decision).toBeNull();
    await env.DB.prepare("UPDATE inscriptions SET pps_expiration = ? WHERE id = ?")
      .bind(addDays(raceDate, -2), REG)
      .run();
    await verifyJustificatif(ctx, REG);
    expect(await reg()).toMatchObject({
      justificatif_decision: "refuse",
      justificatif_motif: "expire",
      justificatif_decision_par: "verificateur:local",
      statut: "validee",
    });
    await env.DB.prepare("UPDATE inscriptions SET pps_expiration = ? WHERE id = ?")
      .bind(addDays(raceDate, 5), REG)
      .run();
    expect((await reg())!.justificatif_decision).toBeNull(); // the change asks for a new check
  });
});

describe("the state in SQL is the domain's", () => {
  it("on every combination of type, numbers, document and decision, for a race and a walk", async () => {
    const walk = (await one<{ id: string }>("SELECT id FROM formats WHERE type_epreuve = 'rando' LIMIT 1"))!.id;
    const ctx = testContext();
    const combos: (JustificatifContent & { justificatif_decision: string | null })[] = [];
    for (const justificatif_type of [null, "licence", "pps"])
      for (const numero_licence of [null, "", "1234567"])
        for (const pps_identifier of [null, "P9F28C586EB"])
          for (const justificatif_document_id of [null, "doc"])
            for (const justificatif_decision of [null, "valide", "refuse"])
              combos.push({
                justificatif_type,
                numero_licence,
                pps_identifier,
                pps_expiration: null,
                justificatif_document_id,
                justificatif_decision,
              });
    for (const [format, competition] of [
      [formatId, true],
      [walk, false],
    ] as const) {
      for (const c of combos) {
        const id = crypto.randomUUID();
        await env.DB.prepare(
          `INSERT INTO inscriptions (id, course_id, format_id, statut, paiement_trace_id, justificatif_type, numero_licence, pps_identifier, justificatif_document_id, justificatif_decision)
           SELECT ?, course_id, id, 'annulee', ?, ?, ?, ?, ?, ? FROM formats WHERE id = ?`,
        )
          .bind(
            id,
            id,
            c.justificatif_type,
            c.numero_licence,
            c.pps_identifier,
            c.justificatif_document_id,
            c.justificatif_decision,
            format,
          )
          .run();
        const [row] = await ctx.db.all<{ etat: string }>(
          sql`SELECT ${justificatifEtatSql("i")} AS etat FROM inscriptions i WHERE i.id = ${id}`,
        );
        expect(row.etat, JSON.stringify({ ...c, competition })).toBe(justificatifEtat(c, competition));
      }
    }
  });
});

describe("retention (maintenance cron)", () => {
  it("keeps the document until 90 days after the race, then deletes it from R2; the decision and number stay", async () => {
    const { justificatif_document_id: id } = (await reg())!;
    const key = (await one<{ r2_key: string }>("SELECT r2_key FROM justificatif_documents WHERE id = ?", id))!.r2_key;
    await env.DB.prepare(
      "UPDATE inscriptions SET justificatif_decision = 'valide', justificatif_decision_par = 'x', justificatif_decision_at = 'x' WHERE id = ?",
    )
      .bind(REG)
      .run();

    const early = await runMaintenance(testContext(fixedClock(`${addDays(raceDate, 89)}T10:00:00.000Z`)));
    expect(early.errors).toBe(0);
    expect((await reg())!.justificatif_document_id).toBe(id);
    expect(await env.FILES.get(key)).not.toBeNull();

    const report = await runMaintenance(testContext(fixedClock(`${addDays(raceDate, 90)}T10:00:00.000Z`)));
    expect(report.errors).toBe(0);
    expect(report.purgedJustificatifs).toBeGreaterThanOrEqual(1);
    const r = (await reg())!;
    expect(r.justificatif_document_id).toBeNull();
    expect(r.justificatif_document_purge_at).toBe(`${addDays(raceDate, 90)}T10:00:00.000Z`);
    expect(r).toMatchObject({ justificatif_decision: "valide", pps_identifier: "P0A11B22C33" });
    expect(await env.FILES.get(key)).toBeNull();
    expect(await one("SELECT id FROM justificatif_documents WHERE id = ?", id)).toBeNull();
    expect((await get(`/justificatifs/${id}`, admin)).status).toBe(404);
  });

  it("deletes a document never attached after 24 hours, not before", async () => {
    const id = crypto.randomUUID();
    const key = `justificatifs/${DEMO_USERS.coureur.id}/${id}.pdf`;
    await env.FILES.put(key, PDF);
    await env.DB.prepare(
      "INSERT INTO justificatif_documents (id, r2_key, owner_id, content_type, size, created_at) VALUES (?, ?, ?, 'application/pdf', ?, '2026-03-01T10:00:00.000Z')",
    )
      .bind(id, key, DEMO_USERS.coureur.id, PDF.byteLength)
      .run();
    await runMaintenance(testContext(fixedClock("2026-03-02T09:00:00.000Z")));
    expect(await env.FILES.get(key)).not.toBeNull();
    await runMaintenance(testContext(fixedClock("2026-03-02T10:00:01.000Z")));
    expect(await env.FILES.get(key)).toBeNull();
    expect(await one("SELECT id FROM justificatif_documents WHERE id = ?", id)).toBeNull();
  });
});
