// A row of counts and sums as numbers: D1 answers no row for an empty table and may hand a sum over as text or null,
// so each named column reads as a number, 0 when it is missing.

/** The columns `keys` of `row` as numbers (0 when the row or the column is missing), in the order of `keys`. */
export function countsOf<K extends string>(row: Partial<Record<K, unknown>> | null | undefined, keys: readonly K[]) {
  return Object.fromEntries(keys.map((k) => [k, Number(row?.[k] ?? 0)])) as Record<K, number>;
}
