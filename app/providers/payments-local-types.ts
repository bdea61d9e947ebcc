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
}

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
}

export function isLocalPaymentProvider(p: PaymentProvider): p is LocalPaymentProvider {
  return p.kind === "local";
}
