// A fresh event of the demo organiser with a paid registration, its payment's ledger, and the books' check: shared by
// the money tests (admin screens, J+1 payout, advances).
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { DEMO_USERS } from "../../app/db/demo-data";
import { isLocalPaymentProvider } from "../../app/providers/payments-local.server";
import { createCheckoutForInscription } from "../../app/services/checkout.server";
import { enableOrganiserAccount, ORGANISER_ID, paiementOf, testContext, type LedgerRow } from "./payments-helpers";

const RUNNER = DEMO_USERS.coureur.id;

let seq = 0;
/**
 * A paid registration of `price` cents on a fresh event of the demo organiser with one format on `date`, or on the
 * event and format `opts.on` names (a second payment of the same event).
 */
export async function paidOn(
  date: string,
  price = 4200,
  opts: { nom?: string; email?: string; on?: { courseId: string; formatId: string }; runnerId?: string } = {},
) {
  seq += 1;
  const context = testContext();
  await enableOrganiserAccount(context);
  const courseId = opts.on?.courseId ?? crypto.randomUUID();
  const formatId = opts.on?.formatId ?? crypto.randomUUID();
  const inscriptionId = crypto.randomUUID();
  const event = opts.on
    ? []
    : [
        env.DB.prepare(
          "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, ?, 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
        ).bind(courseId, `Course argent ${seq}`, ORGANISER_ID, `course-argent-${seq}-${courseId.slice(0, 8)}`),
        env.DB.prepare(
          "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents) VALUES (?, ?, ?, ?, '09:00', ?)",
        ).bind(formatId, courseId, `Format argent ${seq}`, date, price),
      ];
  await env.DB.batch([
    ...event,
    env.DB.prepare(
      `INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id, nom, prenom, email, prix_total_coureur_cents, hold_expires_at)
       VALUES (?, ?, ?, ?, 'en_attente', ?, ?, 'Camille', ?, ?, ?)`,
    ).bind(
      inscriptionId,
      courseId,
      formatId,
      opts.runnerId ?? RUNNER,
      `trace-${inscriptionId}`,
      opts.nom ?? "Bernard",
      opts.email ?? "coureur@balise.test",
      price,
      new Date(Date.now() + 30 * 60_000).toISOString(),
    ),
  ]);
  const { url } = await createCheckoutForInscription(context, inscriptionId);
  if (!isLocalPaymentProvider(context.payments)) throw new Error("local provider expected");
  await context.payments.paySession(url.split("/").pop()!);
  const p = (await paiementOf(inscriptionId))!;
  return { context, courseId, formatId, inscriptionId, paiementId: p.id };
}

export async function ledger(paiementId: string): Promise<LedgerRow> {
  return (await env.DB.prepare("SELECT * FROM paiements WHERE id = ?").bind(paiementId).first<LedgerRow>())!;
}

export function balanced(p: LedgerRow) {
  expect(p.amount_total_cents).toBe(
    p.refunded_cents + p.fee_total_cents + p.platform_fee_cents + p.transferred_total_cents + p.net_remaining_cents,
  );
}
