// The runner's own registration page (spec section 4): the registration with its refund quote and what the runner may
// do, and the runner's own fields saved in one statement that matches the owner and a status still editable. The
// cancellation itself is cancel.server.ts. Decision 0072.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { annulations } from "~/db/schema";
import { runnerCanCancel } from "~/domain/cancellation";
import type { SelfEditField, SelfEditInput } from "~/domain/my-registration";
import { READ_ONLY_FOR_RUNNER } from "~/domain/registration-rules";
import { quoteList } from "~/db/registration-store/guards.server";
import { updateRegistrations } from "~/db/registration-store/writes.server";
import { loadRow, paidPaiement, quoteFromPaiement } from "./cancel.server";

type Ctx = AppLoadContext;

/**
 * The registration as its runner sees it on its own page, with its refund quote and what the runner may do
 * (app/services/register.server.ts's getRunnerRegistration is the summary of the lists and /merci), or null when it
 * does not exist or belongs to someone else (both read the same: 404).
 */
export async function loadRunnerRegistrationDetails(context: Ctx, userId: string, inscriptionId: string) {
  const row = await loadRow(context, inscriptionId);
  if (!row || row.i.coureur_id !== userId) return null;
  const [p, annulation] = await Promise.all([
    paidPaiement(context, inscriptionId),
    context.db.select().from(annulations).where(eq(annulations.inscription_id, inscriptionId)).limit(1),
  ]);
  const quote = quoteFromPaiement(p, row.format.date, context.clock.now());
  return {
    inscription: row.i,
    course: row.course,
    format: row.format,
    paid: p != null,
    quote,
    can: runnerCanCancel(row.i.statut, p != null, quote),
    annulation: annulation[0] ?? null,
  };
}

export type SaveResult = "ok" | "introuvable" | "lecture_seule";

/**
 * Saves the runner's own fields. The update names the self-edit columns only and matches the owner and a
 * status that is still editable, in the same statement.
 */
export async function saveRunnerFields(
  context: Ctx,
  userId: string,
  inscriptionId: string,
  values: Pick<SelfEditInput, SelfEditField>,
): Promise<SaveResult> {
  const updated = await updateRegistrations(
    context.db,
    { ...values, updated_at: context.clock.now().toISOString() },
    sql`id = ${inscriptionId} AND coureur_id = ${userId} AND statut NOT IN (${quoteList(READ_ONLY_FOR_RUNNER)})`,
  );
  if (updated.length === 1) return "ok";
  const row = await loadRow(context, inscriptionId);
  if (!row || row.i.coureur_id !== userId) return "introuvable";
  return "lecture_seule";
}
