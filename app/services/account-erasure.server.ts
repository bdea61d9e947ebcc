// The erasure of an account at its owner's request (issue 45, decision 0218): refused while a registration or a waiting
// list place for a race to come, money in flight or an owned event remains; otherwise its registrations are
// anonymised (their amounts stay, so the books still balance), its other rows go as the personal data map says, and
// its private documents are deleted from storage.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { documentKeysOf, erasureFacts, eraseAccountRows } from "~/db/account-erasure.server";
import { accountEmail } from "~/db/audit.server";
import { anonymiseRunnerRegistrations } from "~/db/registration-store/anonymise.server";
import { forgetResultNames } from "~/db/results.server";
import { ErasureError, type ErasureRefusal, erasureRefusal } from "~/domain/account-erasure";
import { parisDate } from "~/domain/refund";
import { logEvent } from "~/utils/log.server";

type Ctx = AppLoadContext;

/** Why account `userId` may not be erased now, or null. */
export async function accountErasureRefusal(context: Ctx, userId: string): Promise<ErasureRefusal | null> {
  const now = context.clock.now();
  return erasureRefusal(await erasureFacts(context.db, userId, parisDate(now), now.toISOString()));
}

/** Erases account `userId` (checked again here: a refusal throws ErasureError). */
export async function eraseAccount(context: Ctx, userId: string): Promise<void> {
  const refusal = await accountErasureRefusal(context, userId);
  if (refusal) throw new ErasureError(refusal);
  const email = await accountEmail(context.db, userId);
  const keys = await documentKeysOf(context.db, userId);
  const registrations = await anonymiseRunnerRegistrations(context.db, userId);
  await forgetResultNames(context.db, registrations);
  await eraseAccountRows(context.db, userId, email);
  for (const key of keys) await context.storage.delete(key);
  logEvent("compte.efface", { anonymised_registrations: registrations.length, purged_justificatifs: keys.length });
}
