// The activities' store (issue 47, decisions 0231, 0232): the only writer of `activites` and `connexions_activite`.
// An activity is upserted on (user_id, source, source_id): a file imported twice or a webhook replayed writes one
// row. A connection keeps the provider's tokens; they are read only to call the provider, never exported, and
// deleted on disconnection and on the account's erasure.
import { and, asc, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { ActivitySource, ActivitySport, ActivitySummary } from "~/domain/activity";
import type { Db } from "./client.server";
import { activites, connexionsActivite } from "./schema";

export type ActivityRow = typeof activites.$inferSelect;
export type ConnectionRow = typeof connexionsActivite.$inferSelect;

export function summaryOfRow(r: ActivityRow): ActivitySummary {
  return {
    startedAt: r.started_at,
    name: r.name,
    sport: r.sport as ActivitySport,
    distanceM: r.distance_m,
    elevationGainM: r.elevation_gain_m,
    movingTimeSec: r.moving_time_s,
    source: r.source as ActivitySource,
  };
}

/**
 * Inserts or updates account `userId`'s activity `sourceId` from `source` (one statement: a replay, or ten at once,
 * leave one row with the latest summary). Returns the row's id.
 */
export async function upsertActivity(
  db: Db,
  input: { id: string; userId: string; sourceId: string; summary: ActivitySummary },
): Promise<string> {
  const s = input.summary;
  const values = {
    name: s.name,
    sport: s.sport,
    started_at: s.startedAt,
    distance_m: Math.round(s.distanceM),
    elevation_gain_m: Math.round(s.elevationGainM),
    moving_time_s: Math.round(s.movingTimeSec),
  };
  const [row] = await db
    .insert(activites)
    .values({ id: input.id, user_id: input.userId, source: s.source, source_id: input.sourceId, ...values })
    .onConflictDoUpdate({ target: [activites.user_id, activites.source, activites.source_id], set: values })
    .returning({ id: activites.id });
  return row.id;
}

/** Account `userId`'s activities, newest first (at most `limit`; with `sinceIso`, those started from that instant). */
export function activitiesOfUser(db: Db, userId: string, limit = 100, sinceIso?: string): Promise<ActivityRow[]> {
  return db
    .select()
    .from(activites)
    .where(and(eq(activites.user_id, userId), sinceIso === undefined ? undefined : gte(activites.started_at, sinceIso)))
    .orderBy(desc(activites.started_at), desc(activites.created_at))
    .limit(limit);
}

/** Account `userId`'s activity `id`; null when there is none or it is another account's. */
export async function activityOfUser(db: Db, userId: string, id: string): Promise<ActivityRow | null> {
  const [row] = await db
    .select()
    .from(activites)
    .where(and(eq(activites.id, id), eq(activites.user_id, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Account `userId`'s activities that started in [fromIso, toIso) (ISO-8601 UTC instants), oldest first: what the
 * weekly feedback and the estimate read.
 */
export async function activitiesOfUserBetween(
  db: Db,
  userId: string,
  fromIso: string,
  toIso: string,
): Promise<ActivitySummary[]> {
  const rows = await db
    .select()
    .from(activites)
    .where(and(eq(activites.user_id, userId), gte(activites.started_at, fromIso), lt(activites.started_at, toIso)))
    .orderBy(asc(activites.started_at));
  return rows.map(summaryOfRow);
}

/** Deletes account `userId`'s activity `id` (another account's id deletes nothing). True when one went. */
export async function deleteActivity(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(activites)
    .where(and(eq(activites.id, id), eq(activites.user_id, userId)))
    .returning({ id: activites.id });
  return rows.length > 0;
}

/** Deletes account `userId`'s activity synced from `source` as `sourceId` (a provider's delete event). */
export async function deleteSyncedActivity(db: Db, userId: string, source: ActivitySource, sourceId: string) {
  await db
    .delete(activites)
    .where(and(eq(activites.user_id, userId), eq(activites.source, source), eq(activites.source_id, sourceId)));
}

// ---------------------------------------------------------------- connections

export interface ConnectionInput {
  userId: string;
  provider: string;
  athleteId: string;
  accessToken: string;
  refreshToken: string;
  expiresAt: string;
  scope: string;
}

/**
 * Links account `userId` to the provider's athlete (one batch): a link of the same athlete to another account is
 * removed (the athlete proved it is theirs by consenting), the account's own link is replaced.
 */
export async function saveConnection(db: Db, c: ConnectionInput): Promise<void> {
  const values = {
    athlete_id: c.athleteId,
    access_token: c.accessToken,
    refresh_token: c.refreshToken,
    expires_at: c.expiresAt,
    scope: c.scope,
  };
  await db.batch([
    db
      .delete(connexionsActivite)
      .where(
        and(
          eq(connexionsActivite.provider, c.provider),
          eq(connexionsActivite.athlete_id, c.athleteId),
          sql`${connexionsActivite.user_id} <> ${c.userId}`,
        ),
      ),
    db
      .insert(connexionsActivite)
      .values({ user_id: c.userId, provider: c.provider, ...values })
      .onConflictDoUpdate({ target: [connexionsActivite.user_id, connexionsActivite.provider], set: values }),
  ]);
}

/** Stores refreshed tokens, unless the connection was removed meanwhile (then nothing is written). */
export async function updateTokens(
  db: Db,
  key: { userId: string; provider: string },
  t: { accessToken: string; refreshToken: string; expiresAt: string },
): Promise<void> {
  await db
    .update(connexionsActivite)
    .set({ access_token: t.accessToken, refresh_token: t.refreshToken, expires_at: t.expiresAt })
    .where(connectionOf(key.userId, key.provider));
}

/** Account `userId`'s connection to `provider` (there is one at most). */
function connectionOf(userId: string, provider: string): SQL | undefined {
  return and(eq(connexionsActivite.user_id, userId), eq(connexionsActivite.provider, provider));
}

/** The connection `where` finds, null when there is none. */
async function oneConnection(db: Db, where: SQL | undefined): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(connexionsActivite).where(where).limit(1);
  return row ?? null;
}

export function connectionOfUser(db: Db, userId: string, provider: string): Promise<ConnectionRow | null> {
  return oneConnection(db, connectionOf(userId, provider));
}

export function connectionOfAthlete(db: Db, provider: string, athleteId: string): Promise<ConnectionRow | null> {
  return oneConnection(
    db,
    and(eq(connexionsActivite.provider, provider), eq(connexionsActivite.athlete_id, athleteId)),
  );
}

/** Removes account `userId`'s link (its tokens with it); returns the removed row, null when there was none. */
export async function deleteConnection(db: Db, userId: string, provider: string): Promise<ConnectionRow | null> {
  const rows = await db.delete(connexionsActivite).where(connectionOf(userId, provider)).returning();
  return rows[0] ?? null;
}

/** The account erasure's statements (decision 0220): the activities and the connections (their tokens) go. */
export function deleteAccountActivitiesStatements(userId: string) {
  return [
    sql`DELETE FROM activites WHERE user_id = ${userId}`,
    sql`DELETE FROM connexions_activite WHERE user_id = ${userId}`,
  ];
}
