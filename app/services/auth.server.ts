// Account use cases: sign-up with e-mail confirmation, login (remix-auth FormStrategy) with brute-force limits,
// forgot / reset password with single-use hashed tokens. Every function receives the request context.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { auth_tokens, login_attempts, profils_utilisateurs, sessions, users } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { AuthError, formValues, LoginSchema } from "~/domain/profile-account";
import { fieldErrors, type FieldErrors } from "~/domain/form-errors";
import {
  loginAttemptsPurgeBefore,
  loginLockState,
  loginWindowStart,
  RESET_LIMITS,
  resetWindowStart,
  tokenExpiresAt,
  tokenState,
  type TokenKind,
} from "~/domain/profile-tokens";
import {
  alreadyRegisteredMessage,
  confirmEmailMessage,
  passwordChangedMessage,
  resetPasswordMessage,
} from "~/emails/accounts";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { hashPassword, needsRehash, verifyPassword } from "~/utils/password.server";
import * as paths from "~/domain/paths";

export interface AuthUser {
  id: string;
  email: string;
}

// A well-formed hash nobody's password matches: verifying against it costs the same as a real check, so an
// unknown e-mail answers as slowly as a wrong password (no account enumeration by timing).
const DUMMY_HASH = `pbkdf2_sha256$100000$${btoa("balise-dummy-salt")}$${btoa("x".repeat(32))}`;

/** An address of the site for an e-mail. */
function siteUrl(context: AppLoadContext, path: string): string {
  return paths.absoluteUrl(context.env.APP_URL, path);
}

/** The client IP as Cloudflare reports it; forwarded headers are not trusted. */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim() || "inconnue";
}

// ---------------------------------------------------------------- tokens
/** Issues a single-use token of `kind` for account `userId` (the earlier unused ones of that kind die). */
export async function issueToken(context: AppLoadContext, userId: string, kind: TokenKind): Promise<string> {
  const now = context.clock.now();
  const token = randomToken();
  // Only the newest link of a kind works: older unused ones are retired.
  await context.db.batch([
    context.db
      .update(auth_tokens)
      .set({ used_at: now.toISOString() })
      .where(and(eq(auth_tokens.user_id, userId), eq(auth_tokens.kind, kind), isNull(auth_tokens.used_at))),
    context.db.insert(auth_tokens).values({
      id: crypto.randomUUID(),
      user_id: userId,
      kind,
      token_hash: await sha256Hex(token),
      expires_at: tokenExpiresAt(kind, now),
      created_at: now.toISOString(),
    }),
  ]);
  return token;
}

/** Checks a token without using it (the reset page shows its form only for a live link). */
export async function peekToken(context: AppLoadContext, token: string | null, kind: TokenKind): Promise<boolean> {
  return (await tokenOwner(context, token, kind)) !== null;
}

/** The account a live token of `kind` belongs to, without using it; null for a dead or unknown link. */
export async function tokenOwner(
  context: AppLoadContext,
  token: string | null,
  kind: TokenKind,
): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const row = await context.db.query.auth_tokens.findFirst({
    where: eq(auth_tokens.token_hash, await sha256Hex(token)),
  });
  return tokenState(row, kind, context.clock.now()) === "ok" ? row!.user_id : null;
}

/** Uses a token once: the update only succeeds for an unused, unexpired row, so two concurrent uses cannot both win. */
export async function consumeToken(context: AppLoadContext, token: string, kind: TokenKind): Promise<string> {
  if (!token || token.length > 200) throw new AuthError("token_invalid");
  const now = context.clock.now();
  const hash = await sha256Hex(token);
  const row = await context.db.query.auth_tokens.findFirst({ where: eq(auth_tokens.token_hash, hash) });
  if (tokenState(row, kind, now) !== "ok") throw new AuthError("token_invalid");
  const used = await context.db
    .update(auth_tokens)
    .set({ used_at: now.toISOString() })
    .where(and(eq(auth_tokens.id, row!.id), isNull(auth_tokens.used_at), gt(auth_tokens.expires_at, now.toISOString())))
    .returning({ user_id: auth_tokens.user_id });
  if (!used.length) throw new AuthError("token_invalid");
  return used[0].user_id;
}

async function sendConfirmation(context: AppLoadContext, user: AuthUser): Promise<void> {
  const token = await issueToken(context, user.id, "email_confirm");
  const mail = confirmEmailMessage(siteUrl(context, paths.confirmEmail(token)));
  await context.mailer.send({ to: user.email, ...mail, kind: "email_confirm" });
}

// ---------------------------------------------------------------- sign-up and confirmation
/**
 * Creates an unconfirmed account and mails its confirmation link. An address that already has an account gets
 * the same answer on screen (no enumeration); its owner receives a mail instead (or a fresh link if unconfirmed).
 */
