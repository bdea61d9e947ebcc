import { describe, expect, it } from "vitest";
import { matchWithinDepartment, SEARCH_MAX_WORDS, searchMatchQuery, searchTerms, TERM_LETTERS } from "./text-search";

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

describe("matchWithinDepartment: the department's words as whole terms of its column, never raw FTS syntax", () => {
  it.each([
    ["Isère", '"trail"* AND departement : ("Isère")'],
    ["Haute-Savoie", '"trail"* AND departement : ("Haute" "Savoie")'],
    ["Côte-d'Or", '"trail"* AND departement : ("Côte" "d" "Or")'],
    ["Val-d’Oise", '"trail"* AND departement : ("Val" "d" "Oise")'],
    // As typed: a decomposed accent stays with its letter (the tokenizer folds it, as in the stored name).
    ["Ise\u0300re", '"trail"* AND departement : ("Ise\u0300re")'],
    // Not plain: left as it is (only narrowing is lost; the department is still checked exactly).
    ['Is"ère) OR x', '"trail"*'],
    ["Lozère\uF8FF", '"trail"*'],
    ["Foo\uE000Bar", '"trail"*'],
    ["🏔️", '"trail"*'],
    ["Foo \u0301bar", '"trail"*'],
    [null, '"trail"*'],
    ["", '"trail"*'],
    [" - ", '"trail"*'],
  ])("%j -> %j", (departement, expected) => {
    expect(matchWithinDepartment('"trail"*', departement)).toBe(expected);
  });
});

describe("searchTerms: the search's words as the text index's terms, when this code knows how they fold", () => {
  it.each([
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
  ])("%j -> %j", (typed, expected) => {
    expect(searchTerms(typed)).toEqual(expected);
  });

  it("has one term per word of the FTS5 query, in the same order", () => {
    for (const typed of ["Côte d'Or", "a b c d e f g h i j", "Saint-Loup-sur-Semouse 2026"]) {
      expect(searchTerms(typed)?.length).toBe(searchMatchQuery(typed)?.split(" ").length);
    }
  });

  it("folds only to ASCII letters and digits (the prefix ranges rely on it)", () => {
    for (const [ch, term] of TERM_LETTERS) expect(`${ch} -> ${term}`).toMatch(/ -> [a-z0-9]$/);
    expect(TERM_LETTERS.get("É")).toBe("e");
    expect(TERM_LETTERS.get("ç")).toBe("c");
  });
});
