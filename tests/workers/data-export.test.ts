// Issue 45, decision 0219: « Mes données ». A demo runner asks for the export (one pending request, even for requests
// fired together; one per 24 hours), the cron's step builds the ZIP into R2 and e-mails a link; the ZIP holds the
// runner's rows of every category (and their justificatif file), never another account's, nor a password hash; only
// its owner downloads it; after 7 days the retention rule deletes it and the link answers 410.
import { env } from "cloudflare:test";
import { unzipSync, strFromU8 } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "~/db/demo-data";
import { fixedClock } from "~/providers/clock";
import { buildPendingExports, deleteAccountExports, requestDataExport } from "~/services/data-export.server";
import { runMaintenance } from "~/services/maintenance.server";
import { loadDemoData } from "./helpers";
import { get, post, sessionCookie } from "./organiser-helpers";
import { testContext } from "./payments-helpers";

const RUNNER = DEMO_USERS.coureur;
const OTHER = DEMO_USERS.organisateur2;
const DOC_BYTES = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 1, 2, 3]); // "%PDF-1.4…"

let runner: string;
let other: string;

/** Rows of several categories for the runner, and the same kinds for another account. */
async function seedPersonalRows() {
  const f = await env.DB.prepare("SELECT id, course_id FROM formats ORDER BY id LIMIT 1").first<{
    id: string;
    course_id: string;
  }>();
  if (!f) throw new Error("no format");
  const rows = (who: { id: string; email: string }, tag: string, rang: number) => [
    env.DB.prepare("INSERT INTO chat_messages (id, course_id, user_id, message) VALUES (?, ?, ?, ?)").bind(
      `chat-${tag}`,
      f.course_id,
      who.id,
      `Message de ${tag}`,
    ),
    env.DB.prepare(
      "INSERT INTO liste_attente (id, rang, course_id, format_id, coureur_id, email, donnees, statut) VALUES (?, ?, ?, ?, ?, ?, '{}', 'termine')",
    ).bind(`wait-${tag}`, rang, f.course_id, f.id, who.id, who.email),
    env.DB.prepare(
      "INSERT INTO cessions (id, inscription_id, course_id, format_id, vendeur_id, email, token_hash, statut, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'expiree', '2026-01-01T00:00:00.000Z')",
    ).bind(`cession-${tag}`, `reg-${tag}`, f.course_id, f.id, who.id, `acheteur-${tag}@exemple.fr`, `hash-${tag}`),
    env.DB.prepare(
      "INSERT INTO justificatif_documents (id, r2_key, owner_id, content_type, size, original_name) VALUES (?, ?, ?, 'application/pdf', ?, 'licence.pdf')",
    ).bind(`doc-${tag}`, `justificatifs/${who.id}/doc-${tag}`, who.id, DOC_BYTES.byteLength),
    env.DB.prepare("INSERT INTO mail_outbox (id, to_email, subject, html, text) VALUES (?, ?, ?, '', '')").bind(
      `mail-${tag}`,
      who.email.toUpperCase(),
      `Courriel pour ${tag}`,
    ),
  ];
  await env.DB.batch([...rows(RUNNER, "runner", 900_001), ...rows(OTHER, "other", 900_002)]);
  await env.FILES.put(`justificatifs/${RUNNER.id}/doc-runner`, DOC_BYTES);
  await env.FILES.put(`justificatifs/${OTHER.id}/doc-other`, new Uint8Array([9, 9, 9]));
}

const exportsOf = (userId: string) =>
  env.DB.prepare("SELECT id, status, r2_key, expires_at FROM exports_donnees WHERE user_id = ? ORDER BY requested_at")
    .bind(userId)
    .all<{ id: string; status: string; r2_key: string | null; expires_at: string | null }>();

beforeAll(async () => {
  await loadDemoData();
  await seedPersonalRows();
  runner = await sessionCookie(RUNNER.id);
  other = await sessionCookie(OTHER.id);
});

