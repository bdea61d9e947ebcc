// Table tests written once: a list of [input, expected] rows, one test a row, titled from the row (vitest's
// printf-style `%s`/`%j` in `title`). For the pure functions of app/ whose cases are a plain mapping.
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
