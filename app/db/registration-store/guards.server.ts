// The lifecycle's guards (app/domain/registration-rules/lifecycle.ts) in SQL, on a registration aliased `alias`: the
// conditions decide() evaluates in TypeScript, for the store's conditional UPDATE of a transition. One case per guard;
// tests/workers/registration-store.test.ts runs every actor × event × status through both and compares.
import { sql, type SQL } from "drizzle-orm";
import {
  type Guard,
  NOT_RETRIABLE_REASONS,
  REFUSED_PAYMENT_REASONS,
  REVIVABLE_REASONS,
} from "~/domain/registration-rules";

/** `'a', 'b', …` as bound values. */
export function quoteList(values: readonly string[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

export function guardSql(guard: Guard, alias: string): SQL {
  const a = sql.raw(alias);
  switch (guard) {
    case "unpaid_end_if_cancelled":
      return sql`(${a}.statut <> 'annulee' OR ${a}.cancel_reason IN (${quoteList(REVIVABLE_REASONS)}))`;
    case "place_not_given_on":
      return sql`(${a}.cancel_reason IS NULL OR ${a}.cancel_reason NOT IN (${quoteList(NOT_RETRIABLE_REASONS)}))`;
    case "not_a_transfer_buyer":
      return sql`${a}.cession_id IS NULL`;
    case "no_open_transfer":
      return sql`NOT EXISTS (SELECT 1 FROM cessions c_open WHERE c_open.inscription_id = ${a}.id AND c_open.statut = 'ouverte')`;
    case "refused_payment":
      return sql`${a}.cancel_reason IN (${quoteList(REFUSED_PAYMENT_REASONS)})`;
    case "no_payment":
      return sql`NOT EXISTS (SELECT 1 FROM paiements p_paid WHERE p_paid.inscription_id = ${a}.id AND p_paid.status IN ('succeeded', 'refunded', 'pending'))`;
  }
}
