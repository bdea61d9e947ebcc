// The checkout claim's rules (issue 40, decision 0181): how long a session lives, when a claim left by a request that
// died may be taken again, and the provider's idempotency key of one attempt. Pure: pass `now`.

/** A checkout session lives the provider's minimum, 30 minutes. */
export const CHECKOUT_TTL_MINUTES = 30;

/**
 * A claim not replaced by its session after this long was left by a request that died: another request may take
 * it (under the same key). Longer than the longest wait for a provider slot in an opening rush (20 s) plus a call.
 */
export const CHECKOUT_CLAIM_STALE_SECONDS = 60;

/**
 * The session's end for an attempt made at `now`: one more minute than the provider's 30-minute minimum, so that the
 * request's travel time never breaks it, rounded up to the second.
 */
export function checkoutExpiry(now: Date): Date {
  return new Date(Math.ceil((now.getTime() + (CHECKOUT_TTL_MINUTES + 1) * 60_000) / 1000) * 1000);
}

/**
 * The idempotency key of one attempt: the registration, the session's end (in seconds) and a nonce of the attempt
 * (two attempts may start in the same second). The provider refuses a key reused with other parameters, so the end
 * is read back from the key (claimExpiry) when the attempt is resumed.
 */
export function checkoutClaimKey(inscriptionId: string, now: Date, nonce: string): string {
  return `checkout:${inscriptionId}:${Math.floor(checkoutExpiry(now).getTime() / 1000)}:${nonce}`;
}

/** The session's end written in a claim's key. */
export function claimExpiry(key: string): Date {
  const parts = key.split(":");
  const seconds = parts.length >= 4 ? Number(parts[parts.length - 2]) : Number.NaN;
  if (!Number.isSafeInteger(seconds) || seconds <= 0) throw new Error(`clé de paiement invalide : ${key}`);
  return new Date(seconds * 1000);
}