export async function signUp(context: AppLoadContext, input: { email: string; password: string }): Promise<void> {
  const now = context.clock.now().toISOString();
  const existing = await context.db.query.users.findFirst({ where: eq(users.email, input.email) });
  if (existing) {
    if (existing.email_confirmed_at) {
      const mail = alreadyRegisteredMessage(siteUrl(context, paths.login()), siteUrl(context, paths.forgotPassword()));
      // At most one such notice per hour per account: sign-up cannot be used to flood someone's mailbox.
      await context.mailer.send({
        to: existing.email,
        ...mail,
        kind: "already_registered",
        dedupeKey: `deja-inscrit:${existing.id}:${now.slice(0, 13)}`,
      });
    } else {
      await sendConfirmation(context, existing);
    }
    return;
  }
  const id = crypto.randomUUID();
  const password_hash = await hashPassword(input.password);
  const inserted = await context.db
    .insert(users)
    .values({ id, email: input.email, password_hash, created_at: now, updated_at: now })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!inserted.length) return; // a concurrent sign-up with the same address won the race
  await context.db
    .insert(profils_utilisateurs)
    .values({ user_id: id, email: input.email, created_at: now, updated_at: now })
    .onConflictDoNothing();
  await sendConfirmation(context, { id, email: input.email });
}

export async function confirmEmail(context: AppLoadContext, token: string): Promise<void> {
  const userId = await consumeToken(context, token, "email_confirm");
  const now = context.clock.now().toISOString();
  await context.db
    .update(users)
    .set({ email_confirmed_at: now, updated_at: now })
    .where(and(eq(users.id, userId), isNull(users.email_confirmed_at)));
}

// ---------------------------------------------------------------- login
async function failureCounts(context: AppLoadContext, email: string, ip: string) {
  const since = loginWindowStart(context.clock.now());
  // Failures after the account's last successful login only; per IP, every failure of the window.
  const row = await context.db.get<{ accountFailures: number; ipFailures: number }>(sql`
    SELECT
      (SELECT count(*) FROM login_attempts a WHERE a.email = ${email} AND a.kind = 'login' AND a.success = 0
        AND a.created_at > max(${since}, coalesce((SELECT max(s.created_at) FROM login_attempts s WHERE s.email = ${email} AND s.kind = 'login' AND s.success = 1), ''))
      ) AS accountFailures,
      (SELECT count(*) FROM login_attempts b WHERE b.ip = ${ip} AND b.kind = 'login' AND b.success = 0 AND b.created_at > ${since}) AS ipFailures`);
  return { accountFailures: Number(row.accountFailures), ipFailures: Number(row.ipFailures) };
}

/** Deletes attempts past their retention (the cron calls this). Returns how many rows went. */
export async function purgeLoginAttempts(context: AppLoadContext): Promise<number> {
  const rows = await context.db
    .delete(login_attempts)
    .where(lt(login_attempts.created_at, loginAttemptsPurgeBefore(context.clock.now())))
    .returning({ id: login_attempts.id });
  return rows.length;
}

async function recordAttempt(context: AppLoadContext, email: string, ip: string, success: boolean) {
  await context.db
    .insert(login_attempts)
    .values({ email, ip, success, kind: "login", created_at: context.clock.now().toISOString() });
}

/**
 * Checks e-mail and password. Throws AuthError: too_many_attempts (5 failures per account or the per-IP limit
 * within 15 minutes, checked before the password), invalid_credentials (unknown e-mail and wrong password alike),
 * email_not_confirmed (right password, e-mail not confirmed yet: a fresh link is mailed).
 */
export async function verifyLogin(
  context: AppLoadContext,
  input: { email: string; password: string; ip: string },
): Promise<AuthUser> {
  const email = input.email.trim().toLowerCase();
  if (loginLockState(await failureCounts(context, email, input.ip)) !== "ok") throw new AuthError("too_many_attempts");
  const user = await context.db.query.users.findFirst({ where: eq(users.email, email) });
  const ok = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !ok) {
    await recordAttempt(context, email, input.ip, false);
    throw new AuthError("invalid_credentials");
  }
  if (!user.email_confirmed_at) {
    await sendConfirmation(context, user);
    throw new AuthError("email_not_confirmed");
  }
  await recordAttempt(context, email, input.ip, true);
  if (needsRehash(user.password_hash)) {
    await context.db
      .update(users)
      .set({ password_hash: await hashPassword(input.password) })
      .where(eq(users.id, user.id));
  }
  return { id: user.id, email: user.email };
}

export const LOGIN_FORM_MESSAGES = { invalid_form: "Formulaire de connexion invalide" } as const;

