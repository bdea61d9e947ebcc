// The uses of a promo code (ADR 0214), in SQL: a use is a registration holding its place with the code (the same
// 'holds a place' rule as the stock, holdsPlaceSql), so an expired hold or an abandoned checkout gives its use back
// by itself. promoUsableSql is the condition the hold's INSERT (and a hold's change, a retry) re-checks in the same
// statement that takes the place: D1 runs one statement at a time, so a code of 10 uses gives exactly 10 discounts.
// The same limits in TypeScript: refusal in app/domain/promo-code.ts.
import { sql, type SQL } from "drizzle-orm";
import { holdsPlaceSql } from "./capacity.server";

type Expr = SQL | string | null;

const bind = (v: Expr): SQL => (typeof v === "string" || v === null ? sql`${v}` : v);

/** Registrations holding a place with the code `codeId` (optionally only the runner's, never the row `exceptId`). */
export function promoUsesSql(codeId: Expr, nowIso: string, opts: { runnerId?: Expr; exceptId?: Expr } = {}): SQL {
  const runner = opts.runnerId === undefined ? sql`` : sql` AND u_promo.coureur_id IS ${bind(opts.runnerId)}`;
  const except = opts.exceptId == null ? sql`` : sql` AND u_promo.id <> ${bind(opts.exceptId)}`;
  return sql`(SELECT count(*) FROM inscriptions u_promo WHERE u_promo.code_promo_id = ${bind(codeId)}${runner}${except}
    AND ${holdsPlaceSql("u_promo", nowIso)})`;
}

/**
 * The code `codeId` may be used now by `runnerId`: active, within its window, uses left in all and for the runner
 * (not counting the row `exceptId`, the registration being changed). False when the code no longer exists.
 */
export function promoUsableSql(codeId: Expr, runnerId: Expr, nowIso: string, exceptId: Expr = null): SQL {
  return sql`coalesce((SELECT cp.actif = 1
      AND (cp.valide_du IS NULL OR cp.valide_du <= ${nowIso}) AND (cp.valide_au IS NULL OR cp.valide_au > ${nowIso})
      AND (cp.utilisations_max IS NULL OR ${promoUsesSql(sql`cp.id`, nowIso, { exceptId })} < cp.utilisations_max)
      AND (cp.utilisations_max_par_coureur IS NULL
        OR ${promoUsesSql(sql`cp.id`, nowIso, { runnerId, exceptId })} < cp.utilisations_max_par_coureur)
    FROM codes_promo cp WHERE cp.id = ${bind(codeId)}), 0)`;
}
