// The opening queue of a format (issue 21): from the organiser's opening time and for QUEUE_MINUTES after it, every
// arrival takes a place in a queue held by one Durable Object per format (party/format-queue.ts), in order of
// arrival, one entry per account. Admission to the registration form, and so to checkout, is metered: the k-th
// arrival is admitted 1/rate seconds after the (k-1)-th, never before their own arrival, and only while a place is
// neither taken nor reserved: an admission reserves a place for the time to send the form (issue 42,
// app/domain/opening-admission.ts). Outside that window the path is today's (no queue, no extra round trip).
// Optionally (the organiser's choice, stated on the event page) the arrivals of the first `tirage_minutes` after the
// opening are put in order by a random draw when that time is up; later arrivals follow in arrival order.
// Pure: pass `now` (and the random source). docs/decisions/0133-opening-queue.md, 0134-opening-draw.md, 0203
import { type Outlook, OUTLOOK_WAIT, outlookOf, type Places, rhythmWait } from "./opening-admission";

/** How long after the opening a format's arrivals go through the queue. */
export const QUEUE_MINUTES = 60;
/** Admissions per second by default: well under the payment provider's ~25 checkout creations per second. */
export const DEFAULT_ADMISSIONS_PER_SECOND = 10;

/** Does this format queue its arrivals now? Only with an opening time, a cap, and within QUEUE_MINUTES of it. */
export function queueActive(
  f: { ouverture_inscriptions?: string | null; nb_max_coureurs?: number | null },
  now: Date,
): boolean {
  if (!f.ouverture_inscriptions || f.nb_max_coureurs == null) return false;
  const open = Date.parse(f.ouverture_inscriptions);
  return now.getTime() >= open && now.getTime() < open + QUEUE_MINUTES * 60_000;
}

/**
 * Slack on the checkout window for the time between the queue's go-ahead and the provider's clock (the call's trip,
 * a busy isolate): bench/opening counted 11 creations in one second at the provider with an exact 1-second window.
 */
export const CHECKOUT_WINDOW_SLACK = 1.1;

/**
 * The window in which at most `size` checkout creations may start: the rate's calls per second (10 per second: 10 in
 * any 1.1 s, so never more than 10 in any second where the provider counts them); under one per second, one per
 * 1/rate seconds (and the slack).
 */
export function checkoutWindow(ratePerSecond: number): { size: number; windowMs: number } {
  const rate = Math.max(0.1, ratePerSecond);
  const second = 1000 * CHECKOUT_WINDOW_SLACK;
  return rate >= 1
    ? { size: Math.floor(rate), windowMs: Math.round(second) }
    : { size: 1, windowMs: Math.round(second / rate) };
}

/** The longest draw an organiser may set (minutes after the opening): within the queue's window. */
export const MAX_DRAW_MINUTES = 30;

/** When the draw takes place (ms), for a format whose organiser chose one; null: arrival order only. */
export function drawAt(f: { ouverture_inscriptions?: string | null; tirage_minutes?: number | null }): number | null {
  if (!f.ouverture_inscriptions || !f.tirage_minutes || f.tirage_minutes <= 0) return null;
  return Date.parse(f.ouverture_inscriptions) + Math.min(f.tirage_minutes, MAX_DRAW_MINUTES) * 60_000;
}

/** The rule as stated to runners: 'tirage au sort des arrivées des 10 premières minutes' ('' without a draw). */
export function drawRule(minutes: number | null | undefined): string {
  if (!minutes || minutes <= 0) return "";
  const m = Math.min(minutes, MAX_DRAW_MINUTES);
  return m === 1
    ? "tirage au sort des arrivées de la première minute"
    : `tirage au sort des arrivées des ${m} premières minutes`;
}

/**
 * The draw: a uniform random order of `items` (Fisher–Yates). `randomBelow(n)` returns an integer in [0, n),
 * uniformly (the Durable Object passes one built on crypto.getRandomValues; tests pass their own).
 */
