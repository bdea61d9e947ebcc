// Test helpers written once. Table tests: a list of [input, expected] rows, one test a row, titled from the row
// (vitest's printf-style `%s`/`%j` in `title`), for the pure functions of app/ whose cases are a plain mapping;
// itReadsTyped and itRefuses add the conventions such tables share (blank/unreadable input, `{ ok: false, message }`).
// thrownBy: what a call throws, for the tests that look into the error.
import { expect, it } from "vitest";

/** One test per row: `fn(input)` is `expected` (`toBe`: the same primitive or the same object). */
export function itMaps<I, O>(title: string, fn: (input: I) => O, cases: ReadonlyArray<readonly [I, O]>): void {
  it.each(cases.map(([input, expected]): [I, O] => [input, expected]))(title, (input, expected) => {
    expect(fn(input)).toBe(expected);
  });
}

/** One test per row: `fn(input)` deeply equals `expected` (`toEqual`). */
export function itMapsEqual<I, O>(title: string, fn: (input: I) => O, cases: ReadonlyArray<readonly [I, O]>): void {
  it.each(cases.map(([input, expected]): [I, O] => [input, expected]))(title, (input, expected) => {
    expect(fn(input)).toEqual(expected);
  });
}

/**
 * One test per input: `read(input)` is refused with its message, `{ ok: false, message }`. The cases go by message, each
 * with the inputs it answers (title: input, message).
 */
export function itRefuses<I>(
  title: string,
  read: (input: I) => unknown,
  byMessage: ReadonlyArray<readonly [string, ReadonlyArray<I>]>,
): void {
  const cases = byMessage.flatMap(([message, inputs]) => inputs.map((input): [I, string] => [input, message]));
  it.each(cases)(title, (input, message) => {
    expect(read(input)).toEqual({ ok: false, message });
  });
}

/** What `run` throws, or undefined when it returns (the caller's expectations on the error then fail). */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (e) {
    return e;
  }
  return undefined;
}

/** A form's data as the browser sends it: the entries in their order. */
export function formDataOf(entries: ReadonlyArray<readonly [string, string | File]>): FormData {
  const fd = new FormData();
  for (const [name, value] of entries) fd.append(name, value);
  return fd;
}

/**
 * A reader of what is typed in a French form field (numbers, durations, paces…), as an itMapsEqual table: each `reads`
 * row, then the convention they all share: a `blank` input (default: the empty string) is null, nothing typed, and an
 * `unreadable` one is NaN, typed but not a value.
 */
export function itReadsTyped<O>(
  title: string,
  read: (typed: string) => O | null,
  cases: {
    reads: ReadonlyArray<readonly [string, O]>;
    blank?: readonly string[];
    unreadable?: readonly string[];
  },
): void {
  const { reads, blank = [""], unreadable = [] } = cases;
  itMapsEqual<string, O | null | number>(title, read, [
    ...reads,
    ...blank.map((typed): [string, null] => [typed, null]),
    ...unreadable.map((typed): [string, number] => [typed, Number.NaN]),
  ]);
}
