// The local payment provider's objects, as it stores them in `local_payment_objects` (JSON shaped like Stripe's),
// and the extra calls its own pages make. See docs/decisions/0031-local-payment-provider.md.
import type { PaymentProvider } from "./payments";

export interface LocalAccount {
  id: string;
  object: "account";
  email: string;
  metadata: { user_id: string };
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: { currently_due: string[]; past_due: string[] };
}

export interface LocalAccountLink {
  id: string;
  account: string;
  return_url: string;
  refresh_url: string;
  expires_at: number;
  used: boolean;
}

export interface LocalCheckoutSession {
  id: string;
  object: "checkout.session";
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  amount_total: number;
  currency: "eur";
  product_name: string;
  customer_email: string | null;
  client_reference_id: string;
  metadata: Record<string, string>;
  transfer_group: string;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  payment_intent: string | null;
  charge: string | null;
  url: string;
  declined_count: number;
  /** Premium checkouts are in subscription mode (absent: a payment). */
  mode?: "payment" | "subscription";
  customer?: string | null;
  subscription?: string | null;
}

export interface LocalCustomer {
  id: string;
  object: "customer";
  email: string;
  metadata: Record<string, string>;
  card_last4: string;
  /** The customer's latest subscription (what the portal shows). */
  subscription: string | null;
}

export interface LocalSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: "active" | "past_due" | "canceled";
  amount: number;
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  metadata: Record<string, string>;
}

export interface LocalInvoice {
  id: string;
  object: "invoice";
  customer: string;
  status: "paid" | "open";
  amount_due: number;
  amount_paid: number;
  billing_reason: "subscription_create" | "subscription_cycle";
  parent: { type: "subscription_details"; subscription_details: { subscription: string } };
  created: number;
}

export interface LocalPortalSession {
  id: string;
  object: "billing_portal.session";
  customer: string;
  return_url: string;
  url: string;
}

/** The local portal's buttons, and the development controls beside them. */
export type LocalPortalAction = "resilier" | "reprendre" | "changer_carte" | "renouveler" | "echec_paiement";

export interface LocalCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  fee: number;
  currency: "eur";
  created: number;
  checkout_session: string;
  payment_intent: string;
  description: string;
  billing_email: string | null;
  receipt_url: string;
  transfer_group: string;
  metadata: Record<string, string>;
}

export interface LocalTransfer {
  id: string;
  object: "transfer";
  amount: number;
  amount_reversed: number;
  reversed: boolean;
  destination: string;
  source_transaction: string;
  transfer_group: string;
  metadata: Record<string, string>;
}

export const LOCAL_ONBOARDING_REQUIREMENTS = [
  "business_profile.url",
  "external_account",
  "individual.verification.document",
];

export interface LocalPaymentProvider extends PaymentProvider {
  readonly kind: "local";
  getAccountLink(linkId: string): Promise<LocalAccountLink | null>;
  /** The onboarding page's form: details submitted, charges and payouts enabled; emits account.updated. */
  completeOnboarding(linkId: string): Promise<{ returnUrl: string } | null>;
  getSession(sessionId: string): Promise<LocalCheckoutSession | null>;
  /** 'Payer': charges the card, completes the session, emits checkout.session.completed. */
  paySession(sessionId: string): Promise<LocalCheckoutSession>;
  /** 'Carte refusée': the session stays open, nothing is charged. */
  declineSession(sessionId: string): Promise<LocalCheckoutSession>;
  getCharge(chargeId: string): Promise<LocalCharge | null>;
  getPortalSession(
    portalId: string,
  ): Promise<{ portal: LocalPortalSession; customer: LocalCustomer; subscription: LocalSubscription | null } | null>;
  /** A portal button: emits the subscription's events like Stripe does. */
  portalAction(portalId: string, action: LocalPortalAction): Promise<void>;
}

export function isLocalPaymentProvider(p: PaymentProvider): p is LocalPaymentProvider {
  return p.kind === "local";
}
