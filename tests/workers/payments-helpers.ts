import { env, SELF } from "cloudflare:test";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { expect } from "vitest";
import { getLoadContext } from "../../load-context";
import { fixedClock, type Clock } from "../../app/providers/clock";
import { createLocalPaymentProvider, signWebhookPayload } from "../../app/providers/payments-local.server";
import { onCheckoutCompleted } from "../../app/services/payment-received.server";
import { createCheckoutForInscription } from "../../app/services/checkout.server";

export const ORGANISER_ID = "00000000-0000-4000-a000-000000000002";
export const RUNNER_ID = "00000000-0000-4000-a000-000000000003";
export const LOCAL_SECRET = "whsec_local_balise_dev_secret";

export function testContext(clock?: Clock): AppLoadContext {
  return getLoadContext({
    request: new Request("http://localhost/"),
    env: env as unknown as Env,
    ctx: { waitUntil: () => {} },
    nonce: "test",
    clock,
  });
}

/** The same local provider, but deaf: its events are not delivered (the test sends them itself). */
export function silentLocalProvider(context: AppLoadContext) {
  return createLocalPaymentProvider({ db: context.db, clock: context.clock, webhookSecret: LOCAL_SECRET });
}

/** Gives the demo organiser an enabled local payment account. */
export async function enableOrganiserAccount(context: AppLoadContext): Promise<string> {
  const existing = await env.DB.prepare("SELECT stripe_account_id FROM profils_utilisateurs WHERE user_id = ?")
    .bind(ORGANISER_ID)
    .first<{ stripe_account_id: string | null }>();
  if (existing?.stripe_account_id) return existing.stripe_account_id;
  const local = silentLocalProvider(context);
  const { accountId } = await local.createAccount({
    userId: ORGANISER_ID,
    email: "organisateur@balise.test",
    idempotencyKey: `account:${ORGANISER_ID}`,
  });
  const link = await local.createAccountLink({
    accountId,
    returnUrl: "http://localhost/r",
    refreshUrl: "http://localhost/f",
  });
  await local.completeOnboarding(link.url.split("/").pop()!);
  await env.DB.prepare(
    "UPDATE profils_utilisateurs SET stripe_account_id = ?, stripe_charges_enabled = 1, stripe_payouts_enabled = 1, stripe_details_submitted = 1 WHERE user_id = ?",
  )
    .bind(accountId, ORGANISER_ID)
    .run();
  return accountId;
}

/** A pending registration on a priced format of one of the demo organiser's events. */
export async function pendingInscription(priceCents = 4200): Promise<string> {
  const f = await env.DB.prepare(
    `SELECT f.id AS format_id, f.course_id AS course_id FROM formats f JOIN courses c ON c.id = f.course_id
     WHERE c.organisateur_id = ? AND c.en_ligne = 1 ORDER BY f.id LIMIT 1`,
  )
    .bind(ORGANISER_ID)
    .first<{ format_id: string; course_id: string }>();
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id, nom, prenom, email, prix_total_coureur_cents, hold_expires_at)
     VALUES (?, ?, ?, ?, 'en_attente', ?, 'Bernard', 'Camille', 'coureur@balise.test', ?, ?)`,
  )
    .bind(
      id,
      f!.course_id,
      f!.format_id,
      RUNNER_ID,
      `trace-${id}`,
      priceCents,
      new Date(Date.now() + 30 * 60_000).toISOString(),
    )
    .run();
  return id;
}

/** A runner's account with a fresh address (`prefix-…@balise.test`). */
export async function account(prefix: string) {
  const id = crypto.randomUUID();
  const email = `${prefix}-${id.slice(0, 8)}@balise.test`;
  await env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')").bind(id, email).run();
  return { id, email };
}

/**
 * A validated registration of `runner` on `formatId`, paid 54,00 € (the place and one meal) through the local
 * provider, with bib `bib` when given. The format's event must be online with the organiser's account enabled.
 */
export async function paidRegistration(
  courseId: string,
  formatId: string,
  runner: { id: string; email: string },
  bib: number | null = null,
) {
  const context = testContext();
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id, nom, prenom, email,
      nombre_repas, prix_total_repas_cents, prix_total_coureur_cents, hold_expires_at)
     VALUES (?, ?, ?, ?, 'en_attente', ?, 'Vendeur', 'Paul', ?, 1, 1200, 5400, ?)`,
  )
    .bind(
      id,
      courseId,
      formatId,
      runner.id,
      `trace-${id}`,
      runner.email,
      new Date(Date.now() + 30 * 60_000).toISOString(),
    )
    .run();
  const { url } = await createCheckoutForInscription(context, id);
  const sessionId = url.split("/").pop()!;
  await silentLocalProvider(context).paySession(sessionId);
  expect((await onCheckoutCompleted(context, sessionId)).state).toBe("validated");
  if (bib !== null) await env.DB.prepare("UPDATE inscriptions SET dossard = ? WHERE id = ?").bind(bib, id).run();
  return id;
}

export async function signedPost(
  payload: string,
  opts: { secret?: string; at?: Date; signature?: string | null } = {},
) {
  const t = Math.floor((opts.at ?? new Date()).getTime() / 1000);
  const sig =
    opts.signature === undefined ? await signWebhookPayload(payload, opts.secret ?? LOCAL_SECRET, t) : opts.signature;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (sig !== null) headers["stripe-signature"] = sig;
  return SELF.fetch("http://localhost/webhooks/stripe", { method: "POST", body: payload, headers });
}

export function eventPayload(
  type: string,
  object: Record<string, unknown>,
  id = `evt_test_${crypto.randomUUID()}`,
): string {
  return JSON.stringify({
    id,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
}

export interface LedgerRow {
  id: string;
  status: string;
  amount_total_cents: number;
  fee_total_cents: number;
  platform_fee_cents: number;
  transferred_total_cents: number;
  refunded_cents: number;
  net_remaining_cents: number;
  compensation_cents: number;
}

export async function paiementOf(inscriptionId: string): Promise<LedgerRow | null> {
  return env.DB.prepare("SELECT * FROM paiements WHERE inscription_id = ?").bind(inscriptionId).first<LedgerRow>();
}

export { fixedClock };
