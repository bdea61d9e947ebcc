import { describe, expect, it } from "vitest";
import { itMaps, itMapsEqual } from "../../../tests/support/cases";
import {
  isSubstringWord,
  matchWithinDepartment,
  SEARCH_MAX_WORDS,
  searchMatchQuery,
  searchTerms,
  shortWordTerms,
  TERM_LETTERS,
  type TextMatch,
} from "./text-search";

const words = (t: string) => (t === "" ? [] : t.split(" "));
const queryWords = (m: TextMatch | null) => [...words(m?.substring ?? ""), ...words(m?.prefix ?? "")];

describe("searchMatchQuery: the longer words as trigram strings, the shorter as prefix terms, never raw FTS syntax", () => {
  itMapsEqual("%j -> %j", searchMatchQuery, [
    ["crete", { substring: '"crete"', prefix: null }],
    ["lanques", { substring: '"lanques"', prefix: null }],
    ["  CRÊTES ", { substring: '"CRÊTES"', prefix: null }],
    ["É", { substring: null, prefix: '"É"*' }],
    ["saint-loup", { substring: '"saint" "loup"', prefix: null }],
    ["Côte d'Or", { substring: '"Côte"', prefix: '"d"* "Or"*' }],
    ['trail" OR nom:x*', { substring: '"trail" "nom"', prefix: '"OR"* "x"*' }],
    ["NEAR(a b)", { substring: '"NEAR"', prefix: '"a"* "b"*' }],
    ["10 km", { substring: null, prefix: '"10"* "km"*' }],
    ["Cre\u0302tes", { substring: '"Crêtes"', prefix: null }], // decomposed accent, composed for the tokenizer
    ["Ax", { substring: null, prefix: '"Ax"*' }],
    ["", null],
    [" - ' * ", null],
  ]);

  it(`keeps at most ${SEARCH_MAX_WORDS} words`, () => {
    expect(queryWords(searchMatchQuery("a b c d e f g h i j"))).toHaveLength(SEARCH_MAX_WORDS);
    expect(queryWords(searchMatchQuery("aaa bbb ccc ddd eee fff ggg hhh iii"))).toHaveLength(SEARCH_MAX_WORDS);
  });

  itMaps("%j is matched inside words: %s", isSubstringWord, [
    ["ab", false],
    ["abc", true],
    ["É1", false],
    ["Éc1", true],
  ]);
});

describe("matchWithinDepartment: the department's words narrow the trigram query if any, else the prefix query", () => {
  const trail: TextMatch = { substring: '"trail"', prefix: null };
  it.each([
    ["Isère", '"trail" AND departement : ("Isère")'],
    ["Haute-Savoie", '"trail" AND departement : ("Haute" "Savoie")'],
    // Words shorter than a trigram cannot narrow the trigram index: left out.
    ["Côte-d'Or", '"trail" AND departement : ("Côte")'],
    ["Val-d’Oise", '"trail" AND departement : ("Val" "Oise")'],
    // As typed: a decomposed accent stays with its letter (the tokenizer folds it, as in the stored name).
    ["Ise\u0300re", '"trail" AND departement : ("Ise\u0300re")'],
    // Not plain: left as it is (only narrowing is lost; the department is still checked exactly).
    ['Is"ère) OR x', '"trail"'],
    ["Lozère\uF8FF", '"trail"'],
    ["Foo\uE000Bar", '"trail"'],
    ["🏔️", '"trail"'],
    ["Foo \u0301bar", '"trail"'],
    [null, '"trail"'],
    ["", '"trail"'],
    [" - ", '"trail"'],
    ["Y-Z", '"trail"'],
  ])("%j -> %j", (departement, expected) => {
    expect(matchWithinDepartment(trail, departement)).toEqual({ substring: expected, prefix: null });
  });

  it("narrows the prefix query with whole terms when no word is long enough for the trigram index", () => {
    expect(matchWithinDepartment({ substring: null, prefix: '"de"*' }, "Côte-d'Or")).toEqual({
      substring: null,
      prefix: '"de"* AND departement : ("Côte" "d" "Or")',
    });
  });
});

describe("searchTerms: the search's words as the text index's terms, when this code knows how they fold", () => {
  itMapsEqual("%j -> %j", searchTerms, [
    ["crete", ["crete"]],
    ["  CRÊTES ", ["cretes"]],
    ["Côte d'Or", ["cote", "d", "or"]],
    ["Trail de l'Écureuil", ["trail", "de", "l", "ecureuil"]],
    ["Cre\u0302tes", ["cretes"]], // decomposed accent, composed first (as for the text index's query)
    ["10 km", ["10", "km"]],
    ["Ÿvelines Ñandú Åre", ["yvelines", "nandu", "are"]],
    // A character whose folding only the text index knows: no terms (the walk reads the index's list instead).
    ["Œuvre", null],
    ["Straße", null],
    ["ＡＢＣ", null],
    ["trail ﬁn", null],
    ["İstanbul", null],
    ["\u212Aelvin", ["kelvin"]], // the Kelvin sign is K once composed, for the index's query too
    ["", null],
    [" - ' * ", null],
  ]);

  itMapsEqual("shortWordTerms(%j) = %j", shortWordTerms, [
    ["Ørsta d", ["d"]],
    ["Ørsta", []],
    ["trail de l'Œ", null],
    ["Côte d'Or", ["d", "or"]],
  ]);

  it("has one term per word of the FTS5 query, in the same order", () => {
    for (const typed of ["Côte d'Or", "a b c d e f g h i j", "Saint-Loup-sur-Semouse 2026"]) {
      expect(searchTerms(typed)?.length).toBe(queryWords(searchMatchQuery(typed)).length);
    }
  });

  it("folds only to ASCII letters and digits (the prefix ranges rely on it)", () => {
    for (const [ch, term] of TERM_LETTERS) expect(`${ch} -> ${term}`).toMatch(/ -> [a-z0-9]$/);
    expect(TERM_LETTERS.get("É")).toBe("e");
    expect(TERM_LETTERS.get("ç")).toBe("c");
  });
});
