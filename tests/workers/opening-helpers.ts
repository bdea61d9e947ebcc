// Shared by the opening queue's workers tests (issues 21, 42): an event with one format whose registrations open at
// `ouverture`, runner accounts (with a profile's identity when asked), and a registration form's fields.
import { env } from "cloudflare:test";
import { ORGANISER_ID } from "./payments-helpers";

export async function openingFormat(ouverture: string, cap = 100, tirage = 0) {
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, 'Ruée', 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, ORGANISER_ID, `ruee-${courseId.slice(0, 8)}`),
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, nb_max_coureurs, ouverture_inscriptions, tirage_minutes) VALUES (?, ?, 'Ultra 80 km', '2027-09-12', '05:00', 9000, ?, ?, ?)",
    ).bind(formatId, courseId, cap, ouverture, tirage),
  ]);
  return {
    courseId,
    formatId,
    format: { id: formatId, ouverture_inscriptions: ouverture, nb_max_coureurs: cap, tirage_minutes: tirage },
  };
}

/** `count` runner accounts; with `profile`, each gets a profile's last name, first name and birth date. */
export async function runners(count: number, profile?: (k: number) => [string, string, string]): Promise<string[]> {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await env.DB.batch(
    ids.flatMap((id, k) => [
      env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')").bind(id, `q-${id}@balise.test`),
      ...(profile
        ? [
            env.DB.prepare(
              "INSERT INTO profils_utilisateurs (user_id, nom, prenom, date_naissance) VALUES (?, ?, ?, ?)",
            ).bind(id, ...profile(k)),
          ]
        : []),
    ]),
  );
  return ids;
}

/** A registration form's fields ('payer'), for the format `formatId`, with `more` over the defaults. */
export function registrationForm(formatId: string, more: Record<string, string> = {}): FormData {
  const fd = new FormData();
  for (const [key, v] of Object.entries({
    format_id: formatId,
    nom: "Roux",
    prenom: "Inès",
    email: "ines@balise.test",
    date_naissance: "1990-03-04",
    justificatif_type: "licence",
    numero_licence: "1234567",
    nombre_repas: "0",
    intent: "payer",
    ...more,
  }))
    fd.append(key, v);
  return fd;
}
