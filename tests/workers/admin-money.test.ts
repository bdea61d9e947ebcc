// Issue 16: the admin money screens and the J+1 payout, through the Worker and the services, on a real D1.
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../../app/db/demo-data";
import { CSV_BOM } from "../../app/domain/csv";
import { autoPayoutTransferId } from "../../app/domain/payouts";
import { fixedClock } from "../../app/providers/clock";
import { runMaintenance } from "../../app/services/maintenance.server";
import { refundInscription } from "../../app/services/refunds.server";
import { runDuePayouts } from "../../app/services/payouts.server";
import { loadDemoData } from "./helpers";
import { sessionCookie } from "./organiser-helpers";
import { balanced, ledger, paidOn } from "./money-helpers";
import { ORGANISER_ID, testContext } from "./payments-helpers";

const ADMIN = DEMO_USERS.admin.id;
const RUNNER = DEMO_USERS.coureur.id;

function get(path: string, cookie?: string) {
  return SELF.fetch(`http://localhost${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
}

function post(path: string, fields: [string, string][], cookie?: string) {
  return SELF.fetch(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://localhost",
      host: "localhost",
      ...(cookie ? { cookie } : {}),
    },
    redirect: "manual",
  });
}

const text = async (res: Response) =>
  (await res.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
const count = async (q: string, ...b: unknown[]) =>
  Number(
    (await env.DB.prepare(q)
      .bind(...b)
      .first<{ n: number }>())!.n,
  );

let admin: string;
let runner: string;
beforeAll(async () => {
  await loadDemoData();
  admin = await sessionCookie(ADMIN);
  runner = await sessionCookie(RUNNER);
});

describe("every admin screen and action is decided on the server", () => {
  const screens = [
    "/admin/dashboard",
    "/admin/courses",
    "/admin/courses/c0000000-0000-4000-8000-000000000001",
    "/admin/inscriptions",
    "/admin/inscriptions/export.csv",
    "/admin/payouts",
  ];

  it("GET /admin: 403 'Connectez-vous.' for visitors, a logged-in non-admin is sent to /", async () => {
    const anon = await get("/admin");
    expect(anon.status).toBe(403);
    expect(await text(anon)).toContain("403 — Connectez-vous.");
    const other = await get("/admin", runner);
    expect(other.status).toBe(302);
    expect(other.headers.get("Location")).toBe("/");
  });

  it.each(screens)(
    "GET %s: 403 'Connectez-vous.' for visitors, 403 'Accès réservé aux administrateurs.' for others",
    async (path) => {
      const anon = await get(path);
      expect(anon.status).toBe(403);
      expect(await text(anon)).toContain("403 — Connectez-vous.");
      const other = await get(path, runner);
      expect(other.status).toBe(403);
      const body = await text(other);
      expect(body).toContain("403 — Accès réservé aux administrateurs.");
      expect(body).not.toContain("Trail des Aiguilles Rouges");
    },
  );

  it.each(["commission", "acompte", "tout"])(
    "POST /admin/payouts (%s) is refused to visitors and runners, and changes nothing",
    async (intent) => {
      const { paiementId } = await paidOn("2027-03-01");
      const before = await ledger(paiementId);
      const fields: [string, string][] = [
        ["intent", intent],
        ["ids", paiementId],
        ["commission", "20"],
        ["acompte", "100"],
        ["jeton", "x".repeat(20)],
      ];
      expect((await post("/admin/payouts", fields)).status).toBe(403);
      expect((await post("/admin/payouts", fields, runner)).status).toBe(403);
      expect(await ledger(paiementId)).toEqual(before);
      expect(await count("SELECT count(*) AS n FROM transferts WHERE paiement_id = ?", paiementId)).toBe(0);
    },
  );

  it("admins see the four screens in the menu and on the home tiles", async () => {
    const body = await text(await get("/admin", admin));
    for (const href of ["/admin/dashboard", "/admin/courses", "/admin/inscriptions", "/admin/payouts"])
      expect(body).toContain(`href="${href}"`);
    for (const label of ["Dashboard", "Courses", "Inscriptions", "Paiements", "Reversements"])
      expect(body).toContain(label);
  });
});

describe("counters kept by triggers", () => {
  it("the dashboard's figures equal a full count, after inserts, status changes, payments and deletions", async () => {
    const a = await paidOn("2027-04-01", 3000);
    await paidOn("2027-04-02", 2000);
    // An outside change of status (as the lifecycle records one), to follow the counters.
    await env.DB.prepare(
      "UPDATE inscriptions SET statut = 'annulee', transition_seq = transition_seq + 1, last_event = 'status_set', last_actor = 'admin' WHERE id = ?",
    )
      .bind(a.inscriptionId)
      .run();
    const course = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')").bind(
        course,
        `org-${course}@balise.test`,
      ),
      env.DB.prepare(
        "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, slug) VALUES (?, 'Éphémère', 'Lyon', 'Rhône', '69000', ?, ?)",
      ).bind(course, course, `eph-${course}`),
      env.DB.prepare("INSERT INTO formats (id, course_id, nom) VALUES (?, ?, 'F')").bind(`${course}-f`, course),
    ]);
    await env.DB.prepare("DELETE FROM courses WHERE id = ?").bind(course).run();
    const stats = (await env.DB.prepare("SELECT * FROM admin_stats_v").first<Record<string, number>>())!;
    expect(stats.nb_courses).toBe(await count("SELECT count(*) AS n FROM courses"));
    expect(stats.nb_formats).toBe(await count("SELECT count(*) AS n FROM formats"));
    expect(stats.nb_inscriptions).toBe(await count("SELECT count(*) AS n FROM inscriptions"));
    expect(stats.nb_organisateurs).toBe(await count("SELECT count(DISTINCT organisateur_id) AS n FROM courses"));
    expect(stats.ca_brut_cents).toBe(
      await count(
        "SELECT coalesce(sum(amount_total_cents), 0) AS n FROM paiements WHERE status IN ('succeeded', 'refunded')",
      ),
    );
    const kpis = (await env.DB.prepare("SELECT * FROM admin_courses_kpis_v WHERE course_id = ?")
      .bind(a.courseId)
      .first<Record<string, number>>())!;
    expect(kpis.total_inscriptions).toBe(1);
    expect(kpis.inscriptions_validees).toBe(0);
    expect(kpis.ca_brut_cents).toBe(3000);
    for (const s of ["validee", "annulee", "en_attente"]) {
      expect(
        await count(
          "SELECT coalesce((SELECT n FROM admin_totaux WHERE portee = '*' AND cle = ?), 0) AS n",
          `inscriptions:${s}`,
        ),
      ).toBe(await count("SELECT count(*) AS n FROM inscriptions WHERE statut = ?", s));
    }
  });

  it("the dashboard draws its charts on the server, with a text alternative", async () => {
    const body = await text(await get("/admin/dashboard", admin));
    expect(body).toContain('role="img"');
    expect(body).toContain("Inscriptions validées par jour (90 derniers jours)");
    expect(body).toContain("Chiffre d'affaires brut par semaine (90 derniers jours)");
    expect(body).toMatch(/<caption>Inscriptions validées par jour/);
    expect(body).toContain("Semaine du");
  });

  it("an event's own charts are one click from /admin/courses", async () => {
    const a = await paidOn("2027-04-03", 2500);
    const list = await text(await get("/admin/courses", admin));
    expect(list).toContain(`href="/admin/courses/${a.courseId}"`);
    const page = await get(`/admin/courses/${a.courseId}`, admin);
    expect(page.status).toBe(200);
    const body = await text(page);
    expect(body).toContain(`Course argent`);
    expect(body).toMatch(/25,00\s€ encaissés/);
  });
});

describe("/admin/inscriptions", () => {
  it("filters by status, event, format, search and dates, with totals equal to a count", async () => {
    const a = await paidOn("2027-05-01", 1800, { nom: "Zébulon", email: "zebulon.test@exemple.fr" });
    const cases: [string, string, unknown[]][] = [
      ["", "SELECT count(*) AS n FROM inscriptions", []],
      ["?statut=validee", "SELECT count(*) AS n FROM inscriptions WHERE statut = 'validee'", []],
      [`?course=${a.courseId}`, "SELECT count(*) AS n FROM inscriptions WHERE course_id = ?", [a.courseId]],
      [
        `?course=${a.courseId}&format=${a.formatId}`,
        "SELECT count(*) AS n FROM inscriptions WHERE format_id = ?",
        [a.formatId],
      ],
      [
        "?q=zeb",
        "SELECT count(*) AS n FROM inscriptions WHERE lower(nom) LIKE 'zeb%' OR lower(prenom) LIKE 'zeb%' OR lower(email) LIKE 'zeb%'",
        [],
      ],
      ["?q=ZEBULON.TEST", "SELECT count(*) AS n FROM inscriptions WHERE lower(email) LIKE 'zebulon.test%'", []],
      [
        "?du=2020-01-01&au=2099-12-31&statut=validee",
        "SELECT count(*) AS n FROM inscriptions WHERE statut = 'validee'",
        [],
      ],
    ];
    for (const [query, sql, binds] of cases) {
      const body = await text(await get(`/admin/inscriptions${query}`, admin));
      const expected = await count(sql, ...binds);
      expect(body, query).toMatch(
        new RegExp(`<strong>${expected.toLocaleString("fr-FR").replace(/\s/g, "\\s")}</strong> inscription`),
      );
    }
    const one = await text(await get("/admin/inscriptions?q=zeb", admin));
    expect(one).toContain("Zébulon");
    expect(one).toContain("zebulon.test@exemple.fr");
    for (const col of ["Date", "Course/Format", "Coureur", "Statut", "Montant", "Repas", "Total", "Dossard"])
      expect(one).toContain(`>${col}</th>`);
  });

  it("a date 'au' before 'du' is shown next to the field, the other filters still apply", async () => {
    const body = await text(await get("/admin/inscriptions?du=2027-01-10&au=2027-01-01&statut=validee", admin));
    expect(body).toContain("La date de fin doit être postérieure ou égale à la date de début.");
    expect(body).toContain('value="2027-01-01"');
  });

  it("pages through every registration once, 25 at a time, forward and back", async () => {
    const total = await count("SELECT count(*) AS n FROM inscriptions");
    const read = async (href: string) => {
      const body = await text(await get(href, admin));
      const ids = [...body.matchAll(/<tr data-inscription="([^"]+)">/g)].map((m) => m[1]);
      // The pager's link with this rel, whatever the order of its attributes.
      const link = (rel: string) =>
        body
          .match(new RegExp(`<a [^>]*rel="${rel}"[^>]*>`))?.[0]
          .match(/ href="([^"]+)"/)?.[1]
          .replace(/&amp;/g, "&") ?? null;
      return { ids, next: link("next"), prev: link("prev"), status: body.match(/Page \d+ \/ \d+/)?.[0] };
    };
    const pages: string[][] = [];
    let page = await read("/admin/inscriptions?taille=25");
    expect(page.prev).toBeNull();
    for (;;) {
      pages.push(page.ids);
      expect(page.status).toBe(`Page ${pages.length} / ${Math.ceil(total / 25)}`);
      if (!page.next) break;
      page = await read(page.next);
      expect(pages.length).toBeLessThan(100);
    }
    const seen = pages.flat();
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    expect(pages.slice(0, -1).every((p) => p.length === 25)).toBe(true);
    // Back from the last page: the same pages, in reverse.
    for (let i = pages.length - 2; i >= 0; i--) {
      expect(page.prev, `page ${i + 2}`).not.toBeNull();
      page = await read(page.prev!);
      expect(page.ids).toEqual(pages[i]);
    }
    expect(page.prev).toBeNull();
  });

  it("exports the page only: BOM, semicolons, named by page, semicolons and formulas neutralised", async () => {
    await paidOn("2027-05-02", 1500, { nom: '=HYPERLINK("x";"y")', email: "formule@exemple.fr" });
    const res = await get("/admin/inscriptions/export.csv?q=formule&taille=25", admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain('filename="inscriptions-page-1.csv"');
    const csv = await res.text();
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const lines = csv.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe(
      "Date;Course;Format;Nom;Prénom;Email;Statut;Montant (€);Repas;Repas (€);Total (€);Dossard;Code promo;Remise (€)",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"" ""y"")"`);
    expect(lines[1]).toContain(";15,00;");
    const page2 = await get(
      "/admin/inscriptions/export.csv?taille=25&page=2&apres=2000-01-01T00:00:00.000Z~zzz",
      admin,
    );
    // Named by the page it is, never past the last page (issue 42: page= alone cannot forge it).
    const last = Math.max(1, Math.ceil((await count("SELECT count(*) AS n FROM inscriptions")) / 25));
    expect(page2.headers.get("content-disposition")).toContain(`filename="inscriptions-page-${Math.min(2, last)}.csv"`);
    expect((await page2.text()).slice(1).trim().split("\r\n")).toHaveLength(1); // nothing older than 2000: the header only
  });
});

