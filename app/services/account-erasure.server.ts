// The erasure of an account at its owner's request (issue 45, decisions 0218 and 0220): refused while a registration
// or a waiting list place for a race to come, money in flight or an owned event remains; otherwise, in one D1 batch,
// its registrations are anonymised (their amounts stay, so the books still balance) and its other rows go as the
// personal data map says; then the anonymisation's effects run and its private documents are deleted from storage.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { documentKeysOf, erasureFacts, eraseAccountBatch } from "~/db/account-erasure.server";
import { accountEmail } from "~/db/audit.server";
import { ErasureError, type ErasureRefusal, erasureRefusal } from "~/domain/account-erasure";
import { parisDate } from "~/domain/refund";
import { errorCode, errorDetail, logEvent } from "~/utils/log.server";
import { recordDataRightsAction } from "./audit.server";
import { deleteAccountExports } from "./data-export.server";
import { runAnonymisationEffects } from "./registration-changes.server";

type Ctx = AppLoadContext;

/** Why account `userId` may not be erased now, or null. */
export async function accountErasureRefusal(context: Ctx, userId: string): Promise<ErasureRefusal | null> {
  const now = context.clock.now();
  return erasureRefusal(await erasureFacts(context.db, userId, parisDate(now), now.toISOString()));
}

/**
 * Erases account `userId`. Refused with ErasureError when a fact forbids it, checked here and again inside the batch
 * (a registration made in between makes the batch fail as a whole, and the refusal is thrown then).
 */
export async function eraseAccount(context: Ctx, userId: string): Promise<void> {
  const refusal = await accountErasureRefusal(context, userId);
  if (refusal) throw new ErasureError(refusal);
  const email = await accountEmail(context.db, userId);
  const keys = await documentKeysOf(context.db, userId);
  await deleteAccountExports(context, userId);
  const now = context.clock.now();
  let erased: Awaited<ReturnType<typeof eraseAccountBatch>>;
  try {
    erased = await eraseAccountBatch(context.db, { userId, email, today: parisDate(now), nowIso: now.toISOString() });
  } catch (e) {
    const late = await accountErasureRefusal(context, userId);
    if (late) throw new ErasureError(late);
    throw e;
  }
  await runAnonymisationEffects(context, erased.effects);
  let purged = 0;
  for (const key of keys) {
    try {
      await context.storage.delete(key);
      purged++;
    } catch (e) {
      logEvent("cron.failed", { kind: "erasure.document", error: errorCode(e), detail: errorDetail(e) });
    }
  }
  logEvent("compte.efface", { anonymised_registrations: erased.ids.length, purged_justificatifs: purged });
  const n = erased.ids.length;
  await recordDataRightsAction(
    context,
    userId,
    "compte.efface",
    `${n} inscription${n > 1 ? "s" : ""} anonymisée${n > 1 ? "s" : ""}`,
  );
}
