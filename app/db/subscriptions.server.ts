// The Premium subscriptions' store (decision 0224): the only writer of `abonnements`
// (tests/unit/subscription-store.test.ts scans app/ for another). Each write is one statement: the upsert of the
// provider's state keyed by its subscription id (a replayed or concurrent event writes the same row), the claim of a
// period's renewal reminder (a conditional update). The rules (statuses, Premium, effects) are app/domain/subscription.ts.
import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import {
  nextPastDueSince,
  type SubscriptionState,
  type SubscriptionStatus,
  toSubscriptionStatus,
} from "~/domain/subscription";
import type { Db } from "./client.server";
import { abonnements, abonnements_checkouts, users } from "./schema";

export type SubscriptionRow = typeof abonnements.$inferSelect;

/**
 * The statements that delete account `userId`'s subscriptions, for the account erasure's batch (decision 0220),
 * whose guard has refused the erasure while one of them had not ended: the provider keeps the invoices.
 */
export function deleteAccountSubscriptionsStatements(userId: string) {
  return [
    sql`DELETE FROM abonnements_checkouts WHERE user_id = ${userId}`,
    sql`DELETE FROM abonnements WHERE user_id = ${userId}`,
  ];
}

/** The provider's state of one subscription, as the webhook re-read it. */
export interface ProviderSubscriptionState {
  providerSubscriptionId: string;
  providerCustomerId: string;
  userId: string;
  status: string;
  amountCents: number;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
}

export function stateOfRow(row: SubscriptionRow): SubscriptionState {
  return {
    status: toSubscriptionStatus(row.statut),
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    pastDueSince: row.past_due_since,
  };
}

export async function subscriptionByProviderId(db: Db, providerSubscriptionId: string) {
  const [row] = await db
    .select()
    .from(abonnements)
    .where(eq(abonnements.provider_subscription_id, providerSubscriptionId))
    .limit(1);
  return row ?? null;
}

/** A runner's subscriptions, the latest period first. */
export function subscriptionsOfUser(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(abonnements)
    .where(eq(abonnements.user_id, userId))
    .orderBy(desc(abonnements.current_period_end), desc(abonnements.created_at))
    .limit(20);
}

/**
 * Stores the provider's state of a subscription (insert or update on its provider id) and returns the row before
 * and after. `before` is what this call read: concurrent calls may both read none, so effects carry their own keys.
 */
export async function storeProviderState(
  db: Db,
  s: ProviderSubscriptionState,
  now: Date,
): Promise<{ before: SubscriptionRow | null; after: SubscriptionRow }> {
  const before = await subscriptionByProviderId(db, s.providerSubscriptionId);
  const status: SubscriptionStatus = toSubscriptionStatus(s.status);
  const pastDueSince = nextPastDueSince(before ? stateOfRow(before) : null, status, now);
  const at = now.toISOString();
  const endedAt = status === "canceled" ? (before?.ended_at ?? at) : null;
  const [after] = await db
    .insert(abonnements)
    .values({
      id: crypto.randomUUID(),
      user_id: s.userId,
      provider_customer_id: s.providerCustomerId,
      provider_subscription_id: s.providerSubscriptionId,
      statut: status,
      montant_cents: s.amountCents,
      current_period_end: s.currentPeriodEnd,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      past_due_since: pastDueSince,
      ended_at: endedAt,
      created_at: at,
      updated_at: at,
    })
    .onConflictDoUpdate({
      target: abonnements.provider_subscription_id,
      set: {
        statut: status,
        montant_cents: s.amountCents,
        current_period_end: s.currentPeriodEnd,
        cancel_at_period_end: s.cancelAtPeriodEnd,
        // Kept from the row as it is now (a concurrent write may have set it first).
        past_due_since:
          status === "past_due" ? sql`coalesce(${abonnements.past_due_since}, ${pastDueSince})` : sql`NULL`,
        ended_at: status === "canceled" ? sql`coalesce(${abonnements.ended_at}, ${at})` : sql`NULL`,
        updated_at: at,
      },
    })
    .returning();
  return { before, after };
}

/** Active subscriptions that renew within `days` of now and whose reminder for this period is not sent. */
export function subscriptionsDueForReminder(db: Db, now: Date, windowEnd: Date, limit: number) {
  return db
    .select({ row: abonnements, email: users.email })
    .from(abonnements)
    .innerJoin(users, eq(users.id, abonnements.user_id))
    .where(
      and(
        eq(abonnements.statut, "active"),
        eq(abonnements.cancel_at_period_end, false),
        gt(abonnements.current_period_end, now.toISOString()),
        lte(abonnements.current_period_end, windowEnd.toISOString()),
        or(isNull(abonnements.rappel_envoye_pour), ne(abonnements.rappel_envoye_pour, abonnements.current_period_end)),
      ),
    )
    .limit(limit);
}

/** Claims a period's renewal reminder: true for exactly one caller per period. */
export async function claimRenewalReminder(db: Db, id: string, periodEnd: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(abonnements)
    .set({ rappel_envoye_pour: periodEnd, updated_at: now.toISOString() })
    .where(
      and(
        eq(abonnements.id, id),
        eq(abonnements.current_period_end, periodEnd),
        or(isNull(abonnements.rappel_envoye_pour), ne(abonnements.rappel_envoye_pour, periodEnd)),
      ),
    )
    .returning({ id: abonnements.id });
  return rows.length === 1;
}

/** Subscriptions that may grant Premium (the rule itself, `isPremium`, is applied by the caller). */
export function liveSubscriptions(db: Db, limit = 10_000) {
  return db
    .select()
    .from(abonnements)
    .where(inArray(abonnements.statut, ["active", "trialing", "past_due"]))
    .limit(limit);
}

// ---------------------------------------------------------------- the runner's latest Premium checkout

/** The id of the runner's latest Premium checkout session, if one is remembered. */
export async function latestCheckoutOf(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .select({ id: abonnements_checkouts.checkout_session_id })
    .from(abonnements_checkouts)
    .where(eq(abonnements_checkouts.user_id, userId))
    .get();
  return row?.id ?? null;
}

/**
 * Remembers `sessionId` as the runner's latest checkout if the remembered one is still `previous` (a compare and
 * set: of two requests racing after the same expired checkout, both hold the same new session, by its idempotency
 * key). True when stored.
 */
export async function rememberCheckout(
  db: Db,
  userId: string,
  previous: string | null,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const rows =
    previous === null
      ? await db
          .insert(abonnements_checkouts)
          .values({ user_id: userId, checkout_session_id: sessionId, created_at: at })
          .onConflictDoNothing()
          .returning({ id: abonnements_checkouts.user_id })
      : await db
          .update(abonnements_checkouts)
          .set({ checkout_session_id: sessionId, created_at: at })
          .where(
            and(eq(abonnements_checkouts.user_id, userId), eq(abonnements_checkouts.checkout_session_id, previous)),
          )
          .returning({ id: abonnements_checkouts.user_id });
  return rows.length === 1;
}

/** Forgets the runner's latest checkout (a subscription has made them Premium). */
export async function forgetCheckout(db: Db, userId: string): Promise<void> {
  await db.delete(abonnements_checkouts).where(eq(abonnements_checkouts.user_id, userId));
}
