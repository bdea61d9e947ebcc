// Issue 42: one status vocabulary for the runner. An expired hold reads 'Réservation expirée' on its own page (not a
// green 'Active') with 'Payer maintenant'; a refused licence shows on the /mesinscriptions card with what to do.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDemoData } from "./helpers";
import { get, sessionCookie } from "./organiser-helpers";
import { ORGANISER_ID } from "./payments-helpers";

beforeAll(loadDemoData);

async function registration(statut: string, hold: string | null, more = "") {
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  const runner = crypto.randomUUID();
  const id = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')").bind(
      runner,
      `w-${runner}@balise.test`,
    ),
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, 'Mots justes', 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, ORGANISER_ID, `mots-${courseId.slice(0, 8)}`),
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, type_epreuve) VALUES (?, ?, 'Crête 25 km', '2027-09-12', '09:00', 2000, 'trail')",
    ).bind(formatId, courseId),
    env.DB.prepare(
      `INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id, nom, prenom, hold_expires_at, justificatif_type, numero_licence${more ? ", justificatif_decision, justificatif_motif" : ""}) VALUES (?, ?, ?, ?, ?, ?, 'Durand', 'Léa', ?, 'licence', '1234567'${more ? ", 'refuse', ?" : ""})`,
    ).bind(id, courseId, formatId, runner, statut, crypto.randomUUID(), hold, ...(more ? [more] : [])),
  ]);
  return { id, cookie: await sessionCookie(runner) };
}

describe("what a runner reads of their registration is true", () => {
  it("an expired hold reads 'Réservation expirée' on its own page, in the waiting-list words, with 'Payer maintenant'", async () => {
    const r = await registration("en_attente", new Date(Date.now() - 60_000).toISOString());
    const page = await (await get(`/mon-inscription/${r.id}`, r.cookie)).text();
    expect(page).toMatch(/data-testid="statut">Réservation expirée</);
    expect(page).not.toMatch(/data-testid="statut">Active</);
    expect(page).toContain("Payer maintenant");
    const list = await (await get("/mesinscriptions", r.cookie)).text();
    expect(list).toContain("Réservation expirée");
    expect(list).toContain("Payer maintenant");
  });

  it("a paid registration is 'Active' and offers no payment", async () => {
    const r = await registration("validee", null);
    const page = await (await get(`/mon-inscription/${r.id}`, r.cookie)).text();
    expect(page).toMatch(/data-testid="statut">Active</);
    expect(page).not.toContain("Payer maintenant");
  });

  it("a refused licence shows on the runner's card, with the reason and what to do", async () => {
    const r = await registration("validee", null, "illisible");
    const list = await (await get("/mesinscriptions", r.cookie)).text();
    expect(list).toContain("Justificatif refusé");
    expect(list).toContain("Envoyez un nouveau justificatif depuis votre inscription.");
  });
});
