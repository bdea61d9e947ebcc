// What the runner typed in the catalogue's search, as the text index's query and terms (no I/O): the SQL that
// uses them is in key-conditions.server.ts and text-plan.server.ts.

/** At most this many typed words reach the text index (a longer query adds nothing but work). */
export const SEARCH_MAX_WORDS = 8;

/** A typed word of at least this many characters matches anywhere inside a word ('lanques' finds 'Calanques'). */
export const SUBSTRING_MIN_CHARS = 3;

/** A word matched as a substring (at least SUBSTRING_MIN_CHARS characters), else as a word's start. */
export function isSubstringWord(word: string): boolean {
  return [...word].length >= SUBSTRING_MIN_CHARS;
}

/**
 * What the runner typed, as the two text indexes' queries (decision 0211), all words required: the words of at least
 * SUBSTRING_MIN_CHARS characters as quoted strings for the trigram index (`courses_trigram`: found inside words,
 * case and accents folded), the shorter ones as quoted prefix terms for the word index (`courses_fts`: 'de' →
 * `"de"*`), since a trigram index cannot look up fewer than three characters. Null for an index with no word.
 * Quoting leaves no FTS syntax to the user (operators, columns, NEAR, stray quotes are split away as non-word
 * characters).
 */
export interface TextMatch {
  substring: string | null;
  prefix: string | null;
}

/** The text indexes' queries for what the runner typed (TextMatch); null when nothing searchable was typed. */
export function searchMatchQuery(text: string): TextMatch | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  const long = words.filter(isSubstringWord);
  const short = words.filter((w) => !isSubstringWord(w));
  return {
    substring: long.length ? long.map((w) => `"${w}"`).join(" ") : null,
    prefix: short.length ? short.map((w) => `"${w}"*`).join(" ") : null,
  };
}

/** The words of a search (letters, marks and digits, NFC), at most SEARCH_MAX_WORDS of them. */
function searchWords(text: string): string[] {
  return (text.normalize("NFC").match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, SEARCH_MAX_WORDS);
}

/**
 * The letters whose folding this code knows, each with the term letter the text index's tokenizer makes of it
 * (unicode61, remove_diacritics 2: case and accents folded). A workerd test asks FTS5 to fold every one of them
 * and compares (tests/workers/catalogue-terms.test.ts); any other character leaves the search to the text index.
 */
export const TERM_LETTERS: ReadonlyMap<string, string> = new Map(
  [..."abcdefghijklmnopqrstuvwxyz0123456789", ..."àâäáãåçéèêëíìîïñóòôöõúùûüýÿ"].flatMap((ch) => {
    const base = /[a-z0-9]/.test(ch) ? ch : ch.normalize("NFD").charAt(0);
    return ch.toUpperCase() === ch
      ? [[ch, base]]
      : [
          [ch, base],
          [ch.toUpperCase(), base],
        ];
  }) as [string, string][],
);

/**
 * The search's words as the text index's terms ('Crêtes' → 'cretes'), for the walk that checks each event's terms
 * (decisions 0167 and 0174): null when a word holds a character outside TERM_LETTERS, whose folding only the
 * text index knows, or when nothing searchable was typed.
 */
export function searchTerms(text: string): string[] | null {
  return foldedTerms(searchWords(text));
}

/**
 * The search's words shorter than SUBSTRING_MIN_CHARS as the text index's terms (none: []), or null when one holds a
 * character outside TERM_LETTERS: what the plans check in each event's terms when a longer word's folding is
 * SQLite's alone (decision 0211).
 */
export function shortWordTerms(text: string): string[] | null {
  const short = searchWords(text).filter((w) => !isSubstringWord(w));
  return short.length === 0 ? [] : foldedTerms(short);
}

function foldedTerms(words: string[]): string[] | null {
  if (words.length === 0) return null;
  const terms: string[] = [];
  for (const word of words) {
    let term = "";
    for (const ch of word) {
      const folded = TERM_LETTERS.get(ch);
      if (folded === undefined) return null;
      term += folded;
    }
    terms.push(term);
  }
  return terms;
}

/**
 * A department name whose words this code splits exactly as the text index's tokenizer does: letters and digits,
 * each followed by its combining marks, between spaces, hyphens, apostrophes and dots. Organisers type the name;
 * a name with anything else (a symbol, an emoji, a private-use character) is not narrowed (decision 0165).
 */
const PLAIN_DEPARTMENT = /^(?:[\p{L}\p{N}]\p{M}*|[\s\-'’.])*$/u;

/**
 * The text query narrowed to one department (decision 0165): the text index intersects the word's matches with the
 * events whose `departement` column holds every word of the department's name, so that the plan reading the matches
 * and the walk checking each event against them get (about) the department's matches only. The department's words
 * are quoted strings in any order (no positions to read, no FTS syntax from the query string), as typed (the
 * tokenizers fold case and accents on both sides); they only narrow, since both plans still check `c.departement`
 * exactly. The narrowing goes to the trigram index's query when there is one (with the department's words of at
 * least SUBSTRING_MIN_CHARS characters, the others being too short for it), else to the word index's as whole
 * terms. A department without a word, or not plain, leaves the query as it is.
 */
export function matchWithinDepartment(match: TextMatch, departement: string | null): TextMatch {
  if (departement === null || !PLAIN_DEPARTMENT.test(departement)) return match;
  const all = (departement.match(/(?:[\p{L}\p{N}]\p{M}*)+/gu) ?? []).slice(0, SEARCH_MAX_WORDS);
  const narrow = (query: string, words: string[]) =>
    words.length === 0 ? query : `${query} AND departement : (${words.map((w) => `"${w}"`).join(" ")})`;
  if (match.substring !== null) return { ...match, substring: narrow(match.substring, all.filter(isSubstringWord)) };
  if (match.prefix !== null) return { ...match, prefix: narrow(match.prefix, all) };
  return match;
}
