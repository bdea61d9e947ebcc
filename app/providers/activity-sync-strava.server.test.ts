import { describe, expect, it } from "vitest";
import { itMapsEqual } from "../../tests/support/cases";
import { createStravaProvider, parseStravaEvent, stravaActivitySummary } from "./activity-sync-strava.server";

function fakeFetch(routes: Record<string, (init?: RequestInit) => Response>) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const key = Object.keys(routes).find((k) => url.startsWith(k));
    return key ? routes[key](init) : new Response("{}", { status: 404 });
  }) as typeof fetch;
  return { f, calls };
}

const config = { clientId: "123", clientSecret: "s".repeat(40), verifyToken: "v".repeat(20) };

describe("Strava client", () => {
  it("refreshes a token at /oauth/token with the refresh grant", async () => {
    const { f, calls } = fakeFetch({
      "https://www.strava.com/oauth/token": () =>
        Response.json({ access_token: "a2", refresh_token: "r2", expires_at: 1_800_000_000 }),
    });
    const t = await createStravaProvider({ ...config, fetch: f }).refresh("r1");
    expect(t).toEqual({ accessToken: "a2", refreshToken: "r2", expiresAt: new Date(1_800_000_000_000).toISOString() });
    const body = new URLSearchParams(String(calls[0].init?.body));
    expect(body.get("grant_type")).toBe("refresh_token");
    expect(body.get("refresh_token")).toBe("r1");
    expect(body.get("client_secret")).toBe(config.clientSecret);
  });

  it("verifies the webhook subscription with the verify token only", () => {
    const p = createStravaProvider(config);
    const q = (token: string) =>
      new URLSearchParams({ "hub.mode": "subscribe", "hub.verify_token": token, "hub.challenge": "abc" });
    expect(p.verifySubscription(q(config.verifyToken))).toBe("abc");
    expect(p.verifySubscription(q("wrong-token-wrong-t"))).toBeNull();
  });

  it("maps an activity, and refuses another athlete's", async () => {
    const activity = {
      id: 42,
      name: "Sortie longue",
      sport_type: "TrailRun",
      start_date: "2026-11-21T08:00:00Z",
      distance: 12_403.7,
      total_elevation_gain: 650.2,
      moving_time: 3900,
      elapsed_time: 4200,
      athlete: { id: 7 },
    };
    const { f, calls } = fakeFetch({ "https://www.strava.com/api/v3/activities/42": () => Response.json(activity) });
    const p = createStravaProvider({ ...config, fetch: f });
    expect(await p.activity("tok", "42", "7")).toEqual({
      startedAt: "2026-11-21T08:00:00.000Z",
      name: "Sortie longue",
      sport: "trail",
      distanceM: 12_404,
      elevationGainM: 650,
      movingTimeSec: 3900,
      source: "strava",
    });
    expect(new Headers(calls[0].init?.headers).get("authorization")).toBe("Bearer tok");
    expect(await p.activity("tok", "42", "8")).toBeNull();
    expect(stravaActivitySummary({ id: 1, start_date: null })).toBeNull();
  });

  itMapsEqual("parses the event %j", parseStravaEvent, [
    [
      { object_type: "activity", aspect_type: "create", owner_id: 7, object_id: 42 },
      { kind: "create", athleteId: "7", activityId: "42" },
    ],
    [{ object_type: "athlete", aspect_type: "update", owner_id: 7, object_id: 7 }, null],
    [{ object_type: "activity", aspect_type: "create", owner_id: "x", object_id: 42 }, null],
    [null, null],
  ]);
});
