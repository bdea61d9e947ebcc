// The bib pick-up desk's fixtures for the workerd tests (decision 0216): a new event of the demo organiser with one
// format and registrations in given statuses, a phone's sync, the stored pick-ups and the event's journal rows.
import { env, SELF } from "cloudflare:test";
import { ORG1, rows } from "./organiser-helpers";

/** A new event of the demo organiser with one trail format and registrations in the given statuses. */
export async function desk(statuses: string[], extra: Record<string, string | null> = {}) {
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  const ids = statuses.map(() => crypto.randomUUID());
  const cols = Object.keys(extra);
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, 'Trail du Retrait', 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, ORG1.id, `retrait-${courseId}`),
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, nb_max_coureurs, type_epreuve) VALUES (?, ?, '21 km', '2027-10-10', '08:30', 2000, 50, 'trail')",
    ).bind(formatId, courseId),
    ...statuses.map((statut, k) =>
      env.DB.prepare(
        `INSERT INTO inscriptions (id, course_id, format_id, statut, paiement_trace_id, nom, prenom, dossard, nombre_repas${cols.map((c) => `, ${c}`).join("")})
         VALUES (?, ?, ?, ?, ?, ?, 'Léa', ?, 1${cols.map(() => ", ?").join("")})`,
      ).bind(ids[k], courseId, formatId, statut, `trace-${ids[k]}`, `Coureur${k}`, 100 + k, ...Object.values(extra)),
    ),
  ]);
  return { courseId, formatId, ids };
}

export function sync(formatId: string, body: unknown, cookie: string) {
  return SELF.fetch(`http://localhost/organisateur/retrait/${formatId}/synchroniser`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { origin: "http://localhost", host: "localhost", "content-type": "application/json", cookie },
    redirect: "manual",
  });
}

export const checkIns = (formatId: string) =>
  rows<{ inscription_id: string; retire_le: string; par_utilisateur_id: string; appareil: string | null }>(
    "SELECT inscription_id, retire_le, par_utilisateur_id, appareil FROM retraits_dossards WHERE format_id = ? ORDER BY inscription_id",
    formatId,
  );

export const journal = (courseId: string, action: string) =>
  rows<{ objet: string; acteur_id: string }>(
    "SELECT objet, acteur_id FROM journal_actions WHERE course_id = ? AND action = ? ORDER BY id",
    courseId,
    action,
  );
