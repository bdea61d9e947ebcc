// What one account may store (issue 40, decision 0190), inside workerd with real D1 and R2: at most
// JUSTIFICATIF_PENDING_MAX documents attached to nothing and JUSTIFICATIF_ACCOUNT_MAX_BYTES in all, refused with a
// French message next to the document field (the form keeps what was typed and the document already given), even
// for uploads sent together; and a document a runner replaces is deleted at once, from R2 and its row, unless
// something else still uses it. Needs `npx remix vite:build`.
import { env, SELF } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_PAID_REGISTRATIONS, DEMO_USERS } from "../../app/db/demo-data";
import { DOCUMENT_MSG, JUSTIFICATIF_ACCOUNT_MAX_BYTES, JUSTIFICATIF_PENDING_MAX } from "../../app/domain/justificatif";
import { parseRegistration } from "../../app/domain/registration";
import { loadRegistrationPage } from "../../app/services/registration-page.server";
import { holdPlace } from "../../app/services/place-hold.server";
import { addDays, demoSelfEditForm, loadDemoData, registrationValues } from "./helpers";
import { row, rows, sessionCookie } from "./organiser-helpers";
import { ORGANISER_ID, testContext } from "./payments-helpers";

const REG = DEMO_PAID_REGISTRATIONS[0].id; // coureur@'s registration, Trail des Aiguilles Rouges (organisateur@)
const RUNNER = DEMO_USERS.coureur.id;
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0x25, 0x45, 0x4f, 0x46, 0x0a]);
/** The message as the page writes it (apostrophes escaped by React). */
const html = (message: string) => message.replace(/'/g, "&#x27;");

let runner: string;
let raceDate: string;

/** The self-edit form of the demo registration (a PPS valid on race day unless `patch` says otherwise), with a PDF. */
function selfEdit(patch: Record<string, string>, withFile = true): FormData {
  return demoSelfEditForm(
    raceDate,
    patch,
    withFile ? { bytes: PDF, name: "pps.pdf", type: "application/pdf" } : undefined,
  );
}

/** A submit sent back with errors (the PPS expires before the race): its document is stored, attached to nothing. */
const withErrors = (patch: Record<string, string> = {}) =>
  selfEdit({ pps_expiration: addDays(raceDate, -1), ...patch });

function submit(body: FormData) {
  return SELF.fetch(`http://localhost/mon-inscription/${REG}`, {
    method: "POST",
    body,
    headers: { origin: "http://localhost", host: "localhost", cookie: runner },
    redirect: "manual",
  });
}

const documents = () =>
  rows<{ id: string; r2_key: string; size: number }>(
    "SELECT id, r2_key, size FROM justificatif_documents WHERE owner_id = ? ORDER BY created_at",
    RUNNER,
  );
const objects = async () => (await env.FILES.list({ prefix: `justificatifs/${RUNNER}/` })).objects.map((o) => o.key);
const registrationDocument = async () =>
  (await row<{ d: string | null }>("SELECT justificatif_document_id AS d FROM inscriptions WHERE id = ?", REG))!.d;

/** A document of the runner stored directly (R2 and its row), of `size` bytes as recorded. */
async function storedDocument(size = PDF.byteLength): Promise<{ id: string; key: string }> {
  const id = crypto.randomUUID();
  const key = `justificatifs/${RUNNER}/${id}.pdf`;
  await env.FILES.put(key, PDF);
  await env.DB.prepare(
    "INSERT INTO justificatif_documents (id, r2_key, owner_id, content_type, size, created_at) VALUES (?, ?, ?, 'application/pdf', ?, ?)",
  )
    .bind(id, key, RUNNER, size, new Date().toISOString())
    .run();
  return { id, key };
}

beforeAll(async () => {
  await loadDemoData();
  runner = await sessionCookie(RUNNER);
  raceDate = (await row<{ date: string }>(
    "SELECT f.date FROM inscriptions i JOIN formats f ON f.id = i.format_id WHERE i.id = ?",
    REG,
  ))!.date;
});

beforeEach(async () => {
  // Each test starts from an account that stores nothing.
  await env.DB.batch([
    env.DB.prepare("UPDATE inscriptions SET justificatif_document_id = NULL WHERE coureur_id = ?").bind(RUNNER),
    env.DB.prepare("UPDATE profils_coureurs SET justificatif_document_id = NULL WHERE id = ?").bind(RUNNER),
    env.DB.prepare("DELETE FROM justificatif_documents WHERE owner_id = ?").bind(RUNNER),
  ]);
  for (const key of await objects()) await env.FILES.delete(key);
});

describe("what one account may store", () => {
  it(`refuses a document beyond ${JUSTIFICATIF_PENDING_MAX} attached to nothing, in French next to the field, keeping what was typed`, async () => {
    for (let i = 0; i < JUSTIFICATIF_PENDING_MAX; i++) expect((await submit(withErrors())).status).toBe(400);
    expect(await documents()).toHaveLength(JUSTIFICATIF_PENDING_MAX);

    const res = await submit(withErrors({ club: "Club gardé" }));
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toMatch(
      new RegExp(`id="f-justificatif_document-err"[^>]*>${html(DOCUMENT_MSG.documents_en_attente)}<`),
    );
    expect(page).toContain('value="Club gardé"');
    expect(await documents()).toHaveLength(JUSTIFICATIF_PENDING_MAX);
    expect(await objects()).toHaveLength(JUSTIFICATIF_PENDING_MAX);
  });

  it("the registration form says it next to its document field too, keeping what was typed", async () => {
    for (let i = 0; i < JUSTIFICATIF_PENDING_MAX; i++) await submit(withErrors());
    const { course_id: courseId, format_id: formatId } = (await row<{ course_id: string; format_id: string }>(
      "SELECT course_id, format_id FROM inscriptions WHERE id = ?",
      REG,
    ))!;
    const fd = new FormData();
    for (const [k, v] of Object.entries(registrationValues(formatId, { club: "Club gardé" })))
      if (typeof v === "string") fd.append(k, v);
    fd.append("intent", "actualiser");
    fd.append("justificatif_document", new File([PDF as Uint8Array<ArrayBuffer>], "pps.pdf"));
    const res = await SELF.fetch(`http://localhost/inscription/${courseId}`, {
      method: "POST",
      body: fd,
      headers: { origin: "http://localhost", host: "localhost", cookie: runner },
      redirect: "manual",
    });
    const page = await res.text();
    expect(page).toMatch(
      new RegExp(`id="f-justificatif_document-err"[^>]*>${html(DOCUMENT_MSG.documents_en_attente)}<`),
    );
    expect(page).toContain('value="Club gardé"');
    expect(await documents()).toHaveLength(JUSTIFICATIF_PENDING_MAX);
  });

  it("a refused upload keeps the document already given on the form", async () => {
    for (let i = 0; i < JUSTIFICATIF_PENDING_MAX; i++) await submit(withErrors());
    const kept = (await documents())[0].id;
    const res = await submit(withErrors({ justificatif_document_id: kept }));
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(html(DOCUMENT_MSG.documents_en_attente));
    expect(page).toContain(`name="justificatif_document_id" value="${kept}"`);
    expect((await documents()).map((d) => d.id)).toContain(kept);
  });

  it("documents attached to a registration or the profile do not count as waiting", async () => {
    const attached = await storedDocument();
    await env.DB.prepare("UPDATE profils_coureurs SET justificatif_document_id = ? WHERE id = ?")
      .bind(attached.id, RUNNER)
      .run();
    for (let i = 0; i < JUSTIFICATIF_PENDING_MAX; i++) expect((await submit(withErrors())).status).toBe(400);
    expect(await documents()).toHaveLength(JUSTIFICATIF_PENDING_MAX + 1);
    expect(await (await submit(withErrors())).text()).toContain(html(DOCUMENT_MSG.documents_en_attente));
  });

  it("refuses a document that would bring the account over its total, with its own message", async () => {
    // One large document in the profile (not waiting), a few bytes under the total.
    const big = await storedDocument(JUSTIFICATIF_ACCOUNT_MAX_BYTES - PDF.byteLength + 1);
    await env.DB.prepare("UPDATE profils_coureurs SET justificatif_document_id = ? WHERE id = ?")
      .bind(big.id, RUNNER)
      .run();
    const res = await submit(withErrors({ club: "Club gardé" }));
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(html(DOCUMENT_MSG.documents_trop_lourds));
    expect(page).toContain("50\u00a0Mo en tout");
    expect(page).toContain('value="Club gardé"');
    expect((await documents()).map((d) => d.id)).toEqual([big.id]);
    // One byte less fits exactly.
    await env.DB.prepare("UPDATE justificatif_documents SET size = size - 1 WHERE id = ?").bind(big.id).run();
    expect((await submit(withErrors())).status).toBe(400);
    expect(await documents()).toHaveLength(2);
  });

  it("uploads sent together cannot pass the limit", async () => {
    const sent = 3 * JUSTIFICATIF_PENDING_MAX;
    const pages = await Promise.all(Array.from({ length: sent }, () => submit(withErrors()).then((r) => r.text())));
    const refused = pages.filter((p) => p.includes(html(DOCUMENT_MSG.documents_en_attente)));
    expect(refused).toHaveLength(sent - JUSTIFICATIF_PENDING_MAX);
    expect(await documents()).toHaveLength(JUSTIFICATIF_PENDING_MAX);
    // No object stored for a refused upload.
    expect((await objects()).sort()).toEqual((await documents()).map((d) => d.r2_key).sort());
  });
});

describe("a replaced document is deleted at once", () => {
  it("replacing the registration's document deletes the previous one from R2 and its row", async () => {
    expect((await submit(selfEdit({}))).status).toBe(302);
    const first = (await documents())[0];
    expect(await registrationDocument()).toBe(first.id);
    expect(await env.FILES.get(first.r2_key)).not.toBeNull();

    expect((await submit(selfEdit({ justificatif_document_id: first.id }))).status).toBe(302);
    const now = await registrationDocument();
    expect(now).not.toBe(first.id);
    expect(await env.FILES.get(first.r2_key)).toBeNull();
    expect(await row("SELECT id FROM justificatif_documents WHERE id = ?", first.id)).toBeNull();
    expect((await documents()).map((d) => d.id)).toEqual([now]);
    expect(await objects()).toHaveLength(1);
  });

  it("removing it deletes it too", async () => {
    expect((await submit(selfEdit({}))).status).toBe(302);
    const first = (await documents())[0];
    const fd = selfEdit({ justificatif_document_id: first.id, retirer_document: "on" }, false);
    expect((await submit(fd)).status).toBe(302);
    expect(await registrationDocument()).toBeNull();
    expect(await documents()).toEqual([]);
    expect(await objects()).toEqual([]);
  });

  it("a replaced document still used by the runner profile stays", async () => {
    const shared = await storedDocument();
    await env.DB.batch([
      env.DB.prepare("UPDATE profils_coureurs SET justificatif_document_id = ? WHERE id = ?").bind(shared.id, RUNNER),
      env.DB.prepare("UPDATE inscriptions SET justificatif_document_id = ? WHERE id = ?").bind(shared.id, REG),
    ]);
    expect((await submit(selfEdit({ justificatif_document_id: shared.id }))).status).toBe(302);
    expect(await registrationDocument()).not.toBe(shared.id);
    expect(await env.FILES.get(shared.key)).not.toBeNull();
    expect(await documents()).toHaveLength(2);
  });

  it("replacing the runner profile's document deletes the previous one", async () => {
    const profile = (documentId?: string) => {
      const fd = new FormData();
      const fields: Record<string, string> = {
        nom: "Bernard",
        prenom: "Camille",
        genre: "Femme",
        date_naissance: "1991-04-12",
        nationalite: "Française",
        email: "coureur@balise.test",
        telephone: "",
        adresse: "12 rue des Lilas",
        adresse_complement: "",
        code_postal: "69004",
        ville: "Lyon",
        pays: "France",
        club: "",
        justificatif_type: "licence",
        numero_licence: "1789456",
        pps_identifier: "",
        contact_urgence_nom: "Julien Bernard",
        contact_urgence_telephone: "06 98 76 54 32",
        ...(documentId ? { justificatif_document_id: documentId } : {}),
      };
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      fd.append("justificatif_document", new File([PDF as Uint8Array<ArrayBuffer>], "licence.pdf"));
      return SELF.fetch("http://localhost/monprofilcoureur", {
        method: "POST",
        body: fd,
        headers: { origin: "http://localhost", host: "localhost", cookie: runner },
        redirect: "manual",
      });
    };
    const profileDocument = async () =>
      (await row<{ d: string | null }>(
        "SELECT justificatif_document_id AS d FROM profils_coureurs WHERE id = ?",
        RUNNER,
      ))!.d;
    expect((await profile()).status).toBe(302);
    const first = (await documents())[0];
    expect(await profileDocument()).toBe(first.id);
    expect((await profile(first.id)).status).toBe(302);
    expect(await profileDocument()).not.toBe(first.id);
    expect(await env.FILES.get(first.r2_key)).toBeNull();
    expect(await row("SELECT id FROM justificatif_documents WHERE id = ?", first.id)).toBeNull();
    expect(await documents()).toHaveLength(1);
  });

  it("a document stored by a submit sent back with errors, then replaced on the same form, is deleted at once", async () => {
    expect((await submit(withErrors())).status).toBe(400);
    const waiting = (await documents())[0];
    expect((await submit(withErrors({ justificatif_document_id: waiting.id }))).status).toBe(400);
    expect(await env.FILES.get(waiting.r2_key)).toBeNull();
    expect(await row("SELECT id FROM justificatif_documents WHERE id = ?", waiting.id)).toBeNull();
    expect(await documents()).toHaveLength(1);
  });

  it("a new submit of the registration form on a place held replaces its document and deletes the previous one", async () => {
    const courseId = crypto.randomUUID();
    const formatId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, 'Course des justificatifs', 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
      ).bind(courseId, ORGANISER_ID, `course-justificatifs-${courseId.slice(0, 8)}`),
      env.DB.prepare(
        "INSERT INTO formats (id, course_id, nom, date, heure_depart, distance_km, denivele_dplus, prix_cents, stock_repas, prix_repas_cents, nb_max_coureurs) VALUES (?, ?, 'Format', '2027-06-12', '08:30', 21, 1100, 2500, 0, 0, 10)",
      ).bind(formatId, courseId),
    ]);
    const page = await loadRegistrationPage(testContext(), courseId);
    const parsed = parseRegistration(registrationValues(formatId), page!.formats, "2026-11-21");
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const a = await storedDocument();
    const b = await storedDocument();
    const first = await holdPlace(testContext(), RUNNER, courseId, parsed.data, {
      pps_expiration: null,
      documentId: a.id,
    });
    const again = await holdPlace(testContext(), RUNNER, courseId, parsed.data, {
      pps_expiration: null,
      documentId: b.id,
    });
    expect(again).toMatchObject({ inscriptionId: first.inscriptionId, reused: true });
    expect(
      (await row<{ d: string }>(
        "SELECT justificatif_document_id AS d FROM inscriptions WHERE id = ?",
        first.inscriptionId,
      ))!.d,
    ).toBe(b.id);
    expect(await env.FILES.get(a.key)).toBeNull();
    expect(await row("SELECT id FROM justificatif_documents WHERE id = ?", a.id)).toBeNull();
    expect(await env.FILES.get(b.key)).not.toBeNull();
  });
});
