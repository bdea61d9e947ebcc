// E-mailed single-use tokens and brute-force limits: pure rules, the clock is passed in.
import { expiredBefore } from "./retention";

export type TokenKind = "email_confirm" | "password_reset" | "account_erasure";

export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  email_confirm: 48 * 3600_000,
  password_reset: 3600_000,
  /** The link that confirms the erasure of an account (decision 0220). */
  account_erasure: 3600_000,
};

export function tokenExpiresAt(kind: TokenKind, now: Date): string {
  return new Date(now.getTime() + TOKEN_TTL_MS[kind]).toISOString();
}

export type TokenState = "ok" | "missing" | "used" | "expired" | "wrong_kind";

/** Whether a stored token may still be used at `now`. Expiry is exclusive: at expires_at it is already dead. */
export function tokenState(
  token: { kind: string; expires_at: string; used_at: string | null } | null | undefined,
  kind: TokenKind,
  now: Date,
): TokenState {
  if (!token) return "missing";
  if (token.kind !== kind) return "wrong_kind";
  if (token.used_at) return "used";
  const exp = Date.parse(token.expires_at);
  if (!Number.isFinite(exp) || now.getTime() >= exp) return "expired";
  return "ok";
}

export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  /** Failed logins per account (e-mail, known or not) per window. */
  perAccount: 5,
  /** Failed logins per client IP per window, whatever the account (credential stuffing). */
  perIp: 30,
} as const;

/**
 * 'Mot de passe oublié' asks: each request mails a link, so the same counter throttles it per account and per IP
 * (a mailbox cannot be flooded, the outbox cannot be filled from one address). The page says the same thing
 * whether the link went, the address is unknown or the limit was reached.
 */
export const RESET_LIMITS = {
  windowMs: 60 * 60_000,
  /** Reset links mailed per account (e-mail, known or not) per window. */
  perAccount: 3,
  /** Reset requests per client IP per window, whatever the account. */
  perIp: 20,
} as const;

export function resetWindowStart(now: Date): string {
  return new Date(now.getTime() - RESET_LIMITS.windowMs).toISOString();
}

/**
 * Attempts are kept one day (enough for the limits above and to look into an attack), then purged by the cron:
 * they hold e-mail addresses and IPs, which are not kept longer than their purpose needs (GDPR).
 */
export function loginAttemptsPurgeBefore(now: Date): string {
  return expiredBefore("tentatives_connexion", now);
}

export function loginWindowStart(now: Date): string {
  return new Date(now.getTime() - LOGIN_LIMITS.windowMs).toISOString();
}

/** Decides before checking the password: a locked account or IP is refused even with the right password. */
export function loginLockState(counts: {
  accountFailures: number;
  ipFailures: number;
}): "ok" | "account_locked" | "ip_locked" {
  if (counts.accountFailures >= LOGIN_LIMITS.perAccount) return "account_locked";
  if (counts.ipFailures >= LOGIN_LIMITS.perIp) return "ip_locked";
  return "ok";
}
