/**
 * Benchmark aid (bench/catalogue): a D1 binding that counts the statements prepared through it, the round trips
 * made (a batch is one) and the time SQLite reports spending on them. Only used when the Worker runs with
 * BENCH_QUERY_COUNT=1; the figures are reported in X-Query-Count, X-Round-Trips and X-Query-Ms.
 */
export interface QueryStats {
  statements: number;
  roundTrips: number;
  sqlMs: number;
}

type Meta = { meta?: { duration?: number } };
const duration = (r: unknown) => Number((r as Meta)?.meta?.duration ?? 0);

/** The target's own property, methods bound to it (what a counting proxy passes through unchanged). */
function passThrough(target: object, prop: string | symbol) {
  const value = Reflect.get(target, prop);
  return typeof value === "function" ? value.bind(target) : value;
}

export function countingD1(db: D1Database, stats: QueryStats): D1Database {
  const trip = <T>(p: Promise<T>, ms: (r: T) => number): Promise<T> => {
    stats.roundTrips++;
    return p.then((r) => {
      stats.sqlMs += ms(r);
      return r;
    });
  };
  const statement = (s: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(s, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => statement(target.bind(...values));
        if (prop === "all" || prop === "run") return () => trip(target[prop](), duration);
        if (prop === "first" || prop === "raw")
          return (...a: never[]) => trip((target[prop] as (...x: never[]) => Promise<unknown>)(...a), () => 0);
        return passThrough(target, prop);
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare")
        return (query: string) => {
          stats.statements++;
          return statement(target.prepare(query));
        };
      if (prop === "exec")
        return (query: string) => {
          stats.statements++;
          return trip(target.exec(query), (r) => r.duration);
        };
      if (prop === "batch") {
        return (stmts: D1PreparedStatement[]) =>
          trip(target.batch(stmts), (rs) => rs.reduce((t, r) => t + duration(r), 0));
      }
      return passThrough(target, prop);
    },
  });
}
