// The one place that changes a registration's status (issue 17). Each change is asked by an actor for an event of
// app/domain/lifecycle.ts, made by one conditional UPDATE (the row must still be in an allowed status, and meet the
// caller's conditions: a place still free, a hold not expired…) and recorded: the UPDATE writes a new transition
// number and the event, and a trigger appends the change to inscriptions_historique in the same statement
// (migrations/0015). The database refuses a status change made any other way. docs/decisions/0130.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import type { inscriptions } from "~/db/schema";
import { decideRequest, LifecycleError, NOT_RETRIABLE_REASONS, REFUSED_PAYMENT_REASONS, REVIVABLE_REASONS, TRANSITIONS, type Actor, type LifecycleEvent, type Statut } from "~/domain/registration-rules";
import { errorCode, errorDetail, logEvent } from "~/utils/log.server";
import { offerFreedPlaces } from "./waitlist-offers.server";

type Ctx = AppLoadContext;
export type InscriptionRow = typeof inscriptions.$inferSelect;

export interface TransitionRequest {
  inscriptionId: string;
  event: LifecycleEvent;
  actor: { type: Actor; id?: string | null };
  /** The end status, for events whose end is given (a refund's end, the organiser's choice). */
  to?: Statut;
  /** Only from these statuses (narrower than the event's; e.g. the status the caller has just read). */
  from?: readonly Statut[];
  /** Other columns written with the change (a new hold, a checkout session…). */
  set?: Record<string, string | number | null>;
  /** Conditions the row must meet at the moment of the change, on the alias `i` (a place free, the owner…). */
  when?: SQL;
  /** The money the change moved (a refund), recorded in the history. */
  amountCents?: number | null;
}

const ACTIVE: readonly Statut[] = ["en_attente", "validee"];

function quoteList(values: readonly string[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

/**
 * Applies the change, or does nothing when the row is no longer in a status (or a condition) that allows it.
 * Returns the row after the change, or null. Throws LifecycleError when the actor may never make this change.
 */
export async function applyTransition(context: Ctx, req: TransitionRequest): Promise<InscriptionRow | null> {
  const statement = transitionStatement(context, req);
  if (!statement) return null;
  const rows = await context.db.all<InscriptionRow>(statement);
  const row = rows[0] ?? null;
  if (row) await afterTransition(context, row);
  return row;
}

/**
 * The conditional UPDATE of a change (… RETURNING *), for a caller that runs several changes in one D1 batch (one
 * transaction: a bib changing hands, issue 22), then calls afterTransition with each row changed. Null when the event
 * never applies from the statuses asked. Throws LifecycleError when the actor may never make this change.
 */
export function transitionStatement(context: Ctx, req: TransitionRequest): SQL | null {
  const t = TRANSITIONS[req.event];
  // Who may ask, and where to: decided without the row (the row's status is checked by the UPDATE itself,
  // with the same rules as decide()).
  const asked = decideRequest(req.event, { actor: req.actor.type, to: req.to });
  if (!asked.ok) throw new LifecycleError(asked.code);
  const to = asked.to;

  const from = (req.from ? t.from.filter((s) => req.from!.includes(s)) : t.from).filter(
    (s) => !(req.event === "status_set" && s === to),
  );
  if (from.length === 0) return null;
  const now = context.clock.now().toISOString();
  const where0: SQL[] = [];
  // A buyer's registration of a bib transfer is paid through its offer only: never taken again as a new place.
  if (req.event === "retried") where0.push(sql`i.cession_id IS NULL`);
  const where: SQL[] = [sql`i.id = ${req.inscriptionId}`, sql`i.statut IN (${quoteList(from)})`, ...where0];
  // A registration ended without payment comes back (or is refused a payment) only from the unpaid reasons.
  if (
    req.event === "paid" ||
    req.event === "retried" ||
    (REFUSED_PAYMENT_REASONS as readonly string[]).includes(req.event)
  ) {
    where.push(sql`(i.statut <> 'annulee' OR i.cancel_reason IN (${quoteList(REVIVABLE_REASONS)}))`);
  }
  if (req.event === "retried")
    where.push(sql`(i.cancel_reason IS NULL OR i.cancel_reason NOT IN (${quoteList(NOT_RETRIABLE_REASONS)}))`);
  // A registration whose bib is offered for transfer cannot be cancelled meanwhile (issue 22): withdraw first.
  if (req.event === "runner_cancelled" || req.event === "organiser_cancelled")
    where.push(
      sql`NOT EXISTS (SELECT 1 FROM cessions c_open WHERE c_open.inscription_id = i.id AND c_open.statut = 'ouverte')`,
    );
  if (req.event === "payment_refunded") where.push(sql`i.cancel_reason IN (${quoteList(REFUSED_PAYMENT_REASONS)})`);
  // The organiser's free choice never touches a registration with money on it: that one goes through a cancellation.
  if (req.event === "status_set") {
    where.push(
      sql`NOT EXISTS (SELECT 1 FROM paiements p_paid WHERE p_paid.inscription_id = i.id AND p_paid.status IN ('succeeded', 'refunded', 'pending'))`,
    );
  }
  if (req.when) where.push(req.when);

  const sets: SQL[] = [
    sql`statut = ${to}`,
    sql`transition_seq = i.transition_seq + 1`,
    sql`last_event = ${req.event}`,
    sql`last_actor = ${req.actor.type}`,
    sql`last_actor_id = ${req.actor.id ?? null}`,
    sql`last_amount_cents = ${req.amountCents ?? null}`,
    sql`updated_at = ${now}`,
  ];
  const ending = !ACTIVE.includes(to);
  if (ending) sets.push(sql`hold_expires_at = NULL`);
  if (t.reason === "set" && ending) sets.push(sql`cancel_reason = ${req.event}`, sql`cancelled_at = ${now}`);
  if (t.reason === "clear" || (t.reason === "set" && !ending))
    sets.push(sql`cancel_reason = NULL`, sql`cancelled_at = NULL`);
  for (const [column, value] of Object.entries(req.set ?? {})) {
    if (!/^[a-z_]+$/.test(column)) throw new Error(`colonne invalide : ${column}`);
    sets.push(sql`${sql.raw(column)} = ${value}`);
  }
  return sql`
    UPDATE inscriptions AS i SET ${sql.join(sets, sql`, `)}
    WHERE ${sql.join(where, sql` AND `)}
    RETURNING *`;
}

/** What follows a change that was made: a registration that stopped holding its place frees it. */
export async function afterTransition(context: Ctx, row: InscriptionRow): Promise<void> {
  // A registration that stops holding its place frees it: the format's waiting list gets it first (issue 20). One
  // read when nobody waits; a failure here is left to the cron (the place is never lost, only offered later).
  if (!ACTIVE.includes(row.statut as Statut)) {
    try {
      await offerFreedPlaces(context, row.format_id);
    } catch (e) {
      logEvent("cron.failed", {
        kind: "waitlist",
        format_id: row.format_id,
        error: errorCode(e),
        detail: errorDetail(e),
      });
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
