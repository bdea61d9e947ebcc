import { type Connection, type ConnectionContext, Server } from "partyserver";
import {
  checkoutWindow,
  drawOrder,
  LIVE_PUSH_MS,
  liveMessage,
  nextAdmission,
  parseTicket,
  statusOf,
  drawAt as drawInstant,
  factsAccepted,
  usableFacts,
  type QueueEntry,
  type QueueFacts,
  type QueueStatus,
  type QueueStats,
} from "../app/domain/opening-queue";

/**
 * The opening queue of one format (issue 21; the Durable Object is named after the format id). Arrivals are kept in
 * its SQLite storage in arrival order, one per account: a second tab or a double click finds the same entry. Each
 * entry's admission time is fixed on arrival (app/domain/opening-queue.ts, nextAdmission), so the order never jumps
 * and admissions never exceed the rate. A Durable Object runs one call at a time: no two arrivals get one number.
 * With a draw (`drawAt`, the organiser's choice), arrivals before that instant wait in a pool; the first call at or
 * after it draws their order (crypto.getRandomValues) and gives them numbers and admission times from `drawAt` on,
 * before any later arrival is numbered.
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

  /**
   * Makes the tables on first use rather than in the constructor: a call that stores nothing (the light page's
   * call for a format whose queue keeps no facts, or forgetFacts) leaves no storage behind, so an address typed
   * with any format id makes no lasting object (the full page's gate runs only for formats read from D1).
   */
  #schema(): void {
    if (this.#schemaReady) return;
    this.ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS entries (
      user_id TEXT PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, arrived_at INTEGER NOT NULL, admit_at INTEGER NOT NULL)`);
    // Every call counts the admitted (admit_at <= now) and reads the last admission time: through this index, not
    // a scan of a queue that may hold tens of thousands of runners.
    this.ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS entries_admit_idx ON entries (admit_at)");
    this.ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS checkout_slots (id INTEGER PRIMARY KEY CHECK (id = 1), last_at INTEGER NOT NULL)",
    );
    this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS checkout_grant_times (at INTEGER NOT NULL)");
    this.ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS draw_pool (user_id TEXT PRIMARY KEY, arrived_at INTEGER NOT NULL)",
    );
    this.#schemaReady = true;
  }

  /** A runner's entry, by account (`user_id`) or by ticket number (`seq`); null when there is none. */
  #entry(by: "user_id" | "seq", value: string | number): QueueEntry | null {
    const row = this.ctx.storage.sql
      .exec<{ seq: number; arrived_at: number; admit_at: number }>(
        `SELECT seq, arrived_at, admit_at FROM entries WHERE ${by} = ?`,
        value,
      )
      .toArray()[0];
    return row ? { seq: row.seq, arrivedAt: row.arrived_at, admitAt: row.admit_at } : null;
  }

  #admittedCount(now: number): number {
    return Number(
      this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM entries WHERE admit_at <= ?", now).one().n,
    );
  }

  #poolSize(): number {
    return Number(this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM draw_pool").one().n);
  }

  /** A uniform integer in [0, n), from crypto.getRandomValues (rejection sampling: no modulo bias). */
  #randomBelow(n: number): number {
    const limit = Math.floor(0x1_0000_0000 / n) * n;
    const buf = new Uint32Array(1);
    do crypto.getRandomValues(buf);
    while (buf[0] >= limit);
    return buf[0] % n;
  }

  /** Once the draw's time has come: the pool's order is drawn and numbered first, admitted from `drawAt` at the rate. */
  #drawIfDue(drawAt: number | null, now: number, ratePerSecond: number): void {
    if (drawAt == null || now < drawAt || this.#poolSize() === 0) return;
    const pool = this.ctx.storage.sql
      .exec<{ user_id: string; arrived_at: number }>("SELECT user_id, arrived_at FROM draw_pool ORDER BY arrived_at")
      .toArray();
    const last = this.ctx.storage.sql
      .exec<{ seq: number | null; admit_at: number | null }>(
        "SELECT (SELECT max(seq) FROM entries) AS seq, (SELECT max(admit_at) FROM entries) AS admit_at",
      )
      .one();
    let seq = Number(last.seq ?? 0);
    let prev = last.admit_at == null ? null : Number(last.admit_at);
    for (const p of drawOrder(pool, (n) => this.#randomBelow(n))) {
      prev = nextAdmission(prev, drawAt, ratePerSecond);
      seq++;
      this.ctx.storage.sql.exec(
        "INSERT INTO entries (user_id, seq, arrived_at, admit_at) VALUES (?, ?, ?, ?)",
        p.user_id,
        seq,
        Number(p.arrived_at),
        prev,
      );
    }
    this.ctx.storage.sql.exec("DELETE FROM draw_pool");
  }

  /**
   * Arrives (or finds the same place again) and says where the runner stands. `drawAt`: the instant of the format's
   * draw (null: arrival order only); before it, an arrival joins the draw.
   */
  enter(
    userId: string,
    now: number,
    ratePerSecond: number,
    drawAt: number | null = null,
    facts: QueueFacts | null = null,
  ): QueueStatus {
    if (facts && factsAccepted(facts, this.#factsFloor)) this.#facts = { facts, at: now };
    this.#schema();
    if (drawAt != null && now < drawAt) {
      this.ctx.storage.sql.exec(
        "INSERT INTO draw_pool (user_id, arrived_at) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING",
        userId,
        now,
      );
      return { state: "tirage", drawAt, entrants: this.#poolSize() };
    }
    this.#drawIfDue(drawAt, now, ratePerSecond);
    let entry = this.#entry("user_id", userId);
    if (entry && statusOf(entry, 0, now).state === "expire") {
      // Admitted long ago and did not register: back in the queue, at the end.
      this.ctx.storage.sql.exec("DELETE FROM entries WHERE user_id = ?", userId);
      entry = null;
    }
    if (!entry) {
      const last = this.ctx.storage.sql
        .exec<{ seq: number | null; admit_at: number | null }>(
          "SELECT (SELECT max(seq) FROM entries) AS seq, (SELECT max(admit_at) FROM entries) AS admit_at",
        )
        .one();
      const seq = Number(last.seq ?? 0) + 1;
      const admitAt = nextAdmission(last.admit_at == null ? null : Number(last.admit_at), now, ratePerSecond);
      this.ctx.storage.sql.exec(
        "INSERT INTO entries (user_id, seq, arrived_at, admit_at) VALUES (?, ?, ?, ?)",
        userId,
        seq,
        now,
        admitAt,
      );
      entry = { seq, arrivedAt: now, admitAt };
    }
    return statusOf(entry, this.#admittedCount(now), now);
  }

  /**
   * The light waiting page's one call (docs/decisions/0135): with usable kept facts for this event's registration
   * page, the runner arrives (or finds their place) exactly as through the full page's gate. Null when the facts are
   * missing, too old or for another address: the full page answers (and hands them over). An admitted runner gets
   * their status too: the full page shows them the form.
   */
  lightEnter(
    userId: string,
    courseId: string,
    now: number,
    ratePerSecond: number,
  ): { facts: QueueFacts; status: QueueStatus } | null {
    const facts = usableFacts(this.#facts, courseId, now);
    if (!facts) return null;
    return { facts, status: this.enter(userId, now, ratePerSecond, drawInstant(facts)) };
  }

  /**
   * The organiser saved the event (`version`: its new updated_at), took it offline or deleted it
   * (FACTS_NEVER_AGAIN): the light page waits for a gate call of the full page that read the event after that.
   */
  forgetFacts(version: string): void {
    this.#facts = null;
    if (this.#factsFloor === null || version > this.#factsFloor) this.#factsFloor = version;
  }

  /** Where the runner stands, without arriving (null: not in the queue). */
  status(userId: string, now: number, ratePerSecond: number, drawAt: number | null = null): QueueStatus | null {
    this.#schema();
    if (drawAt != null && now < drawAt) {
      const pooled = this.ctx.storage.sql.exec("SELECT 1 FROM draw_pool WHERE user_id = ?", userId).toArray().length;
      return pooled ? { state: "tirage", drawAt, entrants: this.#poolSize() } : null;
    }
    this.#drawIfDue(drawAt, now, ratePerSecond);
    const entry = this.#entry("user_id", userId);
    return entry ? statusOf(entry, this.#admittedCount(now), now) : null;
  }

  /**
   * The instant this runner's checkout may be created: 1/rate after the previous one, never before `now`. Runners
   * admitted together (slow networks bring them back at once) are spread out, so the payment provider never sees
   * more than the rate.
   */
  reserveCheckout(now: number, ratePerSecond: number): number {
    this.#schema();
    const row = this.ctx.storage.sql
      .exec<{ last_at: number }>("SELECT last_at FROM checkout_slots WHERE id = 1")
      .toArray()[0];
    // The caller's `now` is when it sent the call; under load the call waits here behind others, and a slot computed
    // from that stale time can already be past when the answer arrives, letting several callers through at once
    // (bench/opening saw 20 creations in a second at 10/s). Slots start no earlier than this object's own clock.
    const at = nextAdmission(row ? Number(row.last_at) : null, Math.max(now, Date.now()), ratePerSecond);
    this.ctx.storage.sql.exec(
      "INSERT INTO checkout_slots (id, last_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET last_at = excluded.last_at",
      at,
    );
    return at;
  }

  /**
   * The go-ahead for a checkout creation, at the moment it is asked (this object's clock): granted (0) while fewer
   * than the rate's calls were granted in the last second (checkoutWindow), otherwise the milliseconds until the
   * oldest of them leaves the window. A reserved slot (reserveCheckout) orders and spaces the callers; this check
   * keeps the calls themselves within the rate even when their timers, in a busy isolate, fire together
   * (bench/opening saw up to 18 creations in one second at 10 per second with slots alone). A sliding window rather
   * than one call per 1/rate: a go-ahead nobody asked for at its instant is not lost, so late callers never pile up.
   */
  grantCheckout(ratePerSecond: number): number {
    this.#schema();
    const now = Date.now();
    const { size, windowMs } = checkoutWindow(ratePerSecond);
    this.ctx.storage.sql.exec("DELETE FROM checkout_grant_times WHERE at <= ?", now - windowMs);
    const w = this.ctx.storage.sql
      .exec<{ n: number; oldest: number | null }>("SELECT count(*) AS n, min(at) AS oldest FROM checkout_grant_times")
      .one();
    if (Number(w.n) >= size) return Math.max(1, Number(w.oldest) + windowMs - now + 1);
    this.ctx.storage.sql.exec("INSERT INTO checkout_grant_times (at) VALUES (?)", now);
    return 0;
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
    const admitted = this.#admittedCount(now);
    let waiting = false;
    for (const connection of this.getConnections<{ ticket: number }>()) {
      const ticket = connection.state?.ticket;
      if (ticket == null) continue;
      const entry = this.#entry("seq", ticket);
      const message = liveMessage(entry ? statusOf(entry, admitted, now) : null);
      if (message.type === "position") waiting = true;
      connection.send(JSON.stringify(message));
    }
    if (waiting) await this.ctx.storage.setAlarm(now + LIVE_PUSH_MS);
  }

  stats(now: number, ratePerSecond: number, drawAt: number | null = null): QueueStats {
    this.#schema();
    this.#drawIfDue(drawAt, now, ratePerSecond);
    const pooled = this.#poolSize();
    const r = this.ctx.storage.sql
      .exec<{ arrivals: number; admitted: number }>(
        "SELECT count(*) AS arrivals, coalesce(sum(admit_at <= ?), 0) AS admitted FROM entries",
        now,
      )
      .one();
    return {
      arrivals: Number(r.arrivals) + pooled,
      admitted: Number(r.admitted),
      waiting: Number(r.arrivals) - Number(r.admitted) + pooled,
    };
  }
}
