// Issue 40, item 8: meals are not added to a paid registration without payment. Editing the number is refused; meals
// the runner pays on site are added explicitly ('Repas payés sur place'), recorded, within the format's stock, and
// the amount paid online is left as it was. docs/decisions/0185-meals-paid-on-site.md
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { MEALS_CHANGE_MSG } from "../../app/domain/meals-change";
import { addRegistrantMealsPaidOnSite } from "../../app/services/meals-on-site.server";
import { saveCell, saveRow } from "../../app/services/registrants.server";
import { loadDemoData } from "./helpers";
import { get, post, sessionCookie } from "./organiser-helpers";
import { account, enableOrganiserAccount, ORGANISER_ID, paidRegistration, testContext } from "./payments-helpers";

const ORGANISER = { id: ORGANISER_ID, isAdmin: false };

/** A format of 4 meals at 12,00 €, and a registration paid online with 1 meal (5 400 in all). */
async function paidWithOneMeal(stock = 4) {
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, 'Repas', 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, ORGANISER_ID, `repas-${courseId}`),
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, stock_repas, prix_repas_cents) VALUES (?, ?, 'Format repas', '2027-10-10', '08:30', 4200, ?, 1200)",
    ).bind(formatId, courseId, stock),
  ]);
  const id = await paidRegistration(courseId, formatId, await account("repas"));
  return { courseId, formatId, id };
}

const row = (id: string) =>
  env.DB.prepare("SELECT nombre_repas, prix_total_repas_cents, prix_total_coureur_cents FROM inscriptions WHERE id = ?")
    .bind(id)
    .first<{ nombre_repas: number; prix_total_repas_cents: number; prix_total_coureur_cents: number }>();
const onSite = async (id: string) =>
  (
    await env.DB.prepare("SELECT nombre, montant_cents, enregistre_par FROM repas_sur_place WHERE inscription_id = ?")
      .bind(id)
      .all<{ nombre: number; montant_cents: number; enregistre_par: string }>()
  ).results;

beforeAll(async () => {
  await loadDemoData();
  await enableOrganiserAccount(testContext());
});

describe("a paid registration's meals", () => {
  it("cannot be changed by editing the number (inline, row form), which leaves the amounts as paid", async () => {
    const r = await paidWithOneMeal();
    await expect(saveCell(testContext(), ORGANISER, r.formatId, r.id, "nombre_repas", "3")).rejects.toMatchObject({
      message: MEALS_CHANGE_MSG.paidLocked,
      field: "nombre_repas",
    });
    await expect(saveCell(testContext(), ORGANISER, r.formatId, r.id, "nombre_repas", "0")).rejects.toMatchObject({
      message: MEALS_CHANGE_MSG.paidLocked,
    });
    // The row form sends the unchanged count with the other cells: saved, the meals priced as they were paid.
    await env.DB.prepare("UPDATE formats SET prix_repas_cents = 1500 WHERE id = ?").bind(r.formatId).run();
    const saved = await saveRow(testContext(), ORGANISER, r.formatId, r.id, {
      nom: "Vendeur",
      prenom: "Paul",
      dossard: "12",
      email: "vendeur@balise.test",
      club: "",
      nombre_repas: "1",
      statut: "validee",
    });
    expect(saved).toEqual({ ok: true });
    expect(await row(r.id)).toEqual({ nombre_repas: 1, prix_total_repas_cents: 1200, prix_total_coureur_cents: 5400 });
  });

  it("meals paid on site are added, recorded and priced, from the page without JavaScript", async () => {
    const r = await paidWithOneMeal();
    const cookie = await sessionCookie(ORGANISER_ID);
    const page = await (await get(`/details-coureur/${r.id}`, cookie)).text();
    expect(page).toContain("Repas payés sur place");
    const missing = await post(`/details-coureur/${r.id}`, { intent: "repas_sur_place", nombre: "2" }, cookie);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Cochez la case pour confirmer que le coureur vous a réglé ces repas");
    const done = await post(`/details-coureur/${r.id}`, { intent: "repas_sur_place", nombre: "2", paye: "on" }, cookie);
    expect(done.status).toBe(302);
    expect(await row(r.id)).toEqual({ nombre_repas: 3, prix_total_repas_cents: 1200, prix_total_coureur_cents: 5400 });
    expect(await onSite(r.id)).toEqual([{ nombre: 2, montant_cents: 2400, enregistre_par: ORGANISER_ID }]);
    // In the event's journal, by the organiser, before → after.
    const logged = await env.DB.prepare(
      "SELECT acteur_id, changements FROM journal_actions WHERE action = 'repas.sur_place' AND objet LIKE ? ORDER BY id DESC LIMIT 1",
    )
      .bind("%Vendeur%")
      .first<{ acteur_id: string; changements: string }>();
    expect(logged?.acteur_id).toBe(ORGANISER_ID);
    expect(JSON.parse(logged!.changements)).toEqual([{ champ: "Repas payés sur place", avant: "1", apres: "3" }]);
    const shown = await (await get(`/details-coureur/${r.id}?ok=repas&n=2`, cookie)).text();
    expect(shown).toContain("2 repas ajoutés, payés sur place.");
    expect(shown).toContain("payés sur place : <strong>2</strong>");
    // Another organiser cannot.
    const other = await post(
      `/details-coureur/${r.id}`,
      { intent: "repas_sur_place", nombre: "1", paye: "on" },
      await sessionCookie("00000000-0000-4000-a000-000000000004"),
    );
    expect(other.status).toBe(404);
  });

  it("within the stock: 10 additions of one meal sent at once on 3 meals left add exactly 3", async () => {
    const r = await paidWithOneMeal(4);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        addRegistrantMealsPaidOnSite(testContext(), ORGANISER, r.id, { nombre: 1, paye: "on" }),
      ),
    );
    const added = results.filter((x) => x.status === "fulfilled").length;
    const records = await onSite(r.id);
    expect(records.reduce((n, x) => n + x.nombre, 0)).toBe(added);
    expect((await row(r.id))?.nombre_repas).toBe(1 + added);
    expect(added).toBeLessThanOrEqual(3);
    // Whatever raced, the stock ends full and never over.
    while ((await row(r.id))!.nombre_repas < 4)
      await addRegistrantMealsPaidOnSite(testContext(), ORGANISER, r.id, { nombre: 1, paye: "on" });
    await expect(
      addRegistrantMealsPaidOnSite(testContext(), ORGANISER, r.id, { nombre: 1, paye: "on" }),
    ).rejects.toMatchObject({ message: MEALS_CHANGE_MSG.stock(0) });
    expect((await row(r.id))?.nombre_repas).toBe(4);
  });

  it("the record is append-only", async () => {
    const r = await paidWithOneMeal();
    await addRegistrantMealsPaidOnSite(testContext(), ORGANISER, r.id, { nombre: 1, paye: "on" });
    await expect(
      env.DB.prepare("UPDATE repas_sur_place SET nombre = 9 WHERE inscription_id = ?").bind(r.id).run(),
    ).rejects.toThrow(/ajout seulement/);
    await expect(
      env.DB.prepare("DELETE FROM repas_sur_place WHERE inscription_id = ?").bind(r.id).run(),
    ).rejects.toThrow(/ajout seulement/);
  });
});
