// The registration store (issue 41, decision 0186): the only writer of `inscriptions`. Every INSERT and UPDATE of
// the table is built here, from the registration's rules (app/domain/registration-rules):
// - a creation (a runner's hold, a waiting-list offer, a bib transfer's acceptance, a runner added by hand) starts in
//   the status its event allows, asked by an actor the table allows;
// - a transition is one conditional UPDATE whose WHERE is rendered from the rule table (the statuses it starts from
//   and its guards) and the caller's own conditions; it records itself (transition number, event, actor: a trigger
//   appends it to inscriptions_historique) and returns the row with its effects, which the use case runs after;
// - any other update names the columns it writes, never the status nor its record (only a transition writes them).
// The database refuses a status change made any other way (migration 0015).
import { eq, sql, type SQL } from "drizzle-orm";
import { inscriptions } from "~/db/schema";
import {
  decide,
  decideRequest,
  effectsOfChange,
  LifecycleError,
  TRANSITIONS,
  type Actor,
  type LifecycleEvent,
  type RegistrationEffect,
  type Statut,
} from "~/domain/registration-rules";
import type { Db } from "../client.server";
import { guardSql, quoteList } from "./guards.server";

export type InscriptionRow = typeof inscriptions.$inferSelect;
export type Value = string | number | boolean | null | undefined | SQL;

/** The status and its record: written by transitions and creations only. */
const RECORD_COLUMNS = new Set([
  "id",
  "statut",
  "transition_seq",
  "last_event",
  "last_actor",
  "last_actor_id",
  "last_amount_cents",
  "cancel_reason",
  "cancelled_at",
  "identite",
  "created_at",
]);

function column(name: string): SQL {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`colonne invalide : ${name}`);
  return sql.raw(name);
}

function value(v: Value): Exclude<Value, boolean | undefined> {
  return typeof v === "boolean" ? (v ? 1 : 0) : (v ?? null);
}

function sets(values: Record<string, Value>): SQL[] {
  return Object.entries(values).map(([name, v]) => {
    if (RECORD_COLUMNS.has(name)) throw new Error(`${name} ne change que par le cycle de vie des inscriptions`);
    return sql`${column(name)} = ${value(v)}`;
  });
}

// ---------------------------------------------------------------- creations

export interface Creation {
  event: Extract<LifecycleEvent, "created" | "offered" | "transfer_accepted" | "added_by_hand">;
  actor: { type: Actor; id?: string | null };
  /** The status chosen, for a creation whose start is given (a runner added by hand). */
  status?: Statut;
  /** The row's columns (values, or SQL read from `from`). */
  values: Record<string, Value>;
  /** The rows the SELECT reads (e.g. `formats f JOIN courses c ON …`), and its conditions: a place free, a window… */
  from?: SQL;
  where?: SQL;
  nowIso: string;
}

/**
 * The INSERT … SELECT of a new registration: one row, only while `where` holds (D1 runs statements one at a time:
 * the capacity and identity conditions in it are atomic). RETURNING id. Throws LifecycleError when the actor may not
 * create it in that status.
 */
export function creationStatement(c: Creation): SQL {
  const decision = decide(c.event, { from: null, actor: c.actor.type, to: c.status });
  if (!decision.ok) throw new LifecycleError(decision.code);
  const row: Record<string, Value> = {
    ...c.values,
    statut: decision.to,
    last_event: c.event,
    last_actor: c.actor.type,
    last_actor_id: c.actor.id ?? null,
    created_at: c.nowIso,
    updated_at: c.nowIso,
  };
  const names = Object.keys(row);
  const cols = sql.join(names.map(column), sql`, `);
  const vals = sql.join(
    names.map((n) => sql`${value(row[n])}`),
    sql`, `,
  );
  return sql`INSERT INTO inscriptions (${cols}) SELECT ${vals}${c.from ? sql` FROM ${c.from}` : sql``}
    WHERE ${c.where ?? sql`1`} RETURNING id`;
}

// ---------------------------------------------------------------- updates

/**
 * An UPDATE of the registrations matching `where` (the table is named `inscriptions`, no alias), writing `values`
 * (never the status nor its record). RETURNING `returning` (the id by default).
 */
export function updateStatement(values: Record<string, Value>, where: SQL, returning: SQL = sql`id`): SQL {
  return sql`UPDATE inscriptions SET ${sql.join(sets(values), sql`, `)} WHERE ${where} RETURNING ${returning}`;
}

