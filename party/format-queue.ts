import { type Connection, type ConnectionContext, Server } from "partyserver";
import { createDb } from "../app/db/client.server";
import { drawPool, drawPoolSchema, joinPool, poolSize, poolUsers } from "./queue-draw";
import { checkoutMeterSchema, grantCheckoutSlot, reserveCheckoutSlot } from "./checkout-meter";
import { readFormatPlaces, readPersonKeys } from "../app/db/queue-reads.server";
import { admissions, type Places, placesOpen, reservationEnd } from "../app/domain/opening-admission";
import {
  DEFAULT_ADMISSIONS_PER_SECOND,
  LIVE_PUSH_MS,
  liveMessage,
  parseTicket,
  statusOf,
  drawAt as drawInstant,
  factsAccepted,
  usableFacts,
  type QueueEntry,
  type QueueFacts,
  type QueueStanding,
  type QueueStatus,
  type QueueStats,
} from "../app/domain/opening-queue";

/** How long the format's places read from the database serve the queue's decisions (ms of this object's clock). */
const PLACES_FRESH_MS = 1000;

/**
 * The opening queue of one format (issue 21; the Durable Object is named after the format id). Arrivals are kept in
 * its SQLite storage in arrival order, one per account: a second tab or a double click finds the same entry. A
 * Durable Object runs one synchronous stretch at a time: no two arrivals get one number, no place is reserved twice.
 *
 * Admission reserves a place (issue 42, app/domain/opening-admission.ts): the queue admits, in its order and at the
 * rate, no more runners than places neither taken nor reserved. The places come from the database (read at most
 * every PLACES_FRESH_MS, before the synchronous stretch that decides); a runner who took their place (consume, after
 * their hold is written) stays counted as reserved until a read that started after it, which sees their hold.
 * A reservation unused at its deadline is simply no longer counted: the next runner is admitted.
 *
 * With a draw (`drawAt`, the organiser's choice), arrivals before that instant wait in a pool; the first call at or
 * after it draws their order, one ticket per person (their profiles' identity, issue 40), and numbers them before any
 * later arrival.
 *
 * Live positions: the queue page (with JavaScript) opens a WebSocket to /parties/format-queue/{formatId}?ticket=N
 * (partysocket; the Worker checks the origin and that the format exists, party/auth.ts). While sockets are open, an
 * alarm pushes each one its ticket's position and wait every LIVE_PUSH_MS, and 'admis' when its turn comes. Positions
 * are not secret (a ticket number says nothing about who holds it); admission is still decided by the server on the
 * next request. Hibernates between pushes.
 */
export class FormatQueue extends Server<Env> {
  static options = { hibernate: true };

  /**
   * The facts of the format kept for the Worker's light waiting page (docs/decisions/0135), with when they were
   * handed over; in memory only: an object that restarts has none, and the full page hands them over again.
   */
  #facts: { facts: QueueFacts; at: number } | null = null;
  /** The newest save of the event this queue was told of (forgetFacts): facts read before it are refused. */
  #factsFloor: string | null = null;

  /** Whether this object's tables exist (made on first use). */
  #schemaReady = false;

  /** The format's places as last read, with the consumption count when the read started and when (both clocks). */
  #places: { places: Places; serial: number; at: number; now: number } | null = null;
  #reading: Promise<void> | null = null;
  /** Places taken through the queue so far (consume): each one numbered, to compare with a read's start. */
  #serial = 0;
  /** The draw's entrants' identity keys, read before the draw (null: not read). */
  #drawKeys: Map<string, string[]> | null = null;

