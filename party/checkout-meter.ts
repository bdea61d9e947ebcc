// The opening queue's meter of checkout creations (issue 21): the format's Durable Object (party/format-queue.ts)
// spaces the creations of checkout sessions at the admission rate, so that the payment provider never sees more
// than the rate, even when admitted runners come back together. Functions over the object's SQLite storage.
import { checkoutWindow } from "../app/domain/opening-queue";
import { nextAdmission } from "../app/domain/opening-admission";

/** Makes the meter's tables (on the object's first use). */
export function checkoutMeterSchema(sql: SqlStorage): void {
  sql.exec(
    "CREATE TABLE IF NOT EXISTS checkout_slots (id INTEGER PRIMARY KEY CHECK (id = 1), last_at INTEGER NOT NULL)",
  );
  sql.exec("CREATE TABLE IF NOT EXISTS checkout_grant_times (at INTEGER NOT NULL)");
}

/**
 * The instant this runner's checkout may be created: 1/rate after the previous one, never before `now`. Runners
 * admitted together (slow networks bring them back at once) are spread out, so the payment provider never sees
 * more than the rate.
 */
export function reserveCheckoutSlot(sql: SqlStorage, now: number, ratePerSecond: number): number {
  const row = sql.exec<{ last_at: number }>("SELECT last_at FROM checkout_slots WHERE id = 1").toArray()[0];
  // The caller's `now` is when it sent the call; under load the call waits here behind others, and a slot computed
  // from that stale time can already be past when the answer arrives, letting several callers through at once
  // (bench/opening saw 20 creations in a second at 10/s). Slots start no earlier than this object's own clock.
  const at = nextAdmission(row ? Number(row.last_at) : null, Math.max(now, Date.now()), ratePerSecond);
  sql.exec(
    "INSERT INTO checkout_slots (id, last_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET last_at = excluded.last_at",
    at,
  );
  return at;
}

/**
 * The go-ahead for a checkout creation, at the moment it is asked (this object's clock): granted (0) while fewer
 * than the rate's calls were granted in the last second (checkoutWindow), otherwise the milliseconds until the
 * oldest of them leaves the window. A reserved slot (reserveCheckoutSlot) orders and spaces the callers; this check
 * keeps the calls themselves within the rate even when their timers, in a busy isolate, fire together
 * (bench/opening saw up to 18 creations in one second at 10 per second with slots alone). A sliding window rather
 * than one call per 1/rate: a go-ahead nobody asked for at its instant is not lost, so late callers never pile up.
 */
export function grantCheckoutSlot(sql: SqlStorage, ratePerSecond: number): number {
  const now = Date.now();
  const { size, windowMs } = checkoutWindow(ratePerSecond);
  sql.exec("DELETE FROM checkout_grant_times WHERE at <= ?", now - windowMs);
  const w = sql
    .exec<{ n: number; oldest: number | null }>("SELECT count(*) AS n, min(at) AS oldest FROM checkout_grant_times")
    .one();
  if (Number(w.n) >= size) return Math.max(1, Number(w.oldest) + windowMs - now + 1);
  sql.exec("INSERT INTO checkout_grant_times (at) VALUES (?)", now);
  return 0;
}
