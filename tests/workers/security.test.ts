// Issue 15: the weaknesses found from outside, each reproduced through the Worker.
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../server";
import { courseId, DEMO_DRAFT_SLUG, DEMO_PASSWORD, DEMO_USERS } from "../../app/db/demo-data";
import { POST_LIMIT } from "../../app/domain/chat";
import { RESET_LIMITS } from "../../app/domain/profile-tokens";
import { getLoadContext } from "../../load-context";
import { createSession } from "../../app/utils/session.server";
import { cookiesOf, html, login, post } from "./accounts-helpers";
import { loadDemoData } from "./helpers";

async function cookieFor(userId: string): Promise<string> {
  const ctx = getLoadContext({ request: new Request("http://localhost/"), env, ctx: { waitUntil() {} }, nonce: "" });
  return (await createSession(ctx, userId, "vitest")).split(";")[0];
}

/** A fresh user with a session (the chat limit is per user and per event). */
async function freshUser(): Promise<{ id: string; cookie: string }> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (?, ?, 'x', '2026-01-01T00:00:00Z')",
  )
    .bind(id, `u-${id}@balise.test`)
    .run();
  return { id, cookie: await cookieFor(id) };
}

const count = async (q: string, ...binds: unknown[]) =>
  (await env.DB.prepare(q)
    .bind(...binds)
    .first<{ n: number }>())!.n;

beforeAll(loadDemoData);

describe("chat posting limit under concurrency", () => {
  const chatPost = (cookie: string, course: string, i: number) =>
    SELF.fetch(`http://localhost/courses/${course}/chat`, {
      method: "POST",
      body: new URLSearchParams({ intent: "post", message: `Message parallèle ${i}` }),
      headers: { "content-type": "application/x-www-form-urlencoded", Cookie: cookie },
      redirect: "manual",
    });

  it(`stores at most ${POST_LIMIT.max} of 50 posts sent in parallel over HTTP`, async () => {
    const u = await freshUser();
    const course = courseId(4);
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => chatPost(u.cookie, course, i)));
    expect(responses.every((r) => r.status === 302)).toBe(true);
    const refused = responses.filter(
      (r) => new URL(r.headers.get("location")!, "http://localhost").searchParams.get("chat_erreur") === "RATE_LIMITED",
    );
    expect(
      await count("SELECT count(*) AS n FROM chat_messages WHERE user_id = ? AND course_id = ?", u.id, course),
    ).toBe(POST_LIMIT.max);
    expect(refused).toHaveLength(50 - POST_LIMIT.max);
  });

  it("holds across HTTP and WebSocket posts sent at the same time", async () => {
    const u = await freshUser();
    const course = courseId(5);
    const res = await SELF.fetch(`http://localhost/parties/chat-room/${course}`, {
      headers: { Upgrade: "websocket", Cookie: u.cookie },
    });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    ws.accept();
    // Each socket post gets either its own insert event or an error back on this socket.
    let socketAnswers = 0;
    ws.addEventListener("message", (e) => {
      const ev = JSON.parse(String(e.data)) as { type: string; message?: { message: string } };
      if (ev.type === "error" || (ev.type === "insert" && ev.message?.message.startsWith("Par socket")))
        socketAnswers += 1;
    });
    for (let i = 0; i < 15; i++) ws.send(JSON.stringify({ type: "post", message: `Par socket ${i}` }));
    await Promise.all(Array.from({ length: 25 }, (_, i) => chatPost(u.cookie, course, i)));
    for (let t = 0; t < 200 && socketAnswers < 15; t++) await new Promise((r) => setTimeout(r, 25));
    ws.close();
    expect(socketAnswers).toBe(15);
    expect(
      await count("SELECT count(*) AS n FROM chat_messages WHERE user_id = ? AND course_id = ?", u.id, course),
    ).toBe(POST_LIMIT.max);
  });
});

describe("safe redirects after login", () => {
  it.each(["/.//evil.example", "/..//evil.example", "/%2f/evil.example"])(
    "sends %s to the home page, not another site",
    async (target) => {
      const res = await login(DEMO_USERS.coureur.email, DEMO_PASSWORD, { redirectTo: target });
      expect(res.status).toBe(302);
      const location = res.headers.get("location")!;
      expect(location).toBe("/");
      expect(new URL(location, "http://localhost").host).toBe("localhost");
    },
  );
});