describe("/admin/payouts", () => {
  it("updates the commission on the selection and the net remaining follows, books balanced", async () => {
    const a = await paidOn("2027-06-01", 4000);
    const b = await paidOn("2027-06-01", 2000);
    const res = await post(
      "/admin/payouts",
      [
        ["intent", "commission"],
        ["commission", "7,5"],
        ["ids", a.paiementId],
        ["ids", b.paiementId],
        ["jeton", "t".repeat(20)],
      ],
      admin,
    );
    expect(res.status).toBe(302);
    const page = await text(await get(res.headers.get("location")!, admin));
    expect(page).toContain("Commission plateforme mise à jour sur 2 paiement(s).");
    for (const [x, gross] of [
      [a, 4000],
      [b, 2000],
    ] as const) {
      const p = await ledger(x.paiementId);
      expect(p.platform_fee_cents).toBe(Math.round(gross * 0.075));
      expect(p.net_remaining_cents).toBe(gross - p.fee_total_cents - p.platform_fee_cents);
      balanced(p);
    }
    // The selection stays checked and its totals are shown (no JavaScript needed).
    const box = page.match(new RegExp(`<input type="checkbox" name="ids"[^>]*value="${a.paiementId}"[^>]*>`))?.[0];
    expect(box).toContain('checked=""');
    expect(page).toContain("Sélection : 2 paiements");
  });

  it("says 'Sélection vide' when nothing is selected, and keeps typed values on a bad percent", async () => {
    const empty = await post(
      "/admin/payouts",
      [
        ["intent", "tout"],
        ["jeton", "e".repeat(20)],
      ],
      admin,
    );
    expect(empty.status).toBe(302);
    expect(await text(await get(empty.headers.get("location")!, admin))).toContain("Sélection vide");
    const a = await paidOn("2027-06-02", 3000);
    const bad = await post(
      "/admin/payouts",
      [
        ["intent", "commission"],
        ["commission", "60"],
        ["ids", a.paiementId],
      ],
      admin,
    );
    expect(bad.status).toBe(400);
    const body = await text(bad);
    expect(body).toContain("La commission doit être comprise entre 0 et 50 % (pas de 0,1).");
    expect(body).toContain('value="60"');
    expect((await ledger(a.paiementId)).platform_fee_cents).toBe(150);
  });

  it("transfers the deposit, then 'Tout transférer'; a double submit (same form) transfers once", async () => {
    const a = await paidOn("2027-06-03", 4200);
    const net = (await ledger(a.paiementId)).net_remaining_cents;
    const form: [string, string][] = [
      ["intent", "acompte"],
      ["acompte", "50"],
      ["ids", a.paiementId],
      ["jeton", "double-click-token-0001"],
    ];
    const [r1, r2] = await Promise.all([post("/admin/payouts", form, admin), post("/admin/payouts", form, admin)]);
    expect([r1.status, r2.status]).toEqual([302, 302]);
    let p = await ledger(a.paiementId);
    expect(p.transferred_total_cents).toBe(Math.round(net / 2));
    expect(
      await count("SELECT count(*) AS n FROM transferts WHERE paiement_id = ? AND status = 'paid'", a.paiementId),
    ).toBe(1);
    balanced(p);
    // The transfer sent is journalled once, by the admin (the repeated submit sent nothing).
    const journalled = () =>
      count(
        "SELECT count(*) AS n FROM journal_actions WHERE action = 'reversement.envoye' AND course_id = ? AND acteur_id = ?",
        a.courseId,
        ADMIN,
      );
    expect(await journalled()).toBe(1);
    const all = await post(
      "/admin/payouts",
      [
        ["intent", "tout"],
        ["ids", a.paiementId],
        ["jeton", "tout-token-000000001"],
      ],
      admin,
    );
    expect(await text(await get(all.headers.get("location")!, admin))).toContain(
      "Transferts terminés: 1 OK, 0 échec(s).",
    );
    p = await ledger(a.paiementId);
    expect(p.net_remaining_cents).toBe(0);
    expect(p.transferred_total_cents).toBe(net);
    balanced(p);
    expect(await journalled()).toBe(2);
    const organiser = await text(await get("/monprofilorganisateur", await sessionCookie(ORGANISER_ID)));
    expect(organiser).toContain("Mes versements");
    expect(organiser).toContain(`Course argent`);
  });

  it("counts an organiser who cannot receive payouts as a failure, with its reason on the row, ledger unchanged; the others go on", async () => {
    const ok = await paidOn("2027-06-04", 3000);
    const blocked = await paidOn("2027-06-04", 3000);
    const other = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')").bind(
        other,
        `org-${other}@balise.test`,
      ),
      env.DB.prepare(
        "INSERT INTO profils_utilisateurs (user_id, email, stripe_account_id, stripe_charges_enabled, stripe_payouts_enabled) VALUES (?, ?, 'acct_local_x', 1, 0)",
      ).bind(other, `org-${other}@balise.test`),
      env.DB.prepare("UPDATE paiements SET organisateur_id = ? WHERE id = ?").bind(other, blocked.paiementId),
    ]);
    const before = await ledger(blocked.paiementId);
    const res = await post(
      "/admin/payouts",
      [
        ["intent", "tout"],
        ["ids", blocked.paiementId],
        ["ids", ok.paiementId],
        ["jeton", "mixed-token-00000001"],
      ],
      admin,
    );
    const page = await text(await get(res.headers.get("location")!, admin));
    expect(page).toContain("Transferts terminés: 1 OK, 1 échec(s).");
    expect(page).toContain("Le compte de paiement de l'organisateur ne peut pas encore recevoir de virements.");
    expect(await ledger(blocked.paiementId)).toEqual(before);
    expect((await ledger(ok.paiementId)).net_remaining_cents).toBe(0);
    expect(page).toContain("Aucun écart : chaque paiement est équilibré au centime");
  });

  it("lists a payment whose books do not balance in the ledger check", async () => {
    const a = await paidOn("2027-06-05", 2600);
    await env.DB.prepare("UPDATE paiements SET net_remaining_cents = net_remaining_cents + 1 WHERE id = ?")
      .bind(a.paiementId)
      .run();
    const page = await text(await get("/admin/payouts", admin));
    expect(page).toContain("1 paiement(s) déséquilibré(s)");
    expect(page).toContain(a.paiementId);
    await env.DB.prepare("UPDATE paiements SET net_remaining_cents = net_remaining_cents - 1 WHERE id = ?")
      .bind(a.paiementId)
      .run();
    expect(await text(await get("/admin/payouts", admin))).toContain("Aucun écart");
  });

  it("searches by name, e-mail, event, format and charge id, at most 300 rows newest first", async () => {
    const a = await paidOn("2027-06-06", 2100, { nom: "Quasimodo", email: "quasi@exemple.fr" });
    const charge = (await ledger(a.paiementId)) as unknown as { charge_id: string };
    for (const q of ["quasimodo", "QUASI@", "Course argent", "Format argent", charge.charge_id.slice(0, 12)]) {
      const body = await text(await get(`/admin/payouts?q=${encodeURIComponent(q)}`, admin));
      expect(body, q).toContain(`value="${a.paiementId}"`);
    }
    const none = await text(await get("/admin/payouts?q=zzzzzz", admin));
    expect(none).toContain("Aucun paiement trouvé.");
  });
});

