// Issue 42: sold-out meals are shown as such on the registration form (the field disabled, why, and no meal sent),
// instead of being typed and priced, then refused when sent.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDemoData } from "./helpers";
import { get, sessionCookie } from "./organiser-helpers";
import { enableOrganiserAccount, ORGANISER_ID, testContext } from "./payments-helpers";

beforeAll(async () => {
  await loadDemoData();
  await enableOrganiserAccount(testContext());
});

async function formatWithMeals(stock: number, taken: number) {
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  const runner = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')").bind(
      runner,
      `m-${runner}@balise.test`,
    ),
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, 'Repas comptés', 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, ORGANISER_ID, `repas-${courseId.slice(0, 8)}`),
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, stock_repas, prix_repas_cents, nb_max_coureurs, type_epreuve) VALUES (?, ?, 'Balade 8 km', '2027-09-12', '09:00', 1000, ?, 1200, 100, 'rando')",
    ).bind(formatId, courseId, stock),
    ...(taken > 0
      ? [
          env.DB.prepare(
            "INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id, nom, prenom, nombre_repas) VALUES (?, ?, ?, ?, 'validee', ?, 'Durand', 'Léa', ?)",
          ).bind(crypto.randomUUID(), courseId, formatId, runner, crypto.randomUUID(), taken),
        ]
      : []),
  ]);
  const me = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')")
    .bind(me, `m-${me}@balise.test`)
    .run();
  return { courseId, formatId, cookie: await sessionCookie(me) };
}

describe("sold-out meals on the registration form", () => {
  it("the meals field is disabled, says why, and the form sends 0 meals", async () => {
    const f = await formatWithMeals(2, 2);
    const html = await (await get(`/inscription/${f.courseId}?format=${f.formatId}`, f.cookie)).text();
    expect(html).toMatch(/<input id="f-nombre_repas"[^>]* disabled=""/);
    expect(html).toContain("Les repas de ce format sont épuisés : vous pouvez vous inscrire sans repas.");
    expect(html).toContain('<input type="hidden" name="nombre_repas" value="0"/>');
  });

  it("with meals left, the field takes no more than what is left", async () => {
    const f = await formatWithMeals(5, 3);
    const html = await (await get(`/inscription/${f.courseId}?format=${f.formatId}`, f.cookie)).text();
    expect(html).toMatch(/<input id="f-nombre_repas"[^>]* max="2"/);
    expect(html).not.toMatch(/<input id="f-nombre_repas"[^>]* disabled=""/);
    expect(html).toContain("Il reste 2 repas sur 5.");
  });
});
