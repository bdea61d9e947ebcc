// The organiser's payment account (Connect onboarding): start or resume onboarding, refresh the status,
// and the data of the block shown on /monprofilorganisateur (section id "compte-paiement").
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { profils_utilisateurs, users } from "~/db/schema";
import { isPaymentProviderError, PaymentProviderError } from "~/providers/payments";
import { syncAccount } from "./payments-webhook.server";
import * as paths from "~/domain/paths";

export interface PaymentAccountView {
  hasAccount: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  requirementsDue: string[];
}

export interface PaymentAccountBlockData {
  account: PaymentAccountView;
  provider: "stripe" | "local";
  /** ?onboarding=done|refresh on the way back from the provider. */
  onboarding: "done" | "refresh" | null;
  /** ?compte=actualise after a status refresh. */
  refreshed: boolean;
  error: string | null;
}

export const ONBOARDING_ERROR_PREFIX = "Erreur d'onboarding : ";
export const STATUS_ERROR_PREFIX = "Erreur de statut : ";

function parseDue(raw: string | null | undefined): string[] {
  if (!raw) return [];
  try {
    const v = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

export async function loadPaymentAccount(
  context: AppLoadContext,
  userId: string,
): Promise<PaymentAccountView & { accountId: string | null }> {
  const [p] = await context.db
    .select()
    .from(profils_utilisateurs)
    .where(eq(profils_utilisateurs.user_id, userId))
    .limit(1);
  return {
    accountId: p?.stripe_account_id ?? null,
    hasAccount: !!p?.stripe_account_id,
    chargesEnabled: !!p?.stripe_charges_enabled,
    payoutsEnabled: !!p?.stripe_payouts_enabled,
    detailsSubmitted: !!p?.stripe_details_submitted,
    requirementsDue: parseDue(p?.stripe_requirements_due),
  };
}

/** Publishing an event and taking payments need a payment account with charges enabled. */
export async function canTakePayments(context: AppLoadContext, userId: string): Promise<boolean> {
  return (await loadPaymentAccount(context, userId)).chargesEnabled;
}

/**
 * The block's data for a GET of /monprofilorganisateur. Back from onboarding (?onboarding=done) the status is
 * read live from the provider for display only; the stored flags follow `account.updated` or the refresh button.
 */
export async function loadPaymentAccountBlock(
  context: AppLoadContext,
  userId: string,
  url: URL,
): Promise<PaymentAccountBlockData> {
  const stored = await loadPaymentAccount(context, userId);
  const q = url.searchParams.get("onboarding");
  const onboarding = q === "done" || q === "refresh" ? q : null;
  const { accountId, ...account } = stored;
  let view: PaymentAccountView = account;
  let error: string | null = null;
  if (onboarding === "done" && accountId) {
    try {
      const live = await context.payments.retrieveAccount(accountId);
      view = {
        hasAccount: true,
        chargesEnabled: live.chargesEnabled,
        payoutsEnabled: live.payoutsEnabled,
        detailsSubmitted: live.detailsSubmitted,
        requirementsDue: live.requirementsDue,
      };
    } catch (e) {
      error = STATUS_ERROR_PREFIX + (e instanceof Error ? e.message : "erreur inconnue");
    }
  }
  return {
    account: view,
    provider: context.payments.kind,
    onboarding,
    refreshed: url.searchParams.get("compte") === "actualise",
    error,
  };
}

/** Creates the connected account when needed and returns the onboarding link to send the organiser to. */
export async function startOnboarding(context: AppLoadContext, user: { id: string; email: string }): Promise<string> {
  const current = await loadPaymentAccount(context, user.id);
  let accountId = current.accountId;
  if (!accountId) {
    const [u] = await context.db.select({ email: users.email }).from(users).where(eq(users.id, user.id)).limit(1);
    const created = await context.payments.createAccount({
      userId: user.id,
      email: u?.email ?? user.email,
      idempotencyKey: `account:${user.id}`,
    });
    accountId = created.accountId;
    const now = context.clock.now().toISOString();
    await context.db
      .insert(profils_utilisateurs)
      .values({ user_id: user.id, stripe_account_id: accountId, created_at: now, updated_at: now })
      .onConflictDoUpdate({
        target: profils_utilisateurs.user_id,
        set: { stripe_account_id: accountId, updated_at: now },
      });
  }
  const link = await context.payments.createAccountLink({
    accountId,
    returnUrl: paths.absoluteUrl(context.env.APP_URL, paths.organiserProfile({ onboarding: "done" })),
    refreshUrl: paths.absoluteUrl(context.env.APP_URL, paths.organiserProfile({ onboarding: "refresh" })),
  });
  return link.url;
}

/** Re-reads the account from the provider and stores its flags. */
export async function refreshAccountStatus(context: AppLoadContext, userId: string): Promise<PaymentAccountView> {
  const current = await loadPaymentAccount(context, userId);
  if (!current.accountId) throw new PaymentProviderError("aucun compte de paiement n'est encore créé.");
  await syncAccount(context, current.accountId);
  const { accountId: _ignored, ...view } = await loadPaymentAccount(context, userId);
  return view;
}

export function providerMessage(e: unknown): string {
  if (isPaymentProviderError(e)) return e.message;
  console.error("payment account", e);
  return "erreur inattendue, réessayez dans un instant.";
}
