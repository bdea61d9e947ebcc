// A registration's changes of status, as use cases make them (issue 41, decision 0186): the registration store makes
// the change (one conditional UPDATE rendered from the rule table, recorded in the history) and returns its effects;
// this module runs them once the change is made: a place freed goes to the format's waiting list first (issue 20).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import {
  type InscriptionRow,
  transition,
  type TransitionRequest,
  transitionStatement as storeTransitionStatement,
} from "~/db/registration-store/writes.server";
import { forgetResultNames } from "~/db/results.server";
import {
  type AnonymisationEffect,
  effectsOfChange,
  LifecycleError,
  type RegistrationEffect,
} from "~/domain/registration-rules";
import { errorCode, errorDetail, logEvent } from "~/utils/log.server";
import { offerFreedPlaces } from "./waitlist-offers.server";

type Ctx = AppLoadContext;
export type { InscriptionRow, TransitionRequest };

/**
 * Applies the change and runs its effects, or does nothing when the row is no longer in a status (or a condition)
 * that allows it. Returns the row after the change, or null. Throws LifecycleError when the actor may never make
 * this change.
 */
export async function applyTransition(context: Ctx, req: TransitionRequest): Promise<InscriptionRow | null> {
  const done = await transition(context.db, req, context.clock.now().toISOString());
  if (!done) return null;
  await runEffects(context, done.effects);
  return done.row;
}

/** The change's statement, for a caller that runs several in one D1 batch; then afterTransition with each row. */
export function transitionStatement(context: Ctx, req: TransitionRequest): SQL | null {
  return storeTransitionStatement(req, context.clock.now().toISOString());
}

/** Runs the effects of a change made in a batch. */
export async function afterTransition(context: Ctx, row: InscriptionRow): Promise<void> {
  await runEffects(context, effectsOfChange(row));
}

/**
 * The effects of changes, after them. A place freed is offered to the format's waiting list (one read when nobody
 * waits); a failure here is left to the cron, which offers free places too (the place is never lost, only offered
 * later).
 */
export async function runEffects(context: Ctx, effects: readonly RegistrationEffect[]): Promise<void> {
  for (const effect of effects) {
    try {
      await offerFreedPlaces(context, effect.formatId);
    } catch (e) {
      logEvent("cron.failed", {
        kind: "waitlist",
        format_id: effect.formatId,
        error: errorCode(e),
        detail: errorDetail(e),
      });
    }
  }
}

/**
 * The effects of an anonymisation (decision 0218), after it: the results of the anonymised registrations forget the
 * names stored with them. A failure is logged, not thrown: the anonymisation is made and the public results already
 * hide those runners (they no longer choose to appear); only the stored copy of the name is left to forget.
 */
export async function runAnonymisationEffects(context: Ctx, effects: readonly AnonymisationEffect[]): Promise<void> {
  for (const effect of effects) {
    try {
      await forgetResultNames(context.db, effect.inscriptionIds);
    } catch (e) {
      logEvent("cron.failed", { kind: "results.forget_names", error: errorCode(e), detail: errorDetail(e) });
    }
  }
}

/** Like applyTransition, but a refusal is an error the caller shows (the organiser's status select). */
export async function requireTransition(context: Ctx, req: TransitionRequest): Promise<InscriptionRow> {
  const row = await applyTransition(context, req);
  if (!row) throw new LifecycleError("statut_incompatible");
  return row;
}

/** The history of one registration, oldest first. */
export async function loadHistory(context: Ctx, inscriptionId: string) {
  return context.db.all<{
    id: number;
    created_at: string;
    event: string;
    actor: string | null;
    from_statut: string | null;
    to_statut: string;
    amount_cents: number | null;
  }>(
    sql`SELECT id, created_at, event, actor, from_statut, to_statut, amount_cents FROM inscriptions_historique WHERE inscription_id = ${inscriptionId} ORDER BY id`,
  );
}
