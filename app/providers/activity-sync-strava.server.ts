// Strava (decision 0232): OAuth 2 consent, code exchange and token refresh at /oauth/token, deauthorisation, the
// athlete's activities (/api/v3/athlete/activities, /api/v3/activities/{id}), and the webhook's subscription check
// and events. Plain fetch, no SDK; `fetch` is injected so tests give a fake one.
import type { ActivitySummary } from "~/domain/activity";
import { activityName, sportFromLabel } from "~/domain/activity-files/rules";
import { sameText } from "~/utils/crypto.server";
import {
  type ActivityEvent,
  type ActivitySyncProvider,
  ActivitySyncError,
  type ProviderGrant,
  type ProviderTokens,
} from "./activity-sync";

export const STRAVA_BASE = "https://www.strava.com";
const STRAVA_API = `${STRAVA_BASE}/api/v3`;
export const STRAVA_SCOPE = "read,activity:read_all";

export interface StravaConfig {
  clientId: string;
  clientSecret: string;
  verifyToken: string;
  fetch?: typeof fetch;
}

/** Strava's activity (the fields Balise reads). */
export interface StravaActivity {
  id: number | string;
  name?: string | null;
  sport_type?: string | null;
  type?: string | null;
  start_date?: string | null;
  distance?: number | null;
  total_elevation_gain?: number | null;
  moving_time?: number | null;
  elapsed_time?: number | null;
  athlete?: { id?: number | string } | null;
}

const n = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0);

/** A Strava activity as Balise's summary; null when it has no readable start. */
export function stravaActivitySummary(a: StravaActivity): ActivitySummary | null {
  const start = Date.parse(a.start_date ?? "");
  if (!Number.isFinite(start)) return null;
  const sport = sportFromLabel(a.sport_type ?? a.type);
  return {
    startedAt: new Date(start).toISOString(),
    name: activityName(a.name, sport),
    sport,
    distanceM: Math.round(n(a.distance)),
    elevationGainM: Math.round(n(a.total_elevation_gain)),
    movingTimeSec: Math.round(n(a.moving_time) || n(a.elapsed_time)),
    source: "strava",
  };
}

/** The tokens of Strava's /oauth/token answer (expires_at in epoch seconds). */
function tokensOf(body: Record<string, unknown>): ProviderTokens {
  const { access_token, refresh_token, expires_at } = body;
  if (typeof access_token !== "string" || typeof refresh_token !== "string" || typeof expires_at !== "number")
    throw new ActivitySyncError("prestataire");
  return {
    accessToken: access_token,
    refreshToken: refresh_token,
    expiresAt: new Date(expires_at * 1000).toISOString(),
  };
}

/** A webhook body as an activity event (Strava: object_type, aspect_type, owner_id, object_id). */
export function parseStravaEvent(body: unknown): ActivityEvent | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  if (b.object_type !== "activity") return null;
  const kind = b.aspect_type;
  if (kind !== "create" && kind !== "update" && kind !== "delete") return null;
  const owner = b.owner_id;
  const object = b.object_id;
  const ok = (v: unknown) =>
    (typeof v === "number" && Number.isSafeInteger(v)) || (typeof v === "string" && /^\d+$/.test(v));
  if (!ok(owner) || !ok(object)) return null;
  return { kind, athleteId: String(owner), activityId: String(object) };
}

/** Strava's subscription check: the challenge when hub.mode is 'subscribe' and the verify token is ours. */
export function verifyStravaSubscription(query: URLSearchParams, verifyToken: string): string | null {
  const challenge = query.get("hub.challenge");
  if (query.get("hub.mode") !== "subscribe" || !challenge) return null;
  return verifyToken !== "" && sameText(query.get("hub.verify_token") ?? "", verifyToken) ? challenge : null;
}

export function createStravaProvider(config: StravaConfig): ActivitySyncProvider {
  const doFetch = config.fetch ?? ((input, init) => fetch(input, init));

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, init);
    } catch {
      throw new ActivitySyncError("prestataire");
    }
  }

  async function token(params: Record<string, string>): Promise<Record<string, unknown>> {
    const res = await call(`${STRAVA_BASE}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...params }),
    });
    if (!res.ok) throw new ActivitySyncError(res.status === 400 || res.status === 401 ? "refuse" : "prestataire");
    return (await res.json()) as Record<string, unknown>;
  }

  async function api(accessToken: string, url: string): Promise<Response> {
    return call(url, { headers: { authorization: `Bearer ${accessToken}` } });
  }

  return {
    provider: "strava",
    source: "strava",
    scope: STRAVA_SCOPE,
    authorizeUrl({ state, redirectUri }) {
      const q = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        approval_prompt: "auto",
        scope: STRAVA_SCOPE,
        state,
      });
      return `${STRAVA_BASE}/oauth/authorize?${q}`;
    },
    async exchangeCode(code): Promise<ProviderGrant> {
      const body = await token({ code, grant_type: "authorization_code" });
      const athlete = body.athlete as { id?: unknown } | undefined;
      if (!athlete || (typeof athlete.id !== "number" && typeof athlete.id !== "string"))
        throw new ActivitySyncError("prestataire");
      return { ...tokensOf(body), athleteId: String(athlete.id) };
    },
    async refresh(refreshToken) {
      return tokensOf(await token({ grant_type: "refresh_token", refresh_token: refreshToken }));
    },
    async activity(accessToken, activityId, athleteId) {
      const res = await api(accessToken, `${STRAVA_API}/activities/${encodeURIComponent(activityId)}`);
      if (res.status === 404 || res.status === 403) return null;
      if (!res.ok) throw new ActivitySyncError("prestataire");
      const a = (await res.json()) as StravaActivity;
      // Another athlete's public activity is readable too: only the owner's is theirs.
      if (String(a.athlete?.id ?? "") !== athleteId) return null;
      return stravaActivitySummary(a);
    },
    async recentActivities(accessToken, afterIso) {
      const after = Math.floor(Date.parse(afterIso) / 1000);
      const res = await api(accessToken, `${STRAVA_API}/athlete/activities?after=${after}&per_page=50`);
      if (!res.ok) throw new ActivitySyncError("prestataire");
      const list = (await res.json()) as StravaActivity[];
      if (!Array.isArray(list)) throw new ActivitySyncError("prestataire");
      return list.flatMap((a) => {
        const summary = stravaActivitySummary(a);
        return summary ? [{ id: String(a.id), summary }] : [];
      });
    },
    async deauthorize(accessToken) {
      const res = await call(`${STRAVA_BASE}/oauth/deauthorize`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ access_token: accessToken }),
      });
      // An access already revoked at Strava (401) is what we wanted.
      if (!res.ok && res.status !== 401) throw new ActivitySyncError("prestataire");
    },
    verifySubscription: (query) => verifyStravaSubscription(query, config.verifyToken),
    parseEvent: parseStravaEvent,
  };
}
