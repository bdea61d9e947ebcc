// Premium subscriptions' use cases (issue 47, decision 0224): the Premium page's reads, the checkout and the portal,
// the webhook's sync of a subscription (re-read from the provider, stored, then its e-mails), the renewal
// reminders of the cron, and the admin's totals. Premium is decided here, on the server, by `isPremium`.
import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { accountEmail } from "~/db/audit.server";
import {
  claimRenewalReminder,
  forgetCheckout,
  latestCheckoutOf,
  liveSubscriptions,
  rememberCheckout,
  stateOfRow,
  storeProviderState,
  type SubscriptionRow,
  subscriptionsDueForReminder,
  subscriptionsOfUser,
} from "~/db/subscriptions.server";
import * as paths from "~/domain/paths";
import {
  annualRecurringRevenueCents,
  effectsOfChange,
  isPremium,
  PREMIUM_PRICE_CENTS,
  PREMIUM_PRODUCT_NAME,
  RENEWAL_REMINDER_DAYS,
  renewalReminderDue,
  type SubscriptionEffect,
  SubscriptionError,
  type SubscriptionView,
  subscriptionView,
} from "~/domain/subscription";
import {
  premiumCancelledEmail,
  premiumPaymentFailedEmail,
  premiumRenewalReminderEmail,
  premiumWelcomeEmail,
} from "~/emails/premium";
import { isPaymentProviderError } from "~/providers/payments";
import { requireUser } from "~/utils/auth.server";
import type { SessionUser } from "~/utils/session.server";

type Ctx = AppLoadContext;

/** The subscription that speaks for a runner: the one granting Premium, else the latest. */
function currentOf(rows: SubscriptionRow[], now: Date): SubscriptionRow | null {
  return rows.find((r) => isPremium(stateOfRow(r), now)) ?? rows[0] ?? null;
}

/** Whether a runner is Premium now (the tools ask this; a lapsed runner keeps their data). */
export async function runnerIsPremium(context: Ctx, userId: string): Promise<boolean> {
  const rows = await subscriptionsOfUser(context.db, userId);
  const now = context.clock.now();
  return rows.some((r) => isPremium(stateOfRow(r), now));
}

/**
 * The one gate of every Premium tool's loader and action: a visitor signs in first (and comes back); a runner who
 * is not Premium now (never subscribed, or lapsed: their data is kept, the tools hidden) is sent to /premium, which
 * says the tool is for subscribers.
 */
export async function requirePremium(request: Request, context: Ctx): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!(await runnerIsPremium(context, user.id)))
    throw redirect(paths.premium({ acces: "reserve" }), { headers: { "Cache-Control": "private, no-store" } });
  return user;
}

export interface PremiumPageData {
  signedIn: boolean;
  priceCents: number;
  view: SubscriptionView;
  /** A provider customer exists: the portal can be opened (also after the subscription ended). */
  canManage: boolean;
}

export async function premiumPage(context: Ctx, userId: string | null): Promise<PremiumPageData> {
  const base = { signedIn: userId !== null, priceCents: PREMIUM_PRICE_CENTS };
  if (!userId) return { ...base, view: { kind: "none" }, canManage: false };
  const now = context.clock.now();
  const current = currentOf(await subscriptionsOfUser(context.db, userId), now);
  return {
    ...base,
    view: subscriptionView(current ? stateOfRow(current) : null, now),
    canManage: current !== null && current.statut !== "canceled",
  };
}

function providerFailure(e: unknown): never {
  if (isPaymentProviderError(e)) throw new SubscriptionError("prestataire");
  throw e;
}

/**
 * 'Passer en Premium': the provider's checkout page in subscription mode. Refused to a runner already Premium. A
 * runner has at most one payable Premium checkout (never two subscriptions, decision 0224): their latest one is
 * offered again while it is open; paid but not yet synced, a new one is refused; ended, a new one replaces it.
 */
export async function startPremiumCheckout(
  context: Ctx,
  user: { id: string; email: string },
  attempt = 0,
): Promise<string> {
  const now = context.clock.now();
  const rows = await subscriptionsOfUser(context.db, user.id);
  if (rows.some((r) => isPremium(stateOfRow(r), now))) throw new SubscriptionError("deja_premium");
  const previous = await latestCheckoutOf(context.db, user.id);
  if (previous) {
    const info = await context.payments.retrieveCheckoutSession(previous).catch(providerFailure);
    if (info.status === "open" && info.url) return info.url;
    if (info.status === "complete") throw new SubscriptionError("paiement_en_cours");
  }
  const back = (query: Record<string, string>) => paths.absoluteUrl(context.env.APP_URL, paths.premium(query));
  // The key follows the ended checkout it replaces: requests racing after it open the same new one. A first
  // checkout's key changes every hour, so that a runner who subscribes again years later gets a new one.
  const after = previous ?? `premier:${Math.floor(now.getTime() / 3_600_000)}`;
  const session = await context.payments
    .createSubscriptionCheckout({
      userId: user.id,
      customerEmail: user.email,
      customerId: rows[0]?.provider_customer_id ?? null,
      amountCents: PREMIUM_PRICE_CENTS,
      productName: PREMIUM_PRODUCT_NAME,
      successUrl: back({ abonnement: "merci" }),
      cancelUrl: back({ abonnement: "annule" }),
      idempotencyKey: `premium-checkout:${user.id}:${after}`,
    })
    .catch(providerFailure);
  if (!(await rememberCheckout(context.db, user.id, previous, session.id, now))) {
    // Another request replaced the checkout meanwhile: offer the one it remembered, never a second one.
    if (attempt >= 2) throw new SubscriptionError("prestataire");
    return startPremiumCheckout(context, user, attempt + 1);
  }
  return session.url;
}