describe("« Mes données »", () => {
  it("records one pending request for requests fired together, and says so", async () => {
    const responses = await Promise.all(
      [1, 2, 3, 4].map(() => post("/monprofil/donnees", { intent: "demander" }, runner)),
    );
    const outcomes = responses.map((r) =>
      new URL(r.headers.get("location") ?? "", "http://x").searchParams.get("demande"),
    );
    expect(responses.every((r) => r.status === 302)).toBe(true);
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o !== "ok").every((o) => o === "pending")).toBe(true);
    expect((await exportsOf(RUNNER.id)).results).toHaveLength(1);
    const page = await (await get("/monprofil/donnees?demande=pending", runner)).text();
    expect(page).toContain("Une demande est déjà en cours de préparation");
    expect(page).toContain("En préparation");
  });

  it("builds the ZIP in the background and e-mails a link only its owner can open", async () => {
    expect(await buildPendingExports(testContext())).toBe(1);
    expect(await buildPendingExports(testContext())).toBe(0);
    const [req] = (await exportsOf(RUNNER.id)).results;
    expect(req).toMatchObject({ status: "ready", r2_key: `exports/${RUNNER.id}/${req.id}.zip` });
    const mail = await env.DB.prepare(
      "SELECT subject, text FROM mail_outbox WHERE to_email = ? AND kind = 'data_export'",
    )
      .bind(RUNNER.email)
      .first<{ subject: string; text: string }>();
    expect(mail?.subject).toBe("Vos données Balise sont prêtes");
    expect(mail?.text).toContain(`/monprofil/donnees/${req.id}.zip`);

    expect((await get(`/monprofil/donnees/${req.id}.zip`, other)).status).toBe(404);
    const anonymous = await get(`/monprofil/donnees/${req.id}.zip`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/login");

    const res = await get(`/monprofil/donnees/${req.id}.zip`, runner);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const json = (name: string) => JSON.parse(strFromU8(files[`donnees/${name}.json`])) as Record<string, unknown>[];

    const [account] = json("users");
    expect(account).toMatchObject({ id: RUNNER.id, email: RUNNER.email });
    expect(account).not.toHaveProperty("password_hash");
    const registrations = json("inscriptions");
    expect(registrations.length).toBeGreaterThan(0);
    expect(registrations.every((r) => r.coureur_id === RUNNER.id)).toBe(true);
    const regIds = new Set(registrations.map((r) => r.id));
    const history = json("inscriptions_historique");
    expect(history.length).toBeGreaterThanOrEqual(registrations.length);
    expect(history.every((h) => regIds.has(h.inscription_id))).toBe(true);
    const payments = json("paiements");
    expect(payments.length).toBeGreaterThan(0);
    expect(payments.every((p) => regIds.has(p.inscription_id))).toBe(true);
    expect(json("chat_messages").map((m) => m.message)).toEqual(["Message de runner"]);
    expect(json("liste_attente").map((w) => w.id)).toEqual(["wait-runner"]);
    expect(json("cessions").map((c) => c.id)).toEqual(["cession-runner"]);
    expect(json("cessions")[0]).not.toHaveProperty("token_hash");
    expect(json("mail_outbox").map((m) => m.subject)).toContain("Courriel pour runner");
    expect(json("mail_outbox").map((m) => m.subject)).not.toContain("Courriel pour other");
    expect(json("justificatif_documents").map((d) => d.id)).toEqual(["doc-runner"]);
    expect(files["justificatifs/doc-runner-licence.pdf"]).toEqual(DOC_BYTES);
    expect(Object.keys(files).some((n) => n.includes("doc-other"))).toBe(false);
    // A BOM for spreadsheets (the decoder drops it), then the header.
    expect([...files["donnees/inscriptions.csv"].slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(strFromU8(files["donnees/inscriptions.csv"]).split("\r\n")[0]).toMatch(
      /^id;course_id;format_id;coureur_id;/,
    );
    expect(strFromU8(files["consentements.csv"])).toContain("Adresse e-mail confirmée");
    const readme = strFromU8(files["README.txt"]);
    expect(readme).toContain(RUNNER.email);
    expect(readme).toContain("Activités Premium");
    // Nothing of the other account anywhere in the archive.
    const everything = Object.values(files)
      .map((b) => strFromU8(b, true))
      .join("\n");
    expect(everything).not.toContain(OTHER.id);
    expect(everything).not.toContain(OTHER.email);

    const page = await (await get("/monprofil/donnees", runner)).text();
    expect(page).toContain("Prête");
    expect(page).toContain(`/monprofil/donnees/${req.id}.zip`);
    const downloads = await env.DB.prepare("SELECT downloads FROM exports_donnees WHERE id = ?")
      .bind(req.id)
      .first("downloads");
    expect(downloads).toBe(1);
  });

  it("refuses a new request within 24 hours", async () => {
    const res = await post("/monprofil/donnees", { intent: "demander" }, runner);
    expect(res.headers.get("location")).toBe("/monprofil/donnees?demande=too_soon");
    const page = await (await get("/monprofil/donnees?demande=too_soon", runner)).text();
    expect(page).toContain("moins de 24 heures");
    expect((await exportsOf(RUNNER.id)).results).toHaveLength(1);
  });

  it("deletes the ZIP after 7 days; the link then answers 410", async () => {
    const [req] = (await exportsOf(RUNNER.id)).results;
    const dayBefore = new Date(Date.parse(req.expires_at ?? "") - 3_600_000).toISOString();
    expect((await runMaintenance(testContext(fixedClock(dayBefore)))).exportsExpired).toBe(0);
    const after = new Date(Date.parse(req.expires_at ?? "") + 60_000).toISOString();
    expect((await runMaintenance(testContext(fixedClock(after)))).exportsExpired).toBe(1);
    expect(await env.FILES.get(req.r2_key ?? "")).toBeNull();
    expect((await exportsOf(RUNNER.id)).results[0]).toMatchObject({ status: "expired", r2_key: null });
    const res = await get(`/monprofil/donnees/${req.id}.zip`, runner);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain("expiré");
  });

  it("records the request, the ZIP made, the download and its deletion in the journal, without the e-mail", async () => {
    const rows = await env.DB.prepare(
      "SELECT action, acteur_email, acteur_role, course_id, objet FROM journal_actions WHERE acteur_id = ? AND action LIKE 'donnees.%' ORDER BY id",
    )
      .bind(RUNNER.id)
      .all<{ action: string; acteur_email: string; acteur_role: string; course_id: string | null; objet: string }>();
    const [req] = (await exportsOf(RUNNER.id)).results;
    // Four requests fired together made one request: one row for it; the refused ones changed nothing.
    expect(rows.results.map((r) => r.action)).toEqual([
      "donnees.export_demande",
      "donnees.export_pret",
      "donnees.export_telecharge",
      "donnees.export_expire",
    ]);
    for (const r of rows.results)
      expect(r).toMatchObject({
        acteur_email: "",
        acteur_role: "personne",
        course_id: null,
        objet: `Archive ${req.id.slice(0, 8)}`,
      });
    const admin = await sessionCookie(DEMO_USERS.admin.id);
    const page = await (await get(`/admin/journal?personne=${RUNNER.id}&type=donnees.export_telecharge`, admin)).text();
    expect(page).toContain("Copie de ses données téléchargée");
    expect(page).toContain("Personne concernée");
    expect(page).toContain(`Compte ${RUNNER.id.slice(0, 8)}`);
  });

  it("deletes an account's ZIPs and requests when the account is erased", async () => {
    const userId = crypto.randomUUID();
    const email = `efface-${userId.slice(0, 8)}@exemple.fr`;
    await env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')").bind(userId, email).run();
    const context = testContext();
    expect(await requestDataExport(context, userId)).toBe("ok");
    expect(await buildPendingExports(context)).toBe(1);
    const [req] = (await exportsOf(userId)).results;
    expect(await env.FILES.head(req.r2_key ?? "")).not.toBeNull();
    expect(await deleteAccountExports(context, userId)).toBe(1);
    expect(await env.FILES.head(req.r2_key ?? "")).toBeNull();
    expect((await exportsOf(userId)).results).toEqual([]);
  });

  it("is linked from the profile", async () => {
    const html = await (await get("/monprofil", runner)).text();
    expect(html).toContain('href="/monprofil/donnees"');
  });
});
