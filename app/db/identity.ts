// One runner, one place per format (issue 40, decision 0183): the same person holds at most one place in a format,
// whatever the account they register from. A person is known by their name and birth date (the name folded: case,
// French accents, spaces, hyphens and apostrophes do not count), or by their licence or PPS number, which are stored
// normalised (app/domain/justificatif.ts). The folds are one table, rendered twice from it: in SQL for the
// registrations' generated column `identite` (app/db/schema.ts, indexed with the format), and in TypeScript for the
// key of a form's values, compared with that column as a bound parameter.
import { sql, type SQL } from "drizzle-orm";

/** Letters folded to their base letter (SQLite's lower() folds ASCII only). */
const FOLDS: readonly (readonly [string, string])[] = [
  ["À", "a"],
  ["Â", "a"],
  ["Ä", "a"],
  ["à", "a"],
  ["â", "a"],
  ["ä", "a"],
  ["á", "a"],
  ["Ç", "c"],
  ["ç", "c"],
  ["É", "e"],
  ["È", "e"],
  ["Ê", "e"],
  ["Ë", "e"],
  ["é", "e"],
  ["è", "e"],
  ["ê", "e"],
  ["ë", "e"],
  ["Î", "i"],
  ["Ï", "i"],
  ["î", "i"],
  ["ï", "i"],
  ["í", "i"],
  ["Ô", "o"],
  ["Ö", "o"],
  ["ô", "o"],
  ["ö", "o"],
  ["ó", "o"],
  ["Ù", "u"],
  ["Û", "u"],
  ["Ü", "u"],
  ["ù", "u"],
  ["û", "u"],
  ["ü", "u"],
  ["ú", "u"],
  ["Ÿ", "y"],
  ["ÿ", "y"],
  ["Ñ", "n"],
  ["ñ", "n"],
  ["Œ", "oe"],
  ["œ", "oe"],
  ["Æ", "ae"],
  ["æ", "ae"],
  [" ", ""],
  ["-", ""],
  ["'", ""],
  ["’", ""],
  [".", ""],
];

/**
 * A name as the identity compares it: 'Élodie Le-Gall' and 'elodie legall' are the same. The same table of folds as
 * foldedNameSql, for the values of a form (bound as one parameter: D1 limits an expression's depth to 100, and the
 * query that checks a hold is deep already). tests/workers/identity.test.ts checks that both folds agree.
 */
export function foldName(name: string | null): string {
  let out = name ?? "";
  for (const [from, to] of FOLDS) out = out.split(from).join(to);
  return out.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** The person's key of a form's values: what the generated column `identite` holds for the same values. */
export function identityKey(nom: string | null, prenom: string | null, naissance: string | null): string {
  return `${foldName(nom)}|${foldName(prenom)}|${naissance ?? ""}`;
}

/** A name folded by the database (the generated column `identite`): see foldName. */
export function foldedNameSql(name: SQL | { getSQL(): SQL }): SQL {
  let out: SQL = sql`coalesce(${name}, '')`;
  for (const [from, to] of FOLDS)
    out = sql`replace(${out}, ${sql.raw(`'${from.replace("'", "''")}'`)}, ${sql.raw(`'${to}'`)})`;
  return sql`lower(${out})`;
}

type Operand = SQL | { getSQL(): SQL };

/** The person's key: folded last name, folded first name, birth date. */
export function identityKeySql(nom: Operand, prenom: Operand, naissance: Operand): SQL {
  return sql`(${foldedNameSql(nom)} || '|' || ${foldedNameSql(prenom)} || '|' || coalesce(${naissance}, ''))`;
}

/** The person a registration form describes (its values bound as parameters). */
export interface Identity {
  nom: string | null;
  prenom: string | null;
  date_naissance: string | null;
  numero_licence: string | null;
  pps_identifier: string | null;
}

/** The person a registration's fields describe. */
export function personOf(p: { [K in keyof Identity]?: unknown }): Identity {
  const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
  return {
    nom: text(p.nom),
    prenom: text(p.prenom),
    date_naissance: text(p.date_naissance),
    numero_licence: text(p.numero_licence),
    pps_identifier: text(p.pps_identifier),
  };
}

/**
 * The keys that know the person `who`, one per way of knowing them (the same ways as samePersonParts): two sets of
 * values sharing a key are one person. Used by the opening's draw (one ticket per person).
 */
export function personKeys(who: Identity): string[] {
  const keys: string[] = [];
  if (who.date_naissance && (who.nom || who.prenom))
    keys.push(`id:${identityKey(who.nom, who.prenom, who.date_naissance)}`);
  if (who.numero_licence) keys.push(`licence:${who.numero_licence}`);
  if (who.pps_identifier) keys.push(`pps:${who.pps_identifier}`);
  return keys;
}

/** The conditions under which a registration aliased `o` is of the person `who` (one per way of knowing them). */
function samePersonParts(who: Identity): SQL[] {
  const parts: SQL[] = [];
  if (who.date_naissance && (who.nom || who.prenom))
    parts.push(sql`o.identite = ${identityKey(who.nom, who.prenom, who.date_naissance)}`);
  if (who.numero_licence) parts.push(sql`o.numero_licence = ${who.numero_licence}`);
  if (who.pps_identifier) parts.push(sql`o.pps_identifier = ${who.pps_identifier}`);
  return parts;
}

/**
 * Some registration of the format `formatId` (an SQL expression) other than those `except` leaves out (a condition on
 * the alias `o`) holds a place and is of the same person as `who`: same name and birth date (only when the birth date
 * is given: a name alone has namesakes), or the same licence, or the same PPS number. One EXISTS per part, each
 * reading its own index. `holds` is the place rule on the alias `o` (app/db/registration-store/capacity.server.ts).
 */
export function samePersonHoldsSql(formatId: Operand, who: Identity, holds: SQL, except: SQL = sql`1`): SQL {
  const parts = samePersonParts(who);
  if (parts.length === 0) return sql`0`;
  return sql`(${sql.join(
    parts.map(
      (same) =>
        sql`EXISTS (SELECT 1 FROM inscriptions o WHERE o.format_id = ${formatId} AND ${same} AND ${holds} AND ${except})`,
    ),
    sql` OR `,
  )})`;
}

/** The registrations of the format that hold a place and are of the person `who` (for the message of a refusal). */
export function samePersonRowsSql(formatId: string, who: Identity, holds: SQL): SQL | null {
  const parts = samePersonParts(who);
  if (parts.length === 0) return null;
  return sql`SELECT o.id, o.coureur_id FROM inscriptions o
    WHERE o.format_id = ${formatId} AND (${sql.join(parts, sql` OR `)}) AND ${holds} LIMIT 5`;
}