  /**
   * Makes the tables on first use rather than in the constructor: a call that stores nothing (the light page's
   * call for a format whose queue keeps no facts, or forgetFacts) leaves no storage behind, so an address typed
   * with any format id makes no lasting object (the full page's gate runs only for formats read from D1).
   */
  #schema(): void {
    if (this.#schemaReady) return;
    const sql = this.ctx.storage.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS queue_entries (
      user_id TEXT PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, arrived_at INTEGER NOT NULL, ready_at INTEGER NOT NULL,
      admitted_at INTEGER, until INTEGER, consumed_serial INTEGER)`);
    // Ranks count the waiting (admitted_at IS NULL) up to a ticket: a range of this index, not a scan.
    sql.exec("CREATE INDEX IF NOT EXISTS queue_entries_waiting_idx ON queue_entries (admitted_at, seq)");
    sql.exec("CREATE TABLE IF NOT EXISTS queue_meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)");
    checkoutMeterSchema(sql);
    drawPoolSchema(sql);
    this.#serial = Number(
      sql.exec<{ n: number | null }>("SELECT max(consumed_serial) AS n FROM queue_entries").one().n ?? 0,
    );
    this.#schemaReady = true;
  }

  #meta(k: string): string | null {
    return this.ctx.storage.sql.exec<{ v: string }>("SELECT v FROM queue_meta WHERE k = ?", k).toArray()[0]?.v ?? null;
  }

  /** Remembers the format, its rate and its draw: what the alarm's pushes need after a hibernation. */
  #remember(formatId: string, ratePerSecond: number, drawAt: number | null): void {
    for (const [k, v] of [
      ["format", formatId],
      ["rate", String(ratePerSecond)],
      ["draw", drawAt == null ? "" : String(drawAt)],
    ])
      this.ctx.storage.sql.exec(
        "INSERT INTO queue_meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v",
        k,
        v,
      );
  }

  /** A runner's entry, by account (`user_id`) or by ticket number (`seq`); null when there is none. */
  #entry(by: "user_id" | "seq", value: string | number): QueueEntry | null {
    const row = this.ctx.storage.sql
      .exec<{ seq: number; ready_at: number; admitted_at: number | null; until: number | null }>(
        `SELECT seq, ready_at, admitted_at, until FROM queue_entries WHERE ${by} = ?`,
        value,
      )
      .toArray()[0];
    return row
      ? {
          seq: row.seq,
          readyAt: row.ready_at,
          admittedAt: row.admitted_at == null ? null : Number(row.admitted_at),
          until: row.until == null ? null : Number(row.until),
        }
      : null;
  }

  /**
   * Reads what the next decisions need from the database: the format's places when the last read is older than
   * PLACES_FRESH_MS (one read at a time), and the draw's entrants' identities when the draw is due. Awaited before
   * the synchronous stretch that decides.
   */
  async #prepare(formatId: string, now: number, drawAt: number | null): Promise<void> {
    this.#schema();
    const reads: Promise<void>[] = [];
    const p = this.#places;
    if (!p || Date.now() - p.at >= PLACES_FRESH_MS || Math.abs(now - p.now) >= PLACES_FRESH_MS) {
      this.#reading ??= this.#readPlaces(formatId, now).finally(() => {
        this.#reading = null;
      });
      reads.push(this.#reading);
    }
    if (drawAt != null && now >= drawAt && this.#drawKeys == null && poolSize(this.ctx.storage.sql) > 0) {
      const ids = poolUsers(this.ctx.storage.sql);
      reads.push(
        readPersonKeys(createDb(this.env.DB), ids).then((keys) => {
          this.#drawKeys = keys;
        }),
      );
    }
    await Promise.all(reads);
  }

  async #readPlaces(formatId: string, now: number): Promise<void> {
    const serial = this.#serial;
    const at = Date.now();
    const places = await readFormatPlaces(createDb(this.env.DB), formatId, new Date(now).toISOString());
    if (!this.#places || at >= this.#places.at) this.#places = { places, serial, at, now };
  }

  /** Places reserved now: admitted runners within their time who have not taken their place, and those who just did. */
  #reserved(now: number): number {
    return Number(
      this.ctx.storage.sql
        .exec<{ n: number }>(
          `SELECT count(*) AS n FROM queue_entries WHERE admitted_at IS NOT NULL
            AND ((consumed_serial IS NULL AND until > ?) OR consumed_serial > ?)`,
          now,
          this.#places?.serial ?? 0,
        )
        .one().n,
    );
  }

  #lastAdmitAt(): number | null {
    const v = this.ctx.storage.sql
      .exec<{ t: number | null }>("SELECT max(admitted_at) AS t FROM queue_entries")
      .one().t;
    return v == null ? null : Number(v);
  }

  /** Admits the waiting runners whose turn has come, in order, while places are neither taken nor reserved. */
  #admitDue(now: number, ratePerSecond: number): void {
    const places = this.#places?.places;
    if (!places) return;
    const open = placesOpen(places, this.#reserved(now));
    if (open <= 0) return;
    const waiting = this.ctx.storage.sql
      .exec<{ seq: number; ready_at: number }>(
        "SELECT seq, ready_at FROM queue_entries WHERE admitted_at IS NULL ORDER BY seq LIMIT ?",
        Math.min(open, 10_000),
      )
      .toArray()
      .map((w) => ({ seq: Number(w.seq), readyAt: Number(w.ready_at) }));
    for (const a of admissions(waiting, this.#lastAdmitAt(), ratePerSecond, now, open))
      this.ctx.storage.sql.exec(
        "UPDATE queue_entries SET admitted_at = ?, until = ? WHERE seq = ?",
        a.admittedAt,
        reservationEnd(a.admittedAt, now),
        a.seq,
      );
  }

  /** Where the queue stands for a waiting entry (its rank among the waiting, places open and reserved). */
  #standing(entry: QueueEntry, now: number, ratePerSecond: number, rank?: number): QueueStanding {
    const reserved = this.#reserved(now);
    const places = this.#places?.places ?? { cap: 0, taken: 0, validated: 0 };
    return {
      rank:
        rank ??
        Number(
          this.ctx.storage.sql
            .exec<{ n: number }>(
              "SELECT count(*) AS n FROM queue_entries WHERE admitted_at IS NULL AND seq <= ?",
              entry.seq,
            )
            .one().n,
        ),
      open: placesOpen(places, reserved),
      reserved,
      places,
      lastAdmitAt: this.#lastAdmitAt(),
      ratePerSecond,
    };
  }

  #statusOf(entry: QueueEntry, now: number, ratePerSecond: number): QueueStatus {
    return statusOf(entry, entry.admittedAt == null ? this.#standing(entry, now, ratePerSecond) : null, now);
  }

  /** Once the draw's time has come: the pool is drawn (one ticket per person) and numbered first, ready at `drawAt`. */
  #drawIfDue(drawAt: number | null, now: number): void {
    if (drawAt == null || now < drawAt || poolSize(this.ctx.storage.sql) === 0) return;
    drawPool(this.ctx.storage.sql, drawAt, this.#drawKeys ?? new Map());
    this.#drawKeys = null;
  }

  /**
   * Arrives (or finds the same place again) and says where the runner stands. `drawAt`: the instant of the format's
   * draw (null: arrival order only); before it, an arrival joins the draw.
   */
  async enter(
    formatId: string,
    userId: string,
    now: number,
    ratePerSecond: number,
    drawAt: number | null = null,
    facts: QueueFacts | null = null,
  ): Promise<QueueStatus> {
    if (facts && factsAccepted(facts, this.#factsFloor)) this.#facts = { facts, at: now };
    await this.#prepare(formatId, now, drawAt);
    // From here on, synchronous: one call decides at a time.
    this.#remember(formatId, ratePerSecond, drawAt);
    if (drawAt != null && now < drawAt) {
      joinPool(this.ctx.storage.sql, userId, now);
      return { state: "tirage", drawAt, entrants: poolSize(this.ctx.storage.sql) };
    }
    this.#drawIfDue(drawAt, now);
    const entry = this.#entry("user_id", userId);
    if (entry && statusOf(entry, null, now).state === "expire") {
      // Admitted and did not take the place in time: back in the queue, at the end.
      this.ctx.storage.sql.exec("DELETE FROM queue_entries WHERE user_id = ?", userId);
    }
    if (!entry || statusOf(entry, null, now).state === "expire") {
      const last = this.ctx.storage.sql.exec<{ seq: number | null }>("SELECT max(seq) AS seq FROM queue_entries").one();
      this.ctx.storage.sql.exec(
        "INSERT INTO queue_entries (user_id, seq, arrived_at, ready_at) VALUES (?, ?, ?, ?)",
        userId,
        Number(last.seq ?? 0) + 1,
        now,
        now,
      );
    }
    this.#admitDue(now, ratePerSecond);
    return this.#statusOf(this.#entry("user_id", userId) as QueueEntry, now, ratePerSecond);
  }

  /**
   * The runner's hold is written (the registration use case, after the database took their place): their
   * reservation has served. It stays counted until a read of the places that started after this call.
   */
  consume(userId: string): void {
    this.#schema();
    const next = this.#serial + 1;
    const done = this.ctx.storage.sql.exec(
      "UPDATE queue_entries SET consumed_serial = ? WHERE user_id = ? AND admitted_at IS NOT NULL AND consumed_serial IS NULL",
      next,
      userId,
    ).rowsWritten;
    if (done > 0) this.#serial = next;
  }

  /**
   * The light waiting page's one call (docs/decisions/0135): with usable kept facts for this event's registration
   * page, the runner arrives (or finds their place) exactly as through the full page's gate. Null when the facts are
   * missing, too old or for another address: the full page answers (and hands them over). An admitted runner gets
   * their status too: the full page shows them the form.
   */
  async lightEnter(
    userId: string,
    courseId: string,
    now: number,
    ratePerSecond: number,
  ): Promise<{ facts: QueueFacts; status: QueueStatus } | null> {
    const facts = usableFacts(this.#facts, courseId, now);
    if (!facts) return null;
    return { facts, status: await this.enter(facts.id, userId, now, ratePerSecond, drawInstant(facts)) };
  }

  /**
   * The organiser saved the event (`version`: its new updated_at), took it offline or deleted it
   * (FACTS_NEVER_AGAIN): the light page waits for a gate call of the full page that read the event after that.
   */
  forgetFacts(version: string): void {
    this.#facts = null;
    if (this.#factsFloor === null || version > this.#factsFloor) this.#factsFloor = version;
  }

  /** The instant this runner's checkout may be created (party/checkout-meter.ts). */
  reserveCheckout(now: number, ratePerSecond: number): number {
    this.#schema();
    return reserveCheckoutSlot(this.ctx.storage.sql, now, ratePerSecond);
  }

  /** The go-ahead for a checkout creation, at the moment it is asked (party/checkout-meter.ts). */
  grantCheckout(ratePerSecond: number): number {
    this.#schema();
    return grantCheckoutSlot(this.ctx.storage.sql, ratePerSecond);
  }

  // ------------------------------------------------------------ live positions

  onConnect(connection: Connection<{ ticket: number }>, ctx: ConnectionContext): void | Promise<void> {
    const ticket = parseTicket(new URL(ctx.request.url).searchParams.get("ticket"));
    if (ticket == null) {
      connection.close(1008, "ticket");
      return;
    }
    connection.setState({ ticket });
    return this.#pushAll(Date.now());
  }

  onAlarm(): Promise<void> {
    return this.#pushAll(Date.now());
  }

  /** Sends every open socket its ticket's status; keeps the alarm running while one of them still waits. */
  async #pushAll(now: number): Promise<void> {
    this.#schema();
    const formatId = this.#meta("format");
    const rate = Number(this.#meta("rate")) || DEFAULT_ADMISSIONS_PER_SECOND;
    const draw = this.#meta("draw");
    const drawAt = draw ? Number(draw) : null;
    if (formatId) {
      await this.#prepare(formatId, now, drawAt);
      this.#drawIfDue(drawAt, now);
      this.#admitDue(now, rate);
    }
    // Ranks of every waiting ticket at once (the waiting, in order).
    const ranks = new Map(
      this.ctx.storage.sql
        .exec<{ seq: number }>("SELECT seq FROM queue_entries WHERE admitted_at IS NULL ORDER BY seq")
        .toArray()
        .map((r, k) => [Number(r.seq), k + 1]),
    );
    let waiting = false;
    for (const connection of this.getConnections<{ ticket: number }>()) {
      const ticket = connection.state?.ticket;
      if (ticket == null) continue;
      const entry = this.#entry("seq", ticket);
      const status = entry
        ? statusOf(entry, entry.admittedAt == null ? this.#standing(entry, now, rate, ranks.get(entry.seq)) : null, now)
        : null;
      const message = liveMessage(status);
      if (message.type === "position") waiting = true;
      connection.send(JSON.stringify(message));
    }
    if (waiting) await this.ctx.storage.setAlarm(now + LIVE_PUSH_MS);
  }

  async stats(formatId: string, now: number, ratePerSecond: number, drawAt: number | null = null): Promise<QueueStats> {
    await this.#prepare(formatId, now, drawAt);
    this.#drawIfDue(drawAt, now);
    this.#admitDue(now, ratePerSecond);
    const pooled = poolSize(this.ctx.storage.sql);
    const r = this.ctx.storage.sql
      .exec<{ arrivals: number; admitted: number }>(
        "SELECT count(*) AS arrivals, count(admitted_at) AS admitted FROM queue_entries",
      )
      .one();
    return {
      arrivals: Number(r.arrivals) + pooled,
      admitted: Number(r.admitted),
      waiting: Number(r.arrivals) - Number(r.admitted) + pooled,
      reserved: this.#reserved(now),
    };
  }
}