/** Runs updateStatement and returns the rows it changed. */
export async function updateRegistrations<T = { id: string }>(
  db: Db,
  values: Record<string, Value>,
  where: SQL,
  returning?: SQL,
): Promise<T[]> {
  return db.all<T>(updateStatement(values, where, returning));
}

// ---------------------------------------------------------------- deletion

/**
 * The delete of an event's registrations, when the event itself is deleted (none paid: its caller checks), for the
 * batch that deletes the event's other rows. Their history stays (inscriptions_historique is append-only).
 */
export function deleteRegistrationsOfCourse(db: Db, courseId: string) {
  return db.delete(inscriptions).where(eq(inscriptions.course_id, courseId));
}

// ---------------------------------------------------------------- transitions

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

/**
 * The conditions of a change on the registration aliased `i`, with its end status: the statuses the event starts
 * from (narrowed by the caller's) and its guards, rendered from the table decide() reads, and the caller's own
 * conditions. Null when the event never applies from the statuses asked. Throws LifecycleError when the actor may
 * never ask for it (tests/workers/registration-store.test.ts compares these conditions with decide()).
 */
export function transitionConditions(
  req: Pick<TransitionRequest, "event" | "actor" | "to" | "from" | "when">,
): { to: Statut; where: SQL } | null {
  const t = TRANSITIONS[req.event];
  const asked = decideRequest(req.event, { actor: req.actor.type, to: req.to });
  if (!asked.ok) throw new LifecycleError(asked.code);
  const to = asked.to;
  const from = (req.from ? t.from.filter((s) => req.from!.includes(s)) : t.from).filter(
    // The organiser's free choice never sets the status a registration already has.
    (s) => !(req.event === "status_set" && s === to),
  );
  if (from.length === 0) return null;
  const where: SQL[] = [sql`i.statut IN (${quoteList(from)})`];
  for (const g of t.guards ?? []) where.push(guardSql(g, "i"));
  if (req.when) where.push(req.when);
  return { to, where: sql.join(where, sql` AND `) };
}

/**
 * The conditional UPDATE of a change (… RETURNING *): the row must meet transitionConditions. Null when the event
 * never applies from the statuses asked. Throws LifecycleError when the actor may never make this change. A caller
 * that runs several changes in one D1 batch (one transaction: a bib changing hands) takes the statements and then the
 * effects of each row changed (effectsOfChange).
 */
export function transitionStatement(req: TransitionRequest, nowIso: string): SQL | null {
  const conditions = transitionConditions(req);
  if (!conditions) return null;
  const { to } = conditions;
  const t = TRANSITIONS[req.event];
  const changes: SQL[] = [
    sql`statut = ${to}`,
    sql`transition_seq = i.transition_seq + 1`,
    sql`last_event = ${req.event}`,
    sql`last_actor = ${req.actor.type}`,
    sql`last_actor_id = ${req.actor.id ?? null}`,
    sql`last_amount_cents = ${req.amountCents ?? null}`,
    sql`updated_at = ${nowIso}`,
  ];
  const ending = !ACTIVE.includes(to);
  if (ending) changes.push(sql`hold_expires_at = NULL`, sql`checkout_claim = NULL`, sql`checkout_claim_at = NULL`);
  if (t.reason === "set" && ending) changes.push(sql`cancel_reason = ${req.event}`, sql`cancelled_at = ${nowIso}`);
  if (t.reason === "clear" || (t.reason === "set" && !ending))
    changes.push(sql`cancel_reason = NULL`, sql`cancelled_at = NULL`);
  changes.push(...sets(req.set ?? {}));
  return sql`
    UPDATE inscriptions AS i SET ${sql.join(changes, sql`, `)}
    WHERE i.id = ${req.inscriptionId} AND ${conditions.where}
    RETURNING *`;
}

/**
 * Applies the change, or does nothing when the row is no longer in a status (or a condition) that allows it.
 * Returns the row after the change with its effects (for the use case to run after), or null.
 */
export async function transition(
  db: Db,
  req: TransitionRequest,
  nowIso: string,
): Promise<{ row: InscriptionRow; effects: RegistrationEffect[] } | null> {
  const statement = transitionStatement(req, nowIso);
  if (!statement) return null;
  const [row] = await db.all<InscriptionRow>(statement);
  return row ? { row, effects: effectsOfChange(row) } : null;
}
