// The opening queue's use cases (issue 21): the gate in front of the registration form and its submit, and the
// organiser's live figures. Outside a format's queue window (app/domain/opening-queue.ts, queueActive) the gate
// answers at once from the page's data: no Durable Object call, today's path. docs/decisions/0133-opening-queue.md
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { decodedSegment } from "~/domain/paths";
import { type BatchRead, batchableAll } from "~/db/batch.server";
import { placesTakenSql } from "~/db/registration-store/capacity.server";
import {
  DEFAULT_ADMISSIONS_PER_SECOND,
  drawAt,
  drawRule,
  type GateAnswer,
  mustWait,
  queueActive,
  FACTS_NEVER_AGAIN,
  type QueueFacts,
  queueRefreshSeconds,
  type QueueStatus,
  type QueueView,
  QUEUE_REFRESH_MAX_SECONDS,
  waitLine,
} from "~/domain/opening-queue";
import { formatDateTimeLong } from "~/domain/format";
import { cookieAccount } from "~/utils/session.server";
import type { QueueStats } from "~/domain/opening-queue";

type Ctx = AppLoadContext;

export interface QueuedFormat {
  id: string;
  ouverture_inscriptions?: string | null;
  nb_max_coureurs?: number | null;
  /** The organiser's draw of the first minutes' arrivals (0 or null: arrival order). */
  tirage_minutes?: number | null;
}

/** Admissions per second: the operator's QUEUE_ADMISSIONS_PER_SECOND, else the default (well under the provider's limit). */
function rateOf(bindings: Env): number {
  const raw = Number((bindings as { QUEUE_ADMISSIONS_PER_SECOND?: string }).QUEUE_ADMISSIONS_PER_SECOND);
  return Number.isFinite(raw) && raw > 0 ? raw : DEFAULT_ADMISSIONS_PER_SECOND;
}

function queueIn(bindings: Env, formatId: string) {
  const ns = bindings.FormatQueue;
  return ns.get(ns.idFromName(formatId));
}

/**
 * May this runner have the registration form (or send it) now? 'libre' outside the queue window; otherwise the
 * runner arrives in the format's queue (once: the same place on every call) and is admitted or told where they stand.
 * `facts` (the registration page's, for an event online): kept by the queue for the Worker's light waiting page.
 */
export async function passQueue(
  context: Ctx,
  userId: string,
  format: QueuedFormat,
  facts: QueueFacts | null = null,
): Promise<GateAnswer> {
  const now = context.clock.now();
  if (!queueActive(format, now)) return { state: "libre" };
  return queueIn(context.bindings, format.id).enter(
    format.id,
    userId,
    now.getTime(),
    rateOf(context.bindings),
    drawAt(format),
    facts,
  );
}

/**
 * The Worker's light waiting page (docs/decisions/0135), before Remix and without D1: for a GET of a registration
 * page with `?format=`, a session cookie naming the account and a queue that keeps the format's facts, one call to
 * the format's queue. Returns what the queue panel shows when the runner waits; null otherwise (admitted, no kept
 * facts, an older cookie…): the full page answers, with every check it makes.
 */
export async function lightQueueView(
  request: Request,
  bindings: Env,
  env: { APP_ENV: string; SESSION_SECRET: string },
  now: number,
): Promise<QueueView | null> {
  // Every request of the site comes here first: most are turned away before parsing their address.
  if (request.method !== "GET" || !request.url.includes("/inscription/")) return null;
  const url = new URL(request.url);
  const match = /^\/inscription\/([^/]+)$/.exec(url.pathname);
  const formatId = url.searchParams.get("format");
  if (!match || !formatId || formatId.length > 100 || !bindings.FormatQueue) return null;
  const account = await cookieAccount(request, env);
  if (!account) return null;
  const courseKey = decodedSegment(match[1]);
  if (courseKey === null) return null;
  const answer = await queueIn(bindings, formatId).lightEnter(account, courseKey, now, rateOf(bindings));
  if (!answer || !mustWait(answer.status)) return null;
  return waitingView(now, answer.facts, answer.status);
}

/**
 * The organiser saved these formats' event (`version`: its new updated_at), took it offline or deleted it (no
 * version: for good): their queues forget the facts kept for the light page, and refuse facts read before.
 */
export async function forgetQueueFacts(
  context: Ctx,
  formatIds: readonly string[],
  version: string = FACTS_NEVER_AGAIN,
): Promise<void> {
  await Promise.all(formatIds.map((id) => queueIn(context.bindings, id).forgetFacts(version)));
}

/**
 * Do runners still wait in this format's opening queue (arrived, or in the draw's pool, and not admitted yet)?
 * While they do, a freed place is theirs: it goes to the next runner the queue admits, not to the waiting list
 * (issue 21). False outside the queue window, without calling the Durable Object.
 */
export async function queueHasWaiting(context: Ctx, format: QueuedFormat): Promise<boolean> {
  const now = context.clock.now();
  if (!queueActive(format, now)) return false;
  const stats = await queueIn(context.bindings, format.id).stats(
    format.id,
    now.getTime(),
    rateOf(context.bindings),
    drawAt(format),
  );
  return stats.waiting > 0;
}

/**
 * The runner's hold is written (the database took their place): during an opening, the queue stops counting their
 * reservation once it reads the places again (issue 42). Outside the queue window: nothing to do.
 */
export async function placeTakenInQueue(context: Ctx, userId: string, format: QueuedFormat): Promise<void> {
  if (!queueActive(format, context.clock.now())) return;
  await queueIn(context.bindings, format.id).consume(userId);
}

