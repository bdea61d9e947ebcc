// A closed list of codes with their French labels, written once: the label table is the source, the list of codes
// (in the table's order) and its type are derived from it, so a code cannot be listed without a label nor labelled
// without being listed. Pure.

/**
 * The codes of a label table, in the order they are written, as a non-empty tuple (what `z.enum` wants):
 * `export const THING_LABELS = { a: "A", b: "B" }; export type Thing = keyof typeof THING_LABELS;
 * export const THINGS = codesOf(THING_LABELS);`.
 */
export function codesOf<K extends string>(labels: Readonly<Record<K, unknown>>): readonly [K, ...K[]] {
  const codes = Object.keys(labels) as K[];
  if (codes.length === 0) throw new Error("codesOf: a label table needs at least one code");
  return codes as [K, ...K[]];
}

/** The label of a code read from storage or a form; a code the table does not know shows `fallback` (itself by default). */
export function labelOf(labels: Readonly<Record<string, string>>, code: string, fallback: string = code): string {
  return Object.hasOwn(labels, code) ? labels[code] : fallback;
}

/** Whether a value read from storage, a form or a provider is one of a closed list's codes; narrows it to the code type. */
export function isOneOf<T extends string>(codes: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (codes as readonly string[]).includes(value);
}