describe("the J+1 payout", () => {
  it("pays the whole net remaining the day after the format, once even when run again or in parallel, then shows it", async () => {
    const a = await paidOn("2027-07-10", 5000);
    const b = await paidOn("2027-07-11", 3000);
    const dayOf = testContext(fixedClock("2027-07-10T20:00:00.000Z"));
    expect((await runDuePayouts(dayOf)).paid).toBeGreaterThanOrEqual(0);
    expect((await ledger(a.paiementId)).transferred_total_cents).toBe(0);

    const next = () => testContext(fixedClock("2027-07-11T06:00:00.000Z"));
    const net = (await ledger(a.paiementId)).net_remaining_cents;
    const runs = await Promise.all([runDuePayouts(next()), runDuePayouts(next()), runMaintenance(next())]);
    const p = await ledger(a.paiementId);
    expect(p.transferred_total_cents).toBe(net);
    expect(p.net_remaining_cents).toBe(0);
    balanced(p);
    expect(
      await count("SELECT count(*) AS n FROM transferts WHERE paiement_id = ? AND status = 'paid'", a.paiementId),
    ).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM transferts WHERE id = ?",
        autoPayoutTransferId(a.paiementId, "2027-07-11"),
      ),
    ).toBe(1);
    expect(runs.length).toBe(3);
    // b's format is on the 11th: paid on the 12th, not before.
    expect((await ledger(b.paiementId)).transferred_total_cents).toBe(0);
    await runMaintenance(testContext(fixedClock("2027-07-12T06:00:00.000Z")));
    expect((await ledger(b.paiementId)).net_remaining_cents).toBe(0);

    const adminPage = await text(await get("/admin/payouts", admin));
    expect(adminPage).toContain("Versements automatiques (J+1)");
    expect(adminPage).toMatch(/Versé/);
    const organiser = await text(await get("/monprofilorganisateur", await sessionCookie(ORGANISER_ID)));
    expect(organiser).toMatch(new RegExp(`${(net / 100).toFixed(2).replace(".", ",")}\\s€`));
  });

  it("a refused payout changes nothing, is recorded with its reason, and is tried again the next day", async () => {
    const a = await paidOn("2027-08-01", 2500);
    await env.DB.prepare("UPDATE profils_utilisateurs SET stripe_payouts_enabled = 0 WHERE user_id = ?")
      .bind(ORGANISER_ID)
      .run();
    try {
      const before = await ledger(a.paiementId);
      const r = await runDuePayouts(testContext(fixedClock("2027-08-02T06:00:00.000Z")));
      expect(r.failed).toBeGreaterThanOrEqual(1);
      expect(await ledger(a.paiementId)).toEqual(before);
      const row = await env.DB.prepare("SELECT status, failure_reason FROM transferts WHERE id = ?")
        .bind(autoPayoutTransferId(a.paiementId, "2027-08-02"))
        .first<{ status: string; failure_reason: string }>();
      expect(row).toEqual({
        status: "failed",
        failure_reason: "Le compte de paiement de l'organisateur ne peut pas encore recevoir de virements.",
      });
      // The same day again: not retried.
      await runDuePayouts(testContext(fixedClock("2027-08-02T09:00:00.000Z")));
      expect(await count("SELECT count(*) AS n FROM transferts WHERE paiement_id = ?", a.paiementId)).toBe(1);
    } finally {
      await env.DB.prepare("UPDATE profils_utilisateurs SET stripe_payouts_enabled = 1 WHERE user_id = ?")
        .bind(ORGANISER_ID)
        .run();
    }
    await runDuePayouts(testContext(fixedClock("2027-08-03T06:00:00.000Z")));
    expect((await ledger(a.paiementId)).net_remaining_cents).toBe(0);
  });

  it("pays what a partial refund left of a payment, and nothing of a payment refunded in full", async () => {
    const a = await paidOn("2027-10-01", 4500);
    const b = await paidOn("2027-10-01", 3000);
    const before = await ledger(a.paiementId);
    // A quarter back to the runner (a cancellation on the scale): the rest is still the organiser's.
    await refundInscription(a.context, {
      inscriptionId: a.inscriptionId,
      amountCents: 1125,
      idempotencyKey: `test-partiel-${a.paiementId}`,
    });
    const partly = await ledger(a.paiementId);
    expect(partly.status).toBe("refunded");
    expect(partly.net_remaining_cents).toBe(before.net_remaining_cents - 1125);
    // The whole payment back: the provider's fee is the platform's loss, nothing is owed to the organiser.
    await refundInscription(b.context, {
      inscriptionId: b.inscriptionId,
      amountCents: 3000,
      idempotencyKey: `test-total-${b.paiementId}`,
    });
    expect((await ledger(b.paiementId)).net_remaining_cents).toBeLessThanOrEqual(0);

    await runDuePayouts(testContext(fixedClock("2027-10-02T06:00:00.000Z")));
    const paid = await ledger(a.paiementId);
    expect(paid.transferred_total_cents).toBe(partly.net_remaining_cents);
    expect(paid.net_remaining_cents).toBe(0);
    expect(paid.refunded_cents).toBe(1125);
    balanced(paid);
    expect(await count("SELECT count(*) AS n FROM transferts WHERE paiement_id = ?", b.paiementId)).toBe(0);
    balanced(await ledger(b.paiementId));
  });

  it("moves with the format's date", async () => {
    const a = await paidOn("2027-09-01", 2000);
    await env.DB.prepare("UPDATE formats SET date = '2027-09-20' WHERE id = ?").bind(a.formatId).run();
    expect(
      (await env.DB.prepare("SELECT payout_due_on FROM paiements WHERE id = ?")
        .bind(a.paiementId)
        .first<{ payout_due_on: string }>())!.payout_due_on,
    ).toBe("2027-09-21");
    await runDuePayouts(testContext(fixedClock("2027-09-02T06:00:00.000Z")));
    expect((await ledger(a.paiementId)).transferred_total_cents).toBe(0);
  });
});

