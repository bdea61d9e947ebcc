// The opening's draw (issue 21, decision 0134; one ticket per person, issue 40): arrivals before the draw's instant
// wait in a pool kept in the format queue's SQLite storage (party/format-queue.ts); at the draw they are put in a
// random order, one ticket per person (drawTickets), and numbered in the queue before any later arrival.
import { drawTickets } from "../app/domain/opening-queue";

/** Makes the pool's table (on the object's first use). */
export function drawPoolSchema(sql: SqlStorage): void {
  sql.exec("CREATE TABLE IF NOT EXISTS draw_pool (user_id TEXT PRIMARY KEY, arrived_at INTEGER NOT NULL)");
}

/** An arrival joins the draw (once: a second tab changes nothing). */
export function joinPool(sql: SqlStorage, userId: string, now: number): void {
  sql.exec("INSERT INTO draw_pool (user_id, arrived_at) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING", userId, now);
}

export function poolSize(sql: SqlStorage): number {
  return Number(sql.exec<{ n: number }>("SELECT count(*) AS n FROM draw_pool").one().n);
}

/** The accounts in the pool (whose identities the draw reads first). */
export function poolUsers(sql: SqlStorage): string[] {
  return sql
    .exec<{ user_id: string }>("SELECT user_id FROM draw_pool")
    .toArray()
    .map((r) => r.user_id);
}

/** A uniform integer in [0, n), from crypto.getRandomValues (rejection sampling: no modulo bias). */
function randomBelow(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buf = new Uint32Array(1);
  do crypto.getRandomValues(buf);
  while (buf[0] >= limit);
  return buf[0] % n;
}

/**
 * Draws the pool: one ticket per person (`keys`: each account's identity keys), numbered after the queue's last
 * ticket, ready for admission at `drawAt`; the pool is emptied.
 */
export function drawPool(sql: SqlStorage, drawAt: number, keys: ReadonlyMap<string, string[]>): void {
  const pool = sql
    .exec<{ user_id: string; arrived_at: number }>("SELECT user_id, arrived_at FROM draw_pool")
    .toArray()
    .map((p) => ({ userId: p.user_id, arrivedAt: Number(p.arrived_at), keys: keys.get(p.user_id) ?? [] }));
  const arrived = new Map(pool.map((p) => [p.userId, p.arrivedAt]));
  let seq = Number(sql.exec<{ seq: number | null }>("SELECT max(seq) AS seq FROM queue_entries").one().seq ?? 0);
  for (const userId of drawTickets(pool, randomBelow)) {
    seq++;
    sql.exec(
      "INSERT INTO queue_entries (user_id, seq, arrived_at, ready_at) VALUES (?, ?, ?, ?)",
      userId,
      seq,
      arrived.get(userId) ?? drawAt,
      drawAt,
    );
  }
  sql.exec("DELETE FROM draw_pool");
}
