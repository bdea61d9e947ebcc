// The bib transfer tests' shared steps (tests/workers/transfer*.test.ts): a format open to transfers, the link's token
// read from the invitation e-mail, the buyer's acceptance, the waiting list, the ledger balanced.
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { ledgerBalances, type Ledger } from "../../app/domain/money";
import { acceptTransfer } from "../../app/services/transfer-accept.server";
import { distinctPerson } from "./helpers";
import { ORGANISER_ID, testContext } from "./payments-helpers";

export const one = <T>(q: string, ...binds: unknown[]) =>
  env.DB.prepare(q)
    .bind(...binds)
    .first<T>();
export const all = async <T>(q: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(q)
      .bind(...binds)
      .all<T>()
  ).results;

let n = 0;
/** An event with one format open to transfers (fee 5,00 €, bib follows), a cap of `cap`. */
export async function transferFormat(cap = 3) {
  n += 1;
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, ?, 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, `Cession ${n}`, ORGANISER_ID, `cession-${n}-${courseId.slice(0, 8)}`),
    env.DB.prepare(
      `INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, stock_repas, prix_repas_cents, nb_max_coureurs,
        cession_active, cession_frais_cents, cession_cloture) VALUES (?, ?, ?, '2027-09-12', '08:30', 4200, 10, 1200, ?, 1, 500, '2027-09-01')`,
    ).bind(formatId, courseId, `Format cession ${n}`, cap),
  ]);
  return { courseId, formatId };
}

/** The link's token, read from the invitation e-mail (as the invited person would). */
export async function tokenFor(cessionId: string): Promise<string> {
  const mail = await one<{ text: string }>(
    "SELECT text FROM mail_outbox WHERE kind = 'cession_invitation' AND dedupe_key = ?",
    `cession-invitation:${cessionId}`,
  );
  const m = /\/cession\/[^?\s]+\?jeton=([A-Za-z0-9_%-]+)/.exec(mail!.text);
  return decodeURIComponent(m![1]);
}

export const personal = (p: { email: string }, nom = "Acheteuse") => ({
  nom,
  prenom: "Léa",
  genre: "Femme",
  ...distinctPerson(p.email),
  nationalite: "Française",
  email: p.email,
  telephone: null,
  adresse: null,
  adresse_complement: null,
  code_postal: null,
  ville: null,
  pays: "France",
  club: null,
  justificatif_type: "licence",
  pps_identifier: null,
  pps_expiration: null,
  contact_urgence_nom: null,
  contact_urgence_telephone: null,
  apparaitre_resultats: true,
});

export const inscription = (id: string) =>
  one<{ statut: string; cancel_reason: string | null; dossard: number | null; cession_id: string | null }>(
    "SELECT * FROM inscriptions WHERE id = ?",
    id,
  );

/** Every payment of the format balances to the cent. */
export async function expectBalanced(formatId: string) {
  const rows = await all<Ledger & { id: string }>("SELECT * FROM paiements WHERE format_id = ?", formatId);
  for (const r of rows) expect(ledgerBalances(r), r.id).toBe(true);
  return rows;
}

/** Accepts the offer as `buyer` and returns the session id of the checkout opened. */
export async function accept(cessionId: string, buyer: { id: string; email: string }, meals = 0) {
  const url = await acceptTransfer(testContext(), buyer, cessionId, await tokenFor(cessionId), {
    runner: personal(buyer),
    meals,
  });
  return url.split("/").pop()!;
}

export async function buyerOf(cessionId: string, buyerId: string) {
  return (await one<{ id: string }>(
    "SELECT id FROM inscriptions WHERE cession_id = ? AND coureur_id = ? ORDER BY created_at DESC",
    cessionId,
    buyerId,
  ))!.id;
}

/** `runners` waiting on the format's list, in this order. */
export async function waitingList(courseId: string, formatId: string, runners: { id: string; email: string }[]) {
  await env.DB.batch(
    runners.map((r) =>
      env.DB.prepare(
        // Ranks are global and unique: after every rank so far, in this order.
        "INSERT INTO liste_attente (id, rang, course_id, format_id, coureur_id, statut, email, donnees) VALUES (?, (SELECT coalesce(max(rang), 0) + 1 FROM liste_attente), ?, ?, ?, 'en_liste', ?, '{}')",
      ).bind(`la-${r.id}`, courseId, formatId, r.id, r.email),
    ),
  );
}