describe("the registration page of an offline event", () => {
  let draftId: string;
  beforeAll(async () => {
    draftId = (await env.DB.prepare("SELECT id FROM courses WHERE slug = ?")
      .bind(DEMO_DRAFT_SLUG)
      .first<{ id: string }>())!.id;
  });

  it.each([
    ["another runner", 403, () => cookieFor(DEMO_USERS.coureur.id)],
    ["another organiser", 403, () => cookieFor(DEMO_USERS.organisateur2.id)],
    ["its organiser", 200, () => cookieFor(DEMO_USERS.organisateur.id)],
    ["an admin", 200, () => cookieFor(DEMO_USERS.admin.id)],
  ] as const)("by id and by slug, for %s: %i", async (_who, status, cookie) => {
    const c = await cookie();
    for (const ref of [draftId, DEMO_DRAFT_SLUG]) {
      const res = await SELF.fetch(`http://localhost/inscription/${ref}`, {
        headers: { Cookie: c },
        redirect: "manual",
      });
      expect(res.status).toBe(status);
      const body = await html(res);
      if (status === 403) {
        expect(body).toContain("Cette épreuve est hors-ligne.");
        expect(body).not.toMatch(/\d+,\d\d\s?€/);
      }
    }
  });

  it("refuses the form's POST from another runner too", async () => {
    const res = await post(
      `/inscription/${draftId}`,
      { intent: "actualiser" },
      { cookie: await cookieFor(DEMO_USERS.coureur.id) },
    );
    expect(res.status).toBe(403);
  });
});

describe("personal pages are never cached", () => {
  let runner: string;
  let admin: string;
  beforeAll(async () => {
    runner = await cookieFor(DEMO_USERS.coureur.id);
    admin = await cookieFor(DEMO_USERS.admin.id);
  });

  it.each([
    "/mesinscriptions",
    "/monprofil",
    "/monprofilcoureur",
    "/mon-inscription/i0000000-0000-4000-8000-000000000100",
    "/courses",
    "/",
  ])("%s for a logged-in runner: private, no-store", async (path) => {
    const res = await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: runner }, redirect: "manual" });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it.each(["/admin", "/admin/dashboard", "/admin/courses"])("%s for an admin: private, no-store", async (path) => {
    const res = await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: admin }, redirect: "manual" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("the login response that sets the session cookie: private, no-store", async () => {
    const res = await login(DEMO_USERS.coureur.email, DEMO_PASSWORD);
    expect(cookiesOf(res)).toMatch(/balise_session=/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a public page for a visitor is not marked private", async () => {
    const res = await SELF.fetch("http://localhost/courses");
    expect(res.headers.get("cache-control") ?? "").not.toContain("private");
  });

  it("a public file keeps its public caching for a logged-in user", async () => {
    const key = (await env.DB.prepare("SELECT gpx_url FROM formats WHERE gpx_url IS NOT NULL LIMIT 1").first<{
      gpx_url: string;
    }>())!.gpx_url;
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(new URL(key, "http://localhost"), { headers: { Cookie: runner } }),
      env as unknown as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/public/);
  });
});

