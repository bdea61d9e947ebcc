import { describe, expect, it } from "vitest";
import { SEARCH_MAX_WORDS, searchMatchQuery } from "./catalogue.server";

describe("searchMatchQuery: what the runner typed, as FTS5 prefix terms, never raw FTS syntax", () => {
  it.each([
    ["crete", '"crete"*'],
    ["  CRÊTES ", '"CRÊTES"*'],
    ["É", '"É"*'],
    ["saint-loup", '"saint"* "loup"*'],
    ["Côte d'Or", '"Côte"* "d"* "Or"*'],
    ['trail" OR nom:x*', '"trail"* "OR"* "nom"* "x"*'],
    ["NEAR(a b)", '"NEAR"* "a"* "b"*'],
    ["10 km", '"10"* "km"*'],
    ["Cre\u0302tes", '"Crêtes"*'], // decomposed accent, composed for the tokenizer
    ["", null],
    [" - ' * ", null],
  ])("%j -> %j", (typed, expected) => {
    expect(searchMatchQuery(typed)).toBe(expected);
  });

  it(`keeps at most ${SEARCH_MAX_WORDS} words`, () => {
    expect(searchMatchQuery("a b c d e f g h i j")?.split(" ")).toHaveLength(SEARCH_MAX_WORDS);
  });
});