/** 'Gérer mon abonnement': the provider's customer portal (card, cancellation at period end). */
export async function openPremiumPortal(context: Ctx, userId: string): Promise<string> {
  const current = currentOf(await subscriptionsOfUser(context.db, userId), context.clock.now());
  if (!current || current.statut === "canceled") throw new SubscriptionError("aucun_abonnement");
  const portal = await context.payments
    .createPortalSession({
      customerId: current.provider_customer_id,
      returnUrl: paths.absoluteUrl(context.env.APP_URL, paths.premium()),
    })
    .catch(providerFailure);
  return portal.url;
}

/**
 * A subscription event (created, updated, deleted, an invoice paid or failed, a subscription checkout completed):
 * the subscription is re-read from the provider, stored, and its e-mails sent after, each once (its key).
 * False when the subscription names no runner of ours (not a Premium subscription).
 */
export async function syncSubscription(context: Ctx, subscriptionId: string): Promise<boolean> {
  const s = await context.payments.retrieveSubscription(subscriptionId);
  const userId = s.metadata.user_id;
  // Not ours, or an account erased since (its ended subscription's last events): nothing to store.
  if (!userId || !(await accountEmail(context.db, userId))) return false;
  const { before, after } = await storeProviderState(
    context.db,
    {
      providerSubscriptionId: s.id,
      providerCustomerId: s.customerId,
      userId,
      status: s.status,
      amountCents: s.amountCents,
      currentPeriodEnd: s.currentPeriodEnd.toISOString(),
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    },
    context.clock.now(),
  );
  const effects = effectsOfChange(before ? stateOfRow(before) : null, stateOfRow(after));
  // Premium now: the checkout that led here is done with (a lapsed runner's next checkout is a new one).
  if (isPremium(stateOfRow(after), context.clock.now())) await forgetCheckout(context.db, userId);
  for (const effect of effects) await sendEffect(context, after, effect);
  return true;
}

async function sendEffect(context: Ctx, row: SubscriptionRow, effect: SubscriptionEffect): Promise<void> {
  const to = await accountEmail(context.db, row.user_id);
  if (!to) return;
  const input = {
    url: paths.absoluteUrl(context.env.APP_URL, paths.premium()),
    amountCents: row.montant_cents,
    periodEnd: row.current_period_end,
  };
  const sub = row.provider_subscription_id;
  const mail =
    effect === "welcome"
      ? { ...premiumWelcomeEmail(input), kind: "premium_welcome", dedupeKey: `premium:bienvenue:${sub}` }
      : effect === "payment_failed"
        ? {
            ...premiumPaymentFailedEmail(input),
            kind: "premium_payment_failed",
            dedupeKey: `premium:echec:${sub}:${row.current_period_end}`,
          }
        : {
            ...premiumCancelledEmail({ ...input, endsNow: row.statut === "canceled" }),
            kind: "premium_cancelled",
            dedupeKey: `premium:resiliation:${sub}`,
          };
  await context.mailer.send({ to, ...mail });
}

/** The cron: the reminder before a tacit renewal, 7 days ahead, once per period (claimed, then sent). */
export async function sendRenewalReminders(context: Ctx, limit = 100): Promise<number> {
  const now = context.clock.now();
  const windowEnd = new Date(now.getTime() + RENEWAL_REMINDER_DAYS * 24 * 3600 * 1000);
  const due = await subscriptionsDueForReminder(context.db, now, windowEnd, limit);
  let sent = 0;
  for (const { row, email } of due) {
    const state = { ...stateOfRow(row), reminderSentFor: row.rappel_envoye_pour };
    if (!renewalReminderDue(state, now)) continue;
    if (!(await claimRenewalReminder(context.db, row.id, row.current_period_end, now))) continue;
    const mail = premiumRenewalReminderEmail({
      url: paths.absoluteUrl(context.env.APP_URL, paths.premium()),
      amountCents: row.montant_cents,
      periodEnd: row.current_period_end,
    });
    const key = `premium:rappel:${row.provider_subscription_id}:${row.current_period_end}`;
    if (await context.mailer.send({ to: email, ...mail, kind: "premium_renewal_reminder", dedupeKey: key })) sent++;
  }
  return sent;
}

/** The admin dashboard: runners Premium now, and the yearly revenue of the subscriptions that will renew. */
export async function premiumTotals(context: Ctx): Promise<{ subscribers: number; annualRecurringCents: number }> {
  const now = context.clock.now();
  const live = (await liveSubscriptions(context.db)).filter((r) => isPremium(stateOfRow(r), now));
  return {
    subscribers: new Set(live.map((r) => r.user_id)).size,
    annualRecurringCents: annualRecurringRevenueCents(
      live.map((r) => ({ amountCents: r.montant_cents, renews: !r.cancel_at_period_end })),
    ),
  };
}
