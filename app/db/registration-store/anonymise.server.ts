// The erasure of a registration's personal fields (decision 0218): the registration store's one writer of them when
// the data's time is over. The row keeps its status, amounts, history and bib; its name becomes 'Coureur anonymisé'
// (the organiser's lists, exports and results show that), every other personal field is emptied, and it no longer
// appears in public results.
import { sql, type SQL } from "drizzle-orm";
import { REGISTRATION_PERSONAL_COLUMNS } from "~/domain/registration-rules";
import { ANONYMISED_RUNNER_NAME } from "~/domain/retention";
import type { Db } from "../client.server";
import { type Value, updateRegistrations } from "./writes.server";

/** What the personal columns become. */
export function anonymisedValues(): Record<string, Value> {
  const values: Record<string, Value> = Object.fromEntries(REGISTRATION_PERSONAL_COLUMNS.map((c) => [c, null]));
  return {
    ...values,
    nom: ANONYMISED_RUNNER_NAME,
    apparaitre_resultats: false,
    justificatif_document_id: null,
    justificatif_commentaire: null,
  };
}

/**
 * A registration `alias` not anonymised yet. The name is the mark (no column of its own: a full row of inscriptions
 * with its format is near D1's limit of 100 columns in a result).
 */
export function notAnonymisedSql(alias: string): SQL {
  return sql`${sql.identifier(alias)}.nom IS NOT ${ANONYMISED_RUNNER_NAME}`;
}

/**
 * Anonymises the registrations matching `where` (the table is `inscriptions`, no alias) not anonymised yet, at most
 * `limit` of them; returns their ids.
 */
export async function anonymiseRegistrations(db: Db, where: SQL, limit: number): Promise<string[]> {
  const rows = await updateRegistrations(
    db,
    anonymisedValues(),
    sql`id IN (SELECT a.id FROM inscriptions a WHERE ${notAnonymisedSql("a")} AND (${where}) LIMIT ${limit})`,
  );
  return rows.map((r) => r.id);
}

/**
 * The erasure of an account (decision 0218): every registration of runner `userId` is anonymised (again, if the
 * organiser already had) and let go of the account, which can then be deleted; returns their ids.
 */
export async function anonymiseRunnerRegistrations(db: Db, userId: string): Promise<string[]> {
  const rows = await updateRegistrations(db, { ...anonymisedValues(), coureur_id: null }, sql`coureur_id = ${userId}`);
  return rows.map((r) => r.id);
}