export function drawOrder<T>(items: readonly T[], randomBelow: (n: number) => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A runner in the draw's pool, with the keys that identify the person (none known: the account alone). */
export interface DrawEntrant {
  userId: string;
  arrivedAt: number;
  keys: readonly string[];
}

/**
 * The draw (issue 40): one ticket per person. Entrants sharing a key (the same name and birth date, licence or PPS
 * number, from any account) are one person, represented by their first arrival; the people are put in a uniform
 * random order (drawOrder), then the same person's other accounts follow, in
 * arrival order, after everyone.
 */
export function drawTickets(entrants: readonly DrawEntrant[], randomBelow: (n: number) => number): string[] {
  const byArrival = [...entrants].sort((a, b) => a.arrivedAt - b.arrivedAt || (a.userId < b.userId ? -1 : 1));
  const owner = new Map<string, number>();
  const people: DrawEntrant[] = [];
  const extras: DrawEntrant[] = [];
  for (const e of byArrival) {
    const known = e.keys.map((k) => owner.get(k)).find((p) => p !== undefined);
    if (known !== undefined) {
      extras.push(e);
      for (const k of e.keys) if (!owner.has(k)) owner.set(k, known);
      continue;
    }
    for (const k of e.keys) owner.set(k, people.length);
    people.push(e);
  }
  return [...drawOrder(people, randomBelow), ...extras].map((e) => e.userId);
}

export interface QueueEntry {
  /** 1, 2, 3… in queue order. */
  seq: number;
  /** When the runner may be admitted at the earliest: their arrival, or the draw's instant. */
  readyAt: number;
  /** When they were admitted (null: they wait), and the end of their reservation. */
  admittedAt: number | null;
  until: number | null;
}

export type QueueStatus =
  | { state: "tirage"; drawAt: number; entrants: number }
  | { state: "admis"; until: number }
  | { state: "en_file"; position: number; waitSeconds: number | null; ticket: number; outlook: Outlook }
  | { state: "expire" };

/** The queue's answer at the form's door: 'libre' outside the queue window, or where the runner stands. */
export type GateAnswer = { state: "libre" } | QueueStatus;

/** Must this runner wait (a draw to come, or a place in the queue) rather than have the form? */
export function mustWait(gate: GateAnswer): gate is Exclude<QueueStatus, { state: "admis" }> {
  return gate.state !== "libre" && gate.state !== "admis";
}

/** Where the queue stands for a waiting runner: their rank, the places open and reserved, the admission rate. */
export interface QueueStanding {
  /** The runner's rank among those still waiting (1: next). */
  rank: number;
  open: number;
  reserved: number;
  places: Places;
  lastAdmitAt: number | null;
  ratePerSecond: number;
}

/**
 * Where a runner stands: admitted (their place reserved until when), waiting (their rank among those not admitted,
 * and what they can expect), or past their reservation (they go back to the end of the queue by arriving again).
 */
export function statusOf(entry: QueueEntry, standing: QueueStanding | null, now: number): QueueStatus {
  if (entry.admittedAt != null) {
    const until = entry.until ?? entry.admittedAt;
    return now < until ? { state: "admis", until } : { state: "expire" };
  }
  const s = standing ?? {
    rank: 1,
    open: 0,
    reserved: 0,
    places: { cap: 0, taken: 0, validated: 0 },
    lastAdmitAt: null,
    ratePerSecond: 1,
  };
  const outlook = outlookOf(s.rank, s.open, s.reserved, s.places);
  return {
    state: "en_file",
    position: s.rank,
    waitSeconds: outlook === "rythme" ? rhythmWait(s.rank, entry.readyAt, s.lastAdmitAt, s.ratePerSecond, now) : null,
    ticket: entry.seq,
    outlook,
  };
}

/** The wait as the queue panel writes it: an estimate at the rate, or why none can be given. */
export function waitLine(status: { waitSeconds: number | null; outlook: Outlook }): string {
  return status.outlook === "rythme" ? waitText(status.waitSeconds ?? 0) : OUTLOOK_WAIT[status.outlook];
}

/** An honest estimate in French: 'moins d'une minute', 'environ 3 minutes', 'environ 1 h 10'. */
export function waitText(seconds: number): string {
  if (seconds < 60) return "moins d'une minute";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `environ ${minutes} minute${minutes > 1 ? "s" : ""}`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `environ ${h} h${m ? ` ${String(m).padStart(2, "0")}` : ""}`;
}

/** 'Vous êtes 153e dans la file d'attente' */
export function queueSentence(position: number): string {
  return `Vous êtes ${position === 1 ? "1er" : `${position}e`} dans la file d'attente`;
}

/** How often the queue pushes live positions to open sockets (ms). */
export const LIVE_PUSH_MS = 1000;

/** What the queue pushes to a socket: its ticket's place and wait, its turn, or that the ticket is not (or no longer) in the queue. */
export type LiveMessage =
  | {
      type: "position";
      position: number;
      /** null: no estimate (every place taken or reserved). */
      waitSeconds: number | null;
      /** The same place and wait in words (queueSentence, waitText): what the light waiting page writes as is. */
      sentence: string;
      wait: string;
    }
  | { type: "admis" }
  | { type: "inconnu" };

/** The live message for a ticket's status (null: no such ticket). An expired turn reads as unknown: the page reloads. */
export function liveMessage(status: QueueStatus | null): LiveMessage {
  if (status?.state === "en_file")
    return {
      type: "position",
      position: status.position,
      waitSeconds: status.waitSeconds,
      sentence: queueSentence(status.position),
      wait: waitLine(status),
    };
  if (status?.state === "admis") return { type: "admis" };
  return { type: "inconnu" };
}

/** A ticket number from a URL (a positive integer), or null. */
export function parseTicket(raw: string | null): number | null {
  if (!raw || !/^[1-9][0-9]{0,8}$/.test(raw)) return null;
  return Number(raw);
}

/** Is this a live message (parsed JSON from the socket)? */
export function isLiveMessage(v: unknown): v is LiveMessage {
  if (typeof v !== "object" || v === null) return false;
  const m = v as Record<string, unknown>;
  if (m.type === "admis" || m.type === "inconnu") return true;
  return (
    m.type === "position" &&
    Number.isInteger(m.position) &&
    (m.waitSeconds === null || Number.isInteger(m.waitSeconds)) &&
    typeof m.sentence === "string" &&
    typeof m.wait === "string"
  );
}

/** The queue page's reload interval without JavaScript near the front of the queue (and its shortest). */
export const QUEUE_REFRESH_MIN_SECONDS = 5;
/** Its longest: a runner far back reloads less often (every quarter of their wait), which keeps a large queue's
 * reloads from crowding the server while staying ahead of the turn. */
export const QUEUE_REFRESH_MAX_SECONDS = 30;

/** Seconds until the queue page reloads itself, for a wait (or a draw) this many seconds away. */
export function queueRefreshSeconds(waitSeconds: number): number {
  return Math.min(
    QUEUE_REFRESH_MAX_SECONDS,
    Math.max(QUEUE_REFRESH_MIN_SECONDS, Math.ceil(Math.max(0, waitSeconds) / 4)),
  );
}

/** What the queue panel shows a runner who waits (app/components/QueuePanel.tsx; built by queueView). */
export interface QueueView {
  format: { id: string; nom: string; courseNom: string; courseId: string };
  rule: string;
  draw: { at: string; entrants: number } | null;
  position: number | null;
  wait: string | null;
  ticket: number | null;
  refresh: number;
}

/**
 * What a format's queue keeps for the Worker's light waiting page (docs/decisions/0135): the facts the page shows
 * and the gate needs, handed over by the registration page's gate calls (which read them from D1), for an event
 * online at that moment.
 */
export interface QueueFacts {
  id: string;
  nom: string;
  course_id: string;
  /** The event's slug: its registration page answers at either address. */
  course_slug: string;
  course_nom: string;
  /** The event's updated_at as the page read it: facts older than a save the queue was told of are refused. */
  version: string;
  ouverture_inscriptions: string | null;
  nb_max_coureurs: number | null;
  tirage_minutes: number | null;
}

/** A version after every event's updated_at: what a queue is told when its format's event goes offline or away. */
export const FACTS_NEVER_AGAIN = "~";

/**
 * May a queue keep these facts, having been told of a save of version `floor` (null: of none)? Facts read before
 * that save (an older updated_at: a page that read D1, or a lagging replica, before the organiser saved) are
 * refused; ISO dates compare as strings.
 */
export function factsAccepted(facts: QueueFacts, floor: string | null): boolean {
  return floor === null || facts.version >= floor;
}

/** How long kept facts serve the light page without a gate call of the full page renewing them. */
export const QUEUE_FACTS_TTL_MS = 30_000;

/**
 * The kept facts the light page may use now for the registration page of `courseId` (its id or slug; null: none, too old, another
 * event's address, or outside the queue's window: the full page answers).
 */
export function usableFacts(
  kept: { facts: QueueFacts; at: number } | null,
  courseId: string,
  now: number,
): QueueFacts | null {
  if (!kept || now - kept.at >= QUEUE_FACTS_TTL_MS || now < kept.at) return null;
  if (
    (kept.facts.course_id !== courseId && kept.facts.course_slug !== courseId) ||
    !queueActive(kept.facts, new Date(now))
  )
    return null;
  return kept.facts;
}

/** What the opening queue of a format says of itself (the Durable Object in party/format-queue.ts). */
export interface QueueStats {
  /** Accounts that arrived (each once). */
  arrivals: number;
  /** Not admitted yet. */
  waiting: number;
  /** Admitted (to the form, then checkout) so far. */
  admitted: number;
  /** Places reserved now for admitted runners who have not sent the form yet. */
  reserved: number;
}