/** The login form failed validation (empty or malformed fields): shown next to the fields (400). */
export class LoginFormError extends DomainError<keyof typeof LOGIN_FORM_MESSAGES> {
  readonly errors: FieldErrors;
  readonly values: Record<string, string>;
  constructor(errors: FieldErrors, values: Record<string, string>) {
    super("invalid_form", 400, LOGIN_FORM_MESSAGES.invalid_form);
    this.name = "LoginFormError";
    this.errors = errors;
    this.values = values;
  }
}

/** remix-auth with the form strategy, built per request because the verify step needs this request's context. */
export function createAuthenticator(context: AppLoadContext): Authenticator<AuthUser> {
  const authenticator = new Authenticator<AuthUser>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const parsed = LoginSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new LoginFormError(fieldErrors(parsed.error), formValues(form, ["password"]));
      return verifyLogin(context, { email: parsed.data.email, password: parsed.data.password, ip: clientIp(request) });
    }),
    "form",
  );
  return authenticator;
}

// ---------------------------------------------------------------- forgot and reset password
/**
 * Counts a request for a mailed link (a password reset, or an account erasure's: decision 0220, each kind its own
 * count) against the limits of RESET_LIMITS and records it, in one statement: parallel requests cannot all pass the
 * count before any is written. False when a limit is reached (nothing recorded then).
 */
export async function takeResetAllowance(
  context: AppLoadContext,
  email: string,
  ip: string,
  kind: "password_reset" | "account_erasure" = "password_reset",
): Promise<boolean> {
  const now = context.clock.now();
  const since = resetWindowStart(now);
  const rows = await context.db.all<{ id: number }>(sql`
    INSERT INTO login_attempts (email, ip, success, kind, created_at)
    SELECT ${email}, ${ip}, 0, ${kind}, ${now.toISOString()}
    WHERE (SELECT count(*) FROM login_attempts a WHERE a.email = ${email} AND a.kind = ${kind} AND a.created_at > ${since}) < ${RESET_LIMITS.perAccount}
      AND (SELECT count(*) FROM login_attempts b WHERE b.ip = ${ip} AND b.kind = ${kind} AND b.created_at > ${since}) < ${RESET_LIMITS.perIp}
    RETURNING id`);
  return rows.length === 1;
}

/** Mails a reset link when the address has an account and the limits allow it; says nothing either way. */
export async function requestPasswordReset(
  context: AppLoadContext,
  input: { email: string; ip: string },
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  if (!(await takeResetAllowance(context, email, input.ip))) return;
  const user = await context.db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user) return;
  const token = await issueToken(context, user.id, "password_reset");
  const mail = resetPasswordMessage(siteUrl(context, paths.resetPassword({ token })));
  await context.mailer.send({ to: user.email, ...mail, kind: "password_reset" });
}

/**
 * Sets a new password from a reset link: the link is used once, every open session of the account is revoked,
 * the address counts as confirmed (the link proved it), and the owner is told by mail.
 */
export async function resetPassword(context: AppLoadContext, token: string, password: string): Promise<void> {
  const userId = await consumeToken(context, token, "password_reset");
  const now = context.clock.now().toISOString();
  const password_hash = await hashPassword(password);
  const user = await context.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw new AuthError("token_invalid");
  await context.db.batch([
    context.db
      .update(users)
      .set({ password_hash, updated_at: now, email_confirmed_at: user.email_confirmed_at ?? now })
      .where(eq(users.id, userId)),
    context.db
      .update(sessions)
      .set({ revoked_at: now })
      .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at))),
  ]);
  await context.mailer.send({
    to: user.email,
    ...passwordChangedMessage(siteUrl(context, paths.forgotPassword())),
    kind: "password_changed",
  });
}

// ---------------------------------------------------------------- account made from an invitation
/**
 * Creates an account whose address is already proven (its owner followed a link mailed to it: an event team's
 * invitation, decision 0213), with its name on the profile. Null when the address already has an account.
 */
export async function createConfirmedAccount(
  context: AppLoadContext,
  input: { email: string; password: string; prenom: string; nom: string },
): Promise<AuthUser | null> {
  const now = context.clock.now().toISOString();
  const id = crypto.randomUUID();
  const password_hash = await hashPassword(input.password);
  const inserted = await context.db
    .insert(users)
    .values({ id, email: input.email, password_hash, email_confirmed_at: now, created_at: now, updated_at: now })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!inserted.length) return null;
  await context.db
    .insert(profils_utilisateurs)
    .values({ user_id: id, email: input.email, prenom: input.prenom, nom: input.nom, created_at: now, updated_at: now })
    .onConflictDoNothing();
  return { id, email: input.email };
}
