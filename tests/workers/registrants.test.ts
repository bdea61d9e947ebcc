// Organiser registrants inside workerd (real D1): ownership on the page, every action and the export;
// search, filter and paging edges; inline edits; add-runner; bibs; CSV bytes; runner details and receipts.
// Needs `npm run build` (the Worker serves the built app).
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../../app/db/demo-data";
import { createSession } from "../../app/utils/session.server";
import { getLoadContext } from "../../load-context";
import { loadDemoData } from "./helpers";

async function cookieFor(userId: string): Promise<string> {
  const ctx = getLoadContext({ request: new Request("http://localhost/"), env, ctx: { waitUntil() {} }, nonce: "" });
  return (await createSession(ctx, userId, "vitest")).split(";")[0];
}

const first = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();

let owner: string;
let other: string;
let runner: string;
let KIDS: string; // 'Course enfants 1 km' of the Corrida de Noël de Rennes: 3 validated runners, capacity 3
let BIG: string; // 'Corrida 6 km' of the same event: filled with 120 generated runners
let CSVF: string; // a format created by this test with hand-picked tricky values

function get(path: string, cookie?: string) {
  return SELF.fetch(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
}

function post(path: string, cookie: string | null, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  return SELF.fetch(`http://localhost${path}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
}

async function kidsRows() {
  return (
    await env.DB.prepare(
      "SELECT id, nom, prenom, dossard, statut, email, club, nombre_repas FROM inscriptions WHERE format_id = ? ORDER BY created_at, id",
    )
      .bind(KIDS)
      .all<{
        id: string;
        nom: string;
        prenom: string;
        dossard: number | null;
        statut: string;
        email: string | null;
        club: string | null;
        nombre_repas: number;
      }>()
  ).results;
}

beforeAll(async () => {
  await loadDemoData();
  owner = await cookieFor(DEMO_USERS.organisateur.id);
  other = await cookieFor(DEMO_USERS.organisateur2.id);
  runner = await cookieFor(DEMO_USERS.coureur.id);
  const ids = await env.DB.prepare(
    `SELECT f.id, f.nom, f.course_id FROM formats f JOIN courses c ON c.id = f.course_id WHERE c.slug = 'corrida-de-noel-rennes'`,
  ).all<{ id: string; nom: string; course_id: string }>();
  KIDS = ids.results.find((f) => f.nom === "Course enfants 1 km")!.id;
  BIG = ids.results.find((f) => f.nom === "Corrida 6 km")!.id;
  const course = ids.results[0].course_id;
  // 120 runners on BIG, created one second apart: Coureur001 … Coureur120; every 3rd is pending, every 10th refused.
  const stmts = [];
  for (let n = 1; n <= 120; n++) {
    const nn = String(n).padStart(3, "0");
    const statut = n % 10 === 0 ? "refusee" : n % 3 === 0 ? "en_attente" : "validee";
    stmts.push(
      env.DB.prepare(
        `INSERT INTO inscriptions (id, course_id, format_id, statut, paiement_trace_id, nom, prenom, email, club, nombre_repas, dossard, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        `big-${nn}`,
        course,
        BIG,
        statut,
        `trace-big-${nn}`,
        `Coureur${nn}`,
        n % 2 ? "Alice" : "Bruno",
        `c${nn}@exemple.fr`,
        n <= 5 ? "100% Trail_Club" : "Rennes Athlé",
        1,
        n <= 10 ? n : null,
        new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
        "2026-01-01T00:00:00.000Z",
      ),
    );
  }
  // The CSV format: rows with a semicolon, quotes, a line break, formulas, accents.
  CSVF = "f-csv-test";
  stmts.push(
    env.DB.prepare(
      `INSERT INTO formats (id, course_id, nom, prix_cents) VALUES (?, ?, 'Trail "spécial" ; 12 km', 1000)`,
    ).bind(CSVF, course),
  );
  const csvRows: [string, string, string | null, string | null, number | null, string, string][] = [
    ["Durand", "Émilie", "e@x.fr", 'Club; des "Amis"', 7, "validee", "2026-03-01T09:00:00.000Z"],
    ['=HYPERLINK("http://evil")', "+33", null, "-5", null, "en_attente", "2026-03-01T09:00:00.000Z"],
    ["@Martin", "Line\nBreak", "m@x.fr", null, 12, "annulee", "2026-03-02T23:30:00.000Z"],
  ];
  csvRows.forEach(([nom, prenom, email, club, dossard, statut, created], k) => {
    stmts.push(
      env.DB.prepare(
        `INSERT INTO inscriptions (id, course_id, format_id, statut, paiement_trace_id, nom, prenom, email, club, dossard, genre, date_naissance, pays, nombre_repas, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Femme', '1990-05-04', 'France', 2, ?, ?)`,
      ).bind(
        `csv-${k + 1}`,
        course,
        CSVF,
        statut,
        `trace-csv-${k + 1}`,
        nom,
        prenom,
        email,
        club,
        dossard,
        created,
        created,
      ),
    );
  });
  await env.DB.batch(stmts);
});

