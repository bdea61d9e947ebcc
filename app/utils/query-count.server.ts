/**
 * Benchmark aid (bench/catalogue): a D1 binding that counts the statements prepared through it.
 * Only used when the Worker runs with BENCH_QUERY_COUNT=1; the count is reported in X-Query-Count.
 */
export function countingD1(db: D1Database, onQuery: () => void): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => { onQuery(); return target.prepare(query); };
      if (prop === "exec") return (query: string) => { onQuery(); return target.exec(query); };
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
