// The local stand-in for Strava (development and test only, decision 0232). Its consent page is /dev/strava; the
// "athlete's" activities live in R2 under dev-strava/{athlete}/{activity}.json, recorded by /dev/strava's control,
// which then sends our webhook the event Strava would. Tokens are plain strings that carry the athlete id and
// an expiry, so refresh and expiry are exercised like the real ones.
import type { ActivitySummary } from "~/domain/activity";
import * as paths from "~/domain/paths";
import type { Clock } from "./clock";
import type { Storage } from "./storage.server";
import { type ActivitySyncProvider, ActivitySyncError, type ProviderTokens } from "./activity-sync";
import { parseStravaEvent } from "./activity-sync-strava.server";

export const LOCAL_VERIFY_TOKEN = "balise-local-verify-token";
/** A local access token lives 6 hours, like Strava's. */
const TOKEN_SECONDS = 6 * 3600;
const KEY_PREFIX = "dev-strava";

const athleteOf = (token: string, kind: "code" | "access" | "refresh"): string => {
  const m = new RegExp(`^dev-${kind}\\.(\\d{1,18})(?:\\.(\\d+))?$`).exec(token);
  if (!m) throw new ActivitySyncError("refuse");
  return m[1];
};

export const localCode = (athleteId: string) => `dev-code.${athleteId}`;

export interface LocalActivitySync extends ActivitySyncProvider {
  readonly local: true;
  /** Records a new activity of the athlete (the control of /dev/strava); returns its id. */
  record(athleteId: string, summary: Omit<ActivitySummary, "source">): Promise<string>;
  /** Removes one (to test delete events). */
  remove(athleteId: string, activityId: string): Promise<void>;
}

export function isLocalActivitySync(p: ActivitySyncProvider | null): p is LocalActivitySync {
  return p !== null && (p as Partial<LocalActivitySync>).local === true;
}

export function createLocalActivitySync(deps: { storage: Storage; clock: Clock }): LocalActivitySync {
  const key = (athleteId: string, activityId: string) => `${KEY_PREFIX}/${athleteId}/${activityId}.json`;
  const tokens = (athleteId: string): ProviderTokens => {
    const exp = Math.floor(deps.clock.now().getTime() / 1000) + TOKEN_SECONDS;
    return {
      accessToken: `dev-access.${athleteId}.${exp}`,
      refreshToken: `dev-refresh.${athleteId}`,
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  };
  const checkAccess = (accessToken: string): string => {
    const athleteId = athleteOf(accessToken, "access");
    const exp = Number(accessToken.split(".")[2]);
    if (exp * 1000 <= deps.clock.now().getTime()) throw new ActivitySyncError("prestataire");
    return athleteId;
  };
  return {
    local: true,
    provider: "strava",
    source: "local",
    scope: "read,activity:read_all",
    authorizeUrl: ({ state }) => paths.devStrava({ state }),
    async exchangeCode(code) {
      const athleteId = athleteOf(code, "code");
      return { ...tokens(athleteId), athleteId };
    },
    async refresh(refreshToken) {
      return tokens(athleteOf(refreshToken, "refresh"));
    },
    async activity(accessToken, activityId, athleteId) {
      if (checkAccess(accessToken) !== athleteId || !/^\d+$/.test(activityId)) return null;
      const obj = await deps.storage.get(key(athleteId, activityId));
      if (!obj) return null;
      return { ...((await obj.json()) as Omit<ActivitySummary, "source">), source: "local" };
    },
    async recentActivities() {
      // The stand-in's athlete starts with no history: new activities arrive through the webhook.
      return [];
    },
    async deauthorize(accessToken) {
      checkAccess(accessToken);
    },
    verifySubscription(query) {
      const ok = query.get("hub.mode") === "subscribe" && query.get("hub.verify_token") === LOCAL_VERIFY_TOKEN;
      return ok ? query.get("hub.challenge") : null;
    },
    parseEvent: parseStravaEvent,
    async record(athleteId, summary) {
      const id = String(deps.clock.now().getTime() * 1000 + Math.floor(Math.random() * 1000));
      await deps.storage.put(key(athleteId, id), new TextEncoder().encode(JSON.stringify(summary)), "application/json");
      return id;
    },
    async remove(athleteId, activityId) {
      await deps.storage.delete(key(athleteId, activityId));
    },
  };
}