describe("ownership: another organiser gets 404 everywhere", () => {
  it("the owner sees the page; another organiser and a runner get 404; anonymous goes to /login", async () => {
    const ok = await get(`/organisateur/inscriptions/${KIDS}`, owner);
    expect(ok.status).toBe(200);
    const html = await ok.text();
    expect(html).toContain("Inscriptions – Course enfants 1 km");
    for (const name of ["Petit", "Moreau", "Garnier"]) expect(html).toContain(name);
    expect((await get(`/organisateur/inscriptions/${KIDS}`, other)).status).toBe(404);
    expect((await get(`/organisateur/inscriptions/${KIDS}`, runner)).status).toBe(404);
    expect((await get(`/organisateur/inscriptions/does-not-exist`, owner)).status).toBe(404);
    const anon = await get(`/organisateur/inscriptions/${KIDS}`);
    expect(anon.status).toBe(302);
    expect(anon.headers.get("location")).toContain("/login?redirectTo=");
  });

  it("every action, the add page, the export and the details page answer 404 and change nothing", async () => {
    const before = JSON.stringify(await kidsRows());
    const [target] = await kidsRows();
    const base = `/organisateur/inscriptions/${KIDS}`;
    const attempts = [
      post(base, other, { intent: "cell", id: target.id, field: "nom", value: "Pirate" }),
      post(base, other, {
        intent: "row",
        id: target.id,
        nom: "Pirate",
        prenom: "X",
        dossard: "",
        email: "",
        club: "",
        nombre_repas: "0",
        statut: "validee",
      }),
      post(base, other, { intent: "bibs", debut: "500" }),
      post(`${base}/ajouter`, other, { nom: "Pirate", prenom: "X", depasser_capacite: "on" }),
      post(`/details-coureur/${target.id}`, other, { field: "nom", value: "Pirate" }),
      // The right organiser's format id with another format's registration: still 404.
      post(`/organisateur/inscriptions/${BIG}`, owner, {
        intent: "cell",
        id: target.id,
        field: "nom",
        value: "Pirate",
      }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    expect((await get(`${base}/ajouter`, other)).status).toBe(404);
    expect((await get(`${base}/export.csv`, other)).status).toBe(404);
    expect((await get(`/details-coureur/${target.id}`, other)).status).toBe(404);
    expect((await get(`/details-coureur/${target.id}?recu=1`, other)).status).toBe(404);
    expect(JSON.stringify(await kidsRows())).toBe(before);
  });
});

describe("search, filter and paging in SQL", () => {
  const list = (qs: string) => get(`/organisateur/inscriptions/${BIG}${qs}`, owner).then((r) => r.text());
  const names = (html: string) => [...html.matchAll(/value="(Coureur\d{3})"/g)].map((m) => m[1]);

  it("pages of 50 in registration order, 'Page x / y', clamped pages", async () => {
    const p1 = await list("");
    expect(names(p1)).toHaveLength(50);
    expect(names(p1)[0]).toBe("Coureur001");
    expect(p1).toContain("Page <!-- -->1<!-- --> / <!-- -->3");
    const p3 = await list("?page=3");
    expect(names(p3)).toEqual(Array.from({ length: 20 }, (_, k) => `Coureur${String(101 + k).padStart(3, "0")}`));
    expect(names(await list("?page=99"))).toEqual(names(p3));
    expect(names(await list("?page=-2"))).toEqual(names(p1));
    expect(names(await list("?page=abc"))[0]).toBe("Coureur001");
  });

  it("filters by status (canonical codes and spellings) and counts only matches", async () => {
    const refused = names(await list("?statut=refusee"));
    expect(refused).toEqual([
      "Coureur010",
      "Coureur020",
      "Coureur030",
      "Coureur040",
      "Coureur050",
      "Coureur060",
      "Coureur070",
      "Coureur080",
      "Coureur090",
      "Coureur100",
      "Coureur110",
      "Coureur120",
    ]);
    expect(names(await list("?statut=refus%C3%A9"))).toEqual(refused);
    const pending = await list("?statut=en_attente");
    expect(pending).toContain("Page <!-- -->1<!-- --> / <!-- -->1");
    expect(names(pending)).toHaveLength(36); // multiples of 3 that are not multiples of 10
    expect(names(await list("?statut=inconnu"))).toHaveLength(50); // unknown: all
  });

  it("searches names, e-mail, club and bib; wildcards are literal; no match shows the empty message", async () => {
    expect(names(await list("?q=coureur011"))).toEqual(["Coureur011"]);
    expect(names(await list("?q=C012%40EXEMPLE"))).toEqual(["Coureur012"]);
    expect(names(await list("?q=Alice+Coureur00"))).toEqual([
      "Coureur001",
      "Coureur003",
      "Coureur005",
      "Coureur007",
      "Coureur009",
    ]);
    expect(names(await list("?q=7&statut=validee"))).toContain("Coureur007");
    expect(names(await list("?q=100%25"))).toEqual([
      "Coureur001",
      "Coureur002",
      "Coureur003",
      "Coureur004",
      "Coureur005",
    ]);
    expect(names(await list("?q=_"))).toEqual(["Coureur001", "Coureur002", "Coureur003", "Coureur004", "Coureur005"]);
    const none = await list("?q=zzz");
    expect(names(none)).toEqual([]);
    expect(none).toContain("Aucune inscription trouvée pour ce format.");
    expect(none).toContain("Page <!-- -->1<!-- --> / <!-- -->1");
  });

  it("shows the total meals reserved (validated and pending only)", async () => {
    // 120 runners with 1 meal each, 12 refused: 108.
    expect(await list("")).toMatch(/<strong>108<\/strong> repas réservé/);
  });
});

describe("inline edits", () => {
  const base = () => `/organisateur/inscriptions/${KIDS}`;

  it("a cell saves one allowed field; unknown fields are refused", async () => {
    const [a] = await kidsRows();
    const res = await post(base(), owner, { intent: "cell", id: a.id, field: "club", value: "  Rennes Jeunes  " });
    expect(res.status).toBe(200);
    expect((await first<{ club: string }>("SELECT club FROM inscriptions WHERE id = ?", a.id))!.club).toBe(
      "Rennes Jeunes",
    );
    const bad = await post(base(), owner, { intent: "cell", id: a.id, field: "prix_total_coureur_cents", value: "0" });
    expect(bad.status).toBe(400);
    const bad2 = await post(base(), owner, {
      intent: "cell",
      id: a.id,
      field: "coureur_id",
      value: DEMO_USERS.organisateur2.id,
    });
    expect(bad2.status).toBe(400);
    expect(
      await first<{ p: number; c: string | null }>(
        "SELECT prix_total_coureur_cents AS p, coureur_id AS c FROM inscriptions WHERE id = ?",
        a.id,
      ),
    ).toEqual({ p: 300, c: null });
  });

  it("a bib already used in the format is refused with a message; the status must be canonical", async () => {
    const [a, b] = await kidsRows();
    const res = await post(base(), owner, { intent: "cell", id: a.id, field: "dossard", value: String(b.dossard) });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(`Le dossard ${b.dossard} est déjà attribué dans ce format.`);
    expect((await first<{ dossard: number }>("SELECT dossard FROM inscriptions WHERE id = ?", a.id))!.dossard).toBe(
      a.dossard,
    );
    const st = await post(base(), owner, { intent: "cell", id: a.id, field: "statut", value: "remboursee_totalement" });
    expect(st.status).toBe(400);
    const ok = await post(base(), owner, { intent: "cell", id: a.id, field: "statut", value: "en attente" });
    expect(ok.status).toBe(200);
    expect((await first<{ statut: string }>("SELECT statut FROM inscriptions WHERE id = ?", a.id))!.statut).toBe(
      "en_attente",
    );
    await post(base(), owner, { intent: "cell", id: a.id, field: "statut", value: "validee" });
  });

  it("without JS, a row form saves all its cells and redirects; errors keep what was typed", async () => {
    const [, , c] = await kidsRows();
    const bad = await post(`${base()}?q=Garnier`, owner, {
      intent: "row",
      id: c.id,
      nom: "",
      prenom: "Hugo",
      dossard: "abc",
      email: "hugo@",
      club: "Club tapé",
      nombre_repas: "0",
      statut: "validee",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Nom et prénom sont obligatoires.");
    expect(html).toContain("Email invalide.");
    expect(html).toContain('value="Club tapé"');
    expect((await first<{ club: string | null }>("SELECT club FROM inscriptions WHERE id = ?", c.id))!.club).toBe(
      c.club,
    );
    const ok = await post(`${base()}?q=Garnier`, owner, {
      intent: "row",
      id: c.id,
      nom: "Garnier",
      prenom: "Hugo",
      dossard: "33",
      email: "Hugo@Exemple.fr",
      club: "",
      nombre_repas: "0",
      statut: "refusé",
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(`/organisateur/inscriptions/${KIDS}?q=Garnier&ok=ligne`);
    expect(await first("SELECT dossard, email, club, statut FROM inscriptions WHERE id = ?", c.id)).toEqual({
      dossard: 33,
      email: "hugo@exemple.fr",
      club: null,
      statut: "refusee",
    });
    await post(base(), owner, {
      intent: "row",
      id: c.id,
      nom: "Garnier",
      prenom: "Hugo",
      dossard: "3",
      email: "",
      club: "",
      nombre_repas: "0",
      statut: "validee",
    });
  });
});

describe("add a runner", () => {
  const add = (fields: Record<string, string>) => post(`/organisateur/inscriptions/${KIDS}/ajouter`, owner, fields);

  it("shows the form titled with the format name", async () => {
    const html = await (await get(`/organisateur/inscriptions/${KIDS}/ajouter`, owner)).text();
    expect(html).toContain("Ajouter un coureur – Course enfants 1 km");
    expect(html).toContain("Apparaître dans les résultats publics.");
  });

  it("validates nom/prénom and e-mail with the spec's messages and keeps the input", async () => {
    const res = await add({ nom: "", prenom: "", email: "x@y", club: "Mon club tapé" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Nom et prénom sont obligatoires.");
    expect(html).toContain("Email invalide.");
    expect(html).toContain('value="Mon club tapé"');
  });

  it("respects capacity (3 / 3) unless the organiser ticks the override", async () => {
    const n0 = (await kidsRows()).length;
    const full = await add({ nom: "Roux", prenom: "Lina", statut: "validee" });
    expect(full.status).toBe(400);
    expect(await full.text()).toContain("Ce format est complet (3 / 3)");
    expect((await kidsRows()).length).toBe(n0);
    // A refused runner takes no place: allowed.
    const refused = await add({ nom: "Roux", prenom: "Refusée", statut: "refusee" });
    expect(refused.status).toBe(302);
    const ok = await add({
      nom: "Roux",
      prenom: "Lina",
      email: "Lina@Exemple.fr",
      statut: "validee",
      dossard: "",
      depasser_capacite: "on",
      apparaitre_resultats: "on",
      justificatif_type: "pps",
      pps_identifier: "p9f2-8c58-6eb",
      numero_licence: "ignored",
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(`/organisateur/inscriptions/${KIDS}?ok=ajoute`);
    const row = await first<Record<string, unknown>>(
      "SELECT * FROM inscriptions WHERE format_id = ? AND prenom = 'Lina'",
      KIDS,
    );
    expect(row).toMatchObject({
      nom: "Roux",
      email: "lina@exemple.fr",
      statut: "validee",
      dossard: null,
      nombre_repas: 0,
      prix_total_repas_cents: 0,
      prix_total_coureur_cents: 300,
      pps_identifier: "P9F28C586EB",
      numero_licence: null,
      added_by_organiser: 1,
      coureur_id: null,
      apparaitre_resultats: 1,
    });
  });

  it("computes the meal total from the format's meal price and refuses a used bib", async () => {
    await env.DB.prepare("UPDATE formats SET stock_repas = 500, prix_repas_cents = 850 WHERE id = ?").bind(BIG).run();
    const res = await post(`/organisateur/inscriptions/${BIG}/ajouter`, owner, {
      nom: "Repas",
      prenom: "Jo",
      nombre_repas: "3",
      statut: "validee",
    });
    expect(res.status).toBe(302);
    expect(
      await first(
        "SELECT nombre_repas, prix_total_repas_cents, prix_total_coureur_cents FROM inscriptions WHERE format_id = ? AND nom = 'Repas'",
        BIG,
      ),
    ).toEqual({ nombre_repas: 3, prix_total_repas_cents: 2550, prix_total_coureur_cents: 1000 + 2550 });
    // Editing the meals of a registration recomputes its meal total, never what was paid.
    const paidBefore = (await first<{ p: number }>(
      "SELECT prix_total_coureur_cents AS p FROM inscriptions WHERE id = 'big-002'",
    ))!.p;
    expect(
      (
        await post(`/organisateur/inscriptions/${BIG}`, owner, {
          intent: "cell",
          id: "big-002",
          field: "nombre_repas",
          value: "2",
        })
      ).status,
    ).toBe(200);
    expect(
      await first(
        "SELECT nombre_repas, prix_total_repas_cents, prix_total_coureur_cents FROM inscriptions WHERE id = 'big-002'",
      ),
    ).toEqual({ nombre_repas: 2, prix_total_repas_cents: 1700, prix_total_coureur_cents: paidBefore });
    expect(
      (
        await post(`/organisateur/inscriptions/${BIG}`, owner, {
          intent: "cell",
          id: "big-002",
          field: "nombre_repas",
          value: "501",
        })
      ).status,
    ).toBe(400);
    const dup = await post(`/organisateur/inscriptions/${BIG}/ajouter`, owner, {
      nom: "Dup",
      prenom: "Jo",
      dossard: "4",
      statut: "refusee",
    });
    expect(dup.status).toBe(400);
    expect(await dup.text()).toContain("Le dossard 4 est déjà attribué dans ce format.");
  });
});

describe("bib assignment", () => {
  it("numbers validated runners without a bib in registration order, skipping used numbers", async () => {
    // BIG: runners 1–10 hold bibs 1–10; validated runners without bib start at 11 (11, 13, 14, 16…).
    await env.DB.prepare("UPDATE inscriptions SET dossard = 12 WHERE id = 'big-011'").run(); // a used number inside the range
    const res = await post(`/organisateur/inscriptions/${BIG}`, owner, { intent: "bibs", debut: "11" });
    expect(res.status).toBe(302);
    const loc = res.headers.get("location")!;
    expect(loc).toMatch(/ok=dossards&n=\d+$/);
    const rows = (
      await env.DB.prepare("SELECT id, dossard, statut FROM inscriptions WHERE format_id = ? ORDER BY created_at, id")
        .bind(BIG)
        .all<{ id: string; dossard: number | null; statut: string }>()
    ).results;
    const byId = Object.fromEntries(rows.map((r) => [r.id, r.dossard]));
    expect(byId["big-013"]).toBe(11);
    expect(byId["big-014"]).toBe(13);
    expect(byId["big-016"]).toBe(14);
    expect(byId["big-015"]).toBeNull(); // pending
    expect(byId["big-020"]).toBeNull(); // refused
    const bibs = rows.map((r) => r.dossard).filter((d): d is number => d != null);
    expect(new Set(bibs).size).toBe(bibs.length);
    expect(rows.filter((r) => r.statut === "validee" && r.dossard == null)).toEqual([]);
    const again = await post(`/organisateur/inscriptions/${BIG}`, owner, { intent: "bibs", debut: "1" });
    expect(again.headers.get("location")).toMatch(/ok=dossards&n=0$/);
    const bad = await post(`/organisateur/inscriptions/${BIG}`, owner, { intent: "bibs", debut: "0" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Le premier numéro doit être un entier entre 1 et 999999.");
  });
});

describe("CSV export", () => {
  it("streams the exact bytes: BOM, semicolons, CRLF, escaping, formula injection, French values", async () => {
    const res = await get(`/organisateur/inscriptions/${CSVF}/export.csv`, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="inscriptions-trail-special-12-km.csv"; filename*=UTF-8''inscriptions-trail-special-12-km.csv`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(
      "\uFEFFnom;prenom;genre;date_naissance;nationalite;email;telephone;adresse;code_postal;ville;pays;club;dossard;nombre_repas;statut;created_at;code_promo;remise_euros\r\n" +
        'Durand;Émilie;Femme;04/05/1990;;e@x.fr;;;;;France;"Club; des ""Amis""";7;2;validé;01/03/2026 10:00;;\r\n' +
        '"\'=HYPERLINK(""http://evil"")";+33;Femme;04/05/1990;;;;;;;France;\'-5;;2;en attente;01/03/2026 10:00;;\r\n' +
        '\'@Martin;"Line\nBreak";Femme;04/05/1990;;m@x.fr;;;;;France;;12;2;annulé;03/03/2026 00:30;;\r\n',
    );
  });

  it("writes only the chosen columns, in canonical order, ignoring unknown ones", async () => {
    const res = await get(`/organisateur/inscriptions/${CSVF}/export.csv?col=dossard&col=nom&col=password_hash`, owner);
    expect(await res.text()).toBe(
      '\uFEFFnom;dossard\r\nDurand;7\r\n"\'=HYPERLINK(""http://evil"")";\r\n\'@Martin;12\r\n',
    );
  });

  it("exports every registrant across keyset batches (more than one batch of 500)", async () => {
    const stmts = [];
    for (let n = 0; n < 620; n++) {
      stmts.push(
        env.DB.prepare(
          `INSERT INTO inscriptions (id, course_id, format_id, statut, paiement_trace_id, nom, created_at) SELECT ?, course_id, id, 'validee', ?, ?, ? FROM formats WHERE id = ?`,
        ).bind(`many-${n}`, `trace-many-${n}`, `M${n}`, "2026-05-01T00:00:00.000Z", CSVF),
      ); // same created_at: the id breaks ties
    }
    for (let i = 0; i < stmts.length; i += 100) await env.DB.batch(stmts.slice(i, i + 100));
    const lines = (await (await get(`/organisateur/inscriptions/${CSVF}/export.csv?col=nom`, owner)).text()).split(
      "\r\n",
    );
    expect(lines.length).toBe(1 + 3 + 620 + 1); // header, 3 rows, 620 rows, trailing empty
    const ms = lines.filter((l) => l.startsWith("M"));
    expect(new Set(ms).size).toBe(620);
  });
});

describe("runner details", () => {
  it("shows every field, saves one field per form, and keeps created_at read-only", async () => {
    const [a] = await kidsRows();
    const page = await (await get(`/details-coureur/${a.id}`, owner)).text();
    expect(page).toContain("Retour aux inscriptions");
    expect(page).toContain("Apparaître dans les résultats publics.");
    expect(page).toContain("Récupérer reçu");
    const res = await post(`/details-coureur/${a.id}`, owner, { field: "ville", value: "Rennes" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/details-coureur/${a.id}?ok=ville#f-ville`);
    const off = await post(`/details-coureur/${a.id}`, owner, { field: "apparaitre_resultats", value: "false" });
    expect(off.status).toBe(302);
    expect(await first("SELECT ville, apparaitre_resultats FROM inscriptions WHERE id = ?", a.id)).toEqual({
      ville: "Rennes",
      apparaitre_resultats: 0,
    });
    await post(`/details-coureur/${a.id}`, owner, { field: "apparaitre_resultats", value: ["false", "true"] });
    expect(
      (await first<{ v: number }>("SELECT apparaitre_resultats AS v FROM inscriptions WHERE id = ?", a.id))!.v,
    ).toBe(1);
    const ro = await post(`/details-coureur/${a.id}`, owner, { field: "created_at", value: "2000-01-01" });
    expect(ro.status).toBe(400);
    const bad = await post(`/details-coureur/${a.id}`, owner, { field: "email", value: "nope" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Email invalide.");
  });

  it("a paid registration: 'Voir le reçu' opens the receipt in a new tab; other organisers get 404", async () => {
    const paid = await first<{ id: string; organisateur_id: string }>(
      `SELECT i.id, c.organisateur_id FROM paiements p JOIN inscriptions i ON i.id = p.inscription_id JOIN courses c ON c.id = i.course_id
       WHERE p.status = 'succeeded' AND p.charge_id IS NOT NULL LIMIT 1`,
    );
    expect(paid).not.toBeNull();
    const mine = paid!.organisateur_id === DEMO_USERS.organisateur.id ? owner : other;
    const notMine = mine === owner ? other : owner;
    const html = await (await get(`/details-coureur/${paid!.id}?recu=1`, mine)).text();
    expect(html).toMatch(
      /<a href="[^"]*\/dev\/receipt\/ch_[^"]+" target="_blank" rel="noopener noreferrer" class="btn btn-primary">Voir le reçu<\/a>/,
    );
    expect((await get(`/details-coureur/${paid!.id}?recu=1`, notMine)).status).toBe(404);
  });

  it("receipt errors: no trace id, and no payment for a runner added by hand", async () => {
    const [a, b] = await kidsRows();
    const none = await (await get(`/details-coureur/${a.id}?recu=1`, owner)).text();
    expect(none).toContain("Aucun reçu trouvé.");
    expect(none).not.toContain("Voir le reçu");
    await env.DB.prepare("UPDATE inscriptions SET paiement_trace_id = '' WHERE id = ?").bind(b.id).run();
    expect(await (await get(`/details-coureur/${b.id}?recu=1`, owner)).text()).toContain(
      "Aucun paiement_trace_id disponible pour cette inscription.",
    );
  });
});
