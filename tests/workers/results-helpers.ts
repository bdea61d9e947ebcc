// The results tests' fixture (issue 44, docs/decisions/0217): an online event of ORG1 with one format and four
// registrations (bibs 101–104: bib 103 belongs to a runner account, bib 104's registration chose not to appear), a
// CSV upload, the format's results state, and an import published through the organiser's page.
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { loadDemoData } from "./helpers";
import { ORG1, post, sessionCookie } from "./organiser-helpers";

/** Loads the demo data and returns ORG1's session cookie (the organiser of every resultsEvent). */
export async function resultsSetUp(): Promise<string> {
  await loadDemoData();
  return sessionCookie(ORG1.id);
}

export async function resultsEvent() {
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  const runner = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, 'Trail des Résultats', 'Millau', 'Aveyron', '12100', ?, 1, ?)",
    ).bind(courseId, ORG1.id, `resultats-${courseId}`),
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, nb_max_coureurs) VALUES (?, ?, '24 km', '2026-10-10', '08:30', 2000, 500)",
    ).bind(formatId, courseId),
    env.DB.prepare("INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (?, ?, 'x', ?)").bind(
      runner,
      `discret-${runner.slice(0, 8)}@example.test`,
      new Date().toISOString(),
    ),
  ]);
  const people: [string, string, string, number, string | null, number][] = [
    ["Martin", "Léa", "ASPTT Millau", 101, null, 1],
    ["Dupont", "Hugo", "Trail Club Causses", 102, null, 1],
    ["Discret", "Zoé", "Club Secret", 103, runner, 1],
    ["Caché", "Paul", "Club Caché", 104, null, 0],
  ];
  const ids: string[] = [];
  for (const [nom, prenom, club, dossard, coureur, appear] of people) {
    const id = crypto.randomUUID();
    ids.push(id);
    await env.DB.prepare(
      `INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id, nom, prenom, club, dossard, apparaitre_resultats)
       VALUES (?, ?, ?, ?, 'validee', ?, ?, ?, ?, ?, ?)`,
    )
      .bind(id, courseId, formatId, coureur, `trace-${id}`, nom, prenom, club, dossard, appear)
      .run();
  }
  return { courseId, formatId, runner, ids };
}

export function csvUpload(text: string, name = "resultats.csv"): FormData {
  const fd = new FormData();
  fd.append("intent", "importer");
  fd.append("fichier", new File([text], name, { type: "text/csv" }));
  return fd;
}

export const state = (formatId: string) =>
  env.DB.prepare(
    "SELECT brouillon, brouillon_version, publie_at, lignes_publiees FROM resultats_formats WHERE format_id = ?",
  )
    .bind(formatId)
    .first<{
      brouillon: string | null;
      brouillon_version: number;
      publie_at: string | null;
      lignes_publiees: number;
    }>();

/** Uploads `text` and publishes it as the organiser whose session is `cookie`. */
export async function importAndPublish(cookie: string, formatId: string, text: string) {
  expect((await post(`/organisateur/resultats/${formatId}`, csvUpload(text), cookie)).status).toBe(302);
  const s = await state(formatId);
  const res = await post(
    `/organisateur/resultats/${formatId}`,
    { intent: "publier", version: String(s?.brouillon_version) },
    cookie,
  );
  expect(res.status).toBe(302);
}
