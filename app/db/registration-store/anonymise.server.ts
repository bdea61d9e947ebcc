// The erasure of a registration's personal fields (decision 0218): the registration store's one writer of them when
// the data's time is over. The row keeps its status, amounts, history and bib; its name becomes 'Coureur anonymisé'
// (the organiser's lists, exports and results show that), every other personal field is emptied, and it no longer
// appears in public results.
import { sql, type SQL } from "drizzle-orm";
import {
  type AnonymisationEffect,
  effectsOfAnonymisation,
  REGISTRATION_PERSONAL_COLUMNS,
} from "~/domain/registration-rules";
import { ANONYMISED_RUNNER_NAME } from "~/domain/retention";
import type { Db } from "../client.server";
import { type Value, updateRegistrations, updateStatement } from "./writes.server";

/** Registrations anonymised, and what follows for the use case to run once they are (their names in results). */
export interface Anonymised {
  ids: string[];
  effects: AnonymisationEffect[];
}

function anonymised(rows: readonly { id: string }[]): Anonymised {
  const ids = rows.map((r) => r.id);
  return { ids, effects: effectsOfAnonymisation(ids) };
}

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
 * `limit` of them; returns their ids and the effects to run.
 */
export async function anonymiseRegistrations(db: Db, where: SQL, limit: number): Promise<Anonymised> {
  const rows = await updateRegistrations(
    db,
    anonymisedValues(),
    sql`id IN (SELECT a.id FROM inscriptions a WHERE ${notAnonymisedSql("a")} AND (${where}) LIMIT ${limit})`,
  );
  return anonymised(rows);
}

/**
 * The erasure of an account (decision 0218): the statement anonymising every registration of runner `userId` (again,
 * if the organiser already had) and letting go of the account, for the batch that then deletes it. RETURNING id:
 * pass its rows to anonymisedRunnerRegistrations.
 */
export function anonymiseRunnerRegistrationsStatement(userId: string): SQL {
  return updateStatement({ ...anonymisedValues(), coureur_id: null }, sql`coureur_id = ${userId}`);
}

/** What the statement above changed: the ids and their effects. */
export function anonymisedRunnerRegistrations(rows: readonly { id: string }[]): Anonymised {
  return anonymised(rows);
}
