// The Premium subscription's rules (issue 47, decision 0224): its price, its statuses (the provider's codes, our
// French labels and badge tones), what a change of the provider's state means (the e-mails it calls for), and the
// one rule of who is Premium: `isPremium(sub, now)`. Pure: no I/O, no clock (pass `now`).
import { DomainError } from "./errors";
import { isOneOf } from "./labels";

/** 49 € a year, VAT included (the price shown is the price paid). */
export const PREMIUM_PRICE_CENTS = 4900;
export const PREMIUM_PRODUCT_NAME = "Balise Premium (abonnement annuel)";
/** A renewal that failed keeps Premium this many days while the provider retries the card. */
export const PAST_DUE_GRACE_DAYS = 7;
/** The reminder before a tacit renewal (French consumer law, L215-1) is sent this many days before the period ends. */
export const RENEWAL_REMINDER_DAYS = 7;

const DAY_MS = 24 * 3600 * 1000;

/** The provider's subscription statuses (Stripe's codes; the local provider uses the same). */
export const SUBSCRIPTION_STATUSES = [
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "unpaid",
  "canceled",
  "paused",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** The statuses after which the provider neither renews nor charges the subscription again. */
export const SUBSCRIPTION_ENDED_STATUSES: readonly SubscriptionStatus[] = ["canceled", "incomplete_expired"];

export type Tone = "success" | "warning" | "danger" | "neutral";

const STATUS_INFO: Record<SubscriptionStatus, { label: string; tone: Tone }> = {
  incomplete: { label: "En attente du premier paiement", tone: "neutral" },
  incomplete_expired: { label: "Premier paiement non abouti", tone: "neutral" },
  trialing: { label: "Actif (essai)", tone: "success" },
  active: { label: "Actif", tone: "success" },
  past_due: { label: "Paiement en retard", tone: "warning" },
  unpaid: { label: "Impayé", tone: "danger" },
  canceled: { label: "Résilié", tone: "neutral" },
  paused: { label: "En pause", tone: "neutral" },
};

export function isSubscriptionStatus(s: string): s is SubscriptionStatus {
  return isOneOf(SUBSCRIPTION_STATUSES, s);
}

/** An unknown code from the provider reads as `incomplete` (grants nothing). */
export function toSubscriptionStatus(s: string | null | undefined): SubscriptionStatus {
  return s && isSubscriptionStatus(s) ? s : "incomplete";
}

/** What the rules need of a subscription row (dates ISO-8601 UTC). */
export interface SubscriptionState {
  status: SubscriptionStatus;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  /** When the subscription became past_due (set by the store on entering past_due, cleared on leaving it). */
  pastDueSince: string | null;
}

/**
 * The one rule of Premium. Active (or trialing): until the end of the paid period, a cancellation at period end
 * included. Past due: for PAST_DUE_GRACE_DAYS after the renewal failed. Anything else: not Premium (the runner's
 * data stays; the tools are hidden).
 */
export function isPremium(sub: SubscriptionState | null | undefined, now: Date): boolean {
  if (!sub) return false;
  const t = now.getTime();
  switch (sub.status) {
    case "active":
    case "trialing":
      return t < Date.parse(sub.currentPeriodEnd);
    case "past_due": {
      const since = Date.parse(sub.pastDueSince ?? sub.currentPeriodEnd);
      return Number.isFinite(since) && t < since + PAST_DUE_GRACE_DAYS * DAY_MS;
    }
    default:
      return false;
  }
}

/** When Premium ends if nothing changes (the period's end; for a past-due one, the end of its grace). */
export function premiumUntil(sub: SubscriptionState, now: Date): string | null {
  if (!isPremium(sub, now)) return null;
  if (sub.status === "past_due") {
    const since = Date.parse(sub.pastDueSince ?? sub.currentPeriodEnd);
    return new Date(since + PAST_DUE_GRACE_DAYS * DAY_MS).toISOString();
  }
  return sub.currentPeriodEnd;
}

export type SubscriptionView =
  | { kind: "none" }
  | { kind: "premium"; label: string; tone: Tone; until: string; renews: boolean }
  | { kind: "lapsed"; label: string; tone: Tone };

/** What the Premium page says of a runner's subscription. `renews`: the period's end is a renewal date. */
export function subscriptionView(sub: SubscriptionState | null, now: Date): SubscriptionView {
  if (!sub) return { kind: "none" };
  const until = premiumUntil(sub, now);
  if (until === null) return { kind: "lapsed", label: subscriptionStatusLabel(sub, now), tone: "neutral" };
  const { tone } = STATUS_INFO[sub.status];
  return {
    kind: "premium",
    label: subscriptionStatusLabel(sub, now),
    tone: sub.cancelAtPeriodEnd ? "warning" : tone,
    until,
    renews: !sub.cancelAtPeriodEnd && sub.status !== "past_due",
  };
}

/** The French label of a subscription's state, as the runner and the admin read it. */
export function subscriptionStatusLabel(sub: SubscriptionState, now: Date): string {
  if (sub.status === "active" && sub.cancelAtPeriodEnd) {
    return isPremium(sub, now) ? "Résilié, actif jusqu'à la fin de la période" : "Terminé";
  }
  if ((sub.status === "active" || sub.status === "trialing") && !isPremium(sub, now)) return "Terminé";
  return STATUS_INFO[sub.status].label;
}

/** The e-mails a change of the subscription calls for (run by the use case after the change is stored). */
export type SubscriptionEffect = "welcome" | "payment_failed" | "cancelled";

/**
 * What follows a change from `before` (null: not known yet) to `after`. Each effect carries its own de-duplication
 * key in the use case, so a replayed or concurrent event never sends it twice.
 */
export function effectsOfChange(before: SubscriptionState | null, after: SubscriptionState): SubscriptionEffect[] {
  const effects: SubscriptionEffect[] = [];
  const wasLive = before !== null && (before.status === "active" || before.status === "trialing");
  const isLive = after.status === "active" || after.status === "trialing";
  if (isLive && !wasLive && before?.status !== "past_due") effects.push("welcome");
  if (after.status === "past_due" && before?.status !== "past_due") effects.push("payment_failed");
  const endsNow = after.status === "canceled" && before !== null && before.status !== "canceled";
  const cancelAsked = isLive && after.cancelAtPeriodEnd && before !== null && !before.cancelAtPeriodEnd;
  if ((endsNow && !before?.cancelAtPeriodEnd) || cancelAsked) effects.push("cancelled");
  return effects;
}

/** The past-due start the store keeps: set when entering past_due, kept while it lasts, cleared after. */
export function nextPastDueSince(before: SubscriptionState | null, afterStatus: SubscriptionStatus, now: Date) {
  if (afterStatus !== "past_due") return null;
  return before?.status === "past_due" && before.pastDueSince ? before.pastDueSince : now.toISOString();
}

/** The renewal reminder is due from RENEWAL_REMINDER_DAYS before a period that renews, once per period. */
export function renewalReminderDue(sub: SubscriptionState & { reminderSentFor: string | null }, now: Date): boolean {
  if (sub.status !== "active" || sub.cancelAtPeriodEnd) return false;
  if (sub.reminderSentFor === sub.currentPeriodEnd) return false;
  const end = Date.parse(sub.currentPeriodEnd);
  return now.getTime() < end && now.getTime() >= end - RENEWAL_REMINDER_DAYS * DAY_MS;
}

/** Annual recurring revenue: the yearly amounts of the subscriptions that renew (integer cents). */
export function annualRecurringRevenueCents(subs: { amountCents: number; renews: boolean }[]): number {
  return subs.reduce((sum, s) => (s.renews ? sum + s.amountCents : sum), 0);
}

export type SubscriptionErrorCode = "deja_premium" | "paiement_en_cours" | "aucun_abonnement" | "prestataire";

const SUBSCRIPTION_ERRORS: Record<SubscriptionErrorCode, { status: number; message: string }> = {
  deja_premium: { status: 409, message: "Vous êtes déjà abonné à Premium\u00a0: gérez votre abonnement ci-dessous." },
  paiement_en_cours: {
    status: 409,
    message: "Votre paiement Premium est en cours de confirmation : votre abonnement sera actif dans un instant.",
  },
  aucun_abonnement: { status: 404, message: "Vous n'avez pas d'abonnement Premium à gérer." },
  prestataire: {
    status: 502,
    message:
      "Le prestataire de paiement n'a pas répondu. Aucun montant n'a été débité\u00a0: réessayez dans un instant.",
  },
};

export class SubscriptionError extends DomainError<SubscriptionErrorCode> {
  constructor(code: SubscriptionErrorCode) {
    super(code, SUBSCRIPTION_ERRORS[code].status, SUBSCRIPTION_ERRORS[code].message);
    this.name = "SubscriptionError";
  }
}