/** The longest a request waits for its checkout slot; past it the runner is told to try again in a moment. */
export const MAX_CHECKOUT_WAIT_MS = 20_000;

/**
 * During an opening, waits for this runner's checkout slot (metered by the format's queue at the same rate as
 * admissions), so that checkout creations never exceed the rate even when admitted runners come back together:
 * the slot orders the callers, then the queue's go-ahead (its own clock, at the moment of asking) keeps the calls
 * 1/rate apart even when several timers fire at once. Outside the queue window: returns at once. Returns false when
 * the wait would pass MAX_CHECKOUT_WAIT_MS.
 */
export async function waitCheckoutSlot(context: Ctx, format: QueuedFormat): Promise<boolean> {
  const now = context.clock.now();
  if (!queueActive(format, now)) return true;
  const queue = queueIn(context.bindings, format.id);
  const started = Date.now();
  const at = await queue.reserveCheckout(now.getTime(), rateOf(context.bindings));
  // Measured from when the slot's answer arrives (the call itself may have waited), not from before the call.
  let wait = at - context.clock.now().getTime();
  if (wait > MAX_CHECKOUT_WAIT_MS) return false;
  for (;;) {
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    wait = await queue.grantCheckout(rateOf(context.bindings));
    if (wait <= 0) return true;
    if (Date.now() + wait - started > MAX_CHECKOUT_WAIT_MS) return false;
  }
}

export interface OpeningFigures extends QueueStats {
  /** Registrations holding a place unpaid (checkout open, offers). */
  inPayment: number;
  validated: number;
  placesLeft: number | null;
}

/** The organiser's live figures during the opening (null outside the queue window). */
export async function openingFigures(context: Ctx, format: QueuedFormat): Promise<OpeningFigures | null> {
  const now = context.clock.now();
  if (!queueActive(format, now)) return null;
  const nowIso = now.toISOString();
  const [counts, stats] = await Promise.all([
    context.db.all<{ validated: number; taken: number }>(sql`
      SELECT (SELECT count(*) FROM inscriptions WHERE format_id = ${format.id} AND statut = 'validee') AS validated,
        ${placesTakenSql(sql`${format.id}`, nowIso)} AS taken`),
    queueIn(context.bindings, format.id).stats(format.id, now.getTime(), rateOf(context.bindings), drawAt(format)),
  ]);
  const validated = Number(counts[0]?.validated ?? 0);
  const taken = Number(counts[0]?.taken ?? 0);
  return {
    ...stats,
    validated,
    inPayment: taken - validated,
    placesLeft: format.nb_max_coureurs == null ? null : Math.max(0, format.nb_max_coureurs - taken),
  };
}

export interface QueuePageFormat extends QueuedFormat {
  nom: string;
  course_id: string;
  course_slug: string;
  course_nom: string;
  course_updated_at: string;
  en_ligne: number;
}

/** The facts a format's queue keeps for the light waiting page, from a page that read the format and its event online. */
export function queueFacts(
  format: QueuedFormat & { nom: string },
  course: { id: string; nom: string; slug: string; updated_at: string },
): QueueFacts {
  return {
    id: format.id,
    nom: format.nom,
    course_id: course.id,
    course_slug: course.slug,
    course_nom: course.nom,
    version: course.updated_at,
    ouverture_inscriptions: format.ouverture_inscriptions ?? null,
    nb_max_coureurs: format.nb_max_coureurs ?? null,
    tirage_minutes: format.tirage_minutes ?? null,
  };
}

/** The format of a queue page (null: unknown, or its event offline). `read`: see BatchRead (one round trip with the session). */
export async function loadQueueFormat(
  context: Ctx,
  formatId: string,
  read: BatchRead = (queries) => context.db.batch(queries),
): Promise<QueuePageFormat | null> {
  const [[f]] = await read([
    batchableAll<QueuePageFormat>(
      context.db,
      sql`SELECT f.id, f.nom, f.ouverture_inscriptions, f.nb_max_coureurs, f.tirage_minutes, c.id AS course_id, c.slug AS course_slug, c.nom AS course_nom, c.updated_at AS course_updated_at, c.en_ligne
        FROM formats f JOIN courses c ON c.id = f.course_id WHERE f.id = ${formatId}`,
    ),
  ]);
  return f?.en_ligne ? f : null;
}

/** What the queue panel shows to a runner who waits (a draw to come, or a place in the queue). */
export function queueView(context: Ctx, format: ViewedFormat, gate: WaitingStatus): QueueView {
  return waitingView(context.clock.now().getTime(), format, gate);
}

type ViewedFormat = { id: string; nom: string; course_id: string; course_nom: string; tirage_minutes?: number | null };
type WaitingStatus = Exclude<QueueStatus, { state: "admis" }>;

function waitingView(now: number, format: ViewedFormat, gate: WaitingStatus): QueueView {
  return {
    format: { id: format.id, nom: format.nom, courseNom: format.course_nom, courseId: format.course_id },
    rule: drawRule(format.tirage_minutes),
    draw:
      gate.state === "tirage"
        ? { at: formatDateTimeLong(new Date(gate.drawAt).toISOString()), entrants: gate.entrants }
        : null,
    position: gate.state === "en_file" ? gate.position : null,
    wait: gate.state === "en_file" ? waitLine(gate) : null,
    ticket: gate.state === "en_file" ? gate.ticket : null,
    refresh: queueRefreshSeconds(
      gate.state === "en_file"
        ? (gate.waitSeconds ?? QUEUE_REFRESH_MAX_SECONDS)
        : gate.state === "tirage"
          ? (gate.drawAt - now) / 1000
          : 0,
    ),
  };
}
