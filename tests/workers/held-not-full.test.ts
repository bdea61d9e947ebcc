// Issue 42: 'Complet' is written only when every place is held for good. A format whose last places are held by
// checkouts in progress says 'N places en cours de paiement' (they come back if unpaid) on the event page (hero and
// formats table), the catalogue's card, the registration form and its refusal; once paid, it is 'Complet'.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDemoData } from "./helpers";
import { get, post, sessionCookie } from "./organiser-helpers";
import { enableOrganiserAccount, ORGANISER_ID, testContext } from "./payments-helpers";
import { registrationForm } from "./opening-helpers";

beforeAll(async () => {
  await loadDemoData();
  await enableOrganiserAccount(testContext());
});

async function fullEvent(name: string, statut: "en_attente" | "validee" = "en_attente") {
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  const runner = crypto.randomUUID();
  const inscriptionId = crypto.randomUUID();
  const soon = new Date(Date.now() + 20 * 60_000).toISOString();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')").bind(
      runner,
      `h-${runner}@balise.test`,
    ),
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, ?, 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, name, ORGANISER_ID, `tenue-${courseId.slice(0, 8)}`),
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, nb_max_coureurs, liste_attente_active) VALUES (?, ?, 'Boucle 15 km', '2027-09-12', '09:00', 2000, 1, 0)",
    ).bind(formatId, courseId),
    env.DB.prepare(
      "INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id, nom, prenom, hold_expires_at) VALUES (?, ?, ?, ?, ?, ?, 'Durand', 'Léa', ?)",
    ).bind(inscriptionId, courseId, formatId, runner, statut, crypto.randomUUID(), statut === "validee" ? null : soon),
  ]);
  return { courseId, formatId, inscriptionId };
}

describe("no 'Complet' while places are only held", () => {
  it("the event page, the card, the form and the refusal say the place is being paid; once paid, 'Complet'", async () => {
    const e = await fullEvent("Tenue des Aravis");
    const page = await (await get(`/courses/${e.courseId}?onglet=formats`)).text();
    expect(page).toContain("1 place en cours de paiement");
    expect(page).toContain("si un paiement n&#x27;aboutit pas, la place revient en vente");
    expect(page).not.toContain(">Complet<");
    const list = await (await get("/courses?q=Tenue%20des%20Aravis")).text();
    expect(list).toContain("Tenue des Aravis");
    expect(list).not.toContain(">Complet<");
    // The form: the format says why it cannot be chosen.
    const [me] = [crypto.randomUUID()];
    await env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')")
      .bind(me, `h-${me}@balise.test`)
      .run();
    const cookie = await sessionCookie(me);
    const form = await (await get(`/inscription/${e.courseId}?format=${e.formatId}`, cookie)).text();
    expect(form).toContain("Boucle 15 km<!-- --> (1 place en cours de paiement)");
    expect(form).not.toContain("(complet)");
    // Sent anyway (an old page): the refusal says the same.
    const fd = registrationForm(e.formatId, { email: "ines.roux@balise.test", numero_licence: "7654321" });
    const refused = await post(`/inscription/${e.courseId}`, fd, cookie);
    expect(refused.status).toBe(400);
    const body = await refused.text();
    expect(body).toContain("dont certaines par des paiements en cours");
    expect(body).not.toContain("est complet");
    // Paid: then it is 'Complet', everywhere.
    const p = await fullEvent("Tenue des Bauges", "validee");
    const paid = await (await get(`/courses/${p.courseId}?onglet=formats`)).text();
    expect(paid).toContain(">Complet<");
    expect(paid).not.toContain("en cours de paiement");
    const paidList = await (await get("/courses?q=Tenue%20des%20Bauges")).text();
    expect(paidList).toContain(">Complet<");
  });
});