describe("a search reads the same rows whichever plan it takes", () => {
  it("registrations and payments: walking the date index or reading the matches gives the same pages", async () => {
    const { listAdminInscriptions, listAdminPayments } = await import("../../app/db/admin.server");
    const { parseAdminInscriptionsQuery } = await import("../../app/domain/admin");
    const { parseAdminPaymentsQuery } = await import("../../app/domain/admin-payouts");
    for (let i = 0; i < 8; i++)
      await paidOn("2027-10-01", 1000 + i, { nom: i % 2 ? "Plan" : "Planchon", email: `plan${i}@exemple.fr` });
    const db = testContext().db;
    for (const q of ["pla", "plan", "PLANCH", "plan3@", "camille", "course argent", "zzz"]) {
      for (const extra of ["", "&statut=validee", "&taille=25"]) {
        const { filters } = parseAdminInscriptionsQuery(
          new URLSearchParams(`q=${encodeURIComponent(q)}${extra}&taille=25`),
        );
        const walk = await listAdminInscriptions(db, filters, { plan: "walk" });
        const list = await listAdminInscriptions(db, filters, { plan: "candidates" });
        expect(
          walk.rows.map((r) => r.inscription_id),
          `${q}${extra}`,
        ).toEqual(list.rows.map((r) => r.inscription_id));
        expect(walk.total).toBe(list.total);
        expect(walk.next).toBe(list.next);
      }
      const { filters: pf } = parseAdminPaymentsQuery(new URLSearchParams(`q=${encodeURIComponent(q)}`));
      const pw = await listAdminPayments(db, pf, { plan: "walk" });
      const pc = await listAdminPayments(db, pf, { plan: "candidates" });
      expect(
        pw.map((r) => r.id),
        q,
      ).toEqual(pc.map((r) => r.id));
    }
    const { filters } = parseAdminInscriptionsQuery(new URLSearchParams("q=plan"));
    expect((await listAdminInscriptions(db, filters)).total).toBe(8);
  });
});
