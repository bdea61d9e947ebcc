// The erasure of an account asked by its owner (issue 45, decision 0220), in two steps: the password (checked with
// the login's limits), then a single-use link mailed to the account's address, whose page erases with a POST. The
// refusals (a race to come, money in flight, owned events) are checked at both steps, and again inside the erasure.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ErasureError, type ErasureRefusal, ErasureRequestError } from "~/domain/account-erasure";
import { isDomainError } from "~/domain/errors";
import * as paths from "~/domain/paths";
import { accountErasureMessage } from "~/emails/accounts";
import { accountErasureRefusal, eraseAccount } from "./account-erasure.server";
import { recordDataRightsAction } from "./audit.server";
import { consumeToken, issueToken, takeResetAllowance, tokenOwner, verifyLogin } from "./auth.server";

type Ctx = AppLoadContext;

/**
 * Step 1: checks the password of `user` (a wrong one counts as a failed login; the login's lock applies), then the
 * refusals (ErasureError), then mails the link (3 an hour). Throws ErasureRequestError for the password and the limit.
 */
export async function requestAccountErasure(
  context: Ctx,
  user: { id: string; email: string },
  input: { password: string; ip: string },
): Promise<void> {
  try {
    await verifyLogin(context, { email: user.email, password: input.password, ip: input.ip });
  } catch (e) {
    if (!isDomainError(e)) throw e;
    throw new ErasureRequestError(e.code === "too_many_attempts" ? "trop_de_tentatives" : "mot_de_passe_incorrect");
  }
  const refusal = await accountErasureRefusal(context, user.id);
  if (refusal) throw new ErasureError(refusal);
  // Each link is a mail: 3 per account per hour, like the password reset's.
  if (!(await takeResetAllowance(context, user.email, input.ip, "account_erasure")))
    throw new ErasureRequestError("trop_de_liens");
  const token = await issueToken(context, user.id, "account_erasure");
  const url = paths.absoluteUrl(context.env.APP_URL, paths.confirmAccountErasure(token));
  await context.mailer.send({ to: user.email, ...accountErasureMessage(url), kind: "account_erasure" });
  await recordDataRightsAction(context, user.id, "compte.effacement_demande", "Lien de confirmation envoyé");
}

/** What the link's page shows to `userId`: a dead link or another account's, a refusal, or the button. */
export type ErasureLinkState = { state: "invalid" } | { state: "refused"; refusal: ErasureRefusal } | { state: "ok" };

export async function erasureLinkState(context: Ctx, userId: string, token: string | null): Promise<ErasureLinkState> {
  if ((await tokenOwner(context, token, "account_erasure")) !== userId) return { state: "invalid" };
  const refusal = await accountErasureRefusal(context, userId);
  return refusal ? { state: "refused", refusal } : { state: "ok" };
}

/**
 * Step 2: erases account `userId` with the link `token` mailed to it. The link must be live and this account's
 * (ErasureRequestError lien_invalide); the refusals are checked before it is used (a refused person may come back
 * with the same link once the race is cancelled) and again by the erasure; the link serves once.
 */
export async function confirmAccountErasure(context: Ctx, userId: string, token: string): Promise<void> {
  if ((await tokenOwner(context, token, "account_erasure")) !== userId) throw new ErasureRequestError("lien_invalide");
  const refusal = await accountErasureRefusal(context, userId);
  if (refusal) throw new ErasureError(refusal);
  try {
    await consumeToken(context, token, "account_erasure");
  } catch (e) {
    if (!isDomainError(e)) throw e;
    throw new ErasureRequestError("lien_invalide");
  }
  await eraseAccount(context, userId);
}
