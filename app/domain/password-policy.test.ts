import { describe, expect, it } from "vitest";
import { itMaps, itMapsEqual } from "../../tests/support/cases";
import { COMMON_PASSWORDS } from "./common-passwords";
import {
  isTrivialPattern,
  MIN_LISTED_LENGTH,
  normalizePassword,
  passwordProblem,
  passwordStems,
} from "./password-policy";

describe("passwordProblem", () => {
  itMaps("%s → %s", passwordProblem, [
    // international common / breached passwords
    ["12345678", "common"],
    ["123456789", "common"],
    ["password", "common"],
    ["Password1", "common"],
    ["password1", "common"],
    ["qwertyuiop", "common"],
    ["iloveyou", "common"],
    ["sunshine", "common"],
    ["1q2w3e4r", "common"],
    // French ones (all in the zxcvbn-ts list; 'jetaime' is ranked 17,252nd of 49,233)
    ["motdepasse", "common"],
    ["azertyuiop", "common"],
    ["Azertyuiop", "common"],
    ["AZERTYUIOP", "common"],
    ["azerty123", "common"],
    ["jetaime", "common"],
    ["chouchou", "common"],
    ["marseille", "common"],
    ["jetaime13", "common"],
    // case, accents and separators do not help
    ["Mot de passe", "common"],
    ["mot-de-passe", "common"],
    ["MOT_DE_PASSE", "common"],
    ["mötdepâsse", "common"],
    // a listed word followed by a few digits or symbols
    ["motdepasse1", "common"],
    ["Motdepasse2024!", "common"],
    ["soleil12", "common"],
    ["doudou2024", "common"],
    ["coucou123", "common"],
    ["password!!", "common"],
    // repeated groups and straight runs, alone or with a short suffix
    ["aaaaaaaa", "common"],
    ["zzzzzzzzzzzzzzzzzzzz", "common"],
    ["abababab", "common"],
    ["azeazeaze", "common"],
    ["20242024", "common"],
    ["abcdefgh", "common"],
    ["98765432", "common"],
    ["qrstuvwx1!", "common"],
    // the site's name
    ["balise2026", "personal"],
    ["Balise!!!", "personal"],
    // accepted: passphrases, long or random passwords, listed words inside something longer
    ["motdepasse-solide", null],
    ["trail-des-cimes-2026", null],
    ["cheval batterie agrafe correct", null],
    ["Tr0ub4dor&3", null],
    ["balise-demo", null],
    ["soleil de printemps sur le Vercors", null],
    ["password8274619305", null],
    ["x9$Lq2!vMz", null],
    ["Le chamois grimpe au col du Galibier avant l'aube, 2 642 m !", null],
  ] as const);

  it.each([
    ["jeanne.dupont@exemple.fr", "jeanne.dupont", "personal"],
    ["jeanne.dupont@exemple.fr", "JeanneDupont2026", "personal"],
    ["jeanne.dupont@exemple.fr", "dupont1234", "personal"],
    ["Jeanne.Dupont+trail@exemple.fr", "jeannedupont!", "personal"],
    ["jo@exemple.fr", "jo123456", null], // a local part shorter than 4 characters is not looked for
    ["jeanne.dupont@exemple.fr", "dupont du Vercors", null],
    ["jeanne.dupont@exemple.fr", "motdepasse", "common"],
  ] as const)("with e-mail %s: %s → %s", (email, password, expected) => {
    expect(passwordProblem(password, { email })).toBe(expected);
  });

  it("accepts long unlisted passwords: 64, 100 and 128 characters", () => {
    const phrase = "les marmottes sifflent quand le brouillard monte sur la crete ";
    for (const n of [64, 100, 128]) {
      const long = phrase.repeat(3).slice(0, n);
      expect(long.length).toBe(n);
      expect(passwordProblem(long)).toBeNull();
    }
  });
});

describe("password helpers", () => {
  itMaps("normalizePassword(%s) = %s", normalizePassword, [
    ["Mot de Passe", "motdepasse"],
    ["É-té_à.L île", "etealile"],
    ["p@ssw0rd!", "p@ssw0rd!"],
    ["ÀZERTY", "azerty"],
  ]);

  itMapsEqual("passwordStems(%s)", passwordStems, [
    ["soleil2024!", ["soleil2024!", "soleil2024", "soleil202", "soleil20", "soleil2", "soleil"]],
    ["motdepasse", ["motdepasse"]],
    ["abc1x2", ["abc1x2", "abc1x"]],
    ["12345678", ["12345678", "1234567", "123456", "12345", "1234", "123"]],
    ["!!", ["!!", "!"]],
  ]);

  itMaps("isTrivialPattern(%s) = %s", isTrivialPattern, [
    ["aaaa", true],
    ["abcabcabc", true],
    ["abcdabcd", true],
    ["abcdeabcde", false], // a group of 5 repeated is not trivial
    ["lmnopq", true],
    ["zyxw", true],
    ["abc", false], // shorter than 4
    ["abce", false],
    ["marmotte", false],
  ]);
});

describe("the list", () => {
  const entries = COMMON_PASSWORDS.split("\n");
  it("holds about 40,000 normalised entries, sorted, without duplicates or empty lines", () => {
    expect(entries.length).toBeGreaterThan(40_000);
    expect(new Set(entries).size).toBe(entries.length);
    expect(entries.filter((e) => normalizePassword(e) !== e || Array.from(e).length < MIN_LISTED_LENGTH)).toEqual([]);
    expect([...entries].sort()).toEqual(entries);
  });
  // 'doudou', 'loulou', 'coucou' or 'chouchou' are left out: the repeated-group rule finds them (and 'doudou2024').
  it.each([
    "motdepasse",
    "azertyuiop",
    "soleil",
    "bonjour",
    "marseille",
    "jetaime",
    "qwertyuiop",
    "password",
    "iloveyou",
  ])("contains %s", (word) => {
    expect(entries).toContain(word);
  });
});