describe("a payment provider failure during registration", () => {
  // The Stripe adapter pointed at a closed port: every call fails with a provider (connection) error.
  const unreachableStripe = () =>
    ({
      ...env,
      STRIPE_SECRET_KEY: "sk_test_unreachable",
      STRIPE_WEBHOOK_SECRET: "whsec_unreachable",
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: "9",
      STRIPE_API_PROTOCOL: "http",
    }) as unknown as Env;

  async function openFormat() {
    return (await env.DB.prepare(
      `SELECT f.id AS format_id, f.course_id FROM formats f JOIN courses c ON c.id = f.course_id JOIN profils_utilisateurs p ON p.user_id = c.organisateur_id
       WHERE c.en_ligne = 1 AND p.stripe_charges_enabled = 1 AND f.prix_cents >= 100 AND f.nb_max_coureurs IS NULL ORDER BY f.id LIMIT 1`,
    ).first<{ format_id: string; course_id: string }>())!;
  }

  async function submit(f: { format_id: string; course_id: string }, cookie: string) {
    const form = new URLSearchParams({
      intent: "payer",
      format_id: f.format_id,
      nom: "Sécurité",
      prenom: "Zoé",
      email: "zoe.securite@balise.test",
      genre: "Femme",
      date_naissance: "1990-05-01",
      nationalite: "Française",
      pays: "France",
      justificatif_type: "pps",
      pps_identifier: "PZOE12",
      pps_expiration: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
      nombre_repas: "0",
      apparaitre_resultats: "on",
    });
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`http://localhost/inscription/${f.course_id}`, {
        method: "POST",
        body: form,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "http://localhost",
          host: "localhost",
          "sec-fetch-site": "same-origin",
          Cookie: cookie,
        },
        redirect: "manual",
      }),
      unreachableStripe(),
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return res;
  }

  it("shows 'Erreur lors de la création du paiement.', keeps the form and gives the place back", async () => {
    const f = await openFormat();
    const runner = await freshUser();
    const res = await submit(f, runner.cookie);
    expect(res.status).toBe(502);
    const body = await html(res);
    expect(body).toContain("Erreur lors de la création du paiement.");
    expect(body).toContain('value="Sécurité"');
    // The format is a walk (the demo's only uncapped ones): no justificatif is asked there (decision 0151).
    expect(body).toContain('data-testid="sans-justificatif"');
    expect(
      await count("SELECT count(*) AS n FROM inscriptions WHERE coureur_id = ? AND statut = 'en_attente'", runner.id),
    ).toBe(0);
  });

  it("recognises the provider's error when an older checkout cannot be ended (a re-submit with a new amount)", async () => {
    const f = await openFormat();
    const runner = await freshUser();
    const id = crypto.randomUUID();
    await env.DB.prepare(
      `INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id, nom, prenom, email, prix_total_coureur_cents, hold_expires_at, checkout_session_id)
       VALUES (?, ?, ?, ?, 'en_attente', ?, 'Sécurité', 'Zoé', 'zoe.securite@balise.test', 1, ?, 'cs_test_older')`,
    )
      .bind(id, f.course_id, f.format_id, runner.id, `trace-${id}`, new Date(Date.now() + 20 * 60_000).toISOString())
      .run();
    const res = await submit(f, runner.cookie);
    expect(res.status).toBe(502);
    expect(await html(res)).toContain("Erreur lors de la création du paiement.");
  });
});

describe("'Mot de passe oublié' is throttled per account and per IP", () => {
  const forgot = (email: string, ip: string) =>
    post("/forgot-password", { email }, { headers: { "CF-Connecting-IP": ip } });
  const resetMails = (email: string) =>
    count("SELECT count(*) AS n FROM mail_outbox WHERE to_email = ? AND kind = 'password_reset'", email);

  it("mails at most 3 links an hour to one account, whatever arrives in parallel, and answers the same", async () => {
    const u = await freshUser();
    const email = `u-${u.id}@balise.test`;
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => forgot(email, `198.51.100.${i + 1}`)));
    expect(new Set(responses.map((r) => `${r.status} ${r.headers.get("location")}`))).toEqual(
      new Set(["302 /forgot-password?statut=envoye"]),
    );
    expect(await resetMails(email)).toBe(RESET_LIMITS.perAccount);
  });

  it("stops one IP after 20 requests, known account or not, without saying so", async () => {
    const ip = "192.0.2.77";
    await Promise.all(
      Array.from({ length: 25 }, (_, i) => forgot(`inconnu-${i}-${crypto.randomUUID()}@exemple.fr`, ip)),
    );
    const u = await freshUser();
    const email = `u-${u.id}@balise.test`;
    const res = await forgot(email, ip);
    expect(res.headers.get("location")).toBe("/forgot-password?statut=envoye");
    expect(await resetMails(email)).toBe(0);
    // Another address is not held back by that IP.
    await forgot(email, "192.0.2.78");
    expect(await resetMails(email)).toBe(1);
  });

  it("does not count reset requests as failed logins", async () => {
    const ip = "192.0.2.99";
    for (let i = 0; i < 6; i++) await forgot(DEMO_USERS.organisateur2.email, ip);
    const res = await login(DEMO_USERS.organisateur2.email, DEMO_PASSWORD, {}, { "CF-Connecting-IP": ip });
    expect(res.status).toBe(302);
  });
});
