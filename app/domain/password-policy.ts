// Which new passwords are refused besides the length limits (ASVS 6.2.4, NIST SP 800-63B blocklist; see
// docs/decisions/0016-password-blocklist.md). Pure: the list is constant data bundled with the code, checked offline.
// Only new passwords (sign-up, reset) are checked, never the one typed at login.
import { COMMON_PASSWORDS } from "./common-passwords.ts";

/** Why a new password is refused; profile-account.ts maps each code to its French message. */
export type PasswordProblem = "common" | "personal";

/** Up to this many trailing digits or symbols after a listed word still count as the listed word ('soleil2024!'). */
export const MAX_TRIVIAL_SUFFIX = 5;
/** Shortest word the list keeps and the checks look for: shorter stems are not worth a lookup. */
export const MIN_LISTED_LENGTH = 4;
/** Words that name this site: 'balise2026' is as guessable as 'password1'. */
export const SITE_WORDS: readonly string[] = ["balise"];

const SEPARATORS = /[\s._-]+/gu;
const SUFFIX_CHAR = /[\p{N}\p{P}\p{S}]/u;

/**
 * The form lists and checks compare: accents and case dropped, spaces, dots, dashes and underscores removed
 * ('Mot de passe', 'mot-de-passe' and 'MOTDEPASSE' all give 'motdepasse'). Only for comparison, never stored.
 */
export function normalizePassword(password: string): string {
  return password.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(SEPARATORS, "");
}

/**
 * A normalised password, then the same without its last 1..MAX_TRIVIAL_SUFFIX characters while those are digits or
 * symbols: 'soleil2024!' gives 'soleil2024!', 'soleil2024', 'soleil202', 'soleil20', 'soleil2', 'soleil'.
 */
export function passwordStems(normalized: string): string[] {
  const out = [normalized];
  const chars = Array.from(normalized);
  for (let k = 1; k <= MAX_TRIVIAL_SUFFIX && k < chars.length; k++) {
    if (!SUFFIX_CHAR.test(chars[chars.length - k])) break;
    out.push(chars.slice(0, chars.length - k).join(""));
  }
  return out;
}

/** 'aaaaaaaa', 'abababab', 'azeaze' (a group of 1 to 4 characters repeated), 'abcdefgh', '98765432' (a straight run). */
export function isTrivialPattern(s: string): boolean {
  const cps = Array.from(s, (c) => c.codePointAt(0)!);
  if (cps.length < MIN_LISTED_LENGTH) return false;
  if (/^(.{1,4}?)\1+$/su.test(s)) return true;
  const step = cps[1] - cps[0];
  if (step !== 1 && step !== -1) return false;
  for (let i = 2; i < cps.length; i++) if (cps[i] - cps[i - 1] !== step) return false;
  return true;
}

let listed: Set<string> | undefined;
/** The list as a Set, built on first use (about 40,000 short strings: a few milliseconds once per isolate). */
function commonPasswords(): Set<string> {
  return (listed ??= new Set(COMMON_PASSWORDS.split("\n")));
}

/** The words of an e-mail a password must not be: the local part whole and its parts ('jeanne.dupont' → jeannedupont, jeanne, dupont). */
function personalWords(email: string | undefined): string[] {
  const words = [...SITE_WORDS];
  const local = email?.split("@")[0]?.split("+")[0] ?? "";
  for (const w of [local, ...local.split(/[._-]+/)]) {
    const n = normalizePassword(w);
    if (Array.from(n).length >= MIN_LISTED_LENGTH) words.push(n);
  }
  return words;
}

/**
 * Null when the password may be used, else why not: 'common' for a listed password (common or breached), a repeated
 * group or a straight run, alone or followed by a few digits or symbols; 'personal' for the e-mail's local part or
 * the site's name used the same way. Length limits are the schema's business, not this function's.
 */
export function passwordProblem(password: string, context: { email?: string } = {}): PasswordProblem | null {
  const stems = passwordStems(normalizePassword(password));
  const personal = personalWords(context.email);
  if (stems.some((s) => personal.includes(s))) return "personal";
  const list = commonPasswords();
  if (stems.some((s) => list.has(s) || isTrivialPattern(s))) return "common";
  return null;
}
