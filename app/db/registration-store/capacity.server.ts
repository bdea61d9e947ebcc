// Places and meals taken in a format: the one definition used everywhere (event page, catalogue, registration,
// the organiser's space and registrants, the chat assistant, admin). A registration holds its place and its meals
// while validated, or pending with a hold that has not expired (or without a hold: added by hand by the organiser).
// The same rule in TypeScript: holdsPlace in app/domain/registration.ts. Decisions 0021 and 0130. A running offer
// of the waiting list is a pending registration whose hold runs until its deadline: it holds its place (0131).
// Served by the index inscriptions_format_statut_idx (format_id, statut, hold_expires_at).
import { sql, type SQL } from "drizzle-orm";

type Expr = SQL | SQL.Aliased | { getSQL(): SQL } | unknown;

/** The condition on a registration row aliased `alias`. */
export function holdsPlaceSql(alias: string, nowIso: string): SQL {
  const a = sql.raw(alias);
  return sql`(${a}.statut = 'validee' OR (${a}.statut = 'en_attente' AND (${a}.hold_expires_at IS NULL OR ${a}.hold_expires_at > ${nowIso})))`;
}

/** Places taken in the format whose id is the SQL expression `formatId` (e.g. sql.raw("f.id") or formats.id). */
export function placesTakenSql(formatId: Expr, nowIso: string): SQL {
  return sql`(SELECT count(*) FROM inscriptions i_cap WHERE i_cap.format_id = ${formatId} AND ${holdsPlaceSql("i_cap", nowIso)})`;
}

/**
 * Places of the format held by a checkout in progress or a waiting-list offer: counted as taken, but not for good (they
 * come back if unpaid). 'Complet' is shown only when the places taken less these reach the cap (issue 42).
 */
export function placesHeldSql(formatId: Expr, nowIso: string): SQL {
  return sql`(SELECT count(*) FROM inscriptions i_held WHERE i_held.format_id = ${formatId} AND i_held.statut = 'en_attente' AND i_held.hold_expires_at > ${nowIso})`;
}

/** Meals taken in the format (the same registrations' meal counts). */
export function mealsTakenSql(formatId: Expr, nowIso: string): SQL {
  return sql`(SELECT coalesce(sum(i_meal.nombre_repas), 0) FROM inscriptions i_meal WHERE i_meal.format_id = ${formatId} AND ${holdsPlaceSql("i_meal", nowIso)})`;
}

/** A place is free in the format aliased `formatAlias` (no cap, or fewer places taken than its cap). */
export function placeFreeSql(formatAlias: string, nowIso: string): SQL {
  const f = sql.raw(formatAlias);
  return sql`(${f}.nb_max_coureurs IS NULL OR ${placesTakenSql(sql.raw(`${formatAlias}.id`), nowIso)} < ${f}.nb_max_coureurs)`;
}

/** `meals` meals (a number or an SQL expression) are left in the format aliased `formatAlias`. */
export function mealsSufficeSql(formatAlias: string, meals: Expr, nowIso: string): SQL {
  const f = sql.raw(formatAlias);
  return sql`(${meals} = 0 OR ${f}.stock_repas - ${mealsTakenSql(sql.raw(`${formatAlias}.id`), nowIso)} >= ${meals})`;
}

/**
 * For the registration aliased `alias`, which does not hold its place: a place and its meals are free again in its
 * format (and `more`, conditions on the format aliased `f`, hold). The same rule in TypeScript: placeFree and
 * mealsSuffice in app/domain/registration-rules/places.ts.
 */
export function placeFreeForSql(alias: string, nowIso: string, more: SQL = sql`1`): SQL {
  const a = sql.raw(alias);
  return sql`(SELECT ${placeFreeSql("f", nowIso)} AND ${mealsSufficeSql("f", sql.raw(`${alias}.nombre_repas`), nowIso)} AND ${more}
    FROM formats f WHERE f.id = ${a}.format_id)`;
}

/**
 * Runners wait on the format's list (issue 20): a freed place is theirs, offered in order, not a newcomer's. The
 * format is aliased `formatAlias`. The same rule in TypeScript: availability in app/domain/waitlist.ts.
 * Served by the index liste_attente_format_idx (format_id, statut, rang).
 */
export function runnersWaitingSql(formatAlias: string): SQL {
  const f = sql.raw(formatAlias);
  return sql`(${f}.liste_attente_active = 1 AND EXISTS (SELECT 1 FROM liste_attente w_wait WHERE w_wait.format_id = ${f}.id AND w_wait.statut = 'en_liste'))`;
}

/** Runners waiting (not yet offered a place) on the format whose id is the SQL expression `formatId`. */
export function waitingCountSql(formatId: Expr): SQL {
  return sql`(SELECT count(*) FROM liste_attente w_count WHERE w_count.format_id = ${formatId} AND w_count.statut = 'en_liste')`;
}

/**
 * The format aliased `formatAlias` takes registrations now: after the organiser's opening time and before their
 * closing time (issue 21). The race's start, the other end, is checked with the page's data
 * (app/domain/registration-window.ts, windowState): it does not move at the instant of a rush; the opening does.
 */
export function registrationWindowSql(formatAlias: string, nowIso: string): SQL {
  const f = sql.raw(formatAlias);
  return sql`((${f}.ouverture_inscriptions IS NULL OR ${f}.ouverture_inscriptions <= ${nowIso}) AND (${f}.cloture_inscriptions IS NULL OR ${f}.cloture_inscriptions > ${nowIso}))`;
}
